"""Each hero of a world has its own sheet (issues 12 and 14, Reconciliation 8, N3): made on the creation screen
for a new world and for a saved world's "New hero", saved with the hero in the world save, read by the rules
from the hero's own Hero component, and shown on its card."""
from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.launch import new_realm
from game.paths import DEFAULT_MAP, REGION_MAP
from game.rules.definitions import frozen
from game.save import fileformat
from game.save.snapshot import with_maps
from game.save.worldsave import load_realm, save_realm, summary
from game.ui.app import scene_stack
from game.ui.card import card_lines
from game.ui.creation import HeroCreationScene
from game.ui.region import RegionScene
from game.ui.session import Session
from game.ui.title import NEW_WORLD
from game.world import views
from game.world.commands import EndTurn, Recruit
from game.world.components import Hero, Loyalty, Persona, Position, sheet_plain
from game.world.driver import Driver
from game.world.verbs import combat, company, loadout
from game.world.verbs.moving import relocate

pytestmark = pytest.mark.usefixtures("display")
VILLAGE, KEEP = 1, 3


def sheets(content):
    """Two heroes one may make, unlike in every way the card and the rules read."""
    base = content.codex.shipped_sheet()
    wren = dataclasses.replace(base, name="Wren", portrait="outlaw", moral="evil", ethic="chaotic", perks=("thief",),
                               charisma=4, proficiencies=frozen({**base.proficiencies, "stealing": 2}),
                               raises=frozen({"strength": 2}))
    oswin = dataclasses.replace(base, name="Oswin", moral="good", ethic="lawful", perks=("herbalist",),
                                patience=base.patience + 2, proficiencies=frozen({**base.proficiencies, "druidic": 2}),
                                raises=frozen({"endurance": 2, "physique": 1}))
    return wren, oswin


def carried_sheet(profile):
    """The sheet of a hero waiting on the region map (its Hero component, carried with it)."""
    return next(part for part in profile.traveller.parts if isinstance(part, Hero)).sheet


def in_village(realm, uid):
    """Play `uid` into the village; its view there and the sheet the rules read from its entity."""
    assert realm.play(uid).ok and realm.travel(VILLAGE).ok
    world = realm.here
    loadout.refresh(world, world.hero)  # the card made again in this world, as a level or new gear would
    return views.creature(world, world.hero), world.get(world.hero, Hero).sheet


def test_two_heroes_of_one_world_keep_their_own_sheets_cards_and_proficiencies_through_a_save(content, tmp_path):
    wren, oswin = sheets(content)
    realm = new_realm(REGION_MAP, 3, hero=wren)
    try:
        second = realm.new_hero(sheet=oswin)
        assert carried_sheet(realm.hero) == wren and carried_sheet(second) == oswin
        first, read = in_village(realm, "hero")
        assert read == wren and read.proficiencies["stealing"] == 2 and first.name == "Wren"
        path = tmp_path / "world1.sav"
        save_realm(realm, path)  # Wren inside the village, Oswin on the road
        again = load_realm(path)
        try:
            assert again.here.hero and views.creature(again.here, again.here.hero).card == first.card
            assert carried_sheet(again.heroes["hero#2"]) == oswin
            other, read = in_village(again, "hero#2")  # Wren steps out, Oswin goes in where Wren was
            assert read == oswin and read.proficiencies["druidic"] == 2 and read.proficiencies["stealing"] == 1
            assert other.max_health > first.max_health and other.card.strength != first.card.strength
            assert [line for line, _ in card_lines(other)][1:4] == [
                "Good Lawful   ·   Perk: Herbalist", "Charisma 2   Dexterity 2   Patience 3",
                "Proficiencies: Druidic 2, Stealing 1"]
            assert [line for line, _ in card_lines(first)][1:4] == [
                "Evil Chaotic   ·   Perk: Thief", "Charisma 4   Dexterity 2   Patience 1", "Proficiencies: Stealing 2"]
            save_realm(again, path)  # now Oswin is inside, and Wren waits to go back in when played
        finally:
            again.close()
        third = load_realm(path)
        try:
            assert carried_sheet(third.heroes["hero"]) == wren and third.heroes["hero"].inside
            world = third.here
            assert world.get(world.hero, Hero).sheet == oswin
            assert views.creature(world, world.hero).card == other.card
            assert third.play("hero").ok and third.here is third.sites[VILLAGE].world  # Wren goes back in
            assert third.here.get(third.here.hero, Hero).sheet == wren
        finally:
            third.close()
    finally:
        realm.close()


