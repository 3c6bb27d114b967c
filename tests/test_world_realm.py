"""The world of sites (N2, N3, N62): a realm built from the region map, a world per site, travel by road,
dungeon runs that end when the hero leaves, settlements that keep living, several heroes."""
from __future__ import annotations

import pytest

from game.launch import new_realm
from game.paths import REGION_MAP
from game.save.worldsave import load_realm, save_realm
from tests.helpers.realm import walk_to
from game.world.commands import Ask, Talk
from game.world.components import Body, Identity, Loyalty, Memories, Needs, Opinions, Persona
from game.world.driver import Driver
from game.world.travel import distance_to_road
from game.world.verbs import social
from tests.helpers.realm import go_up, named

VILLAGE, TOWER, KEEP, CRYPT = 1, 2, 3, 4  # the places' object ids in maps/region.tmx


@pytest.fixture
def realm():
    made = new_realm(REGION_MAP, 11)
    yield made
    made.close()


@pytest.mark.rule("N62")
def test_N62_every_place_and_site_exists_from_world_creation(realm):
    region = realm.region
    assert set(region.places) == {1, 2, 3, 4, 5}
    assert set(realm.sites) == set(region.places) | {s.id for s in region.sites}  # the hidden sites too, as maps
    for pid, site in realm.sites.items():
        assert site.map.path == region.maps()[pid]
        assert (site.world is not None) == (site.place.kind == "settlement")  # N3 settlements live from the start
    village = realm.sites[VILLAGE].world
    assert len(village.creatures()) == len(realm.sites[VILLAGE].map.placements)
    assert len(region.sites) == 6 and all(s.hidden for s in region.sites)
    assert realm.sites_known("hero") == []  # hidden sites appear only once known
    realm.hero.known.add(region.sites[0].id)
    assert realm.sites_known("hero") == [region.sites[0]]


@pytest.mark.rule("N62")
def test_N62_a_hidden_site_near_the_road_is_found_by_chance_at_the_data_odds(realm):
    chance, radius = realm.tuning["stumble_chance"], realm.tuning["stumble_radius"]
    assert (chance, radius) == (0.15, 4)
    reliquary = next(s for s in realm.region.sites if s.name == "The Sunken Reliquary")
    places = realm.region.places
    assert distance_to_road(reliquary.square, places[VILLAGE], places[CRYPT]) == 3 <= radius
    far = [s for s in realm.region.sites
           if min(distance_to_road(s.square, places[a], places[b]) for a, b in realm.region.roads) > radius]
    found = 0
    journeys = 4000
    for _ in range(journeys):
        realm.hero.known.clear()
        realm.stumble((VILLAGE, CRYPT))
        found += reliquary.id in realm.hero.known
        assert not any(s.id in realm.hero.known for s in far)  # only sites near the road are ever found
    assert found / journeys == pytest.approx(chance, abs=0.02)
    assert [e.kind for e in realm.pop_events()] == ["stumble"] * found


def test_travel_costs_turns_by_road_length_shown_before_leaving(realm):
    trip = realm.journey(KEEP)
    assert (trip.path, trip.squares) == ((VILLAGE, KEEP), 12)  # Ashby Vale (24, 18) to the keep (24, 6)
    assert trip.turns == 12 * realm.tuning["turns_per_square"] == 60
    far = realm.journey(5)
    assert far.path == (VILLAGE, TOWER, 5) and far.squares == 14 + 14
    before = realm.now
    assert realm.travel(KEEP).ok
    assert realm.now == before + 60 and realm.here is realm.sites[KEEP].world
    assert [e.kind for e in realm.pop_events()] == ["travel", "arrive"]
    refused = realm.travel(VILLAGE)
    assert not refused.ok and "surface" in refused.reason


def test_leaving_is_only_by_the_way_up(realm):
    assert realm.travel(VILLAGE).ok
    world = realm.here
    assert world.room_of(world.hero) == realm.sites[VILLAGE].surface  # the village's gate is its entrance
    assert realm.travel(KEEP).ok is False
    assert realm.leave().ok and realm.here is None and realm.hero.traveller is not None


