"""Two codes' batch sweeps side by side: what a speed change did, puzzle by puzzle.

    python benchmarks/compare_sweeps.py --old A1.jsonl A2.jsonl --new B1.jsonl B2.jsonl

Each file is the ``--out`` of one ``deduce batch`` run over the same
collection. Wall time on a shared machine drifts by 10 % and more between
runs, so run each code more than once, interleaved (old, new, new, old):
each puzzle's time is then the fastest of its runs. Prints, for the old and
the new code: median, p90, p99 and max seconds, how many puzzles took over
``--slow`` seconds, and the total of the puzzles every run solved; then the
median of new over old in bands of the old time, the slowest puzzles old
and new, and every puzzle whose verdict, level, depth or step count differs
between any two runs (a budget that cuts a puzzle off may let a faster code
take more steps). Exit 1 when a verdict, level or depth differs.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from rich.console import Console  # noqa: E402
from rich.table import Table  # noqa: E402

from deduce.batch import percentile  # noqa: E402

BANDS = (0.02, 0.1, 0.5, 1.0, 4.0)  # band edges of the old time, seconds
OUTCOME = ("verdict", "level", "max_depth")  # what a speed change must leave alone


def load(path: str) -> dict[str, dict]:
    with open(path, encoding="utf-8") as f:
        return {r["id"]: r for r in map(json.loads, filter(str.strip, f))}


def fastest(runs: list[dict[str, dict]], ids: list[str]) -> dict[str, float]:
    return {i: min(run[i]["seconds"] for run in runs) for i in ids}


def figures(seconds: dict[str, float], solved: set[str], slow: float) -> dict:
    values = sorted(seconds.values())
    return {"median": percentile(values, 50), "p90": percentile(values, 90),
            "p99": percentile(values, 99), "max": values[-1],
            "over": sum(v > slow for v in values),
            "solved total": sum(seconds[i] for i in solved)}


def bands(old: dict[str, float], new: dict[str, float]) -> list[tuple[str, int, float]]:
    """(band of the old time, puzzles in it, median of new / old)."""
    edges = (0.0,) + BANDS + (float("inf"),)
    out = []
    for lo, hi in zip(edges, edges[1:]):
        ratios = [new[i] / old[i] for i in old if lo <= old[i] < hi and old[i] > 0]
        if ratios:
            name = f"≥ {lo:g} s" if hi == float("inf") else f"{lo:g}–{hi:g} s"
            out.append((name, len(ratios), statistics.median(ratios)))
    return out


def differences(runs: list[dict[str, dict]], ids: list[str]) -> list[tuple[str, list, bool]]:
    """Puzzles whose outcome or step count differs between runs: (id, what
    each run gave, whether the outcome itself differs)."""
    out = []
    for i in ids:
        seen = [tuple(run[i].get(k) for k in OUTCOME + ("steps",)) for run in runs]
        if len(set(seen)) > 1:
            out.append((i, seen, len({s[:-1] for s in seen}) > 1))
    return out


def compare(old_runs: list[dict[str, dict]], new_runs: list[dict[str, dict]],
            slow: float = 1.0) -> dict:
    runs = old_runs + new_runs
    ids = sorted(set.intersection(*(set(run) for run in runs)))
    if not ids:
        raise ValueError("the runs have no puzzle in common")
    old, new = fastest(old_runs, ids), fastest(new_runs, ids)
    solved = {i for i in ids if all(run[i].get("verdict") == "solved" for run in runs)}
    return {"puzzles": len(ids), "old": figures(old, solved, slow),
            "new": figures(new, solved, slow), "bands": bands(old, new),
            "slowest": sorted(ids, key=lambda i: -old[i]), "old_seconds": old,
            "new_seconds": new, "differences": differences(runs, ids)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--old", nargs="+", required=True, help="the old code's batch outputs")
    ap.add_argument("--new", nargs="+", required=True, help="the new code's batch outputs")
    ap.add_argument("--slow", type=float, default=1.0, help="count the puzzles over this")
    ap.add_argument("--top", type=int, default=20, help="the slowest puzzles to list")
    args = ap.parse_args(argv)
    try:
        result = compare([load(p) for p in args.old], [load(p) for p in args.new], args.slow)
    except (OSError, ValueError, KeyError) as e:  # (json.JSONDecodeError is a ValueError)
        print(f"compare_sweeps: error: {e}", file=sys.stderr)
        return 2
    console = Console()
    table = Table(title=f"{result['puzzles']} puzzles, the fastest of each code's runs")
    table.add_column("")
    for name in ("old", "new"):
        table.add_column(name, justify="right")
    o, n = result["old"], result["new"]
    for key in ("median", "p90", "p99", "max", "solved total"):
        table.add_row(f"{key} (s)", f"{o[key]:.3f}", f"{n[key]:.3f}")
    table.add_row(f"over {args.slow:g} s", str(o["over"]), str(n["over"]))
    console.print(table)
    ratios = Table(title="new / old, by the old time")
    for col in ("band", "puzzles", "median new / old"):
        ratios.add_column(col, justify="right")
    for name, count, ratio in result["bands"]:
        ratios.add_row(name, str(count), f"{ratio:.3f}")
    console.print(ratios)
    old_s, new_s = result["old_seconds"], result["new_seconds"]
    console.print("slowest (old → new): " + ", ".join(
        f"{i} {old_s[i]:.2f} → {new_s[i]:.2f}" for i in result["slowest"][:args.top]))
    changed = False
    for i, seen, outcome in result["differences"]:
        changed |= outcome
        console.print(f"{'outcome' if outcome else 'steps'} differ: {i} "
                      + "; ".join("/".join(map(str, s)) for s in seen), markup=False)
    if not result["differences"]:
        console.print("every verdict, level, depth and step count is the same in every run")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
