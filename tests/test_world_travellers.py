"""World NPCs tied to a range of places (N3): they travel between the settlements over time and carry what
they know of each hero with them (docs/rules.md, "Travellers between settlements")."""
from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from game.launch import load_region_maps, new_realm
from game.maps.errors import MapError
from game.maps.tiled import check_ranges
from game.paths import REGION_MAP
from game.save import SaveError, fileformat, write_body
from game.save.snapshot import with_maps
from game.save.worldsave import load_realm, save_realm
from game.world.commands import Ask, Talk
from game.world.components import Errand, Identity, Memories
from game.world.driver import Driver
from game.world.verbs import social
from tests.helpers.realm import walk_to
from tests.helpers.realm import go_up, named

pytestmark = pytest.mark.slow  # make test-fast leaves these out (docs/testing.md)

VILLAGE, TOWER = 1, 2  # the settlements' object ids in maps/region.tmx
TRAVELLERS = ("Herald Roderic", "Envoy Ilse")  # the tower's people whose map gives them a range
STAY, ROAD = 192, 70  # [region] stay; Varr's Watch to Ashby Vale: 14 squares x turns_per_square 5


@pytest.fixture
def realm():
    made = new_realm(REGION_MAP, 10)  # a seed whose tower emissaries live through the siege for 2,000 turns
    yield made
    made.close()


def road_events(heard) -> list[tuple[int, int, str, str]]:
    return [(e.turn, pid, e.kind, e.actor) for pid, e in heard if e.kind in ("set_out", "arrive_from")]


def where(realm, name: str) -> list[str]:
    """Every place a creature called `name` is: the settlements holding it and "road"."""
    found = []
    for pid, site in realm.sites.items():
        if site.world is not None:
            found += [site.place.name for eid, ident in site.world.query(Identity)
                      if ident.name == name and site.world.alive(eid)]
    return found + ["road" for w in realm.road if w.traveller.name == name]


def traveller_uids(world) -> dict[str, str]:
    """The uids of the travellers here or gone on from here (`world.travelled`), each with its name."""
    here = {ident.uid: ident.name for _, ident in world.query(Identity) if ident.name in TRAVELLERS}
    return {**world.travelled, **here}


def knowers(world, hero_uid: str) -> dict[str, set[str]]:
    """Who in this world knows a deed of `hero_uid`: name -> the uids it heard it from."""
    return {world.get(eid, Identity).name: {m.source for m in mem.known if m.hero == hero_uid}
            for eid, mem in world.query(Memories) if any(m.hero == hero_uid for m in mem.known)}


@pytest.mark.rule("N3")
def test_N3_a_traveller_stays_its_turns_then_takes_the_road_for_its_length(realm):
    assert (realm.tuning["stay"], realm.route(TOWER, VILLAGE).turns) == (STAY, ROAD)
    realm.heard = []
    realm.clock = 2 * STAY + 2 * ROAD + 1
    realm.catch_up_all()
    moves = [m for m in road_events(realm.heard) if m[3] == "guard#7"]
    assert moves == [(STAY, TOWER, "set_out", "guard#7"), (STAY + ROAD, VILLAGE, "arrive_from", "guard#7"),
                     (2 * STAY + ROAD, VILLAGE, "set_out", "guard#7"),
                     (2 * STAY + 2 * ROAD, TOWER, "arrive_from", "guard#7")]
    assert where(realm, "Herald Roderic") == ["Varr's Watch"]  # back home
    world = realm.sites[TOWER].world
    assert world.uid(named(world, "Herald Roderic")) == "guard#7"  # the same creature
    errand = world.get(named(world, "Herald Roderic"), Errand)
    assert errand.range == ("Varr's Watch", "Ashby Vale") and errand.leaves == 3 * STAY + 2 * ROAD
    assert len([m for m in road_events(realm.heard) if m[2] == "set_out"]) == 4  # two travellers, two trips each
    village = realm.sites[VILLAGE].map
    came_in = {(pid, realm.sites[pid].map.rooms[e.room].name) for pid, e in realm.heard if e.kind == "arrive_from"}
    assert came_in == {(VILLAGE, village.rooms[village.entrance[0]].name),  # no `arrivals`: the entrance
                       (TOWER, "Infirmary")}  # the tower's `arrivals`: inside its walls, not among the besiegers