@pytest.mark.rule("N2")
def test_N2_a_dungeon_population_lives_for_one_run(realm):
    realm.travel(KEEP)
    keep = realm.sites[KEEP]
    world = realm.here
    assert len(world.creatures()) == len(keep.map.placements) + 1  # a fresh population and the hero
    victim = next(eid for eid in world.creatures() if eid != world.hero)
    world.get(victim, Body).health = 1
    uids = sorted(world.uid(e) for e in world.creatures())
    realm.leave()
    assert keep.world is None  # leaving ends the run
    realm.travel(KEEP)
    again = realm.here
    assert again is not world and len(again.creatures()) == len(keep.map.placements) + 1
    assert all(again.get(e, Body).health == again.get(e, Body).card.health
               for e in again.creatures() if e != again.hero)  # N2: a fresh run, the wounded one healed
    assert sorted(again.uid(e) for e in again.creatures()) == uids  # the same placements, made anew


@pytest.mark.rule("N3")
def test_N3_world_npcs_keep_state_opinions_and_memories_between_visits(realm):
    realm.travel(VILLAGE)
    village = realm.here
    aldric = named(village, "Aldric Millwood")
    social.remember(village, aldric, village.hero, "help")
    social.shift(village, aldric, village.hero, 5)
    first = village.get(aldric, Opinions).of["hero"].first
    village.get(aldric, Loyalty).to["hero"] = 7
    realm.leave()
    realm.travel(KEEP)
    Driver(realm.here).end_turn()
    realm.leave()
    realm.travel(VILLAGE)
    assert realm.here is village and named(village, "Aldric Millwood") == aldric  # the same person, not a new one
    assert village.get(aldric, Opinions).of["hero"].first == first  # what it first thought
    assert village.get(aldric, Loyalty).to["hero"] == 7
    assert any(m.hero == "hero" and m.deed == "help" for m in village.get(aldric, Memories).known)


@pytest.mark.rule("N3")
def test_N3_a_settlement_lives_the_turns_the_hero_is_away(realm):
    tower = realm.sites[TOWER].world
    assert tower.turn == 0
    realm.travel(KEEP)
    realm.leave()
    realm.travel(TOWER)
    assert tower.turn == realm.now == (12 + 12 + 14) * 5  # it lived every turn of both journeys
    hungry = [n.hunger for _, n in tower.query(Needs)]
    assert max(hungry) > 0  # its residents grew hungry meanwhile (and ate: N8-N11 ran)


@pytest.mark.slow
def test_catch_up_is_capped_at_the_data_number(realm):
    assert realm.tuning["catch_up"] == 2000
    tower = realm.sites[TOWER]
    realm.clock = 5000
    realm.catch_up(tower)
    assert tower.world.turn == 5000
    # it lived only the last 2000 turns: pairs who talked did so after turn 3000
    assert all(until > 3000 for until in tower.world.pair_cooldown.values())


def test_same_seed_and_commands_give_the_same_events():
    logs = []
    for _ in range(2):
        realm = new_realm(REGION_MAP, 5)
        log = []
        for step in (lambda: realm.travel(KEEP), lambda: Driver(realm.here).end_turn(), lambda: go_up(realm),
                     lambda: realm.travel(VILLAGE)):
            step()
            log += [e.as_json() for e in realm.pop_events()]
            if realm.here is not None:
                log += [e.as_json() for e in realm.here.pop_events()]
        logs.append(log)
        realm.close()
    assert logs[0] == logs[1] and len(logs[0]) > 10


@pytest.mark.rule("N3")
def test_N3_several_heroes_each_with_its_own_uid_and_place(realm):
    second = realm.new_hero()
    assert (realm.hero.uid, second.uid) == ("hero", "hero#2") and second.name != realm.hero.name
    realm.travel(KEEP)
    assert realm.play(second.uid).ok
    assert realm.heroes["hero"].inside and realm.heroes["hero"].place == KEEP
    assert realm.sites[KEEP].world is None  # the first hero stepped out; its run will start afresh
    assert realm.travel(VILLAGE).ok and realm.here.uid(realm.here.hero) == "hero#2"


