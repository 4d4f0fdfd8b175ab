"""``deduce generate``: new puzzles of an exact grade.

Each kind makes its own candidates (``Kind.generator``: a random solution, then
clues chosen with the human engine in the loop); this module holds what every
generator shares and the command around them:

- :data:`LIMITS` and :func:`solve_at`: the solver restricted to one level;
- :func:`rate`: ``"exact"``, ``"easier"`` or ``"unsolved"`` at a level, in one solve
  (the restricted walkthrough takes the same steps as the full one as long as the
  full one needs nothing above the level, so its grade is the puzzle's grade
  whenever it is at most the level: solvable at L and not at L-1 is one test);
- :func:`generate`: the driver (per-puzzle seeds, time budget, the independent
  uniqueness check by complete search);
- the CLI: ``deduce generate KIND --size WxH --level L [--count N] [--seed S] [--out FILE]``.

Exit codes: 0 all puzzles made; 2 bad arguments or a size/level pair the kind
cannot reach (one line); 3 the time budget ran out first (the puzzles made so
far are written); 130 interrupted.

>>> LIMITS[1], LIMITS[4]
((2, 0), (None, 1))
"""
from __future__ import annotations

import inspect
import json
import random
import re
import sys
import time
from contextlib import contextmanager
from typing import Any, Iterator

import attrs

from deduce.errors import InputError
from deduce.numbers import shown, whole_number
from deduce.grade import LEVELS
from deduce.kind import Kind, kind_named
from deduce.search import search
from deduce.solver import Result, Solver

# level -> (max_tier, hypothesis depth) of the solver that may use nothing harder
LIMITS = {1: (2, 0), 2: (3, 0), 3: (4, 0), 4: (None, 1), 5: (None, 2), 6: (None, 3)}
MAX_SIDE = 60
# a search that found nothing on a grid this small (cells) may be after a level the
# size cannot reach: the message says so
SMALL_GRID = 30


def solve_at(kind: Kind, puzzle: Any, level: int, budget: float | None = None) -> Result:
    """The walkthrough using nothing harder than ``level``."""
    max_tier, depth = LIMITS[level]
    return Solver(kind, puzzle, depth=depth, max_tier=max_tier, budget=budget).solve()


def solved_at(kind: Kind, puzzle: Any, level: int, deadline: float, most: float,
              cheap_level: int) -> Result | None:
    """The level-``level`` walkthrough if it finishes, else None. Cheap
    rejections first: at ``cheap_level`` at most (a finish there is returned,
    even if easier), then a quick search for a second solution. Each solve
    gets at most ``most`` seconds, and at least half a second even past
    ``deadline``."""
    budget = max(0.5, min(most, deadline - time.perf_counter()))
    first = solve_at(kind, puzzle, min(level, cheap_level), budget)
    if first.solved or level <= cheap_level or first.verdict == "contradiction":
        return first if first.solved else None
    found = search(kind, puzzle, first.state, limit=2, budget=min(budget, 5.0))
    if found.count != 1:
        return None
    r = solve_at(kind, puzzle, level, budget)
    return r if r.solved else None


def rate(kind: Kind, puzzle: Any, level: int, budget: float | None = None) -> tuple[str, Result]:
    """``exact`` (solved at ``level``, not below), ``easier`` or ``unsolved``
    (not unique, or harder, or out of budget); with the restricted walkthrough."""
    r = solve_at(kind, puzzle, level, budget)
    if not r.solved:
        return "unsolved", r
    return ("exact" if r.grade.level == level else "easier"), r


def reachable_tiers(kind: Kind, level: int) -> str | None:
    """Why ``level`` cannot be reached by any puzzle of ``kind`` (its techniques
    stop below the tier the level names), or None."""
    if level > 3:
        return None
    tiers = {t.tier for t in kind.techniques}
    need = LIMITS[level][0] if level > 1 else 1
    lower = LIMITS[level - 1][0] if level > 1 else 0
    if not any(lower < t <= need for t in tiers):
        return (f"{kind.name} has no technique of tier {need}, so no puzzle is "
                f"level {level} {LEVELS[level]}")
    return None


def refuse_above_top(top_levels: dict[tuple[int, int], int], what: str, rows: int, cols: int,
                     level: int) -> None:
    """InputError when ``level`` is above the hardest puzzle of this grid, where
    every puzzle of it was tried (``top_levels``: (short side, long side) -> the
    highest level any reaches); ``what`` names a puzzle ("Nurikabe")."""
    top = top_levels.get((min(rows, cols), max(rows, cols)))
    if top is not None and level > top:
        raise InputError(f"no {cols}x{rows} {what} is level {level} {LEVELS[level]}: every "
                         f"{cols}x{rows} puzzle was tried, the hardest is level {top} "
                         f"{LEVELS[top]}")


