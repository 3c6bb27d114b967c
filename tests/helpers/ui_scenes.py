"""Every screen of the game set up as a player meets it at its most crowded, for the layout test
(tests/test_ui_layout.py) and for looking at: `python -m tests.helpers.ui_scenes OUT_DIR` writes each screen at each
text size as a PNG.

The crowded dungeon is the Sunken Crypt's Processional Way (six exits) with the hero, four companions,
twelve hostile creatures, twenty lines in the pack and a stocked floor.
"""
from __future__ import annotations

import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

import pygame

from game import hall
from game.paths import ROOT
from game.ui import labels, theme, widgets
from game.ui.app import scene_stack
from game.ui.recap import Summary
from game.ui.scene import SceneStack
from game.ui.session import Session
from game.ui.settings import TEXT_SIZES
from game.world.components import Identity, Loyalty, Memories, Merchant, Persona
from game.world.commands import EndTurn
from game.world.systems import siege
from game.world.verbs import combat, company, social, talk
from game.world.verbs.factory import spawn_creature, spawn_item
from game.world.verbs.moving import relocate
from game.world.victoryview import victory_view
from tests.helpers.talk_fixtures import beside, done_work_for, resident

CRYPT = ROOT / "maps" / "crypt.tmx"
VILLAGE = ROOT / "maps" / "village.tmx"
TOWER = ROOT / "maps" / "tower.tmx"
CROWD = ("outlaw", "outlaw", "ghoul", "ghoul", "giant_rat", "giant_rat", "skeleton_rabble", "revenant", "guard",
         "guard", "redcap", "cave_bear")
PACK = (("ration", {"count": 3}), ("water_bottle", {"count": 2}), ("healing_potion", {"count": 2}),
        ("byrnie", {}), ("helmet", {}), ("helmet", {"quality": "fine"}), ("longsword", {"rune": "fire"}),
        ("dagger", {}), ("dagger", {"material": "silver"}), ("shortbow", {}), ("repair_kit", {}),
        ("arrows", {"count": 12}), ("scroll", {}), ("gold", {"count": 40}), ("iron_key", {}), ("bread", {}),
        ("rune_ice", {}), ("vambraces", {}), ("round_shield", {}), ("mace", {}))


@contextmanager
def talking(loyalty: int = 0):
    """The village's screens with the hero talking to a villager of `loyalty`: (the stack, the dialogue)."""
    session = Session(VILLAGE, 7)
    try:
        stack = scene_stack(session)
        stack.reset("dungeon")
        person = resident(session.world)
        beside(session.world, person)
        session.world.get(person, Loyalty).to["hero"] = loyalty
        stack.push("dialogue", person=person, log=stack.top.log)
        yield stack, stack.top
    finally:
        session.close(autosave=False)


def crowded_dungeon(session: Session) -> SceneStack:
    """The crypt's Processional Way at its fullest (see the module's docstring)."""
    stack = scene_stack(session)
    dungeon = stack.reset("dungeon")
    world = session.world
    room = next(r.id for r in world.map.rooms.values() if r.name == "Processional Way")
    relocate(world, world.hero, room, [world.rooms.free_spot(room)])
    for _ in range(4):
        eid = spawn_creature(world, "villager", room, name="")
        if eid is not None:
            company.join(world, world.hero, eid)
    for codex_id in CROWD:
        spawn_creature(world, codex_id, room)
    for item_id, made in PACK:
        spawn_item(world, item_id, owner=world.hero, **made)
    for item_id in ("ration", "ration", "dagger", "bones"):
        spawn_item(world, item_id, room=room, square=world.rooms.free_spot(room))
    world.pop_events()
    for turn in range(12):  # a full log, a long line wrapping
        dungeon.log.add(f"Turn {turn}: the outlaw swings at Vesna Wyatt and misses; the ghoul lurches towards "
                        "you through the rubble of the Processional Way, its claws scraping on the old stone.")
    dungeon.read_at = -1
    dungeon.update(1 / 60)
    dungeon.view.camera.look_at(*dungeon.view.centre_px(dungeon.shown.hero))
    return stack


def with_dungeon(name: str, **args) -> Callable[[Session], SceneStack]:
    def make(session: Session) -> SceneStack:
        stack = crowded_dungeon(session)
        stack.push(name, **args)
        return stack
    return make


def single(name: str, **args) -> Callable[[Session], SceneStack]:
    def make(session: Session) -> SceneStack:
        stack = scene_stack(session)
        stack.reset(name, **args)
        return stack
    return make


