"""A read-only view of the hero's party (N4, N38) for the side panel and scripted heroes: each companion's
card view and its order (follow, wait, explore); and who is loyal to the hero (the hall of heroes)."""
from __future__ import annotations


from game.world import views
from game.world.components import Identity, Loyalty
from game.world.verbs import company
from game.world.world import World


def party_view(world: World, hero: int) -> list[tuple[views.CreatureView, str]]:
    return [(views.creature(world, eid), company.companion_of(world, eid).order) for eid in company.party(world, hero)]


def loyal_friends(world: World, hero: int) -> list[tuple[str, int]]:
    """Who is loyal to the hero (N39, N79) enough to follow it (companions.toml's threshold), or travels with
    it: (name, loyalty), the most loyal first (the morgue file's "Loyal friends")."""
    uid, least = world.uid(hero), world.content.companions.loyalty
    party = set(company.party(world, hero))
    found = [(world.get(eid, Identity).name, loyalty.to.get(uid, 0))
             for eid, loyalty in world.query(Loyalty)
             if eid != hero and world.alive(eid) and (loyalty.to.get(uid, 0) >= least or eid in party)]
    return sorted(found, key=lambda pair: (-pair[1], pair[0]))
