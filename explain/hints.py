"""Progressive hints for a partly solved grid, and checking a player's marks.

Level 1 names the technique and where to look ("Look at the 4 at r5c2: try
Single liberty (island)."), level 2 adds what it concludes in words but not
which cells, level 3 gives the full step with its cells.

Before hinting, the player's marks are compared with a reference solution:
the one the puzzle carries (``kind.solution``) or else the one the solver
finds from the givens alone (the labelled cells, without the player's marks).
Everything goes through the Kind, so this works for any puzzle kind.
"""
from __future__ import annotations

from typing import Any

import attrs

from deduce.errors import BudgetExceeded, Contradiction
from deduce.kind import Kind
from deduce.search import search
from deduce.solver import Solver
from deduce.state import State
from deduce.step import Step
from deduce.wording import listed

from explain.runs import technique_name, technique_summary


MARKS_SEARCH = 5.0  # seconds (at most the hint's budget) to look for a solution keeping
# the marks when the clues alone lead to none to check them against


@attrs.frozen
class Mistake:
    cell: int
    marked: int  # the value the player gave
    expected: int  # the value in the solution
    text: str


def givens_state(kind: Kind, puzzle: Any) -> State:
    """The initial state keeping only the labelled cells (the clues), not the player's marks."""
    state = kind.initial_state(puzzle)
    keep = 0
    for i in range(state.n):
        if kind.label(puzzle, i) is not None:
            keep |= 1 << i
    return State(state.n, state.ones & keep, state.zeros & keep)


def reference_solution(kind: Kind, puzzle: Any, depth: int = 3,
                       budget: float | None = None) -> tuple[State | None, str]:
    """The solution to check marks against, and where it came from.

    Returns ``(None, why)`` when there is none (the solver could not finish).
    """
    solution, source, _ = _reference(kind, puzzle, depth, budget)
    return solution, source


def _reference(kind: Kind, puzzle: Any, depth: int, budget: float | None
               ) -> tuple[State | None, str, str | None]:
    """As :func:`reference_solution`, plus why the puzzle has no solution when
    the clues alone lead to a contradiction (else None)."""
    known = kind.solution(puzzle)
    if known is not None:
        return known, "the puzzle's known solution", None
    result = Solver(kind, puzzle, depth=depth, budget=budget).solve(givens_state(kind, puzzle))
    if result.solved:
        return result.state, "the solution found from the clues", None
    broken = result.reason if result.verdict == "contradiction" else None
    return None, f"the clues alone do not solve ({result.verdict}: {result.reason})", broken


def find_mistakes(kind: Kind, puzzle: Any, state: State, solution: State) -> list[Mistake]:
    """Marked cells whose value differs from ``solution``, in cell order."""
    out = []
    for i in range(state.n):
        v, want = state.value(i), solution.value(i)
        if v is None or want is None or v == want:
            continue
        name = kind.cell_name(puzzle, i)
        out.append(Mistake(i, v, want, f"{name} should not be {kind.words[v]}"))
    return out


# -- where to look ----------------------------------------------------------------
def _names(kind: Kind, puzzle: Any, cells, limit: int = 3) -> str:
    return listed([kind.cell_name(puzzle, i) for i in cells], limit)


def _tiles(kind: Kind, puzzle: Any, tiles) -> str:
    """'the tile at r1c2' / 'the tiles at r1c1, r1c2 and 2 more': a region of tiles,
    each given as the unknown at its coordinates (``Kind.tile_regions``)."""
    at = sorted({tuple(kind.coords(puzzle, i)) for i in tiles})
    names = [f"r{r + 1}c{c + 1}" for r, c in at]
    return f"the tile{'s' if len(names) > 1 else ''} at {listed(names, 3)}"


def _part_of_grid(kind: Kind, puzzle: Any, cells) -> str:
    """'the top-left of the grid': where a set of cells lies, without naming them."""
    rows, cols = kind.shape(puzzle)
    coords = [kind.coords(puzzle, i) for i in cells]
    r = sum(rc[0] for rc in coords) / len(coords)
    c = sum(rc[1] for rc in coords) / len(coords)
    vert = ("top", "middle", "bottom")[min(2, int(3 * r / max(rows, 1)))]
    horiz = ("left", "centre", "right")[min(2, int(3 * c / max(cols, 1)))]
    if vert == "middle" and horiz == "centre":
        return "the centre of the grid"
    if vert == "middle":
        return f"the {horiz} side of the grid"
    if horiz == "centre":
        return f"the {vert} of the grid"
    return f"the {vert}-{horiz} of the grid"


def _labelled(kind: Kind, puzzle: Any, cells) -> list[int]:
    return [i for i in cells if kind.label(puzzle, i) is not None]


