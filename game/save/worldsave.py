"""Saving and loading a world of sites (docs/saves.md, "A world of sites"): `save_realm(realm, path)`,
`load_realm(path) -> Realm`, and `summary(path)` for the load screen, without building anything.

One file holds the whole realm: the region map's name and hash, the realm's clock, RNG and heroes, and the
body of every site that has a world (every settlement, and a dungeon while a hero is inside it), each the
same body a one-map run saves (game/save/snapshot.py), checked by the same checks. A hero outside every
site's world is saved as a small body of its own on the home settlement's map (itself and its pack, and the
companions travelling with it, N4), so their components, gear and links are checked like any creature's; so is
each world NPC on the road between two settlements (N3, `realm.road`; a save without it, from before
travellers, has nobody on the road). Everything is checked before the realm is handed out; a problem is one
line naming the file, and the file is never changed by loading.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from game.content.content import Content, load_content
from game.content.errors import ContentError
from game.maps import store
from game.maps.errors import MapError
from game.maps.tiled import check_ranges
from game.paths import REGION_MAP, ROOT
from game.save import checks, fileformat, messages
from game.save import (build_site, check_site, collector_held, load_site, map_record, map_reference, site_body,
                       unfit, write_body)
from game.save.errors import SaveError
from game.save.snapshot import Checked
from game.world import saved
from game.world.components import FOLLOWING, UID, Body, Errand
from game.world.heroes import HeroProfile
from game.world.realm import Realm, SiteWorld
from game.world.roads import Wayfarer
from game.world.saved import BOOL, COUNT, INT, NUMBERS, Kind, Unfit, list_of, record, text
from game.world.verbs import company
from game.world.verbs.combat import die
from game.world.verbs.journey import Traveller, bring_in, take_out
from game.world.world import World

RECORD_BODY = Kind("a map: the world holding one traveller", lambda v, w: isinstance(v, dict))
MAP_OR_NOTHING = Kind("a map or nothing", lambda v, w: v is None or isinstance(v, dict))
RECORDS = checks.RECORDS
HEROES = list_of("a list of [uid, name, place] of each hero",
                 lambda v, w: isinstance(v, list) and len(v) == 3 and UID.fits(v[0], w) and text(200).fits(v[1], w)
                 and text(200).fits(v[2], w))
SUMMARY = {"hero": text(80), "place": text(200), "turn": COUNT, "heroes": HEROES}
BODY = {
    "region": record({"path": text(4096), "sha256": checks.SHA256}),
    "realm": Kind("a map of the world's clock, RNG and heroes", lambda v, w: isinstance(v, dict)),
    "sites": RECORDS, "summary": record(SUMMARY),
}
REALM = {"seed": checks.SEED, "clock": COUNT, "rng": checks.RNG, "playing": UID, "heroes": RECORDS}
HERO = {"uid": UID, "name": text(80), "place": COUNT, "inside": BOOL, "known": NUMBERS, "body": MAP_OR_NOTHING}
ROAD = {"start": COUNT, "to": COUNT, "left": COUNT, "arrives": COUNT, "body": RECORD_BODY}
SITE = {"place": COUNT, "body": Kind("a map: the world of one site", lambda v, w: isinstance(v, dict))}


# -- saving -------------------------------------------------------------------------------------------
def save_realm(realm: Realm, path: Path) -> None:
    """Write the whole realm to `path` atomically (the save it replaces kept as `<name>.bak`)."""
    with collector_held():
        write_realm(realm, Path(path))


def write_realm(realm: Realm, path: Path) -> None:
    here = realm.here
    if here is not None and here.mid_turn:
        raise SaveError(f"cannot save to {path}: the world turn is still running")
    region = map_record(realm.region.path, path)
    sites = [{"place": pid, "body": site_record(site, path)} for pid, site in realm.sites.items() if site.peopled]
    heroes = [hero_record(realm, hero, path) for hero in realm.heroes.values()]
    road = [wayfarer_record(realm, wayfarer, path) for wayfarer in realm.road]
    hero = realm.hero
    body = {
        "region": region,
        "realm": {"seed": realm.seed, "clock": realm.clock, "rng": realm.rng.getstate(), "playing": realm.playing,
                  "heroes": heroes, "road": road},
        "sites": sites,
        "summary": {"hero": hero.name, "place": realm.sites[hero.place].place.name, "turn": realm.now,
                    "heroes": [[h.uid, h.name, summary_place(realm, h)] for h in realm.heroes.values()]},
    }
    if realm.log:
        body["log"] = messages.record(realm.log)  # the message log's last lines (game/save/messages.py)
    write_body(path, body, read_back=False)


def site_record(site: SiteWorld, path: Path) -> dict[str, Any]:
    """A site's world as the save holds it; one still dormant (not needed since the save it came from was
    loaded) as it was read, naming its map as it is now."""
    if site.dormant is not None:
        return {**site.dormant.body, "map": map_record(site.map.path, path)}
    return site_body(site.world, path)


def summary_place(realm: Realm, hero: HeroProfile) -> str:
    """Where the load screen says a hero is; a fallen one is marked so (it can be played no more)."""
    return realm.sites[hero.place].place.name + (" (fallen)" if realm.fallen(hero.uid) else "")


def hero_record(realm: Realm, hero: HeroProfile, path: Path) -> dict[str, Any]:
    body = None
    if hero.traveller is not None:
        body, hero.traveller, hero.party = traveller_body(realm, hero.traveller, hero.party, path)
    return {"uid": hero.uid, "name": hero.name, "place": hero.place, "inside": hero.inside,
            "known": sorted(hero.known), "body": body}


def wayfarer_record(realm: Realm, wayfarer: Wayfarer, path: Path) -> dict[str, Any]:
    """A world NPC on the road (N3): its trip, and itself as the body of a world of the home map holding only it."""
    home = realm.sites[realm.home].map
    scratch = World(home, realm.content, 0)
    scratch.turn = wayfarer.left  # its body's turns (moods, needs) are those of the day it set out
    try:
        eid = bring_in(scratch, wayfarer.traveller, *home.entrance)
        body = site_body(scratch, path)
        wayfarer.traveller = take_out(scratch, eid)
    finally:
        scratch.close()
    return {"start": wayfarer.start, "to": wayfarer.to, "left": wayfarer.left, "arrives": wayfarer.arrives,
            "body": body}


def traveller_body(realm: Realm, traveller: Traveller, party: list[Traveller],
                   path: Path) -> tuple[dict[str, Any], Traveller, list[Traveller]]:
    """A hero outside every world as the body of a world of the home map holding only it, its pack and the
    companions travelling with it (in their order)."""
    home = realm.sites[realm.home].map
    scratch = World(home, realm.content, 0)
    try:
        scratch.hero = bring_in(scratch, traveller, *home.entrance)
        if scratch.get(scratch.hero, Body).health <= 0:  # a fallen hero (Realm.fallen): its
            die(scratch, scratch.hero, None)  # body is saved as the dead hero's is, standing nowhere
        mates = [bring_in(scratch, mate, *home.entrance) for mate in party]
        body = site_body(scratch, path)
        return body, take_out(scratch, scratch.hero), [take_out(scratch, eid) for eid in mates]
    finally:
        scratch.close()


# -- loading ------------------------------------------------------------------------------------------
def summary(path: Path) -> dict[str, Any]:
    """What the load screen shows of a world's save: its played hero, place and turn, and every hero with its place."""
    body = fileformat.read(Path(path))
    if "region" not in body:
        raise SaveError(f"{path}: is one map's run, not a world of sites")
    body.pop("log", None)  # the message log (game/save/messages.py): read when the world is
    try:
        checks.fields(body, BODY)
    except Unfit as exc:
        raise SaveError(f"{path}: damaged save ({exc})") from None
    return body["summary"]


