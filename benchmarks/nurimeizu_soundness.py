"""Nurimeizu soundness against the independent ASP oracle on random small puzzles.

    python benchmarks/nurimeizu_soundness.py --count 5000 --jobs 2

Each random puzzle is a small grid (3-6 rows, 3-6 columns) cut into random
connected rooms, with S, G and a few circles and triangles. The oracle lists
its solutions (up to --cap); the engine solves with hypotheses up to --depth.
A step is unsound when one of its conclusions disagrees with some solution;
a verdict is wrong when "solved" does not mean the one solution, or
"contradiction" comes out of a puzzle that has solutions. Most random puzzles
have none or many solutions: the engine still must never conclude anything a
solution contradicts. Prints a table; exits 1 if anything was unsound.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from deduce.errors import BudgetExceeded  # noqa: E402
from deduce.solver import Solver  # noqa: E402
from puzzles.nurimeizu import KIND  # noqa: E402
from puzzles.nurimeizu.asp import solutions  # noqa: E402
from puzzles.nurimeizu.model import Nurimeizu, rows_state  # noqa: E402


def random_puzzle(rng: random.Random) -> Nurimeizu:
    rows, cols = rng.randint(3, 6), rng.randint(3, 6)
    n = rows * cols
    label = list(range(n))

    def find(x):
        while label[x] != x:
            x = label[x]
        return x
    for _ in range(rng.randint(0, 2 * n // 3)):
        i = rng.randrange(n)
        j = i + 1 if rng.random() < 0.5 and (i + 1) % cols else i + cols
        if j < n:
            label[find(i)] = find(j)
    rooms = [[find(r * cols + c) for c in range(cols)] for r in range(rows)]
    cells = rng.sample(range(n), rng.randint(2, min(n, 6)))
    kinds = ["S", "G"] + [rng.choice("ooot") for _ in cells[2:]]
    clues = [["."] * cols for _ in range(rows)]
    for i, m in zip(cells, kinds):
        clues[i // cols][i % cols] = m
    puzzle = Nurimeizu.from_grids(rooms, ["".join(r) for r in clues])
    if rng.random() < 0.5:
        return puzzle
    # planted: keep S and G, take one solution, put circles on its route and
    # triangles on its other white cells (so the puzzle has a solution)
    clues = [["."] * cols for _ in range(rows)]
    s, g = cells[0], cells[1]
    clues[s // cols][s % cols], clues[g // cols][g % cols] = "S", "G"
    bare = Nurimeizu.from_grids(rooms, ["".join(r) for r in clues])
    try:
        found = solutions(bare, 1, 20)
    except BudgetExceeded:
        found = []
    if not found:
        return puzzle
    route = _route(found[0], s, g, cols)
    white = [i for i in range(n) if found[0][i // cols][i % cols] == "." and i not in (s, g)]
    for i in rng.sample(white, min(len(white), rng.randint(0, 4))):
        clues[i // cols][i % cols] = "o" if i in route else "t"
    return Nurimeizu.from_grids(rooms, ["".join(r) for r in clues])


def _route(grid: list[str], s: int, g: int, cols: int) -> set[int]:
    """The cells of the path from ``s`` to ``g`` through the white cells of a solution."""
    rows = len(grid)
    parent = {s: None}
    todo = [s]
    while todo:
        x = todo.pop()
        r, c = divmod(x, cols)
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            y = rr * cols + cc
            if 0 <= rr < rows and 0 <= cc < cols and grid[rr][cc] == "." and y not in parent:
                parent[y] = x
                todo.append(y)
    out, x = set(), g
    while x is not None:
        out.add(x)
        x = parent.get(x)
    return out


def judge(seed: int, depth: int = 2, cap: int = 200) -> dict:
    puzzle = random_puzzle(random.Random(seed))
    try:
        sols = [rows_state(puzzle, s) for s in solutions(puzzle, cap, 20)]
    except BudgetExceeded:  # the oracle is slow on a few tiny puzzles: no verdict to judge
        return {"seed": seed, "class": "oracle timeout", "verdict": "-", "steps": 0,
                "unsound": 0, "bad_verdict": False, "techniques": {}}
    result = Solver(KIND, puzzle, depth=depth, budget=20).solve()
    unsound = sum(1 for step in result.steps
                  if any(s.value(k) != v for s in sols for k, v in step.conclusions))
    kind = "none" if not sols else "unique" if len(sols) == 1 else "multiple"
    bad_verdict = (result.solved and len(sols) != 1) or \
        (result.verdict == "contradiction" and bool(sols)) or \
        (result.solved and bool(sols) and result.state != sols[0])
    techniques: dict[str, int] = {}
    for step in result.steps:
        techniques[step.technique] = techniques.get(step.technique, 0) + 1
    return {"seed": seed, "class": kind, "verdict": result.verdict, "steps": len(result.steps),
            "unsound": unsound, "bad_verdict": bool(bad_verdict), "techniques": techniques}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    ap.add_argument("--count", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    ap.add_argument("--depth", type=int, default=2)
    args = ap.parse_args(argv)
    start = time.perf_counter()
    seeds = range(args.seed, args.seed + args.count)
    steps = unsound = wrong = 0
    by_class: dict[str, dict[str, int]] = {}
    by_technique: dict[str, int] = {}
    bad = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for r in pool.map(judge, seeds, [args.depth] * args.count, chunksize=32):
            steps += r["steps"]
            unsound += r["unsound"]
            wrong += r["bad_verdict"]
            row = by_class.setdefault(r["class"], {})
            row[r["verdict"]] = row.get(r["verdict"], 0) + 1
            for t, n in r["techniques"].items():
                by_technique[t] = by_technique.get(t, 0) + n
            if r["unsound"] or r["bad_verdict"]:
                bad.append(r["seed"])
    print(f"random puzzles: {args.count}  engine steps: {steps}  unsound steps: {unsound}  "
          f"wrong verdicts: {wrong}  time: {time.perf_counter() - start:.0f} s")
    print(f"{'oracle says':<12} " + " ".join(f"{v:>14}" for v in ("solved", "stuck", "contradiction")))
    timeouts = by_class.pop("oracle timeout", {}).get("-", 0)
    for cls, row in sorted(by_class.items()):
        print(f"{cls:<12} " + " ".join(f"{row.get(v, 0):>14}" for v in ("solved", "stuck", "contradiction")))
    if timeouts:
        print(f"skipped (the oracle took over 20 s): {timeouts}")
    print("steps checked by technique: " + ", ".join(
        f"{t} {n}" for t, n in sorted(by_technique.items(), key=lambda tn: -tn[1])))
    if bad:
        print("seeds with problems:", bad[:20])
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