def focus(kind: Kind, puzzle: Any, step: Step) -> str:
    """Where a step looks, from its regions and premises, never naming what it concludes."""
    concluded = {i for i, _ in step.conclusions}
    if step.assumption is not None or step.technique.startswith("either-way"):
        # a hypothesis is about one cell: name it (the value stays untold)
        return kind.cell_name(puzzle, step.premises[0]) if step.premises else \
            _part_of_grid(kind, puzzle, concluded)
    if kind.tile_regions:
        for role, tiles in step.regions:
            return _tiles(kind, puzzle, tiles)
    for role, cells in step.regions:
        clue = _labelled(kind, puzzle, cells)
        if clue:
            i = clue[0]
            return f"the {kind.label(puzzle, i)} at {kind.cell_name(puzzle, i)}"
    for role, cells in step.regions:
        shown = [i for i in cells if i not in concluded]
        if shown:
            if role == "square" and kind.cells is None:
                return f"the 2×2 square at {kind.cell_name(puzzle, min(cells))}"
            if role == "square":  # (unknowns of several cells: the square is not one of them)
                return f"a 2×2 square across {_names(kind, puzzle, shown)}"
            what = {"wall": f"the {kind.words[1]} cells", "island": f"the {kind.words[0]} cells",
                    "area": "the cells", "choice": "the cells"}.get(role, "the cells")
            return f"{what} at {_names(kind, puzzle, shown)}"
    clue = _labelled(kind, puzzle, step.premises)
    if len(clue) == 1:
        i = clue[0]
        return f"the {kind.label(puzzle, i)} at {kind.cell_name(puzzle, i)}"
    if clue:  # it weighs several numbers at once (reachability): where it concludes
        return _part_of_grid(kind, puzzle, concluded)
    shown = [i for i in step.premises if i not in concluded]
    if shown:
        return _names(kind, puzzle, shown)
    return _part_of_grid(kind, puzzle, concluded or step.premises)


def _what(kind: Kind, step: Step) -> str:
    """What a step concludes, in words but without cells."""
    counts = {0: 0, 1: 0}
    for _, v in step.conclusions:
        counts[v] += 1
    parts = []
    for v in (1, 0):
        n = counts[v]
        if n:
            parts.append(f"{'one ' + kind.nouns[0] if n == 1 else f'{n} ' + kind.nouns[1]} "
                         f"{kind.words[v]}")
    if step.assumption is not None:
        return (f"Assuming one value for that {kind.nouns[0]} breaks a rule, so you can decide it: "
                + " and ".join(parts) + ".")
    return "You can decide " + " and ".join(parts) + "."


def hint_lines(kind: Kind, puzzle: Any, step: Step, level: int) -> list[str]:
    """The hint at ``level`` (1, 2 or 3); each level repeats the ones before."""
    name = technique_name(kind, step.technique)
    lines = [f"Look at {focus(kind, puzzle, step)}: try {name}."]
    if level >= 2:
        summary = technique_summary(kind, step.technique)
        if summary:
            lines.append(f"{name}: {summary}")
        lines.append(_what(kind, step))
    if level >= 3:
        lines.append(step.text)
        cells = ", ".join(f"{kind.cell_name(puzzle, i)} {kind.words[v]}"
                          for i, v in step.conclusions)
        lines.append(f"{kind.nouns[1].capitalize()}: {cells}.")
    return lines


@attrs.frozen
class Hint:
    """What ``deduce hint --level`` reports; ``code`` is the exit code."""

    code: int
    lines: tuple[str, ...]
    step: Step | None = None
    mistakes: tuple[Mistake, ...] = ()
    checked_against: str = ""
    note: str = ""  # marks that could not be checked (also the last of ``lines``)


def progressive_hint(kind: Kind, puzzle: Any, level: int, depth: int = 3,
                     budget: float | None = None, check: bool = True) -> Hint:
    state = kind.initial_state(puzzle)
    source = note = ""
    if check:
        solution, source, broken = _reference(kind, puzzle, depth, budget)
        if broken is not None:  # the clues themselves: no hint can help
            return Hint(1, (f"This puzzle has no solution: {broken}.",), checked_against=source)
        given = givens_state(kind, puzzle)
        if solution is None and (state.ones, state.zeros) != (given.ones, given.zeros):
            # no one solution to check them against; a complete search (on a
            # small budget) can still tell whether any solution keeps them all
            share = min(budget, MARKS_SEARCH) if budget else MARKS_SEARCH
            kept = search(kind, puzzle, state, limit=1, budget=share)
            if kept.complete and not kept.solutions:
                if search(kind, puzzle, given, limit=1, budget=share).count == 0:
                    return Hint(1, ("This puzzle has no solution: a complete search of the "
                                    "clues alone finds none.",), checked_against=source)
                return Hint(1, ("Your marks cannot all be right: no solution of the clues "
                                "keeps them all (a complete search finds none).",),
                            checked_against=source)
            # (say so: a hint from wrong marks would look like a confirmation)
            note = (f"Your marks are not checked: {source}"
                    + ("; they fit at least one solution." if kept.solutions else "."))
        if solution is not None:
            mistakes = find_mistakes(kind, puzzle, state, solution)
            if mistakes:
                n = len(mistakes)
                lines = [f"{'One mark is' if n == 1 else f'{n} marks are'} wrong "
                         f"(checked against {source}):"]
                lines += [f"  {m.text}" for m in mistakes]
                return Hint(1, tuple(lines), None, tuple(mistakes), source)
    if kind.answered(puzzle):  # (the answer is the known solution, not marks: nothing is open)
        return Hint(0, ("The grid is already solved.",), checked_against=source)
    # (the step has a budget of its own: a check that used all of its budget,
    # on a hard puzzle, must not leave the hint without time)
    solver = Solver(kind, puzzle, depth=depth, budget=budget, narrow=True)

    def told(code: int, lines, step: Step | None = None) -> Hint:
        return Hint(code, tuple(lines) + ((note,) if note else ()), step, (), source, note)

    try:
        step = solver.next_step(state)
    except Contradiction as c:
        return told(1, (f"This grid already breaks the rules: {c.text}.",))
    except BudgetExceeded:
        return told(3, (f"No step found within the budget ({budget:g} s; --budget sets it).",))
    if step is None:
        if state.solved:
            return told(0, ("The grid is already solved.",))
        return told(3, (f"No step found with hypotheses up to depth {depth}.",))
    return told(0, hint_lines(kind, puzzle, step, level), step)