def ready(region_path: Path = REGION_MAP) -> None:
    """Do ahead what a process's first load of a world does before it reads the save, so that loading one
    then costs about what a quickload does (the worlds screen calls it while the player reads it, docs/
    performance.md): the game's data, the compiled entity loaders, every creature kind's card, and the
    region's maps and data ids (read back from the map cache when it holds them). A problem is left for the
    load to name."""
    try:
        content = load_content()
        for parts, where in ((saved.CREATURE_PARTS, "creatures"), (saved.ITEM_PARTS, "items")):
            checks.entity_loader(parts, where)
        for kind in content.codex.creatures:
            content.codex.card(kind)
        region_maps(region_path, {"path": map_reference(region_path)})
    except (ContentError, SaveError, OSError):
        pass


def load_realm(path: Path, content: Content | None = None) -> Realm:
    """The world of sites saved at `path`, ready to play on; SaveError for a bad, foreign, newer or stale save."""
    with collector_held():
        return read_realm(Path(path), content)


def read_realm(path: Path, content: Content | None) -> Realm:
    body = fileformat.read(path)
    if "region" not in body:
        raise SaveError(f"{path}: is one map's run, not a world of sites (load it with --load)")
    try:
        log = messages.lines(body.pop("log", []))  # optional: saves before issue 28 have none
        checks.fields(body, BODY)
        state = body["realm"]
        checks.fields({key: value for key, value in state.items() if key != "road"}, REALM, "realm")
        road = state.get("road", [])
        RECORDS.load(road, "realm.road")
        for i, wayfarer in enumerate(road):
            checks.fields(wayfarer, ROAD, f"realm.road[{i}]")
        for i, hero in enumerate(body["realm"]["heroes"]):
            checks.fields(hero, HERO, f"realm.heroes[{i}]")
        for i, site in enumerate(body["sites"]):
            checks.fields(site, SITE, f"sites[{i}]")
        content = content or load_content()
        realm = Realm(*region_maps(path, body["region"]), content, body["realm"]["seed"], populate=False)
    except Unfit as exc:
        raise SaveError(f"{path}: damaged save ({exc})") from None
    except ContentError as exc:
        raise SaveError(f"{path}: the game's data cannot be loaded: {exc}") from None
    region_path = ROOT / body["region"]["path"]
    changed = f"its region map {region_path}" if store.map_digest(region_path) != body["region"]["sha256"] else ""
    realm.log = log
    try:
        rebuild(path, body, realm)
    except Unfit as exc:
        realm.close()
        raise SaveError(f"{path}: {unfit(changed)} ({exc})") from None
    except BaseException:
        realm.close()
        raise
    return realm