@pytest.mark.rule("N3")
def test_N3_a_heros_deed_in_the_village_reaches_the_tower_with_an_emissary_and_not_before(realm):
    """The herald sees the hero's aid in Ashby Vale (live: the hero is there); nobody in Varr's Watch knows
    of it until the herald arrives there, 70 turns after setting out; then the tower's people hear it from him."""
    realm.clock = STAY + ROAD - 2  # the hero comes to Ashby Vale just before the herald
    assert realm.travel(VILLAGE).ok
    driver = Driver(realm.here)
    driver.end_turn()
    driver.end_turn()
    world = realm.here
    herald = named(world, "Herald Roderic")  # arrived while the hero was there
    social.witness(world, world.hero, "aided", [herald])
    herald_uid = world.uid(herald)
    go_up(realm)
    realm.clock = 2 * STAY + 2 * ROAD - 1  # the herald set out at 454 and is a turn from the tower
    realm.catch_up_all()
    assert where(realm, "Herald Roderic") == ["road"]
    assert knowers(realm.sites[TOWER].world, "hero") == {}  # not before
    realm.clock += 1
    realm.catch_up_all()
    brought = knowers(realm.sites[TOWER].world, "hero")  # the herald, and Ilse who heard it from him on the way
    assert brought["Herald Roderic"] == {herald_uid} and set(brought) <= set(TRAVELLERS)
    realm.clock += 300
    realm.catch_up_all()
    told = knowers(realm.sites[TOWER].world, "hero")
    natives = {name for name in told if name not in TRAVELLERS}
    assert len(natives) >= 3  # word of mouth in the tower (N73), from the travellers first
    assert any(sources & traveller_uids(realm.sites[TOWER].world).keys() for name, sources in told.items()
               if name not in TRAVELLERS)


@pytest.mark.rule("N3")
def test_N3_travellers_come_and_go_at_the_same_turns_whether_the_settlement_is_played_or_caught_up():
    logs = []
    for live in (True, False):
        realm = new_realm(REGION_MAP, 10)
        realm.heard = []
        try:
            realm.travel(VILLAGE)
            if live:  # the hero waits in Ashby Vale while the turns pass there
                driver = Driver(realm.here)
                for _ in range(1100):
                    driver.end_turn()
                    realm.heard += [(VILLAGE, e) for e in realm.here.pop_events()]
            else:  # the hero leaves; Ashby Vale is caught up later
                go_up(realm)
                realm.clock = 1100
            realm.catch_up_all()
            logs.append(sorted(road_events(realm.heard)))
        finally:
            realm.close()
    assert logs[0] == logs[1]
    assert Counter(kind for _, _, kind, _ in logs[0]) == {"set_out": 8, "arrive_from": 8}  # 4 trips each


@pytest.mark.rule("N3")
def test_N3_a_traveller_is_never_lost_or_doubled_across_saves_and_catch_up(tmp_path):
    """Saved at every stage of a trip (in the tower, on the road, in the village), the world goes on with each
    traveller in exactly one place, and with the same events as a world never saved."""
    plain = new_realm(REGION_MAP, 10)
    plain.heard = []
    saved = new_realm(REGION_MAP, 10)
    saved.heard = log = []
    path = tmp_path / "world.sav"
    try:
        for clock in (100, 200, 230, 262, 300, 460, 530, 1000, 2000):
            for realm in (plain, saved):
                realm.clock = clock
                realm.catch_up_all()
                for name in TRAVELLERS:
                    assert len(where(realm, name)) == 1, (clock, name, where(realm, name))
            save_realm(saved, path)
            saved.close()
            saved = load_realm(path)
            saved.heard = log
            assert [w.traveller.name for w in saved.road] == [w.traveller.name for w in plain.road]
        assert [(pid, e.as_json()) for pid, e in log] == [(pid, e.as_json()) for pid, e in plain.heard]
        assert len(road_events(log)) >= 16
    finally:
        plain.close()
        saved.close()


def test_same_seed_gives_the_same_travels_and_events():
    logs = []
    for _ in range(2):
        realm = new_realm(REGION_MAP, 10)
        realm.heard = []
        realm.clock = 1200
        realm.catch_up_all()
        logs.append([(pid, e.as_json()) for pid, e in realm.heard])
        realm.close()
    assert logs[0] == logs[1]
    assert sum(e["kind"] == "set_out" for _, e in logs[0]) == 8


