"""The complete search on real puzzles: from where logic stalls to a uniqueness proof.

    python benchmarks/search.py --depth 0 --budget 60 --jobs 2

For every janko Nurikabe puzzle that logic at ``--depth`` leaves stuck, the
search (``deduce.search``) starts from the stuck position and looks for two
solutions. Each must come out "unique" (janko puzzles are); the one solution
found must equal the record's. Prints how many were proved within
``--budget`` seconds each, and nodes and seconds per puzzle (median, p90,
max, total). This is the measure for the search's branching order, which
decides how fast ``deduce check`` and ``deduce batch --check`` settle a
puzzle the techniques cannot finish, and how fast generators test a
candidate for uniqueness. Exit 1 if a search finds a wrong or second solution.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from deduce.batch import percentile  # noqa: E402
from deduce.search import search  # noqa: E402
from deduce.solver import Solver  # noqa: E402
from puzzles.nurikabe import KIND  # noqa: E402
from puzzles.nurikabe.formats import from_record  # noqa: E402

JANKO = Path(__file__).resolve().parents[2] / "shared" / "data" / "nurikabe" / "janko.jsonl"


def run(record: dict, depth: int, logic_budget: float, budget: float) -> dict:
    puzzle = from_record(record)
    logic = Solver(KIND, puzzle, depth=depth, budget=logic_budget).solve()
    out = {"id": record["id"], "logic": logic.verdict, "unknown": logic.state.unknown.bit_count()}
    if logic.verdict != "stuck":
        return out
    found = search(KIND, puzzle, logic.state, limit=2, budget=budget)
    out.update(nodes=found.nodes, seconds=round(found.seconds, 3), result=found.verdict,
               covered=round(found.covered, 6))
    if found.solutions:
        truth = KIND.solution(puzzle)
        out["wrong"] = any(s != truth for s in found.solutions)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    ap.add_argument("--depth", type=int, default=0, help="hypothesis depth of the logic first")
    ap.add_argument("--logic-budget", type=float, default=30.0, help="seconds for the logic")
    ap.add_argument("--budget", type=float, default=60.0, help="seconds of search per puzzle")
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    ap.add_argument("--max-cells", type=int, default=10**9, help="only puzzles this small")
    ap.add_argument("--ids", help="only these ids (comma-separated)")
    ap.add_argument("--out", help="write one JSON line per searched puzzle here")
    args = ap.parse_args(argv)
    records = [json.loads(line) for line in JANKO.open()]
    records = [r for r in records if r["rows"] * r["cols"] <= args.max_cells]
    if args.ids:
        wanted = set(args.ids.split(","))
        records = [r for r in records if r["id"] in wanted]
    start = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(run, records, [args.depth] * len(records),
                                [args.logic_budget] * len(records),
                                [args.budget] * len(records)))
    searched = [r for r in results if "result" in r]
    if args.out:
        with open(args.out, "w") as out:
            for r in searched:
                out.write(json.dumps(r) + "\n")
    by_result: dict[str, int] = {}
    for r in searched:
        by_result[r["result"]] = by_result.get(r["result"], 0) + 1
    wrong = [r["id"] for r in searched
             if r.get("wrong") or r["result"] in ("multiple", "none")]
    print(f"janko puzzles: {len(records)}; stuck at depth {args.depth}: {len(searched)}; "
          f"wall time {time.perf_counter() - start:.0f} s")
    print("search results: " + ", ".join(f"{k} {v}" for k, v in sorted(by_result.items())))
    if searched:
        nodes = [r["nodes"] for r in searched]
        secs = [r["seconds"] for r in searched]
        node90, sec90 = percentile(sorted(nodes), 90), percentile(sorted(secs), 90)
        print(f"{'':<10}{'median':>10}{'p90':>10}{'max':>10}{'total':>12}")
        print(f"{'nodes':<10}{statistics.median(nodes):>10.0f}{node90:>10}"
              f"{max(nodes):>10}{sum(nodes):>12}")
        print(f"{'seconds':<10}{statistics.median(secs):>10.3f}{sec90:>10.3f}"
              f"{max(secs):>10.3f}{sum(secs):>12.1f}")
        unknown = [f"{r['id']} ({100 * r['covered']:.2g} % of its space settled)"
                   for r in searched if r["result"] == "unknown"]
        if unknown:
            print("budget ran out: " + ", ".join(unknown))
    if wrong:
        print("WRONG (a janko puzzle has one solution, the record's): " + ", ".join(wrong))
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
