"""Companions travel with the hero between sites (N4, N38): a follower standing in the hero's room when it
climbs out is taken out of the site with it, carried on the region map, saved with the world and brought in
beside the hero at the next site's entrance; one waiting elsewhere stays in its site."""
from __future__ import annotations

import pytest

from game.launch import new_realm
from game.paths import REGION_MAP
from game.save import SaveError, fileformat
from game.save.worldsave import load_realm, save_realm
from game.world.commands import Move, Order, Recruit
from game.world.components import Body, Identity, Inventory, Loyalty, Persona
from game.world.driver import Driver
from game.world.verbs import company
from game.world.verbs.moving import relocate
from game.save.snapshot import with_maps

VILLAGE, KEEP = 1, 3
SEED = 2


def villagers(world) -> list[int]:
    return [a.eid for a in world.actors.all() if world.has(a.eid, Persona)
            and a.ident.kind not in ("notable", "merchant") and not world.is_enemy(a.eid, world.hero)]


def put(world, eid: int, room: int) -> None:
    relocate(world, eid, room, [world.rooms.free_spot(room)])


def recruited(realm, eid: int) -> str:
    """`eid` made loyal enough and recruited where it stands; its uid."""
    world = realm.here
    put(world, world.hero, world.room_of(eid))
    world.get(eid, Loyalty).to["hero"] = world.content.companions.loyalty
    assert Driver(world).do(Recruit(world.hero, eid)).ok and company.companion_of(world, eid) is not None
    return world.uid(eid)


def at_the_way_up(realm, *eids: int) -> None:
    """The hero (and `eids`) to the site's surface room, and out onto the region map."""
    world, site = realm.here, realm.sites[realm.hero.place]
    for eid in (world.hero, *eids):
        put(world, eid, site.surface)
    assert realm.leave().ok


def by_uid(world, uid: str) -> int | None:
    return next((eid for eid in world.creatures() if world.uid(eid) == uid), None)


@pytest.fixture
def realm():
    realm = new_realm(REGION_MAP, SEED)
    assert realm.travel(VILLAGE).ok
    yield realm
    realm.close()


@pytest.mark.slow
@pytest.mark.rule("N4")
@pytest.mark.rule("N38")
def test_N4_N38_a_follower_climbs_out_travels_to_the_keep_and_arrives_beside_the_hero(realm, tmp_path):
    village = realm.here
    mate = villagers(village)[0]
    uid = recruited(realm, mate)
    name, health = village.get(mate, Identity).name, village.get(mate, Body).health
    pack = len(village.get(mate, Inventory).items)
    at_the_way_up(realm, mate)
    assert by_uid(village, uid) is None  # no longer in the settlement, nor among its people
    assert village.actors.by_uid(uid) is None
    assert [m.identity.uid for m in realm.hero.party] == [uid]
    path = tmp_path / "world.sav"
    save_realm(realm, path)  # on the road: saved with the hero...
    realm.close()
    realm = load_realm(path)  # ...and still with it after loading
    try:
        assert [m.identity.uid for m in realm.hero.party] == [uid]
        assert realm.travel(KEEP).ok
        keep = realm.here
        mate = by_uid(keep, uid)
        assert mate is not None and keep.room_of(mate) == keep.room_of(keep.hero) == realm.sites[KEEP].map.entrance[0]
        assert keep.get(mate, Identity).name == name
        assert keep.get(mate, Body).health == health
        assert len(keep.get(mate, Inventory).items) == pack
        assert company.party(keep, keep.hero) == [mate] and realm.hero.party == []
        room = next(other for _, other in keep.rooms.exits[keep.room_of(keep.hero)])
        assert Driver(keep).do(Move(keep.hero, room)).ok
        assert keep.room_of(mate) == room  # N4: it follows through the keep's doors
        at_the_way_up(realm, mate)
        assert realm.travel(VILLAGE).ok  # home again: the village lived on without it, and it comes back
        village = realm.here
        assert by_uid(village, uid) is not None and company.party(village, village.hero) == [by_uid(village, uid)]
    finally:
        realm.close()


@pytest.mark.rule("N4")
def test_N4_a_companion_told_to_wait_stays_in_its_site_and_rejoins_there(realm):
    village = realm.here
    waiter = villagers(village)[0]
    uid = recruited(realm, waiter)
    assert Driver(village).do(Order(village.hero, waiter, "wait")).ok
    at_the_way_up(realm, waiter)  # in the hero's room, but waiting: it stays
    assert realm.hero.party == [] and by_uid(village, uid) == waiter
    assert realm.travel(KEEP).ok and company.party(realm.here, realm.here.hero) == []
    at_the_way_up(realm)
    assert realm.travel(VILLAGE).ok and realm.here is village
    assert company.party(village, village.hero) == [waiter]  # still of the party, where it waited


def test_a_newcomer_whose_uid_is_taken_in_a_site_takes_a_new_one_and_the_counter_passes_it(realm):
    village = realm.here
    taken = village.get(villagers(village)[0], Identity)
    stranger = Identity(taken.uid, taken.codex_id, "Stranger", "world", "folk")
    village.admit(stranger)
    assert stranger.uid == f"{taken.codex_id}#{village.uid_serial}" != taken.uid
    far = Identity(f"{taken.codex_id}#{village.uid_serial + 50}", taken.codex_id, "Far", "world", "folk")
    village.admit(far)
    assert far.uid.endswith(f"#{village.uid_serial}")  # kept, and the counter passed it


@pytest.mark.parametrize("change", [{"order": "wait"}, {"hero": "hero#9"}])
def test_a_saved_party_holding_someone_who_does_not_follow_the_hero_is_refused(realm, tmp_path, change):
    mate = villagers(realm.here)[0]
    recruited(realm, mate)
    at_the_way_up(realm, mate)
    path = tmp_path / "world.sav"
    save_realm(realm, path)
    body = fileformat.read(path)
    hero = next(h for h in body["realm"]["heroes"] if h["uid"] == "hero")
    mates = [c for c in with_maps(hero["body"])["creatures"] if "companion" in c["components"]]
    assert len(mates) == 1
    mates[0]["components"]["companion"].update(change)
    path.write_bytes(fileformat.encode(body))
    with pytest.raises(SaveError) as caught:
        load_realm(path)
    assert "the body of the hero hero holds someone who does not follow it" in str(caught.value)
