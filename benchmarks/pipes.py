"""Pipes (Net) measurements: real puzzles, fresh sgt-net puzzles, check time, soundness.

    python3 benchmarks/pipes.py                      # everything, 20 fresh puzzles a size
    python3 benchmarks/pipes.py --count 5 --soundness 0

1. every puzzle of ../shared/data/pipes/sgt-net.jsonl, solved and compared tile by
   tile with its known solution (wrong tiles must be 0);
2. fresh puzzles from Debian's sgt-net (``/usr/games/sgt-net --generate N WxH``),
   solved and checked against the clingo oracle (one solution, the same);
3. ``deduce check`` (uniqueness with the human verdict) at 20x20, beside the oracle;
4. soundness: random small boards, every step of every walkthrough checked against
   all oracle solutions consistent with random givens (unsound steps must be 0);
5. mutations: shared puzzles with one corner turned into a straight (or back) or two
   tiles swapped: ``deduce check`` verdicts against the oracle (disagreements must be 0).

Prints one table per part (Markdown). Nothing is written to the project.
"""
from __future__ import annotations

import argparse
import json
import random
import re
import shutil
import statistics
import subprocess
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from deduce.check import check  # noqa: E402
from deduce.solver import Solver  # noqa: E402
from puzzles.pipes import KIND, initial_state  # noqa: E402
from puzzles.pipes.asp import solutions as oracle  # noqa: E402
from puzzles.pipes.formats import decode_game_id, from_record  # noqa: E402
from puzzles.pipes.model import answer  # noqa: E402
from puzzles.pipes.random import random_tiles_puzzle, random_tree_puzzle  # noqa: E402

DATA = ROOT.parent / "shared" / "data" / "pipes" / "sgt-net.jsonl"
SGT_NET = shutil.which("sgt-net") or "/usr/games/sgt-net"


def table(head: list[str], rows: list[list]) -> str:
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    out += ["| " + " | ".join(str(x) for x in r) + " |" for r in rows]
    return "\n".join(out)


def by_size(results: list[dict], extra=()) -> str:
    groups: dict[str, list[dict]] = defaultdict(list)
    for r in results:
        groups[r["size"]].append(r)
    depths = sorted({r["depth"] for r in results if r["verdict"] == "solved"})
    head = ["size", "puzzles"] + [f"solved d{d}" for d in depths] + \
        ["not solved", "median s", "max s"] + [name for name, _ in extra]
    rows = []
    for size in sorted(groups, key=lambda s: [int(x) for x in re.findall(r"\d+", s)[:2]] + [s]):
        rs = groups[size]
        secs = [r["seconds"] for r in rs]
        count = Counter(r["depth"] for r in rs if r["verdict"] == "solved")
        rows.append([size, len(rs)] + [count.get(d, 0) for d in depths]
                    + [sum(r["verdict"] != "solved" for r in rs),
                       f"{statistics.median(secs):.3f}", f"{max(secs):.3f}"]
                    + [fn(rs) for _, fn in extra])
    return table(head, rows)


def solve(p, depth: int, budget: float) -> dict:
    start = time.perf_counter()
    r = Solver(KIND, p, depth=depth, budget=budget).solve()
    return {"verdict": r.verdict, "depth": r.grade.max_depth, "state": r.state,
            "seconds": time.perf_counter() - start, "steps": r.grade.steps}


def real(args) -> None:
    if not DATA.exists():
        print(f"(no {DATA}: part 1 skipped)")
        return
    results = []
    for line in DATA.read_text().splitlines():
        rec = json.loads(line)
        p = from_record(rec)
        r = solve(p, args.depth, args.budget)
        got = answer(p, r["state"])
        r["wrong"] = sum(1 for a, b in zip(got, rec["solution"]) if a != "?" and a != b)
        r["size"] = rec["game_id"].split(":")[0]
        results.append(r)
    print(f"\n## 1. {len(results)} sgt-net puzzles of the shared collection (depth <= {args.depth})\n")
    print(by_size(results, [("wrong tiles", lambda rs: sum(r["wrong"] for r in rs))]))
    print(f"\nwrong tiles in all: {sum(r['wrong'] for r in results)}")


def fresh(args) -> list[str]:
    if not Path(SGT_NET).exists():
        print(f"(no {SGT_NET}: part 2 skipped; apt-get install sgt-puzzles)")
        return []
    results = []
    ids20 = []
    for size in args.sizes:
        out = subprocess.run([SGT_NET, "--generate", str(args.count), size], capture_output=True,
                             text=True, check=True)
        ids = [x.strip() for x in out.stdout.splitlines() if ":" in x]
        if size == "20x20":
            ids20 = ids
        for gid in ids:
            p = decode_game_id(gid)
            r = solve(p, args.depth, args.budget)
            t = time.perf_counter()
            found = oracle(p, 2, args.budget)
            r["oracle_seconds"] = time.perf_counter() - t
            full = (1 << p.n) - 1
            r["oracle_ok"] = (len(found) == 1 and r["verdict"] == "solved"
                              and found[0] == r["state"].ones
                              and r["state"].zeros == full & ~found[0])
            r["oracle_unique"] = len(found) == 1
            r["size"] = size
            results.append(r)
    print(f"\n## 2. fresh sgt-net puzzles, {args.count} a size (depth <= {args.depth}), "
          "checked by the clingo oracle\n")
    print(by_size(results, [
        ("oracle: unique & same", lambda rs: f"{sum(r['oracle_ok'] for r in rs)}/{len(rs)}"),
        ("oracle median s", lambda rs: f"{statistics.median(r['oracle_seconds'] for r in rs):.3f}"),
    ]))
    return ids20