def dialogue(session: Session) -> SceneStack:
    stack = single("dungeon")(session)
    world = session.world
    smith = next(eid for eid, m in world.query(Merchant) if m.trade == "armourer")
    relocate(world, world.hero, world.room_of(smith), [world.rooms.free_spot(world.room_of(smith))])
    stack.push("dialogue", person=smith, log=stack.top.log)
    return stack


def refusal(session: Session) -> SceneStack:
    """A villager at loyalty 25 has just said no to "Come with me.": the gate and where the hero stands."""
    return asked_a_villager(session, 25, "company:recruit")


def asked_a_villager(session: Session, loyalty: int, key: str, before: Callable = lambda world, person: None):
    """The village's dialogue with a villager of `loyalty` (after `before`), the choice `key` just said and heard."""
    stack = single("dungeon")(session)
    world = session.world
    person = next(a.eid for a in world.actors.all() if world.has(a.eid, Persona)
                  and a.ident.kind not in ("notable", "merchant"))
    relocate(world, world.hero, world.room_of(person), [world.rooms.free_spot(world.room_of(person))])
    world.get(person, Loyalty).to[world.uid(world.hero)] = loyalty
    before(world, person)
    stack.push("dialogue", person=person, log=stack.top.log)
    scene = stack.top
    scene.choose(next(c for c in scene.choices() if c.key == key))
    for _ in range(240):
        scene.update(1 / 60)
    return stack


def hinted(session: Session) -> SceneStack:
    """The village as a new player enters it: the settlement's first-time hint at the top of the map."""
    stack = single("dungeon")(session)
    session.hints.seen.clear()
    session.hints.showing = ""
    session.hints.notice("settlement")
    return stack


def chronicle(session: Session) -> SceneStack:
    """The journal's Chronicle tab after a hundred turns on the village green: what the hero saw and was told,
    and its own deeds retold: a ghoul it killed there, and a villager telling what another saw it do (N73)."""
    stack = single("dungeon")(session)
    world = session.world
    room = next(r.id for r in world.map.rooms.values() if r.name == "Village Green")
    relocate(world, world.hero, room, [world.rooms.free_spot(room)])
    for _ in range(100):
        session.driver.do(EndTurn(world.hero))
        if session.driver.busy:
            session.driver.finish_turn()
    combat.die(world, spawn_creature(world, "ghoul", room), world.hero)
    witness, teller = (resident(world, n) for n in (0, 1))
    social.remember(world, witness, world.hero, "defended")
    social.pass_on(world, witness, teller, world.get(witness, Memories).known[-1])
    relocate(world, world.hero, world.room_of(teller), [world.rooms.free_spot(world.room_of(teller))])
    for _ in range(2):  # the biography, then the greeting that retells it
        talk.start(world, world.hero, teller)
    world.pop_events()
    stack.push("journal")
    stack.top.tab = 3
    return stack


def explaining(key: str) -> Callable[[Session], SceneStack]:
    """The creation screen with the row `key` chosen: the left panel explains it."""
    def make(session: Session) -> SceneStack:
        stack = single("creation")(session)
        scene = stack.top
        scene.focus = scene.rows.index(scene.row(key))
        return stack
    return make


def people(session: Session) -> SceneStack:
    """The people view after a hundred turns on the village green: who likes whom among those seen."""
    stack = chronicle(session)
    stack.pop()
    stack.push("people")
    return stack


def offer(session: Session) -> SceneStack:
    """A villager has just offered work: "I'll do it." shows what it pays before it is accepted."""
    stack = refusal(session)
    scene = stack.top
    scene.choose(next(c for c in scene.choices() if c.key == "work:ask"))
    for _ in range(240):
        scene.update(1 / 60)
    return stack


def captain(session: Session) -> SceneStack:
    """Varr's Watch's Captain asking the hero to lift the siege (issue 24): a moment she opens answered first,
    then "Any work?", the transcript told to the end."""
    stack = single("dungeon")(session)
    world = session.world
    person = next(eid for eid, ident in world.query(Identity) if ident.name == world.content.goal.giver)
    relocate(world, world.hero, world.room_of(person), [world.rooms.free_spot(world.room_of(person))])
    talk = stack.push("dialogue", person=person, log=stack.top.log)
    for _ in range(3):
        choice = next((c for c in talk.choices() if c.approach or c.key == "work:ask"), None)
        if choice is None:
            break
        talk.choose(choice)
        session.driver.finish_turn()
        talk._hear()
        talk.transcript.skip()
        talk.update(0.0)
        if choice.key == "work:ask":
            break
    return stack