@attrs.frozen
class Generated:
    puzzle: Any
    result: Result  # the level-restricted walkthrough
    seconds: float
    attempts: int = 1


MIN_CHECK = 0.05  # seconds the cross-check search gets when the budget is spent


class OutOfTime(Exception):
    """No puzzle was found within the budget."""


def puzzle_seed(seed: int, k: int) -> int:
    """The seed of the ``k``-th puzzle of a run, so that any one is reproducible alone."""
    return seed * 1_000_003 + k


def generate(kind: Kind, rows: int, cols: int, level: int, *, count: int = 1, seed: int = 0,
             budget: float = 300.0, check_budget: float = 60.0,
             options: dict | None = None) -> Iterator[Generated]:
    """Yield ``count`` puzzles of exactly ``level``; raises OutOfTime when one takes
    longer than ``budget`` seconds, InputError when the pair is unreachable.

    Every puzzle is checked by complete search (one solution, the one logic
    found) before it is yielded, within what is left of its ``budget`` and
    at most ``check_budget`` seconds. ``options`` (e.g. ``algorithm``) go to the
    kind's generator.
    """
    if kind.generator is None:
        raise InputError(f"no generator for {kind.name} yet")
    why = reachable_tiers(kind, level)
    if why:
        raise InputError(why)
    for k in range(count):
        start = time.perf_counter()
        rng = random.Random(puzzle_seed(seed, k))
        made = kind.generator(rows, cols, level, rng, start + budget, **(options or {}))
        if made is None:
            raise OutOfTime(f"no level {level} {LEVELS[level]} {cols}x{rows} {kind.name} "
                            f"found within {budget:g} s")
        puzzle, result = made[:2]
        attempts = made[2] if len(made) > 2 else 1
        if not (result.solved and result.grade.level == level):
            raise AssertionError(f"{kind.name} generator returned a level "
                                 f"{result.grade.level} puzzle for level {level}")
        # a second opinion on uniqueness (logic alone has proved it): when the
        # search runs out of its budget it has nothing to say, which is no fault;
        # it gets what is left of this puzzle's budget, at most ``check_budget``
        left = start + budget - time.perf_counter()
        found = search(kind, puzzle, limit=2,
                       budget=max(MIN_CHECK, min(check_budget, left)))
        if found.count is not None and (found.count != 1 or found.solutions[0] != result.state):
            raise AssertionError(f"{kind.name} generator: search finds {found.count} "
                                 f"solution(s) where logic found one")
        stated = kind.solution(puzzle)  # (what the record will say the solution is)
        if stated is not None and stated != result.state:
            raise AssertionError(f"{kind.name} generator: the puzzle's stated solution is not "
                                 "the one its clues lead to")
        yield Generated(puzzle, result, time.perf_counter() - start, attempts)


def puzzle_id(kind: Kind, rows: int, cols: int, level: int, seed: int, k: int) -> str:
    return f"gen-{kind.name}-{cols}x{rows}-L{level}-s{seed}-{k:03d}"


def record(kind: Kind, g: Generated, id: str) -> dict:
    """The JSONL record: the kind's collection fields, then the grade."""
    grade = g.result.grade
    out = {"id": id}
    out.update((k, v) for k, v in kind.to_record(g.puzzle).items() if k != "id")
    out["level"] = grade.level
    out["grade"] = {"level": grade.level, "name": grade.name, "max_tier": grade.max_tier,
                    "max_depth": grade.max_depth, "steps": grade.steps, "score": grade.score}
    out["generator"] = {"seconds": round(g.seconds, 3), "attempts": g.attempts}
    return out


# ------------------------------------------------------------------ command line

def _size(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"\s*([0-9]+)\s*[xX×]\s*([0-9]+)\s*", text)
    if not m:
        raise InputError(f"--size {text!r}: expected WxH, e.g. 10x10")
    cols, rows = whole_number(m.group(1)), whole_number(m.group(2))
    if not (2 <= cols <= MAX_SIDE and 2 <= rows <= MAX_SIDE):
        raise InputError(f"--size {text}: sides from 2 to {MAX_SIDE}")
    return rows, cols


@contextmanager
def _writing(name: str, made: int):
    """A write that fails (the disk filled up, the device refuses) is one
    InputError naming ``name``; a closed pipe is left to the CLI."""
    try:
        yield
    except BrokenPipeError:
        raise
    except OSError as e:
        raise InputError(f"{name}: cannot write ({e.strerror or e}; "
                         f"{made} puzzles were written before)") from None