def check_time(args, ids20: list[str]) -> None:
    if not ids20:
        print("(no 20x20 puzzles from part 2: part 3, the check time at 20x20, skipped)")
        return
    rows = []
    secs, osecs = [], []
    verdicts = Counter()
    for gid in ids20:
        p = decode_game_id(gid)
        t = time.perf_counter()
        c = check(KIND, p, human_depth=2, budget=args.budget)
        secs.append(time.perf_counter() - t)
        verdicts[c.verdict] += 1
        t = time.perf_counter()
        oracle(p, 2, args.budget)
        osecs.append(time.perf_counter() - t)
    rows.append(["deduce check (human verdict + uniqueness)", len(secs),
                 f"{statistics.median(secs):.3f}", f"{max(secs):.3f}",
                 ", ".join(f"{v} {n}" for v, n in verdicts.items())])
    rows.append(["clingo oracle, 2 answers asked (--verify)", len(osecs),
                 f"{statistics.median(osecs):.3f}", f"{max(osecs):.3f}", ""])
    rows.append(["published SAT check (Lingeling), for comparison", "", "~2", "", ""])
    print("\n## 3. uniqueness check at 20x20\n")
    print(table(["check", "puzzles", "median s", "max s", "verdicts"], rows))


def soundness(args) -> None:
    if not args.soundness:
        return
    rng = random.Random(args.seed)
    steps = unsound = contradictions = wrong_contradictions = boards = 0
    by_solutions = Counter()
    for _ in range(args.soundness):
        rows, cols = rng.randint(2, 4), rng.randint(2, 5)
        if rng.random() < 0.15:
            p = random_tiles_puzzle(rows, cols, rng)
            truth = None
        else:
            p, solved = random_tree_puzzle(rows, cols, rng, rng.choice([0.0, 0.25]),
                                           wrapping=rng.random() < 0.3)
            truth = p.state_of(solved)
        sols = oracle(p, 5000)
        if len(sols) >= 5000:
            continue
        boards += 1
        state = initial_state(p)
        if truth is not None and rng.random() < 0.5:
            for e in range(p.n):
                if (state.unknown >> e) & 1 and rng.random() < 0.2:
                    state.assign(e, truth.value(e))
        ok = [o for o in sols if not o & state.zeros and o & state.ones == state.ones]
        by_solutions[min(len(ok), 2)] += 1
        r = Solver(KIND, p, depth=args.sound_depth).solve(state)
        if r.verdict == "contradiction":
            contradictions += 1
            wrong_contradictions += bool(ok)
        for s in r.steps:
            steps += 1
            if any((o >> e) & 1 != v for e, v in s.conclusions for o in ok):
                unsound += 1
                print("UNSOUND:", s.technique, s.text, file=sys.stderr)
    print(f"\n## 4. soundness on {boards} random boards (2-4 x 2-5, 30% wrapping, "
          f"depth <= {args.sound_depth})\n")
    print(table(["boards", "with 0 / 1 / 2+ solutions", "steps checked", "unsound steps",
                 "contradictions", "wrong contradictions"],
                [[boards, f"{by_solutions[0]} / {by_solutions[1]} / {by_solutions[2]}", steps,
                  unsound, contradictions, wrong_contradictions]]))


def mutations(args) -> None:
    if not args.mutations or not DATA.exists():
        return
    rng = random.Random(args.seed)
    recs = [json.loads(line) for line in DATA.read_text().splitlines()]
    table_ = Counter()
    disagree = 0
    secs = []
    for _ in range(args.mutations):
        p = from_record(rng.choice(recs))
        tiles = list(p.tiles)
        if rng.random() < 0.5:
            t = rng.choice([t for t, x in enumerate(tiles) if x in (3, 5, 6, 9, 10, 12)])
            tiles[t] = 5 if tiles[t] not in (5, 10) else 3
            how = "corner/straight"
        else:
            a, b = rng.sample(range(p.size), 2)
            tiles[a], tiles[b] = tiles[b], tiles[a]
            how = "swap"
        q = type(p)(p.rows, p.cols, tuple(tiles), p.barriers, p.params)
        t = time.perf_counter()
        c = check(KIND, q, human_depth=2, budget=args.budget)
        secs.append(time.perf_counter() - t)
        n = len(oracle(q, 2, args.budget))
        want = {0: "none", 1: "unique", 2: "multiple"}[n]
        table_[(how, want, c.verdict)] += 1
        if c.verdict != want and c.verdict != "unknown":
            disagree += 1
            print("DISAGREE:", how, want, c.verdict, c.summary, file=sys.stderr)
    print(f"\n## 5. {args.mutations} mutated sgt-net puzzles: check verdict against the oracle\n")
    print(table(["mutation", "oracle", "check", "puzzles"],
                [[h, w, v, n] for (h, w, v), n in sorted(table_.items())]))
    print(f"\ndisagreements: {disagree}; check seconds median {statistics.median(secs):.3f}, "
          f"max {max(secs):.3f}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    ap.add_argument("--count", type=int, default=20, help="fresh puzzles per size (default 20)")
    ap.add_argument("--sizes", nargs="+", default=["15x15", "20x20", "30x30", "15x15w"],
                    help="sgt-net sizes (w: wrapping)")
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--budget", type=float, default=60.0)
    ap.add_argument("--soundness", type=int, default=2000, help="random boards (0: skip)")
    ap.add_argument("--sound-depth", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--mutations", type=int, default=200, help="mutated puzzles (0: skip)")
    ap.add_argument("--skip-real", action="store_true")
    args = ap.parse_args(argv)
    if not args.skip_real:
        real(args)
    ids20 = fresh(args) if args.count else []
    check_time(args, ids20)
    soundness(args)
    mutations(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
