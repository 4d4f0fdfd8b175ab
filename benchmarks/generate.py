"""Generator benchmark: per kind, size and level, how many puzzles, all unique by the
ASP oracle?, the grade the full solver gives them, and the time per puzzle.

    python3 benchmarks/generate.py --kind nurikabe --size 10x10 --levels 1,2,3,4 --count 5
    python3 benchmarks/generate.py --kind nurimeizu --size 10x10 --levels 1,2,4,5 --count 5

A level that yields no puzzle within ``--budget`` seconds is reported as such
(the remaining puzzles of that row are skipped). Prints a table; ``--json``
adds one JSON line per row.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rich.console import Console  # noqa: E402
from rich.table import Table  # noqa: E402

from deduce.errors import BudgetExceeded, InputError  # noqa: E402
from deduce.generate import OutOfTime, generate  # noqa: E402
from deduce.kind import load_kind  # noqa: E402
from deduce.solver import Solver  # noqa: E402


def row(kind, rows: int, cols: int, level: int, count: int, seed: int, budget: float,
        oracle_timeout: float) -> dict:
    out = {"kind": kind.name, "size": f"{cols}x{rows}", "level": level, "made": 0,
           "oracle_unique": 0, "oracle_unknown": 0, "grades": Counter(), "seconds": [],
           "note": ""}
    try:
        for g in generate(kind, rows, cols, level, count=count, seed=seed, budget=budget):
            out["made"] += 1
            out["seconds"].append(g.seconds)
            full = Solver(kind, g.puzzle, depth=3, budget=120).solve()
            out["grades"][full.grade.level if full.solved else 0] += 1
            try:
                sols = kind.oracle(g.puzzle, 2, oracle_timeout)
                if len(sols) == 1 and sols[0] == g.result.state:
                    out["oracle_unique"] += 1
                else:
                    out["note"] = f"ORACLE DISAGREES on {g.puzzle.id or 'a puzzle'}"
            except BudgetExceeded:
                out["oracle_unknown"] += 1
    except OutOfTime as e:
        out["note"] = str(e)
    except InputError:
        out["note"] = "not reachable"
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    ap.add_argument("--kind", default="nurikabe")
    ap.add_argument("--size", action="append", help="WxH (repeatable; default 10x10)")
    ap.add_argument("--levels", default="1,2,3,4")
    ap.add_argument("--count", type=int, default=5)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--budget", type=float, default=120.0, help="seconds per puzzle")
    ap.add_argument("--oracle-timeout", type=float, default=60.0)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    kind = load_kind(args.kind)
    console = Console(width=200)
    table = Table(title=f"deduce generate: {kind.name}")
    for col in ("size", "level", "made", "unique by oracle", "grades (full solver)",
                "s/puzzle (median)", "s/puzzle (mean)", "puzzles/min", "note"):
        table.add_column(col)
    bad = False
    for size in args.size or ["10x10"]:
        cols, rows = (int(x) for x in size.lower().split("x"))
        for level in (int(x) for x in args.levels.split(",")):
            start = time.perf_counter()
            r = row(kind, rows, cols, level, args.count, args.seed, args.budget,
                    args.oracle_timeout)
            wall = time.perf_counter() - start
            secs = r["seconds"]
            grades = ", ".join(f"L{k}: {v}" for k, v in sorted(r["grades"].items())) or "-"
            per_min = 60 * len(secs) / sum(secs) if secs else 0.0
            unique = f"{r['oracle_unique']}/{r['made']}" + (
                f" ({r['oracle_unknown']} timed out)" if r["oracle_unknown"] else "")
            table.add_row(size, str(level), str(r["made"]), unique, grades,
                          f"{statistics.median(secs):.1f}" if secs else "-",
                          f"{statistics.mean(secs):.1f}" if secs else "-",
                          f"{per_min:.1f}" if secs else "-", r["note"])
            bad |= "DISAGREES" in r["note"] or any(k != level for k in r["grades"])
            if args.json:
                print(json.dumps({**r, "grades": dict(r["grades"]), "wall": round(wall, 1),
                                  "seconds": [round(s, 2) for s in secs]}), flush=True)
    console.print(table)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