@pytest.mark.slow
@pytest.mark.rule("N5")
def test_N5_merchants_stay_in_their_shops_every_turn_living_on_their_stock(realm):
    """Merchants are stationary (N5): each eats and drinks from its stock, which every restock lays in again
    (trade.toml), so hunger and thirst never pass complaining (80, N11) and never send it out. Over 1,000
    turns the four merchants of both settlements stand in their shops every turn. (Before, Ashby Vale's smith
    Garm Hammerhand, whose stock held no food, was out looking for some 13-14 % of the turns from turn 207.)"""
    sites = [realm.sites[VILLAGE], realm.sites[TOWER]]
    shops = {p.name: p.room for site in sites for p in site.map.placements if p.kind == "merchant"}
    assert set(shops) == {"Osla Brewer", "Garm Hammerhand", "Wendel Chandler", "Quartermaster Dern"}
    seen = away = worst = 0
    for _ in range(1000):
        realm.clock += 1  # the hero on the road: both settlements live every turn
        for site in sites:
            realm.catch_up(site)
            for eid, ident in site.world.query(Identity):
                if ident.kind == "merchant" and site.world.alive(eid):
                    needs = site.world.get(eid, Needs)
                    seen += 1
                    away += site.world.room_of(eid) != shops[ident.name]
                    worst = max(worst, needs.hunger, needs.thirst)
    assert seen >= 3 * 1000 and away == 0
    assert worst <= 80  # never past complaining: nothing sends it out for food


@pytest.mark.slow
@pytest.mark.rule("N3")
@pytest.mark.parametrize("seed", [1, 2])
def test_N3_the_towers_merchant_and_travellers_live_through_the_siege_which_keeps_to_its_posts(seed):
    """World NPCs persist (N3): Varr's Watch's quartermaster and its two travellers are alive after 1,100 turns
    (two round trips to Ashby Vale). Before, the siege captain, out of food, walked into the Armoury and killed
    Quartermaster Dern on turn 192 (seed 1) and 360 (seed 2), and on seed 2 a war wolf resting on the Siege Road
    killed Herald Roderic and Envoy Ilse as they came home (turns 526-528). Now the besiegers' posts hold food
    and water, so they rest there; the tower's halls too; travellers come home to the Infirmary (`arrivals`).
    The siege still stands: its captain in the Enemy Camp and two dozen besiegers outside the walls."""
    realm = new_realm(REGION_MAP, seed)
    try:
        realm.clock = 1100
        realm.catch_up_all()
        world = realm.sites[TOWER].world
        living = {ident.name: eid for eid, ident in world.query(Identity) if world.alive(eid)}
        on_road = {w.traveller.identity.name for w in realm.road}
        assert {"Quartermaster Dern", "Herald Roderic", "Envoy Ilse"} <= set(living) | on_road
        assert "Quartermaster Dern" in living and "Captain Ysolt Varr" in living
        camp = [eid for eid, ident in world.query(Identity)
                if ident.codex_id == "siege_captain" and world.alive(eid)]
        assert len(camp) == 1 and world.room_name(world.room_of(camp[0])) == "Enemy Camp"
        siege = [eid for eid, ident in world.query(Identity) if ident.kind == "dungeon" and world.alive(eid)
                 and world.map.rooms[world.room_of(eid)].theme != "keep"]
        assert len(siege) >= 20
    finally:
        realm.close()


def residents(site) -> dict[str, int]:
    world = site.world
    return {ident.name: eid for eid, ident in world.query(Identity)
            if ident.kind in ("world", "merchant", "notable")}