def victory(session: Session) -> SceneStack:
    """The victory screen over Varr's Watch once its siege has fallen (issue 24)."""
    stack = single("dungeon")(session)
    world = session.world
    siege.fall(world, siege.camp_of(world))
    stack.push("victory", view=victory_view(world, world.turn))
    return stack


def goal(session: Session) -> SceneStack:
    """The journal's Work tab on a new world's first turn: the goal entry, lift the siege (issue 24)."""
    stack = single("dungeon")(session)
    stack.push("journal")
    return stack


def hall_of_heroes(session: Session) -> SceneStack:
    """The hall of heroes with a victorious hero (the siege of Varr's Watch lifted) and a fallen one, kept in a
    hall beside the session's save slot."""
    stack = single("dungeon")(session)
    world, folder = session.world, session.save_path.parent / "hall"
    siege.fall(world, siege.camp_of(world))
    won = hall.victory_line(world)
    hall.enter(hall.morgue(world, hall.Chronicle(), hall.ONE_MAP, "Varr's Watch", won), None, world, hall.ONE_MAP,
               "Varr's Watch", folder, victory=won)
    world.over = "Slain by an outlaw in the Processional Way on turn 12."
    hall.enter("", None, world, hall.ONE_MAP, "The Sunken Crypt", folder)
    world.over = None
    stack.push("hall", folder=folder)
    return stack


def trade(session: Session) -> SceneStack:
    stack = dialogue(session)
    stack.push("trade", merchant=stack.top.target, log=stack.scenes[0].log)
    return stack


def looking(session: Session) -> SceneStack:
    """The crowded dungeon in the look mode, on the first hostile creature: its card beside it."""
    stack = crowded_dungeon(session)
    dungeon = stack.top
    dungeon.looking = next(i for i, s in enumerate(dungeon.sights()) if s.creature and s.creature.hostile)
    return stack


def explored(session: Session) -> SceneStack:
    """The crypt after some auto-exploring (issue 23): the rooms seen, those out of sight veiled with their
    memories, the unknown ones black."""
    from game.world import wayfinding  # noqa: PLC0415 - only this screen walks
    stack = single("dungeon")(session)
    plan = None
    for _ in range(6):
        if plan is None or plan.stopped:
            plan = wayfinding.Plan(session.driver, "explore", pick_up="nothing")
        if plan.step():
            session.driver.finish_turn()
    dungeon = stack.top
    dungeon.read_at = -1
    dungeon.update(1 / 60)
    dungeon.view.camera.look_at(*dungeon.view.centre_px(dungeon.shown.hero))
    return stack


def places(session: Session) -> SceneStack:
    """The village's list of known places (P), to travel to one."""
    stack = single("dungeon")(session)
    stack.top.request(stack.top.input.key(pygame.K_p, session.world, stack.top.shown, stack.top.hero_view(), None))
    return stack


def journal_places(session: Session) -> SceneStack:
    """The journal's Places tab in the village (issue 23): every known room, nearest first, Well Yard chosen."""
    stack = single("dungeon")(session)
    stack.push("journal", go=stack.top.start_plan)
    journal = stack.top
    journal.tab = 2
    journal.selected[2] = next(i for i, p in enumerate(journal.view.places) if p.name == "Well Yard")
    journal.top[2] = max(0, journal.selected[2] - 3)
    return stack


def fallen(session: Session) -> SceneStack:
    """The village with two companions, one just fallen: the red line in the log, the mark on the party panel."""
    from game.world.verbs.combat import die  # noqa: PLC0415 - only this screen kills

    stack = single("dungeon")(session)
    world = session.world
    people = [a.eid for a in world.actors.all() if world.has(a.eid, Persona) and a.ident.kind == "world"
              and not world.is_enemy(a.eid, world.hero)][:2]
    for eid in people:
        company.join(world, world.hero, eid)
    dungeon = stack.top
    dungeon.read_at = -1
    dungeon.update(1 / 60)
    die(world, people[0], None)
    session.driver.end_turn()
    dungeon.update(1 / 60)
    return stack


def favour(session: Session) -> SceneStack:
    """A villager at loyalty 12 with no new work, in a world of sites (issue 23): Any work? refused, with the
    favour's gate, and Tell me about yourself. with the secret's."""
    from game.maps.tiled import load_region  # noqa: PLC0415
    from game.paths import REGION_MAP  # noqa: PLC0415
    from game.world.verbs.secrets import Lore  # noqa: PLC0415

    def in_a_world_of_sites(world, person: int) -> None:
        world.lore = Lore(load_region(REGION_MAP).sites, lambda uid: set())
        done_work_for(world, person)

    return asked_a_villager(session, 12, "work:ask", in_a_world_of_sites)