def test_a_world_saved_before_heroes_kept_sheets_loads_with_hero_toml_s(content, tmp_path):
    realm = new_realm(REGION_MAP, 3)
    realm.new_hero()
    path = tmp_path / "world1.sav"
    try:
        assert realm.travel(VILLAGE).ok
        save_realm(realm, path)
    finally:
        realm.close()
    body = fileformat.read(path)
    bodies = [with_maps(site["body"]) for site in body["sites"]]
    bodies += [with_maps(h["body"]) for h in body["realm"]["heroes"] if h["body"]]
    dropped = 0
    for site in bodies:
        site["hero_sheet"] = sheet_plain(content.codex.shipped_sheet())  # as it was written: hero.toml's
        for record in site["creatures"]:
            dropped += record["components"].get("hero", {}).pop("sheet", None) is not None
    assert dropped == 2
    path.write_bytes(fileformat.encode(body))
    old = load_realm(path)
    try:
        world = old.here
        assert world.get(world.hero, Hero).sheet.charisma == content.codex.shipped_sheet().charisma
        assert carried_sheet(old.heroes["hero#2"]).raises == {}
    finally:
        old.close()


def key(stack, k: int) -> None:
    stack.top.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def type_name(stack, name: str) -> None:
    for _ in range(12):
        key(stack, pygame.K_BACKSPACE)
    for letter in name:
        stack.top.handle(pygame.event.Event(pygame.TEXTINPUT, text=letter))


def test_new_world_and_a_world_s_new_hero_go_through_the_creation_screen(tmp_path):
    session = Session(DEFAULT_MAP, 3, tmp_path / "slot1.sav")
    stack = scene_stack(session)
    try:
        title = stack.push("title")
        title.menu.selected = title.menu.labels.index(NEW_WORLD)
        key(stack, pygame.K_RETURN)
        creation = stack.top
        assert isinstance(creation, HeroCreationScene) and creation.new_world
        type_name(stack, "Wren")
        creation.press("random")
        first = dataclasses.replace(creation.sheet, name="Wren")
        creation.sheet = first
        creation.draw(pygame.display.get_surface())
        key(stack, pygame.K_RETURN)  # Begin: a new world, Wren its first hero, on the region map
        assert isinstance(stack.top, RegionScene) and carried_sheet(session.realm.hero) == first
        slot = session.world_slot
        stack.reset("title")
        stack.push("worlds")
        key(stack, pygame.K_DOWN)
        key(stack, pygame.K_RETURN)  # the world's "New hero" line
        creation = stack.top
        assert isinstance(creation, HeroCreationScene) and creation.slot == slot
        type_name(stack, "Oswin")
        creation.focus = creation.rows.index(creation.row("stat:endurance"))
        key(stack, pygame.K_RIGHT)
        second = creation.sheet
        assert second.name == "Oswin" and second.raises == {"endurance": 1}
        key(stack, pygame.K_RETURN)
        assert isinstance(stack.top, RegionScene) and session.realm.playing == "hero#2"
        assert carried_sheet(session.realm.hero) == second and carried_sheet(session.realm.heroes["hero"]) == first
        assert [h[1] for h in summary(slot)["heroes"]] == ["Wren", "Oswin"]
    finally:
        session.close()


