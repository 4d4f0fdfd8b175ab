"""Soundness against the independent ASP oracle on random small puzzles.

    python benchmarks/soundness.py --count 100000 --jobs 2

For each random puzzle the oracle enumerates its solutions (up to 64); the
engine solves with hypotheses up to --depth. A step is unsound when one of its
conclusions disagrees with some solution. Puzzles with no solution must never
come out "solved", and "solved" must mean exactly one solution. The engine has
a budget of --budget seconds per puzzle, and the whole puzzle (oracle and
engine) a hard limit of --limit seconds: one that runs past it is stopped and
counted as a problem (the budget is meant to hold). Prints a table and the
slowest seeds; exits 1 if anything was unsound, wrong or over the limit.
"""
from __future__ import annotations

import argparse
import os
import random
import signal
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from benchmarks.random_puzzles import random_puzzle  # noqa: E402
from deduce.solver import Solver  # noqa: E402
from puzzles.nurikabe import KIND, rows_state  # noqa: E402
from puzzles.nurikabe.asp import solutions  # noqa: E402


UNKNOWN_SIZES = 0.1  # share of puzzles with one "?" clue


class OverLimit(Exception):
    pass


def _over_limit(signum, frame):
    raise OverLimit()


def judge(seed: int, depth: int = 2, cap: int = 64, max_side: int = 7,
          budget: float = 20, limit: float = 0) -> dict:
    """One random puzzle: its class and how many engine steps were unsound;
    ``limit``: seconds after which the puzzle is given up (0: none)."""
    start = time.perf_counter()
    if limit:
        signal.signal(signal.SIGALRM, _over_limit)
        signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        r = _judge(seed, depth, cap, max_side, budget)
    except OverLimit:
        r = {"seed": seed, "class": "over the limit", "verdict": "-", "steps": 0, "unsound": 0,
             "bad_verdict": False, "hypotheses": 0, "used": {}}
    finally:
        if limit:
            signal.setitimer(signal.ITIMER_REAL, 0)
    r["seconds"] = time.perf_counter() - start
    return r


def _judge(seed: int, depth: int, cap: int, max_side: int, budget: float) -> dict:
    rng = random.Random(seed)
    puzzle = random_puzzle(rng, max_side=max_side, unknown_sizes=UNKNOWN_SIZES)
    sols = [rows_state(puzzle, s) for s in solutions(puzzle, cap)]
    result = Solver(KIND, puzzle, depth=depth, budget=budget).solve()
    unsound = 0
    used: dict[str, int] = {}
    for step in result.steps:
        used[step.technique] = used.get(step.technique, 0) + 1
        if any(s.value(i) != v for s in sols for i, v in step.conclusions):
            unsound += 1
    kind = "none" if not sols else "unique" if len(sols) == 1 else "multiple"
    bad_verdict = (result.solved and len(sols) != 1) or \
        (result.verdict == "contradiction" and sols) or \
        (result.solved and sols and result.state != sols[0])
    return {"seed": seed, "class": kind, "verdict": result.verdict, "steps": len(result.steps),
            "unsound": unsound, "bad_verdict": bool(bad_verdict),
            "hypotheses": sum(1 for s in result.steps if s.depth), "used": used}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    ap.add_argument("--count", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    ap.add_argument("--depth", type=int, default=2)
    ap.add_argument("--max-side", type=int, default=7, help="largest board side (from 3)")
    ap.add_argument("--budget", type=float, default=20, help="the engine's seconds per puzzle")
    ap.add_argument("--limit", type=float, default=60,
                    help="hard seconds per puzzle, oracle and engine (0: none)")
    args = ap.parse_args(argv)
    start = time.perf_counter()
    seeds = range(args.seed, args.seed + args.count)
    totals = {"puzzles": 0, "steps": 0, "unsound": 0, "bad_verdict": 0, "hypotheses": 0}
    by_class: dict[str, dict[str, int]] = {}
    bad = []
    used: dict[str, int] = {}
    slowest: list[tuple[float, int]] = []
    over = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for r in pool.map(partial(judge, depth=args.depth, max_side=args.max_side,
                                  budget=args.budget, limit=args.limit), seeds, chunksize=16):
            slowest = sorted(slowest + [(r["seconds"], r["seed"])], reverse=True)[:5]
            if r["class"] == "over the limit":
                over.append(r["seed"])
            totals["puzzles"] += 1
            for k in ("steps", "unsound", "hypotheses"):
                totals[k] += r[k]
            totals["bad_verdict"] += r["bad_verdict"]
            for t, n in r["used"].items():
                used[t] = used.get(t, 0) + n
            row = by_class.setdefault(r["class"], {})
            row[r["verdict"]] = row.get(r["verdict"], 0) + 1
            if r["unsound"] or r["bad_verdict"]:
                bad.append(r["seed"])
    print(f"random puzzles: {totals['puzzles']}  engine steps: {totals['steps']} "
          f"(hypothesis steps {totals['hypotheses']})  unsound steps: {totals['unsound']}  "
          f"wrong verdicts: {totals['bad_verdict']}  time: {time.perf_counter() - start:.0f} s")
    print(f"{'oracle says':<12} " + " ".join(f"{v:>14}" for v in ("solved", "stuck", "contradiction")))
    for cls, row in sorted(by_class.items()):
        if cls == "over the limit":
            continue
        print(f"{cls:<12} " + " ".join(f"{row.get(v, 0):>14}" for v in ("solved", "stuck", "contradiction")))
    print("steps checked by technique: " + ", ".join(
        f"{t} {n}" for t, n in sorted(used.items(), key=lambda kv: -kv[1])))
    print("slowest seeds: " + ", ".join(f"{seed} ({t:.1f} s)" for t, seed in slowest))
    if over:
        print(f"seeds over the {args.limit:g} s limit: {over[:20]}")
    if bad:
        print("seeds with problems:", bad[:20])
    return 1 if bad or over else 0


if __name__ == "__main__":
    sys.exit(main())
