"""Instructions of the dungeon screen's frame with turns back to back, counted by valgrind (docs/performance.md).

    python tools/frame_instructions.py [--maps default village caves] [--frames 40] [--warm 30] [--json]

Wall-clock frame times on a loaded machine say little; instruction counts do not move with the load. Each map
runs in a process of its own under callgrind: the dungeon scene of a new run (seed 5, the `--frames` bench's
dummy window), Space pressed whenever the world is idle and the world turn run whole between frames, uncounted
(the world benchmark's subject); then, counted, the frame's screen work as the app loop does it (`update`,
every visible scene's `draw`, the flip), and in a second process the bench's bare frame (the pre-rendered map
blitted once where the scene shows it, and flipped) after the same frames. Counting is on only inside
`itertools.starmap`, which the game never calls (callgrind's `--toggle-collect`). Needs valgrind; a map takes
a few minutes.
"""
from __future__ import annotations

import argparse
import itertools
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

MAPS = ("default", "village", "caves")
HEADLESS = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}


def frames_here(map_name: str, warm: int, frames: int, bare: bool) -> None:
    """Runs inside valgrind: `warm` frames uncounted, then `frames` counted (the screen's work, or bare frames)."""
    import pygame

    from game.paths import MAPS as MAP_DIR
    from game.ui.app import scene_stack
    from game.ui.display import open_window
    from game.ui.dungeon import MAP_VIEW
    from game.ui.session import Session

    pygame.display.init()
    pygame.font.init()
    surface = open_window(fullscreen=False, scale=1.0)
    session = Session(MAP_DIR / f"{map_name}.tmx", 5, save_path=Path(tempfile.mkdtemp()) / "slot.sav")
    stack = scene_stack(session)
    dungeon = stack.reset("dungeon")
    advance = dungeon.driver.advance
    dungeon.driver.advance = lambda budget: False  # the turn runs whole between frames, uncounted
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=MAP_VIEW.center, rel=(0, 0), buttons=(0, 0, 0)))

    def screen() -> None:
        dungeon.update(1 / 60)
        for scene in stack.visible():
            scene.draw(surface)
        pygame.display.flip()

    def bare_frame() -> None:
        ox, oy = dungeon.camera.to_view(0, 0)
        surface.set_clip(MAP_VIEW)
        surface.blit(dungeon.view.layer.surface, (MAP_VIEW.x + ox, MAP_VIEW.y + oy))
        surface.set_clip(None)
        pygame.display.flip()

    for n in range(warm + frames):
        if stack.top is not dungeon:
            raise SystemExit(f"frame_instructions: the hero of {map_name} fell before frame {n}: fewer --frames")
        if not dungeon.driver.busy:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
        for event in pygame.event.get():
            dungeon.handle(event)
        while dungeon.driver.busy:
            advance(10.0)
        if n < warm:
            screen()
        elif bare:
            screen()
            list(itertools.starmap(bare_frame, [()]))
        else:
            list(itertools.starmap(screen, [()]))
    session.close(autosave=False)


def counted(map_name: str, warm: int, frames: int, bare: bool) -> int:
    """Instructions counted by callgrind in a process of its own running `frames_here`."""
    command = ["valgrind", "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=starmap_next",
               "--callgrind-out-file=/dev/null", sys.executable, __file__, "--one-map", map_name, "--warm", str(warm),
               "--frames", str(frames)] + (["--bare"] if bare else [])
    run = subprocess.run(command, capture_output=True, text=True, env={**os.environ, **HEADLESS}, check=False)
    found = re.search(r"Collected : (\d+)", run.stderr)
    if run.returncode or not found:
        lines = (run.stdout + run.stderr).strip().splitlines() or ["no output"]
        raise SystemExit(lines[-1] if lines[-1].startswith("frame_instructions: ") else
                         f"frame_instructions: {map_name} failed:\n{run.stderr.strip()[-2000:]}")
    return int(found.group(1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--maps", nargs="+", default=list(MAPS))
    parser.add_argument("--frames", type=int, default=40)
    parser.add_argument("--warm", type=int, default=30)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--one-map", help=argparse.SUPPRESS)  # internal: inside valgrind
    parser.add_argument("--bare", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.one_map:
        frames_here(args.one_map, args.warm, args.frames, args.bare)
        return 0
    if shutil.which("valgrind") is None:
        raise SystemExit("frame_instructions: valgrind is not installed")
    for name in args.maps:
        frame = counted(name, args.warm, args.frames, False) / args.frames
        bare = counted(name, args.warm, args.frames, True) / args.frames
        row = {"map": name, "frame": round(frame), "bare": round(bare), "ratio": round(frame / bare, 2)}
        print(json.dumps(row) if args.json else
              f"{name:>8}  frame {frame / 1e6:6.2f} M instructions  bare {bare / 1e6:5.2f} M  ({frame / bare:.2f}x bare)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
