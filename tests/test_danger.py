"""A site's stated danger (issue 24, docs/rules.md "A site's danger"): the mean Division (C5) of the dungeon
creatures its map places and its spawners bring, rounded up, pinned on every shipped site; shown on the
region map and in its journey panel before the hero commits."""
from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.launch import load_region_maps
from game.paths import DEFAULT_MAP, REGION_MAP
from game.ui import theme
from game.ui.app import scene_stack
from game.ui.region import RegionScene
from game.ui.session import Session
from game.world.danger import Danger, site_danger

SHOTS = os.environ.get("HALL_SHOTS")  # a folder to keep the region screens in, to look at them


@pytest.fixture(scope="module")
def maps():
    region, maps = load_region_maps(REGION_MAP)
    return {(region.places[pid].name if pid in region.places else next(s.name for s in region.sites if s.id == pid)):
            m for pid, m in maps.items()}


def test_every_shipped_site_has_its_danger_tier(maps, content):
    tiers = {name: site_danger(m, content.codex).tier for name, m in maps.items()}
    assert tiers == {"Ashby Vale": 1, "Varr's Watch": 3, "The Ruined Keep": 3, "The Sunken Crypt": 4,
                     "The Deepmoss Caves": 4, "The Sunken Reliquary": 4, "Barrow of the Horn King": 6,
                     "Shrine of the Last Flame": 4, "Drake's Roost": 8, "Wyrm Hollow": 8, "The Howling Thicket": 5}


def test_the_tier_is_the_mean_division_of_placed_and_spawned_dungeon_creatures_rounded_up(maps, content):
    thicket = site_danger(maps["The Howling Thicket"], content.codex)
    # two wolves (Tier 2 Adept: Division 3) and a werewolf (Tier 4 Champion: Division 7): 13 / 3 = 4.33 -> 5
    assert thicket == Danger(5, 4.33, "Werewolf", 7, 3)
    keep = site_danger(maps["The Ruined Keep"], content.codex)
    # 30 placed and one of each of its two spawners (goblin cutters, rat swarm: Division 1): 78 / 32 = 2.44 -> 3
    assert (keep.count, keep.mean, keep.tier, keep.strongest, keep.division) == (32, 2.44, 3, "Warlord", 9)
    village = site_danger(maps["Ashby Vale"], content.codex)
    assert village.count == 1  # its people and their spawners (kind "world") and its merchants are not counted
    roost = site_danger(maps["Drake's Roost"], content.codex)
    assert (roost.mean, roost.tier) == (8.0, 8)  # a whole mean stays as it is


def test_a_map_with_no_dungeon_creature_is_tier_0(maps, content):
    quiet = replace(maps["Ashby Vale"], placements=(), spawners=())
    assert site_danger(quiet, content.codex) == Danger(0, 0.0, "", 0, 0)
    assert site_danger(quiet, content.codex).line() == "Danger: none (no dungeon creatures live here)"


@pytest.mark.usefixtures("display")
def test_the_region_map_and_its_journey_panel_show_the_danger(content):
    session = Session(DEFAULT_MAP, 3)
    stack = scene_stack(session)
    try:
        region = stack.reset("region", new=True)
        assert isinstance(region, RegionScene)
        region.chosen = next(pid for pid, site in session.realm.sites.items() if site.place.name == "The Sunken Crypt")
        surface = pygame.display.get_surface()
        for size in (0.85, 1.0, 1.15, 1.3):
            theme.Look.text_size = size
            region.draw(surface)
            if SHOTS:
                pygame.image.save(surface, str(Path(SHOTS) / f"region-{size}.png"))
        theme.Look.text_size = 1.0
        assert region.dangers[region.chosen].line() == "Danger 4 (the strongest here: Lich, Division 9)"
    finally:
        theme.Look.text_size = 1.0
        session.close()
