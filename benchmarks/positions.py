"""Soundness on real puzzles from random positions: every technique step against the known solution.

    python benchmarks/positions.py --count 5000 --jobs 2

A position is a janko puzzle with a random share (2-50 %) of its known
solution's cells given. The janko solution is unique, so it is the position's
only solution too, and every conclusion the engine draws from the position
must agree with it. Starting from partly solved grids puts the techniques in
situations the puzzles alone rarely reach (white fragments everywhere, islands
hemmed in on odd sides), on real-size boards the random-puzzle benchmark
(``soundness.py``) does not cover. Prints steps checked by technique and the
count of unsound steps; exits 1 if any.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from deduce.solver import Solver  # noqa: E402
from puzzles.nurikabe import KIND  # noqa: E402
from puzzles.nurikabe.formats import from_record  # noqa: E402
from puzzles.nurikabe.model import Nurikabe  # noqa: E402

JANKO = Path(__file__).resolve().parents[2] / "shared" / "data" / "nurikabe" / "janko.jsonl"


def position(record: dict, rng: random.Random) -> tuple[Nurikabe, int]:
    """A random position of ``record`` and its solution's black cells (a mask)."""
    base = from_record(record)
    solution_black = 0
    for r, row in enumerate(record["solution"]):
        for c, ch in enumerate(row):
            if ch == "#":
                solution_black |= 1 << (r * base.cols + c)
    clue_cells = 0
    for cell, _ in base.clues:
        clue_cells |= 1 << cell
    share = rng.uniform(0.02, 0.5)
    black = white = 0
    for i in range(base.rows * base.cols):
        if clue_cells >> i & 1 or rng.random() >= share:
            continue
        if solution_black >> i & 1:
            black |= 1 << i
        else:
            white |= 1 << i
    puzzle = Nurikabe(base.rows, base.cols, base.clues, black, white, id=record["id"])
    return puzzle, solution_black


def judge(args: tuple[dict, int], depth: int = 0, budget: float = 10.0) -> dict:
    record, seed = args
    puzzle, solution_black = position(record, random.Random(seed))
    result = Solver(KIND, puzzle, depth=depth, budget=budget).solve()
    used: dict[str, int] = {}
    unsound = []
    for step in result.steps:
        used[step.technique] = used.get(step.technique, 0) + 1
        if any((solution_black >> i & 1) != v for i, v in step.conclusions):
            unsound.append(step.technique)
    return {"id": record["id"], "seed": seed, "verdict": result.verdict, "used": used,
            "unsound": unsound}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    ap.add_argument("--count", type=int, default=2000, help="positions to try")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    ap.add_argument("--max-cells", type=int, default=400, help="skip larger janko puzzles")
    ap.add_argument("--depth", type=int, default=0, help="hypothesis depth (0: techniques only)")
    ap.add_argument("--data", type=Path, default=JANKO)
    args = ap.parse_args(argv)
    records = [json.loads(line) for line in args.data.open()]
    records = [r for r in records if r["rows"] * r["cols"] <= args.max_cells]
    rng = random.Random(args.seed)
    work = [(rng.choice(records), args.seed * 1_000_003 + k) for k in range(args.count)]
    start = time.perf_counter()
    used: dict[str, int] = {}
    verdicts: dict[str, int] = {}
    bad = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for r in pool.map(partial(judge, depth=args.depth), work, chunksize=16):
            verdicts[r["verdict"]] = verdicts.get(r["verdict"], 0) + 1
            for t, n in r["used"].items():
                used[t] = used.get(t, 0) + n
            if r["unsound"]:
                bad.append((r["id"], r["seed"], r["unsound"]))
    steps = sum(used.values())
    print(f"positions: {args.count}  steps checked: {steps}  unsound steps: "
          f"{sum(len(b[2]) for b in bad)}  verdicts: {verdicts}  "
          f"time: {time.perf_counter() - start:.0f} s")
    print("steps checked by technique: " + ", ".join(
        f"{t} {n}" for t, n in sorted(used.items(), key=lambda kv: -kv[1])))
    for b in bad[:20]:
        print("unsound:", *b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