@pytest.mark.rule("N3")
def test_N3_a_traveller_held_by_a_hero_stays_another_stay(realm):
    world = realm.sites[TOWER].world
    social.hold(world, named(world, "Herald Roderic"), "contract")
    realm.heard = []
    realm.clock = STAY
    realm.catch_up_all()
    assert where(realm, "Herald Roderic") == ["Varr's Watch"] and where(realm, "Envoy Ilse") == ["road"]
    assert world.get(named(world, "Herald Roderic"), Errand).leaves == 2 * STAY


def test_a_world_save_from_before_travellers_loads_with_nobody_on_the_road(realm, tmp_path):
    path = tmp_path / "old.sav"
    save_realm(realm, path)
    body = fileformat.read(path)
    del body["realm"]["road"]
    write_body(path, body)
    loaded = load_realm(path)
    try:
        assert loaded.road == []
        loaded.clock = STAY
        loaded.catch_up_all()
        assert sorted(w.traveller.name for w in loaded.road) == sorted(TRAVELLERS)
    finally:
        loaded.close()


@pytest.mark.parametrize("change, message", [
    (lambda r: r.update(to=3), "3 is no settlement"),
    (lambda r: r.update(arrives=r["left"] + ROAD + 1), "not within the road's 70 turns"),
    (lambda r: with_maps(r["body"])["creatures"][0]["components"].pop("errand"), "not one world NPC with a range"),
])
def test_a_save_with_a_wrong_traveller_on_the_road_is_refused_in_one_line(realm, tmp_path, change, message):
    realm.clock = STAY + 1
    realm.catch_up_all()
    path = tmp_path / "w.sav"
    save_realm(realm, path)
    body = fileformat.read(path)
    change(body["realm"]["road"][0])
    write_body(path, body)
    before = path.read_bytes()
    with pytest.raises(SaveError) as caught:
        load_realm(path)
    assert message in str(caught.value) and "\n" not in str(caught.value) and str(path) in str(caught.value)
    assert path.read_bytes() == before


def test_a_range_naming_no_other_settlement_is_a_map_error():
    region, maps = load_region_maps(REGION_MAP)
    tower = maps[TOWER]
    herald = next(p for p in tower.placements if p.name == "Herald Roderic")
    for bad in ("Nowhere", "Varr's Watch", "The Ruined Keep"):
        placements = tuple(replace(p, travels=(bad,)) if p is herald else p for p in tower.placements)
        with pytest.raises(MapError) as caught:
            check_ranges(region, {**maps, TOWER: replace(tower, placements=placements)})
        assert f"{herald.id} (Herald Roderic): travels to '{bad}', no other settlement" in caught.value.problems[0]


@pytest.mark.rule("N3")
def test_N3_in_the_tower_a_hero_is_greeted_with_the_news_a_traveller_brought_from_the_village(realm):
    """End to end with the commands a player gives: the hero helps the herald in Ashby Vale, travels to Varr's
    Watch after him, walks up to someone who heard it there from a traveller (the herald, or the envoy he told
    on the way), and is greeted with it, the teller named."""
    realm.clock = STAY + ROAD
    assert realm.travel(VILLAGE).ok
    world = realm.here
    social.remember(world, named(world, "Herald Roderic"), world.hero, "help")  # a moment with the herald
    go_up(realm)
    realm.clock = 2 * STAY + 2 * ROAD + 300 - ROAD  # the hero reaches the tower 300 turns after him
    assert realm.travel(TOWER).ok and realm.now == 2 * STAY + 2 * ROAD + 300
    world = realm.here
    tellers = traveller_uids(world)
    heard = {eid: next(tellers[m.source] for m in mem.known if m.hero == "hero" and m.source in tellers)
             for eid, mem in world.query(Memories) if world.alive(eid)
             and world.get(eid, Identity).name not in TRAVELLERS
             and any(m.hero == "hero" and m.source in tellers for m in mem.known)}
    assert heard
    listener = min(heard, key=lambda eid: world.rooms.distances_from(world.room_of(world.hero)).get(
        world.room_of(eid), 99))
    driver = Driver(world)
    walk_to(driver, lambda: world.room_of(listener))
    lines = []
    for _ in range(2):  # the first meeting's biography, then the greeting
        world.pop_events()
        assert driver.do(Talk(world.hero, listener)).ok
        lines += [e.text for e in world.pop_events() if e.kind == "says"]
        if not driver.busy:
            driver.do(Ask(world.hero, listener, "goodbye"))
        driver.finish_turn()
    assert any(f"{heard[listener]} told me what you did for them at" in line for line in lines), lines