@pytest.mark.rule("N3")
def test_N3_a_hero_fallen_in_a_settlement_is_played_no_more_and_the_world_goes_on_with_a_new_one(tmp_path):
    """A world goes on without a fallen hero (docs/rules.md, "The world of sites"): the save made as it falls
    loads; a new hero then played leaves the village living and free of it (its companion let go, the game
    over no more), every save after that loads, and the fallen hero is refused, saying why."""
    realm = new_realm(REGION_MAP, 11)
    try:
        assert realm.play("hero").ok and realm.travel(VILLAGE).ok
        world = realm.here
        mate = next(a.eid for a in world.actors.all()
                    if a.ident.kind == "world" and world.has(a.eid, Persona) and not a.ident.faction == "hero")
        world.get(mate, Loyalty).to["hero"] = 50
        relocate(world, world.hero, world.room_of(mate), [world.rooms.free_spot(world.room_of(mate))])
        assert Driver(world).do(Recruit(world.hero, mate)).ok and company.companion_of(world, mate) is not None
        mate_uid, faction = world.uid(mate), company.companion_of(world, mate).faction
        combat.die(world, world.hero, None)
        assert world.over and realm.fallen("hero")
        save_realm(realm, tmp_path / "w.sav")
    finally:
        realm.close()
    realm = load_realm(tmp_path / "w.sav")  # fallen, still in the village: as saved the moment it fell
    try:
        assert realm.fallen("hero")
        second = realm.new_hero(name="Sabine")
        assert realm.play(second.uid).ok
        village = realm.sites[VILLAGE].world
        assert village.over is None and village.hero == 0
        freed = village.actors.by_uid(mate_uid)  # its companion stays there, its own again
        assert freed is not None and company.companion_of(village, freed.eid) is None and freed.ident.faction == faction
        save_realm(realm, tmp_path / "w.sav")
    finally:
        realm.close()
    realm = load_realm(tmp_path / "w.sav")  # the fallen hero carried out of the village, dead: it loads
    try:
        assert realm.fallen("hero") and not realm.fallen(second.uid)
        refused = realm.play("hero")
        assert not refused.ok
        assert refused.reason == "Hero has fallen: play on as another hero of this world, or make a new one."
        assert realm.play(second.uid).ok and realm.travel(VILLAGE).ok
        driver = Driver(realm.here)
        assert driver.do(EndTurn(realm.here.hero)).ok  # the village plays on for the new hero
        driver.finish_turn()
        assert summary(tmp_path / "w.sav")["heroes"] == [["hero", "Hero", "Ashby Vale (fallen)"],
                                                         [second.uid, "Sabine", "Ashby Vale"]]  # the load screen's
    finally:
        realm.close()


@pytest.mark.rule("N2")
def test_N2_a_hero_fallen_in_a_dungeon_ends_its_run_when_another_hero_is_played(tmp_path):
    realm = new_realm(REGION_MAP, 11)
    try:
        assert realm.travel(KEEP).ok
        world = realm.here
        combat.die(world, world.hero, None)
        second = realm.new_hero()
        assert realm.play(second.uid).ok and realm.sites[KEEP].world is None  # the run is over
        save_realm(realm, tmp_path / "w.sav")
    finally:
        realm.close()
    loaded = load_realm(tmp_path / "w.sav")
    try:
        assert loaded.fallen("hero") and not loaded.play("hero").ok and loaded.playing == second.uid
        assert loaded.travel(KEEP).ok and not loaded.here.over  # a fresh run for the new hero
    finally:
        loaded.close()


@pytest.mark.rule("N3")
def test_N3_a_new_hero_made_while_someone_stands_at_the_home_entrance_shares_no_square_and_the_world_saves(tmp_path):
    """A hero is made at the home settlement's entrance and taken out at once; made on the square of a
    traveller just arrived there, it used to wipe that square from the room's record, so the next hero to
    come in was put on the same square and the world's own save was refused as damaged (world bot, seed 102)."""
    realm = new_realm(REGION_MAP, 3)
    try:
        world = realm.sites[VILLAGE].world
        room, square = realm.sites[VILLAGE].map.entrance
        someone = next(e for e in world.creatures() if world.uid(e) != "hero")
        relocate(world, someone, room, [square])
        second = realm.new_hero()
        assert world.rooms.free_spot(room, near=square) != square  # still taken
        assert realm.play(second.uid).ok and realm.travel(VILLAGE).ok
        assert world.get(world.hero, Position).square != square
        save_realm(realm, tmp_path / "w.sav")
        load_realm(tmp_path / "w.sav").close()
    finally:
        realm.close()