@pytest.mark.rule("N85")
@pytest.mark.rule("N86")
def test_N85_N86_residents_keep_their_map_names_family_names_and_backgrounds_for_the_worlds_life(realm, tmp_path):
    for pid in (VILLAGE, TOWER):
        site = realm.sites[pid]
        people = residents(site)
        placed = {p.name: p for p in site.map.placements if p.kind in ("world", "merchant", "notable")}
        assert set(people) == set(placed)  # N85: the map's names, family names and all
        for name, eid in people.items():
            persona = site.world.try_get(eid, Persona)
            if placed[name].background:
                assert persona.background == placed[name].background  # N86: the map's distribution kept
    assert all(len(name.split()) >= 2 for name in residents(realm.sites[VILLAGE]))  # villagers: Aldric Millwood
    path = tmp_path / "w.sav"
    save_realm(realm, path)
    loaded = load_realm(path)
    try:
        for pid in (VILLAGE, TOWER):
            before, after = realm.sites[pid], loaded.sites[pid]
            assert set(residents(after)) == set(residents(before))
            kept = {n: after.world.get(e, Persona).background for n, e in residents(after).items()
                    if after.world.has(e, Persona)}
            assert kept == {n: before.world.get(e, Persona).background
                            for n, e in residents(before).items() if before.world.has(e, Persona)}
    finally:
        loaded.close()


@pytest.mark.rule("N87")
def test_N87_residents_talk_and_pass_word_among_themselves_while_the_hero_is_away(realm):
    realm.clock = 200
    heard = []
    realm.catch_up_all(heard)
    village_talk = [e for pid, e in heard if pid == VILLAGE and e.kind == "converse"]
    assert village_talk  # the pair stage runs in a settlement nobody visits (N7, N66)
    talkers = {e.actor for e in village_talk} | {e.target for e in village_talk}
    world = realm.sites[VILLAGE].world
    kinds = {world.actors.by_uid(uid).ident.kind for uid in talkers if world.actors.by_uid(uid)}
    assert "world" in kinds  # residents among them, with the same rules as anyone (N87)


@pytest.mark.rule("N45")
def test_N45_a_world_npcs_biography_is_the_same_for_the_life_of_the_world(realm, tmp_path):
    def biography(realm, uid: str) -> str:
        realm.play(uid)
        realm.travel(VILLAGE)
        world = realm.here
        berta = named(world, "Berta Thatcher")  # on this seed she lives the 500 turns (Aldric falls in a feud)
        driver = Driver(world)
        walk_to(driver, lambda: world.room_of(berta))
        world.pop_events()
        assert driver.do(Talk(world.hero, berta)).ok
        line = next(e for e in world.pop_events() if e.kind == "says" and e.data.get("part") == "biography")
        realm.pop_events()
        return line.text.replace(realm.hero.name, "<hero>")

    first = biography(realm, "hero")
    go_up(realm)
    realm.clock += 500
    second = realm.new_hero()
    path = tmp_path / "w.sav"
    save_realm(realm, path)
    loaded = load_realm(path)
    try:
        assert biography(loaded, second.uid) == first  # origin, temperament, circumstance: unchanged
    finally:
        loaded.close()


@pytest.mark.rule("N3")
def test_N3_two_heroes_get_different_greetings_from_the_same_villager_after_different_deeds(realm):
    """What a world NPC knows of a hero comes only from what that hero did: each hero's deed is kept under its
    own uid, and the same villager greets each by its own (N3, N45, N73)."""
    second = realm.new_hero()
    greetings = {}
    for uid, deed in (("hero", "help"), (second.uid, "slight")):
        realm.play(uid)
        realm.travel(VILLAGE)
        world = realm.here
        aldric = named(world, "Aldric Millwood")
        driver = Driver(world)
        walk_to(driver, lambda: world.room_of(aldric))
        for _ in range(2):  # the first meeting's biography, then a greeting
            world.pop_events()
            assert driver.do(Talk(world.hero, aldric)).ok
            if not driver.busy:
                driver.do(Ask(world.hero, aldric, "goodbye"))
            driver.finish_turn()
            if _ == 0:
                social.remember(world, aldric, world.hero, deed)  # what this hero did for (or to) him
        greetings[uid] = [e.text.replace(realm.hero.name, "<hero>") for e in world.pop_events()
                          if e.kind == "says" and e.data.get("part") == "greeting"]
        go_up(realm)
    assert greetings["hero"] and greetings[second.uid] and greetings["hero"] != greetings[second.uid]
    world = realm.sites[VILLAGE].world
    aldric = named(world, "Aldric Millwood")
    known = {m.hero: m.deed for m in world.get(aldric, Memories).known}
    assert known == {"hero": "help", second.uid: "slight"}
