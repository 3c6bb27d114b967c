"""Render every sound of the game from the definitions in tools/sound/sounds.toml into WAVs under assets/sounds/.

    python tools/make_sound.py              write assets/sounds/effects/*.wav and assets/sounds/ambient/*.wav
    python tools/make_sound.py --out DIR    write them under DIR instead

Sounds are synthesised (tones, noise, envelopes, a low-pass filter, tremolo; docs/sound.md), 16-bit mono.
Output is deterministic: the same definitions give the same bytes.
"""
from __future__ import annotations

import argparse
import math
import random
import sys
import tomllib
import wave
import zlib
from array import array
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.paths import ASSETS  # noqa: E402

DEFINITIONS = Path(__file__).resolve().parent / "sound" / "sounds.toml"
WAVES = ("sine", "triangle", "square", "saw", "noise")
LAYER_FIELDS = {"wave", "freq", "seconds", "at", "attack", "decay", "volume", "lowpass", "tremolo"}


class SoundError(Exception):
    """A definition that cannot be rendered; the message names the sound and the field."""


def oscillator(wave_: str, phase: float, rng: random.Random) -> float:
    """One sample of a wave at `phase` (in cycles)."""
    p = phase % 1.0
    if wave_ == "sine":
        return math.sin(2 * math.pi * p)
    if wave_ == "triangle":
        return 4 * abs(p - 0.5) - 1
    if wave_ == "square":
        return 1.0 if p < 0.5 else -1.0
    if wave_ == "saw":
        return 2 * p - 1
    return rng.uniform(-1, 1)


def whole_cycles(rate_hz: float, loop: float | None) -> float:
    """A frequency rounded to whole cycles of the loop, so a loop repeats without a click."""
    return max(1, round(rate_hz * loop)) / loop if loop else rate_hz


def render_layer(layer: dict, length: float, rate: int, rng: random.Random, loop: float | None) -> list[float]:
    """One layer's samples at one start, `length` seconds long. A loop's layer (`loop`: the loop's length)
    starts as if it had been playing for a loop already: no attack, its filter settled."""
    wave_ = layer["wave"]
    freq = layer.get("freq", 0)
    f0, f1 = (freq, freq) if isinstance(freq, (int, float)) else freq
    if f0 == f1:
        f0 = f1 = whole_cycles(f0, loop)
    attack, decay = layer.get("attack", 0.005), layer.get("decay", length / 3)
    volume = layer.get("volume", 1.0)
    trem_rate, trem_depth = layer.get("tremolo", (0, 0))
    trem_rate = whole_cycles(trem_rate, loop) if trem_rate else 0
    k = 1 - math.exp(-2 * math.pi * layer["lowpass"] / rate) if "lowpass" in layer else 1.0
    n, warm = int(length * rate), int(loop * rate) if loop else 0
    out, phase, smooth = [0.0] * n, 0.0, 0.0
    for i in range(-warm, n):
        t = i / rate
        phase += (f0 + (f1 - f0) * max(0, i) / n) / rate
        sample = oscillator(wave_, phase, rng)
        smooth += k * (sample - smooth)
        if i < 0:
            continue
        env = min(1.0, t / attack) if attack > 0 and not loop else 1.0
        if decay > 0:
            env *= math.exp(-max(0.0, t - attack) / decay)
        if trem_rate:
            env *= 1 - trem_depth * (0.5 + 0.5 * math.sin(2 * math.pi * trem_rate * t))
        out[i] = volume * env * smooth
    return out


def render(name: str, sound: dict, rate: int, loop: bool) -> list[float]:
    """A sound's samples, scaled to its peak; a loop's noise cross-faded so its end runs into its start."""
    seconds, fade = sound["seconds"], sound.get("fade", 0.0) if loop else 0.0
    total = int(seconds * rate)
    mix = [0.0] * (total + int(fade * rate))
    rng = random.Random(zlib.crc32(name.encode()))  # the same noise on every run
    for number, layer in enumerate(sound["layers"]):
        check_layer(name, number, layer)
        for start in layer.get("at", [0.0]):
            length = min(layer.get("seconds", seconds + fade), seconds + fade - start)
            samples = render_layer(layer, length, rate, rng, seconds if loop and "seconds" not in layer else None)
            offset = int(start * rate)
            for i, s in enumerate(samples):
                mix[offset + i] += s
    if fade:
        n = int(fade * rate)
        for i in range(n):  # the tail, fading out, laid over the start, fading in
            w = i / n
            mix[i] = mix[i] * w + mix[total + i] * (1 - w)
    mix = mix[:total]
    loudest = max((abs(s) for s in mix), default=0.0) or 1.0
    return [s * sound["peak"] / loudest for s in mix]


def check_layer(name: str, number: int, layer: dict) -> None:
    where = f"{name}: layer {number + 1}"
    unknown = set(layer) - LAYER_FIELDS
    if unknown:
        raise SoundError(f"{where}: unknown field {sorted(unknown)[0]!r} (known: {', '.join(sorted(LAYER_FIELDS))})")
    if layer.get("wave") not in WAVES:
        raise SoundError(f"{where}: wave must be one of {', '.join(WAVES)}, not {layer.get('wave')!r}")
    if layer["wave"] != "noise" and "freq" not in layer:
        raise SoundError(f"{where}: a {layer['wave']} needs a freq")


def write_wav(samples: list[float], rate: int, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    pcm = array("h", (max(-32767, min(32767, round(s * 32767))) for s in samples))
    if sys.byteorder == "big":
        pcm.byteswap()
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(pcm.tobytes())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ASSETS / "sounds", help="sounds folder (default: the repo's)")
    parser.add_argument("--definitions", type=Path, default=DEFINITIONS, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    try:
        table = tomllib.loads(args.definitions.read_text(encoding="utf-8"))
        rate = table["rate"]
        written = 0
        for group, loop in (("effects", False), ("ambient", True)):
            for name, sound in table.get(group, {}).items():
                write_wav(render(name, sound, rate, loop), rate, args.out / group / f"{name}.wav")
                written += 1
    except (OSError, tomllib.TOMLDecodeError, KeyError, SoundError) as exc:
        print(f"make_sound: {args.definitions}: {exc}", file=sys.stderr)
        return 1
    print(f"wrote {written} sounds under {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
