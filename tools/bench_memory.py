"""Memory of a long headless world run (issue 26): `main.py --headless --world TURNS` in a process of its own,
its resident set (RSS, from /proc) sampled as it runs.

    python tools/bench_memory.py [--turns 100000] [--seed 7] [--interval 0.5] [--json]

Reported: the RSS once the world is loaded and turning (the first sample after `--warmup` seconds), the
peak, the RSS at the end, and the growth (peak less start), which issue 26 holds under 60 MB for 100,000
turns. Linux only (it reads /proc/PID/status). Results go in docs/performance.md.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIMIT_MB = 60


def rss_mb(pid: int) -> float | None:
    """The process's resident set in MB, or None once it has ended."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    kb = next((int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:")), None)
    return None if kb is None else kb / 1024


def measure(turns: int, seed: int, interval: float, warmup: float) -> dict[str, object]:
    began = time.monotonic()
    run = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--headless", "--world", str(turns),
                            "--seed", str(seed)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    samples: list[tuple[float, float]] = []
    while run.poll() is None:
        mb = rss_mb(run.pid)
        if mb is not None:
            samples.append((time.monotonic() - began, mb))
        time.sleep(interval)
    out, err = run.communicate()
    if run.returncode != 0:
        raise SystemExit(f"bench_memory: the run failed ({run.returncode}): {err.strip()}")
    turning = [mb for at, mb in samples if at >= warmup] or [samples[-1][1]]
    start, peak = turning[0], max(turning)
    return {"turns": turns, "seed": seed, "seconds": round(time.monotonic() - began, 1), "samples": len(samples),
            "start_mb": round(start, 1), "peak_mb": round(peak, 1), "end_mb": round(turning[-1], 1),
            "growth_mb": round(peak - start, 1), "within_limit": peak - start <= LIMIT_MB, "output": out.strip()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--interval", type=float, default=0.5, help="seconds between samples")
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds before the start's sample")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = measure(args.turns, args.seed, args.interval, args.warmup)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['turns']} turns in {result['seconds']} s: RSS {result['start_mb']} MB at the start, "
              f"{result['peak_mb']} MB at the peak, {result['end_mb']} MB at the end; growth "
              f"{result['growth_mb']} MB (limit {LIMIT_MB}: {'within' if result['within_limit'] else 'OVER'})")
        print(f"  the run: {result['output']}")
    return 0 if result["within_limit"] else 1


if __name__ == "__main__":
    sys.exit(main())
