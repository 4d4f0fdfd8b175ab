"""Verdicts on mutated janko puzzles: engine (`deduce check`) against the ASP oracle.

    python benchmarks/mutations.py --count 240 --jobs 2

Each mutant is a real janko puzzle with one clue removed (usually several
solutions) or one clue changed by +-1 (often no solution). The engine's verdict
must never contradict the oracle's; "unknown" (budget exhausted) is counted
apart. Prints the verdict table and exits 1 on any disagreement.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from deduce.check import check  # noqa: E402
from deduce.errors import BudgetExceeded  # noqa: E402
from puzzles.nurikabe import KIND  # noqa: E402
from puzzles.nurikabe.asp import solutions  # noqa: E402
from puzzles.nurikabe.formats import from_record  # noqa: E402
from puzzles.nurikabe.model import Nurikabe  # noqa: E402

ORACLE_TIMEOUT = 60.0  # seconds; an oracle that cannot decide a mutant leaves it out
JANKO = Path(__file__).resolve().parents[2] / "shared" / "data" / "nurikabe" / "janko.jsonl"


def mutants(count: int, seed: int, max_cells: int) -> list[tuple[str, Nurikabe]]:
    rng = random.Random(seed)
    records = [json.loads(line) for line in JANKO.open()]
    records = [r for r in records if r["rows"] * r["cols"] <= max_cells]
    out = []
    while len(out) < count:
        base = from_record(rng.choice(records))
        clues = list(base.clues)
        k = rng.randrange(len(clues))
        cell, n = clues[k]
        if len(out) % 2 == 0 and len(clues) > 1:
            del clues[k]
            how = f"{base.id} without {base.clue_name(cell)}"
        else:
            if n is None:
                continue
            new = max(1, n + rng.choice((-1, 1)))
            if new == n:
                new = n + 1
            clues[k] = (cell, new)
            how = f"{base.id} with {base.clue_name(cell)} made {new}"
        out.append((how, Nurikabe(base.rows, base.cols, tuple(clues), id=how)))
    return out


def judge(item, budget: float = 20.0) -> dict:
    how, puzzle = item
    t = time.perf_counter()
    try:
        oracle = len(solutions(puzzle, 2, timeout=ORACLE_TIMEOUT))
    except BudgetExceeded:
        return {"mutant": how, "oracle": "unknown", "engine": "not run", "agree": True,
                "summary": "oracle budget exhausted", "seconds": 0.0,
                "oracle_seconds": time.perf_counter() - t}
    oracle_s = time.perf_counter() - t
    result = check(KIND, puzzle, human_depth=2, budget=budget)
    truth = {0: "none", 1: "unique", 2: "multiple"}[oracle]
    agree = result.verdict == truth
    if agree and truth == "unique":
        agree = result.solutions[0].ones == solutions_state(puzzle).ones
    return {"mutant": how, "oracle": truth, "engine": result.verdict, "agree": agree,
            "summary": result.summary, "seconds": result.seconds, "oracle_seconds": oracle_s}


def solutions_state(puzzle):
    from puzzles.nurikabe import rows_state
    return rows_state(puzzle, solutions(puzzle, 1)[0])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    ap.add_argument("--count", type=int, default=240)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    ap.add_argument("--max-cells", type=int, default=100)
    ap.add_argument("--out", help="write one JSON line per mutant here")
    args = ap.parse_args(argv)
    items = mutants(args.count, args.seed, args.max_cells)
    start = time.perf_counter()
    table: dict[tuple[str, str], int] = {}
    wrong = []
    out = open(args.out, "w") if args.out else None
    with ProcessPoolExecutor(args.jobs) as pool:
        for r in (f.result() for f in as_completed([pool.submit(judge, i) for i in items])):
            table[r["oracle"], r["engine"]] = table.get((r["oracle"], r["engine"]), 0) + 1
            if not r["agree"] and r["engine"] != "unknown":
                wrong.append(r)
            if out:
                out.write(json.dumps(r) + "\n")
                out.flush()
    engine_cols = ("unique", "multiple", "none", "unknown", "not run")
    print(f"mutated janko puzzles: {len(items)}  time: {time.perf_counter() - start:.0f} s")
    print(f"{'oracle/engine':<16}" + "".join(f"{c:>10}" for c in engine_cols))
    for truth in ("unique", "multiple", "none", "unknown"):
        print(f"{truth:<16}" + "".join(f"{table.get((truth, c), 0):>10}" for c in engine_cols))
    agree = sum(v for (t, e), v in table.items() if t == e)
    unknown = sum(v for (t, e), v in table.items() if e == "unknown")
    print(f"agree: {agree}  unknown (budget): {unknown}  disagree: {len(wrong)}")
    for r in wrong[:10]:
        print("DISAGREE", r)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
