"""Pipes generator benchmark: per maze algorithm, size and level, how many puzzles,
all unique by the clingo oracle?, their grades, seconds per puzzle and the
tile-type histogram (dead ends, straights, corners, T-junctions).

    python3 benchmarks/pipes_generate.py --size 20x20:10 --size 40x40:3 --levels 1

``--size WxH:N`` asks N puzzles of that size per algorithm and level. Each puzzle
is made by ``deduce.generate.generate`` (which already runs the complete search
on it), then the clingo oracle (``Kind.oracle``, limit 2) must find exactly one
solution, the one logic found, and the full solver (depth 3) grades it. A row
that yields no puzzle within ``--budget`` seconds says so and skips the rest of
that row. The last row is the histogram of the real Tatham Net puzzles in
``--reference`` (read in place) for comparison. ``--json`` adds one JSON line per
row. Exit 1 if the oracle disagrees or a grade differs from the level asked.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rich.console import Console  # noqa: E402
from rich.table import Table  # noqa: E402

from deduce.errors import BudgetExceeded, InputError  # noqa: E402
from deduce.generate import OutOfTime, generate  # noqa: E402
from deduce.kind import load_kind  # noqa: E402
from deduce.solver import Solver  # noqa: E402
from puzzles.pipes.generate import ALGORITHMS  # noqa: E402
from puzzles.pipes.model import D, L, R, U  # noqa: E402

TYPES = ("dead end", "straight", "corner", "T")
REFERENCE = ROOT.parent / "shared" / "data" / "pipes" / "sgt-net.jsonl"


def tile_type(tile: int) -> str | None:
    n = bin(tile).count("1")
    if n == 1:
        return "dead end"
    if n == 2:
        return "straight" if tile in (L | R, U | D) else "corner"
    if n == 3:
        return "T"
    return None  # an empty or four-way tile (not made by the generator)


def histogram(solutions) -> Counter:
    """Tile types over solution strings (one hex digit per tile)."""
    out: Counter = Counter()
    for sol in solutions:
        for ch in sol:
            out[tile_type(int(ch, 16)) or f"other ({ch})"] += 1
    return out


def shares(h: Counter) -> str:
    total = sum(h.values()) or 1
    cells = [f"{100 * h[t] / total:.1f}" for t in TYPES]
    other = sum(v for k, v in h.items() if k not in TYPES)
    return " / ".join(cells) + (f" (+{other} other)" if other else "")


def row(kind, algorithm: str, rows: int, cols: int, level: int, count: int, seed: int,
        budget: float, oracle_timeout: float) -> dict:
    out = {"algorithm": algorithm, "size": f"{cols}x{rows}", "level": level, "asked": count,
           "made": 0, "oracle_unique": 0, "oracle_unknown": 0, "grades": Counter(),
           "seconds": [], "oracle_seconds": [], "attempts": [], "tiles": Counter(), "note": ""}
    try:
        for g in generate(kind, rows, cols, level, count=count, seed=seed, budget=budget,
                          options={"algorithm": algorithm}):
            out["made"] += 1
            out["seconds"].append(g.seconds)
            out["attempts"].append(g.attempts)
            out["tiles"] += histogram([g.puzzle.solution])
            full = Solver(kind, g.puzzle, depth=3, budget=120).solve()
            out["grades"][full.grade.level if full.solved else 0] += 1
            start = time.perf_counter()
            try:
                sols = kind.oracle(g.puzzle, 2, oracle_timeout)
                if len(sols) == 1 and sols[0] == g.result.state:
                    out["oracle_unique"] += 1
                else:
                    out["note"] = f"ORACLE DISAGREES ({len(sols)} solution(s))"
            except BudgetExceeded:
                out["oracle_unknown"] += 1
            out["oracle_seconds"].append(time.perf_counter() - start)
    except OutOfTime as e:
        out["note"] = str(e)
    except InputError as e:
        out["note"] = f"not reachable: {e}"
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    ap.add_argument("--size", action="append",
                    help="WxH:N, N puzzles per algorithm (repeatable; default 20x20:10, 40x40:3)")
    ap.add_argument("--levels", default="1")
    ap.add_argument("--algorithms", default=",".join(ALGORITHMS))
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--budget", type=float, default=120.0, help="seconds per puzzle")
    ap.add_argument("--oracle-timeout", type=float, default=120.0)
    ap.add_argument("--reference", type=Path, default=REFERENCE,
                    help="real Net puzzles (JSONL with a solution field) for the last row")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    kind = load_kind("pipes")
    console = Console(width=220)
    table = Table(title="deduce generate pipes: maze algorithms")
    for col in ("algorithm", "size", "level", "made/asked", "unique by oracle",
                "grades (full solver)", "s/puzzle median", "s/puzzle max", "attempts",
                "dead end / straight / corner / T (%)", "note"):
        table.add_column(col)
    bad = False
    for spec in args.size or ["20x20:10", "40x40:3"]:
        size, _, n = spec.partition(":")
        cols, rows = (int(x) for x in size.lower().split("x"))
        for level in (int(x) for x in args.levels.split(",")):
            for algorithm in args.algorithms.split(","):
                start = time.perf_counter()
                r = row(kind, algorithm, rows, cols, level, int(n or 10), args.seed,
                        args.budget, args.oracle_timeout)
                wall = time.perf_counter() - start
                secs = r["seconds"]
                grades = ", ".join(f"L{k}: {v}" for k, v in sorted(r["grades"].items())) or "-"
                unique = f"{r['oracle_unique']}/{r['made']}" + (
                    f" ({r['oracle_unknown']} timed out)" if r["oracle_unknown"] else "")
                table.add_row(algorithm, size, str(level), f"{r['made']}/{r['asked']}", unique,
                              grades,
                              f"{statistics.median(secs):.2f}" if secs else "-",
                              f"{max(secs):.2f}" if secs else "-",
                              f"{sum(r['attempts'])}" if secs else "-",
                              shares(r["tiles"]) if secs else "-", r["note"])
                bad |= "DISAGREES" in r["note"] or any(k != level for k in r["grades"])
                if args.json:
                    print(json.dumps({**r, "grades": dict(r["grades"]), "tiles": dict(r["tiles"]),
                                      "wall": round(wall, 1),
                                      "seconds": [round(s, 2) for s in secs],
                                      "oracle_seconds": [round(s, 2)
                                                         for s in r["oracle_seconds"]]}),
                          flush=True)
    if args.reference.exists():
        recs = [json.loads(line) for line in args.reference.read_text().splitlines()
                if line.strip()]
        h = histogram(r["solution"] for r in recs)
        sizes = sorted({f"{r['cols']}x{r['rows']}" for r in recs},
                       key=lambda s: tuple(int(x) for x in s.split("x")))
        table.add_row(f"Tatham Net ({args.reference.name})", ", ".join(sizes), "-",
                      f"{len(recs)} real", "-", "-", "-", "-", "-", shares(h), "reference")
        if args.json:
            print(json.dumps({"reference": str(args.reference), "puzzles": len(recs),
                              "tiles": dict(h)}), flush=True)
    console.print(table)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