def explore_stop(session: Session) -> SceneStack:
    """The keep after pressing O until a hostile comes into view (issue 23): the stop line names it; O again goes
    on round it, and says so."""
    stack = single("dungeon")(session)
    dungeon = stack.top
    for _ in range(12):
        if dungeon.plan is None:
            if dungeon.log.lines and dungeon.log.lines[-1][0].startswith("You see Goblin"):
                break
            dungeon.start_plan("explore")
        for _ in range(60):
            dungeon.update(0.05)
            if dungeon.plan is None:
                break
    dungeon.start_plan("explore")
    dungeon.view.camera.look_at(*dungeon.view.centre_px(dungeon.shown.hero))
    return stack


SCREENS: dict[str, tuple[Path, Callable[[Session], SceneStack]]] = {
    "journal_places": (VILLAGE, journal_places),
    "fallen": (VILLAGE, fallen),
    "favour": (VILLAGE, favour),
    "explore_stop": (ROOT / "maps" / "default.tmx", explore_stop),
    "explored": (CRYPT, explored),
    "places": (VILLAGE, places),
    "dungeon": (CRYPT, crowded_dungeon),
    "look": (CRYPT, looking),
    "inventory": (CRYPT, with_dungeon("inventory")),
    "character": (CRYPT, with_dungeon("character")),
    "journal": (CRYPT, with_dungeon("journal")),
    "help": (CRYPT, with_dungeon("help")),
    "how_to_play": (CRYPT, with_dungeon("help", page=1)),
    "hint": (VILLAGE, hinted),
    "death": (CRYPT, with_dungeon("death", cause="Slain by an outlaw in the Processional Way", turn=12,
                                  recap=Summary("Turn 12  ·  level 1  ·  40 gold  ·  4 rooms seen  ·  2 kills",
                                                "The last blow: Outlaw's club, 7 damage; it had a 55% chance to "
                                                "hit you.", "Healing potion ×2, Second Wind"),
                                  last=[f"Outlaw hits you with its club for {n} damage." for n in range(3, 9)])),
    "village": (VILLAGE, single("dungeon")),
    "dialogue": (VILLAGE, dialogue),
    "refusal": (VILLAGE, refusal),
    "offer": (VILLAGE, offer),
    "trade": (VILLAGE, trade),
    "chronicle": (VILLAGE, chronicle),
    "people": (VILLAGE, people),
    "captain": (TOWER, captain),
    "victory": (TOWER, victory),
    "goal": (VILLAGE, goal),
    "hall": (TOWER, hall_of_heroes),
    "region": (CRYPT, single("region", new=True)),
    "creation": (CRYPT, single("creation")),
    "creation_physique": (CRYPT, explaining("stat:physique")),
    "creation_druidic": (CRYPT, explaining("prof:druidic")),
    "settings": (CRYPT, single("settings")),
    "title": (CRYPT, single("title")),
}


@contextmanager
def text_size(size: float) -> Iterator[None]:
    """Every screen at the text size `size` (fonts and kept labels made again), then back to 100 %."""
    theme.Look.text_size = size
    theme.forget_fonts()
    labels.text.cache_clear()
    widgets.forget_looks()
    theme.Look.version += 1
    try:
        yield
    finally:
        theme.Look.text_size = 1.0
        theme.forget_fonts()
        labels.text.cache_clear()
        widgets.forget_looks()
        theme.Look.version += 1


def render(stack: SceneStack, surface: pygame.Surface) -> list[widgets.TextBox]:
    """Draw the visible scenes; the text boxes of the top one (what lies under an overlay may be covered)."""
    visible = stack.visible()
    surface.fill((0, 0, 0))  # as a window's first frame: nothing left of the screen drawn before
    for scene in visible[:-1]:
        scene.draw(surface)
    with widgets.recording() as boxes:
        visible[-1].draw(surface)
    return list(boxes)


def main(out: Path) -> None:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode(theme.LOGICAL_SIZE)
    out.mkdir(parents=True, exist_ok=True)
    for size in TEXT_SIZES:
        with text_size(size):
            for name, (map_path, make) in SCREENS.items():
                session = Session(map_path, 7, save_path=out / "slot.sav")
                try:
                    stack = make(session)
                    surface = pygame.display.get_surface()
                    render(stack, surface)
                    pygame.image.save(surface, str(out / f"{name}-{round(size * 100)}.png"))
                finally:
                    session.close(autosave=False)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