def region_maps(path: Path, ref: dict[str, str]) -> tuple[Any, dict[int, Any]]:
    region_path = ROOT / ref["path"]
    if not region_path.is_file():
        raise SaveError(f"{path}: its region map {region_path} is missing")
    try:
        region = store.region(region_path)
        data = store.data_ids()
        maps = {pid: store.dungeon(path, data) for pid, path in region.maps().items()}
        check_ranges(region, maps)
        return region, maps
    except MapError as exc:
        raise SaveError(f"{path}: its region cannot be loaded: {exc.problems[0]}") from None


def rebuild(path: Path, body: dict[str, Any], realm: Realm) -> None:
    """Every site's world, then the heroes, the clock and the RNG, each checked against the region."""
    state = body["realm"]
    inside = {h["place"]: h["uid"] for h in state["heroes"] if h["inside"] and h["body"] is None}
    for site in body["sites"]:
        pid = site["place"]
        if pid not in realm.sites:
            raise Unfit(f"site {pid} is no place of the region map")
        if realm.sites[pid].peopled:
            raise Unfit(f"site {pid} is saved twice")
        if not realm.sites[pid].is_settlement and pid not in inside:
            raise Unfit(f"the dungeon {pid} holds a run, but no hero is inside it")
        saved_site = SavedSite(path, realm, realm.sites[pid], check_site(path, site["body"], realm.content,
                                                                         realm.sites[pid].map))
        unknown = [name for made in saved_site.made.creatures if Errand in made for name in made[Errand].range
                   if name not in realm.by_name]
        if unknown:
            raise Unfit(f"someone in site {pid} travels to {unknown[0]!r}, no settlement of the region")
        if site["body"]["hero"] is not None and site["body"]["hero"] != inside.get(pid):
            raise Unfit(f"the hero in site {pid} is not the hero the realm says is inside it")
        if pid in inside:
            realm.sites[pid].world = saved_site.build()
        else:
            realm.sites[pid].dormant = saved_site
    missing = [pid for pid, site in realm.sites.items() if site.is_settlement and not site.peopled]
    if missing:
        raise Unfit(f"the settlement {missing[0]} is not saved")
    for saved_hero in state["heroes"]:
        realm.heroes[saved_hero["uid"]] = hero_of(path, realm, saved_hero)
    if len(realm.heroes) != len(state["heroes"]):
        raise Unfit("two heroes share a uid")
    if state["playing"] not in realm.heroes:
        raise Unfit(f"the hero played, {state['playing']}, is not among the heroes")
    if len(inside) != sum(h["inside"] and h["body"] is None for h in state["heroes"]) \
            or set(inside.values()) - {state["playing"]}:
        raise Unfit("only the hero played may be inside a site")
    realm.road = [wayfarer_of(path, realm, i, record) for i, record in enumerate(state.get("road", []))]
    realm.clock, realm.playing = state["clock"], state["playing"]
    realm.rng.setstate(checks.RNG.from_plain(state["rng"]))


