"""Art (issue 2): every creature, item and the tileset has its generated PNG of the right size."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.content.content import load_content
from game.paths import ASSETS
from game.rules.definitions import footprint
from tools.art.sprites import ArtError, read_sprites

CONTENT = load_content()


def size_of(path: Path) -> tuple[int, int]:
    return pygame.image.load(str(path)).get_size()


def test_tileset_holds_the_40_shared_tiles():
    assert size_of(ASSETS / "tiles" / "dungeon.png") == (8 * 32, 5 * 32)


@pytest.mark.parametrize("codex_id", sorted(CONTENT.codex.creatures))
def test_every_creature_has_a_sprite_of_its_footprint(codex_id):
    w, h = footprint(CONTENT.codex.creatures[codex_id].size)
    assert size_of(ASSETS / "sprites" / "creatures" / f"{codex_id}.png") == (32 * w, 32 * h)


@pytest.mark.parametrize("item_id", sorted(CONTENT.items))
def test_every_item_has_a_sprite(item_id):
    assert size_of(ASSETS / "sprites" / "items" / f"{item_id}.png") == (32, 32)


def test_sprites_are_not_blank():
    image = pygame.image.load(str(ASSETS / "sprites" / "creatures" / "wolf.png"))
    colours = {tuple(image.get_at((x, y))) for x in range(32) for y in range(32)}
    assert len(colours) >= 4  # clear, outline and at least two colours of fur


@pytest.mark.parametrize("text, message", [
    ("== a\n....\n...\n", "a: row 1 is 3 pixels wide, row 0 is 4"),
    ("== a\n" + ".Z" + "." * 14 + "\n" + ("." * 16 + "\n") * 15, "a: colour 'Z' is not in the palette"),
    ("== a\n" + "n" + "." * 15 + "\n" + ("." * 16 + "\n") * 15, "a: pixels on the border"),
    ("== a\n" + ("." * 10 + "\n") * 10, "a: 10x10 is not a whole number of 16-pixel squares"),
    ("== a group part_x 1,1\n", "a: unknown part 'part_x'"),
])
def test_art_mistakes_name_the_file_and_sprite(tmp_path, text, message):
    path = tmp_path / "bad.txt"
    path.write_text(text)
    with pytest.raises(ArtError) as err:
        read_sprites(path)
    assert str(err.value).startswith(f"{path}: ") and message in str(err.value)


def test_committed_art_matches_its_definitions(tmp_path):
    """The PNGs under assets/ are what tools/make_art.py draws now (nobody edited a PNG by hand)."""
    from tools.make_art import main

    assert main(["--out", str(tmp_path)]) == 0
    made = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*.png"))
    assert made
    for rel in made:
        assert (ASSETS / rel).read_bytes() == (tmp_path / rel).read_bytes(), f"{rel} is out of date: run make art"