def run(args, out) -> int:
    kind = kind_named(args.kind_name)
    rows, cols = _size(args.size)
    if args.level not in LEVELS:
        raise InputError(f"--level {shown(args.level)}: levels are 1 to 6 "
                         f"({', '.join(f'{k} {v}' for k, v in LEVELS.items())})")
    if kind.generator is None or kind.to_record is None or kind.to_text is None:
        raise InputError(f"no generator for {kind.name} yet")
    options = {}
    if args.algorithm is not None:  # (an empty name too: it is no algorithm, not 'any')
        if "algorithm" not in inspect.signature(kind.generator).parameters \
                and "options" not in str(inspect.signature(kind.generator)):
            raise InputError(f"--algorithm: the {kind.name} generator has no algorithms")
        options["algorithm"] = args.algorithm
    from rich.console import Console
    sink = None
    if args.out == "-":  # the JSONL records on standard output, what is said on stderr
        sink = sys.stdout
        out = Console(stderr=True, no_color=True, highlight=False, markup=False)
    elif args.out:
        # checked now, opened with the first puzzle: a run refused for its
        # arguments (or that finds nothing) leaves an existing file as it was
        from deduce.cli import writable
        writable(args.out)
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                               TimeElapsedColumn)
    err = Console(stderr=True)
    progress = Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                        TextColumn("{task.fields[rate]}"), TimeElapsedColumn(), console=err,
                        disable=args.plain or not err.is_terminal, transient=True)
    made = 0
    start = time.perf_counter()
    try:
        with progress:
            task = progress.add_task(f"{kind.name} {cols}x{rows} level {args.level}",
                                     total=args.count, rate="")
            for k, g in enumerate(generate(kind, rows, cols, args.level, count=args.count,
                                           seed=args.seed, budget=args.budget,
                                           options=options)):
                pid = puzzle_id(kind, rows, cols, args.level, args.seed, k)
                rec = record(kind, g, pid)
                if args.out:
                    with _writing(args.out, made):
                        if sink is None:
                            sink = open(args.out, "w", encoding="utf-8")
                        sink.write(json.dumps(rec) + "\n")
                        sink.flush()
                else:
                    url = rec.get("puzzlink_url") or rec.get("game_id") or ""
                    grade = g.result.grade
                    progress.console.file.flush()
                    head = f"; {pid}: level {grade.level} {grade.name}" + (f", {url}" if url else "")
                    text = kind.to_text(g.puzzle)
                    with _writing("standard output", made):
                        sys.stdout.write(("\n" if k else "") + head + "\n" + text)
                        sys.stdout.flush()
                made += 1
                per_min = 60 * made / max(1e-9, time.perf_counter() - start)
                progress.update(task, advance=1, rate=f"{per_min:.1f}/min")
    except OutOfTime as e:
        hint = "a larger --budget may help"
        if not made and rows * cols <= SMALL_GRID:
            # (the pairs known to be out of reach were refused before any search)
            hint += f", though a {cols}x{rows} grid may have no puzzle of this level at all"
        print(f"deduce: {e} (made {made} of {args.count}; {hint})", file=sys.stderr)
        return 3
    finally:
        if sink is not None and sink is not sys.stdout:
            try:
                sink.close()
            except OSError:
                pass  # (what failed to be written was said)
    if args.out:
        seconds = time.perf_counter() - start
        # (one line, however long the path: soft_wrap)
        out.print(f"{made} {kind.name} puzzle{'' if made == 1 else 's'}, level {args.level} "
                  f"{LEVELS[args.level]}, {cols}x{rows}, written to "
                  f"{'standard output' if args.out == '-' else args.out} in {seconds:.1f} s",
                  highlight=False, soft_wrap=True)
    return 0


def add_parser(sub, common) -> None:
    from deduce.cli import counting, file_name, positive_seconds, seed
    p = sub.add_parser("generate", help="new unique puzzles of an exact level",
                       description="Generate unique puzzles that the engine solves at "
                                   "exactly the requested level (not at the level below).")
    p.add_argument("kind_name", metavar="KIND", help="puzzle kind, e.g. nurikabe")
    p.add_argument("--size", required=True, metavar="WxH", help="columns x rows, e.g. 10x10")
    p.add_argument("--level", type=counting, required=True, metavar="L",
                   help="1 Easy, 2 Medium, 3 Hard, 4 Tough, 5 Fiendish, 6 Extreme")
    p.add_argument("--count", type=counting, default=1, metavar="N", help="how many (default 1)")
    p.add_argument("--seed", type=seed, default=0, metavar="S",
                   help="random seed (default 0); the same seed gives the same puzzles")
    p.add_argument("--budget", type=positive_seconds, default=300.0, metavar="SECONDS",
                   help="seconds per puzzle before giving up (default 300)")
    p.add_argument("--out", type=file_name, metavar="FILE",
                   help="write JSONL records here, - for stdout "
                        "(default: the text form on stdout)")
    p.add_argument("--algorithm", metavar="NAME",
                   help="how the solution is grown, for kinds that offer several "
                        "(pipes: binary, dfs, kruskal, prim, wilson; default: any)")
    p.add_argument("--plain", action="store_true", help="no colour, no progress bar")
    p.set_defaults(run=run, depth=0)