def wayfarer_of(path: Path, realm: Realm, i: int, record: dict[str, Any]) -> Wayfarer:
    """A world NPC on the road (N3), between two settlements of the region, with a range, alone in its body."""
    start, to = record["start"], record["to"]
    for pid in (start, to):
        if pid not in realm.sites or not realm.sites[pid].is_settlement:
            raise Unfit(f"realm.road[{i}] goes between {start} and {to}, and {pid} is no settlement of the region")
    trip = realm.route(start, to)
    if trip is None or not record["left"] <= record["arrives"] <= record["left"] + trip.turns:
        raise Unfit(f"realm.road[{i}] set out from {start} at turn {record['left']} and arrives at {to} at turn "
                    f"{record['arrives']}, not within the road's {trip.turns if trip else 'no'} turns")
    scratch = load_site(path, record["body"], realm.content, realm.sites[realm.home].map)
    try:
        people = scratch.creatures()
        if len(people) != 1 or scratch.hero or not scratch.has(people[0], Errand):
            raise Unfit(f"realm.road[{i}] holds {len(people)} creatures, not one world NPC with a range")
        errand = scratch.get(people[0], Errand)
        unknown = [name for name in errand.range if name not in realm.by_name]
        if unknown:
            raise Unfit(f"realm.road[{i}] travels to {unknown[0]!r}, no settlement of the region")
        return Wayfarer(take_out(scratch, people[0]), start, to, record["left"], record["arrives"])
    finally:
        scratch.close()


def hero_of(path: Path, realm: Realm, record: dict[str, Any]) -> HeroProfile:
    uid, place = record["uid"], record["place"]
    if place not in realm.sites:
        raise Unfit(f"the hero {uid} is at {place}, no place of the region map")
    sites, known = {s.id for s in realm.region.sites}, set(record["known"])
    if not known <= sites:
        raise Unfit(f"the hero {uid} knows of site {min(known - sites)}, which the region does not hold")
    hero = HeroProfile(uid, record["name"], place, record["inside"], known)
    if record["inside"] and record["body"] is None:
        world = realm.sites[place].world
        if world is None or not world.hero or world.uid(world.hero) != uid:
            raise Unfit(f"the hero {uid} is said to be inside {place}, but the site's world does not hold it")
        return hero
    # with its body: on the region map, or (`inside`) waiting to go back in when it is played again (Realm.play)
    if record["body"] is None:
        raise Unfit(f"the hero {uid} is on the region map without its body")
    home = realm.sites[realm.home].map
    scratch = load_site(path, record["body"], realm.content, home)
    try:
        if not scratch.hero or scratch.uid(scratch.hero) != uid:
            raise Unfit(f"the body of the hero {uid} holds someone else")
        mates = [eid for eid in scratch.creatures() if eid != scratch.hero]
        if len(mates) > realm.content.companions.party:
            raise Unfit(f"the hero {uid} travels with {len(mates)} companions, more than a party holds")
        if any(company.companion_of(scratch, eid) is None or company.companion_of(scratch, eid).hero != uid
               or company.companion_of(scratch, eid).order not in FOLLOWING for eid in mates):
            raise Unfit(f"the body of the hero {uid} holds someone who does not follow it")
        hero.party = [take_out(scratch, eid) for eid in mates]
        hero.traveller = take_out(scratch, scratch.hero)
    finally:
        scratch.close()
    return hero


class SavedSite:
    """A site's world read from a save and checked whole, built on first need (realm.Dormant): the realm's
    lore and roads are joined to it then."""

    def __init__(self, path: Path, realm: Realm, site: SiteWorld, made: Checked) -> None:
        self.path, self.realm, self.site, self.made = path, realm, site, made
        self.body = made.body

    def build(self) -> World:
        world = build_site(self.path, self.made)
        world.lore = self.realm.lore  # N60
        self.realm.connect(self.site, world)
        return world

    def close(self) -> None:
        self.made.close()
