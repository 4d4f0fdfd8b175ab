"""``deduce check``: one verdict an author can act on.

- ``unique, human-solvable: level L (depth d)`` — logic with hypotheses no deeper than H finished;
- ``unique, needs depth d > H`` / ``unique, needs search`` — search proved one solution, logic at
  depth <= H did not finish (how far it got is shown); ``unique, logic ran out of budget at
  depth d`` when the budget ended before logic showed which;
- ``multiple solutions`` — two solutions and the cells where they differ;
- ``no solution`` — with the rule that breaks (an example dead end of the search when
  only the search finds none);
- ``unknown (budget exhausted)``, with ``1 solution found, a second not ruled out`` when the
  search found one in time (it is shown).

Exit codes: 0 unique, 1 not unique or no solution, 2 bad input, 3 unknown.
"""
from __future__ import annotations

import json
import math
import time
from typing import Any

import attrs

from deduce.errors import BudgetExceeded
from deduce.grade import UNSOLVED
from deduce.kind import Kind
from deduce.search import search
from deduce.solver import OUT_OF_BUDGET, Solver
from deduce.state import State, bits
from deduce.wording import listed

DEEPEST = 3  # deepest hypothesis nesting tried to name the depth a unique puzzle needs


@attrs.frozen
class Check:
    verdict: str  # unique | multiple | none | unknown
    summary: str
    human_depth: int
    level: int = 0
    level_name: str = UNSOLVED  # (level 0: logic did not finish at any depth tried)
    depth: int | None = None  # hypothesis depth logic needed, None if logic never finished
    decided: int = 0  # cells logic decided at depth <= H
    total: int = 0
    stalled: State | None = None
    solutions: tuple[State, ...] = ()
    reason: str = ""
    seconds: float = 0.0
    oracle: str = ""  # the independent check's word, with --verify
    search_nodes: int = 0  # nodes of the complete search (0: none ran)
    search_seconds: float = 0.0
    covered: float | None = None  # how much of its space the search settled (None: none ran)

    @property
    def exit_code(self) -> int:
        return {"unique": 0, "multiple": 1, "none": 1, "unknown": 3}[self.verdict]


def check(kind: Kind, puzzle: Any, human_depth: int = 2, budget: float = 60.0) -> Check:
    start = time.perf_counter()

    def left() -> float | None:  # (a budget of 0 is none)
        return max(FLOOR, budget - (time.perf_counter() - start)) if budget else None

    open_at_start = kind.initial_state(puzzle).unknown

    def common(state: State) -> dict:
        # how far logic got: the unknowns it decided of those open at the start
        # (not the clues, nor a Pipes board's border sides)
        return dict(human_depth=human_depth, total=open_at_start.bit_count(),
                    decided=(open_at_start & ~state.unknown).bit_count())

    def human(r) -> Check:
        g = r.grade
        return Check("unique", f"unique, human-solvable: level {g.level} {g.name} "
                     f"(depth {g.max_depth})", level=g.level, level_name=g.name,
                     depth=g.max_depth, solutions=(r.state,), seconds=_since(start),
                     **common(r.state))

    logic = Solver(kind, puzzle, depth=human_depth, budget=budget and left() / 2).solve()
    if logic.solved:
        return human(logic)
    if logic.verdict == "contradiction":
        return Check("none", f"no solution: {logic.reason}", reason=logic.reason,
                     seconds=_since(start), **common(logic.state))
    # stuck: logic stalled at depth <= H, or ran out of its share of the budget
    # (then whether depth <= H would finish is still open: it is tried again below)
    cut = logic.reason == OUT_OF_BUDGET
    found = search(kind, puzzle, logic.state, limit=2, budget=left())
    reached = common(logic.state) | dict(search_nodes=found.nodes, covered=found.covered,
                                         search_seconds=found.seconds)
    where = (f"logic at depth <= {human_depth} decided "
             f"{reached['decided']} of {_count(kind, reached['total'])}")
    if found.count is None:
        # (a solution found before the budget ran out: there is one, the
        # author learns, but whether it is the only one is still open)
        one = "; 1 solution found, a second not ruled out" if found.solutions else ""
        return Check("unknown", f"unknown (budget exhausted{one}); {where}",
                     solutions=found.solutions, stalled=logic.state,
                     seconds=_since(start), **reached)
    if found.count == 0:
        reason = _dead_end(kind, puzzle, found)
        return Check("none", f"no solution: {reason}", reason=reason, stalled=logic.state,
                     seconds=_since(start), **reached)
    if found.count >= 2:
        a, b = found.solutions[:2]
        diff = (a.ones ^ b.ones) | (a.zeros ^ b.zeros)
        return Check("multiple", f"multiple solutions: they differ in {_count(kind, diff.bit_count())}",
                     solutions=found.solutions[:2], stalled=logic.state,
                     seconds=_since(start), **reached)
    deepest = max(DEEPEST, human_depth + 1)
    for d in range(human_depth if cut else human_depth + 1, deepest + 1):
        deeper = Solver(kind, puzzle, depth=d, budget=left()).solve()
        if deeper.solved:
            g = deeper.grade
            if g.max_depth <= human_depth:  # (depth <= H finishes, given the time)
                return human(deeper)
            return Check("unique", f"unique, needs depth {g.max_depth} > {human_depth}; {where}",
                         level=g.level, level_name=g.name, depth=g.max_depth,
                         solutions=found.solutions, stalled=logic.state,
                         seconds=_since(start), **reached)
        if deeper.reason == OUT_OF_BUDGET:
            # how deep logic must go is not known: say so, not "needs search"
            return Check("unique", f"unique, logic ran out of budget at depth {d} "
                         f"(level not known; a larger --budget may tell); {where}",
                         solutions=found.solutions, stalled=logic.state,
                         seconds=_since(start), **reached)
    return Check("unique", f"unique, needs search; {where}", solutions=found.solutions,
                 stalled=logic.state, seconds=_since(start), **reached)


