"""Sound through pygame.mixer: a short effect for what the hero sees or hears (steps, blows, misses, dodges,
deaths, level-ups, pick-ups, doors, menu clicks) and a quiet ambient loop for the kind of place the hero
stands in (the room's theme). The sounds are WAVs made by tools/make_sound.py (docs/sound.md).

Never a crash: without an audio device, with SDL_AUDIODRIVER=dummy, or with a sound file missing, the
game is silent where it cannot play and the log says why once.
"""
from __future__ import annotations

import logging
from pathlib import Path

import pygame

from game.paths import ASSETS
from game.world.events import Event

log = logging.getLogger("ethernalis.sound")

SOUNDS = ASSETS / "sounds"
EFFECTS = {  # world event kind -> effect (assets/sounds/effects/<effect>.wav)
    "enter": "step", "hit": "hit", "heads_lost": "hit", "miss": "miss", "dodge": "dodge",
    "killed": "death", "death": "death", "level_up": "level_up", "pickup": "pickup",
    "door_locked": "door", "door_forced": "door", "door_unlocked": "door",
}
PLACES = ("stone", "cave", "crypt", "keep", "wood", "grass")  # room themes: assets/sounds/ambient/<theme>.wav
FADE_MS = 1200  # the ambient loop fades between places


class Player:
    """The game's one sound player (`player`); volumes are percentages, effects and music each times master."""

    def __init__(self) -> None:
        self.effects: dict[str, pygame.mixer.Sound] = {}
        self.ready = False
        self.master, self.effect_level, self.music_level = 0.8, 0.8, 0.5
        self.place: str | None = None

    def start(self, folder: Path = SOUNDS) -> str:
        """Open the audio device and load the effects; returns the line for the log (why it is silent, if)."""
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
        except pygame.error as exc:
            self.ready = False
            log.info("no sound: %s", exc)
            return f"no sound: {exc}"
        self.ready = True
        missing = []
        for name in sorted(set(EFFECTS.values()) | {"click", "warning"}):  # warning: game/ui/danger.py
            try:
                self.effects[name] = pygame.mixer.Sound(str(folder / "effects" / f"{name}.wav"))
            except (pygame.error, OSError):
                missing.append(name)
        self._levels()
        words = f"sound on ({pygame.mixer.get_init()})" + (f"; missing effects: {', '.join(missing)}" if missing else "")
        log.info("%s", words)
        return words

    def volumes(self, master: int, effects: int, music: int) -> None:
        self.master, self.effect_level, self.music_level = master / 100, effects / 100, music / 100
        self._levels()

    def _levels(self) -> None:
        if not self.ready:
            return
        for sound in self.effects.values():
            sound.set_volume(self.master * self.effect_level)
        pygame.mixer.music.set_volume(self.master * self.music_level)

    def play(self, name: str) -> None:
        """Play one effect by name ("click", "step", …); nothing when silent."""
        sound = self.effects.get(name) if self.ready else None
        if sound is not None:
            sound.play()

    def event(self, event: Event) -> None:
        """The effect of a world event the hero witnessed, if it has one."""
        name = EFFECTS.get(event.kind)
        if name is not None:
            self.play(name)

    def ambient(self, place: str | None, folder: Path = SOUNDS) -> None:
        """Loop the ambient sound of `place` (a room theme; None for silence), fading from the last one."""
        if place == self.place or not self.ready:
            return
        self.place = place
        try:
            pygame.mixer.music.fadeout(FADE_MS // 2)
            if place in PLACES:
                pygame.mixer.music.load(str(folder / "ambient" / f"{place}.wav"))
                pygame.mixer.music.play(-1, fade_ms=FADE_MS)
        except (pygame.error, OSError) as exc:
            log.warning("ambient sound of %s not played: %s", place, exc)

    def stop(self) -> None:
        """Close the audio device (the app's end)."""
        if self.ready:
            pygame.mixer.quit()
        self.ready, self.place = False, None
        self.effects.clear()


player = Player()