FLOOR = 0.01  # seconds: the least a step of check is given (0 would mean no budget)


def _dead_end(kind: Kind, puzzle: Any, found) -> str:
    """Why a search that found no solution found none, in words that hold.

    No one rule breaks in every way to finish, so the first dead end the
    search met is given as an example, with the values it assumed to get
    there (the techniques derive the broken rule from the position plus those).
    """
    what = found.first_contradiction
    if not what:
        return "every way to finish breaks a rule"
    if not found.first_dead_end:  # (the position itself breaks it)
        return what
    path = found.first_dead_end
    shown = path if len(path) <= SHOWN + 1 else path[:SHOWN]
    said = [f"{kind.cell_name(puzzle, i)} {kind.words[v]}" for i, v in shown]
    if len(path) > len(shown):
        said.append(f"{len(path) - len(shown)} more assumed")
    return (f"every way to finish from where logic stopped breaks a rule; for example, "
            f"with {listed(said)}: {what[0].lower() + what[1:]}")


SHOWN = 4  # assumed values named in a "no solution" example


def _count(kind: Kind, n: int) -> str:
    """'3 cells', '1 room', '10 edges': unknowns in the kind's own word."""
    return f"{n} {kind.nouns[n != 1]}"


def verify(kind: Kind, puzzle: Any, result: Check, timeout: float = 60.0) -> str:
    """The independent oracle's word on ``result``: agrees / DISAGREES / unavailable."""
    if kind.oracle is None:
        return "no independent oracle for this kind"
    try:
        # (no timeout: still in a child process, which Ctrl-C stops and whose memory is capped)
        sols = kind.oracle(puzzle, 2, timeout or math.inf)
    except BudgetExceeded as e:
        return f"oracle: budget exhausted ({e})" if str(e) else "oracle: budget exhausted"
    except (RuntimeError, MemoryError) as e:  # clingo failed: its word is missing, not wrong
        return f"oracle failure: {e}"
    expected = {"unique": 1, "multiple": 2, "none": 0}.get(result.verdict)
    # (it is asked for two at most: two means two or more)
    found = {0: "no solution", 1: "1 solution"}.get(len(sols), "2 or more solutions")
    if expected is None:
        if result.solutions and result.solutions[0] not in sols and len(sols) < 2:
            # (the one the engine found in time is not the oracle's only one, or it has none)
            return f"oracle DISAGREES: it finds {found}, not the one found here"
        return f"oracle found {found}; the engine did not decide"
    if len(sols) != expected:
        return f"oracle DISAGREES: it finds {found}"
    if expected == 1 and result.solutions and sols[0] != result.solutions[0]:
        return "oracle DISAGREES: its solution differs"
    return f"oracle (independent ASP model) agrees: {found}"


def _pace(c: Check) -> str:
    """How far the search got, and roughly how long the whole of it would
    take at that pace. Its pace is uneven (on janko-0687 it says 5 hours after
    4 s, 10 after 20 s, over a day after 400 000 nodes; on janko-0683 twice
    the real length after 25 000 nodes, right after 200 000): an order of
    magnitude, no more."""
    if c.covered is None or not c.search_nodes:
        return ""
    got = (f", after {c.search_nodes} nodes, with {_share(c.covered)} of the search space "
           "settled (each branch of a node counting as half of it)")
    if c.covered <= 0:
        return got
    return got + f"; at that pace the whole search would take on the order of " \
        f"{_duration(c.search_seconds / c.covered)}"


def _duration(seconds: float) -> str:
    """Roughly how long, to one significant digit, in the largest unit that fits."""
    for unit, size in (("days", 86400), ("hours", 3600), ("minutes", 60)):
        if seconds >= 2 * size:
            return f"{_significant(seconds / size, 1)} {unit}"
    return f"{_significant(seconds, 1)} s"


def _share(x: float) -> str:
    """A share as a percentage: two significant digits under 10 %, 99.9 % short of all."""
    pct = 100 * x
    if pct < 10:
        return f"{_significant(pct, 2)} %"
    return f"{_significant(min(pct, 99.9) if x < 1 else 100.0, 3)} %"


def _significant(x: float, digits: int) -> str:
    """``x`` (0 or more) to ``digits`` significant digits, without an exponent."""
    if x <= 0:
        return "0"
    r = round(x, digits - 1 - math.floor(math.log10(x)))
    return f"{r:f}".rstrip("0").rstrip(".")


def _since(start: float) -> float:
    return time.perf_counter() - start


def _grid(kind: Kind, puzzle: Any, state: State) -> list[str]:
    return kind.grid_rows(puzzle, state)


def _banded(rows: list[str]):
    """A grid for the terminal: where it is narrower than a row, printed in
    bands of whole columns (as walkthroughs are), not folded out of line."""
    from rich.console import Group

    from explain.terminal import GridText
    text = GridText(len(rows[0]) if rows else 0, 1)
    text.append("\n".join(rows))
    return Group(text)


def as_json(kind: Kind, puzzle: Any, c: Check) -> dict:
    out = {"kind": kind.name, "id": getattr(puzzle, "id", "") or "", "verdict": c.verdict,
           "summary": c.summary, "human_depth": c.human_depth, "level": c.level,
           "name": c.level_name, "depth": c.depth, "decided": c.decided, "cells": c.total,
           "seconds": round(c.seconds, 4),
           "solutions": [_grid(kind, puzzle, s) for s in c.solutions]}
    if c.stalled is not None:
        out["stalled"] = _grid(kind, puzzle, c.stalled)
    if c.verdict == "multiple":
        a, b = c.solutions[:2]
        out["differ"] = [list(kind.coords(puzzle, i))
                         for i in bits((a.ones ^ b.ones) | (a.zeros ^ b.zeros))]
    if c.covered is not None:
        out["search_nodes"] = c.search_nodes
        out["search_seconds"] = round(c.search_seconds, 4)
        out["covered"] = round(c.covered, 6)
    if c.reason:
        out["reason"] = c.reason
    if c.oracle:
        out["oracle"] = c.oracle
    return out


def run(args, out) -> int:
    from deduce.cli import _load
    kind, puzzle = _load(args, args.puzzle)
    result = check(kind, puzzle, human_depth=args.human_depth, budget=args.budget)
    if args.verify:
        result = attrs.evolve(result, oracle=verify(kind, puzzle, result, args.budget or None))
    if args.format == "json":
        print(json.dumps(as_json(kind, puzzle, result)))
    else:
        out.print(result.summary, highlight=False, soft_wrap=True)
        if result.verdict == "multiple":
            a, b = result.solutions[:2]
            diff = (a.ones ^ b.ones) | (a.zeros ^ b.zeros)
            names = ", ".join(kind.cell_name(puzzle, i) for i in bits(diff))
            for k, s in enumerate((a, b), 1):
                out.print(f"solution {k}:", highlight=False)
                out.print(_banded(_grid(kind, puzzle, s)))
            out.print(f"they differ at {names}", highlight=False, soft_wrap=True)
        elif result.verdict in ("unknown", "unique") and result.stalled is not None \
                and result.decided < result.total:
            out.print(f"where logic stopped ({result.decided} of {_count(kind, result.total)} decided):",
                      highlight=False)
            out.print(_banded(_grid(kind, puzzle, result.stalled)))
            if result.verdict == "unknown" and result.solutions:
                out.print("the solution found (another is not ruled out):", highlight=False)
                out.print(_banded(_grid(kind, puzzle, result.solutions[0])))
        if result.oracle:
            out.print(result.oracle, highlight=False)
        elif result.verdict == "unknown" and args.budget:
            out.print(f"(the search stopped at its budget of {args.budget:g} s{_pace(result)}. "
                      "A larger --budget may decide it, and --verify asks the independent oracle)",
                      highlight=False, soft_wrap=True)
    if "DISAGREES" in result.oracle:
        return 1
    return result.exit_code


def add_parser(sub, common) -> None:
    from deduce.cli import hypothesis_depth
    p = sub.add_parser("check", help="verdict: unique and human-solvable? multiple? none?")
    common(p, depth=False)
    p.add_argument("--human-depth", "--depth", dest="human_depth", type=hypothesis_depth,
                   default=2,
                   help="deepest hypothesis a person is expected to make (default 2)")
    p.add_argument("--verify", action="store_true",
                   help="confirm with the independent ASP oracle (clingo)")
    p.set_defaults(run=run)
