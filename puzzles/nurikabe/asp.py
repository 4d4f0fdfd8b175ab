"""An independent Nurikabe oracle in answer set programming (clingo).

It shares nothing with the deduction engine but the puzzle value: the rules
are stated once more, declaratively, in :data:`PROGRAM`, and clingo searches.
Tests and benchmarks use it to check that a puzzle has exactly one solution
and which one.

>>> p = Nurikabe.from_tokens([["2", "."], [".", "."]])
>>> sorted(solutions(p, limit=5))
[['.#', '.#'], ['..', '##']]
>>> count(Nurikabe.from_tokens([["1", "1"]]))
0

How the rules are encoded:

- every non-clue cell may be ``black``; the rest are ``white``;
- every white cell has exactly one ``owner``, a clue near enough to reach it
  (Manhattan distance below its number; a ``?`` clue may own any cell);
  these candidates are computed here in Python, as ``cand/3`` facts;
- orthogonally adjacent white cells have the same owner, so a white region is
  owned as a whole, and a numbered clue owns exactly its number of cells;
- an owned cell must be reached from its own clue through cells of the same
  owner (``reach/3``, least fixpoint), so a region owned by a clue contains it:
  every region holds exactly one clue, and has that clue's size;
- the first black cell in reading order is the ``root``; every black cell must
  be reached from it through black cells (``wall/2``), so the wall is one piece;
- no 2x2 square is all black; given black/white marks are kept.

A solution's black cells fix every other atom (the owner of a region is the
clue it holds; root and reachability are functions of the shading), so
answer sets and solutions correspond one to one and no projection is needed.
"""
from __future__ import annotations

import time

import clingo

from deduce.errors import BudgetExceeded
from puzzles.nurikabe.model import Nurikabe

__all__ = ["PROGRAM", "count", "encoding", "facts", "solutions"]

PROGRAM = r"""
% --- input (generated in Python) -----------------------------------------
% cell(R,C).  adj(R,C,R2,C2): orthogonal neighbours.  next(R,C,R2,C2): reading order.
% clue(K,R,C,N): clue number K at (R,C) of size N.  qclue(K,R,C): a "?" clue.
% cand(K,R,C): clue K may own cell (R,C).  given_black(R,C).  given_white(R,C).

isclue(R,C) :- clue(_,R,C,_).
isclue(R,C) :- qclue(_,R,C).
clueid(K,R,C) :- clue(K,R,C,_).
clueid(K,R,C) :- qclue(K,R,C).

% --- shading ---------------------------------------------------------------
{ black(R,C) } :- cell(R,C), not isclue(R,C), not given_white(R,C).
white(R,C) :- cell(R,C), not black(R,C).
:- given_black(R,C), not black(R,C).

% --- islands ---------------------------------------------------------------
1 { owner(K,R,C) : cand(K,R,C) } 1 :- white(R,C).
:- clueid(K,R,C), not owner(K,R,C).
:- owner(K,R,C), adj(R,C,R2,C2), white(R2,C2), not owner(K,R2,C2).
:- clue(K,_,_,N), #count { R,C : owner(K,R,C) } != N.

reach(K,R,C) :- clueid(K,R,C).
reach(K,R2,C2) :- reach(K,R,C), adj(R,C,R2,C2), owner(K,R2,C2).
:- owner(K,R,C), not reach(K,R,C).

% --- the wall --------------------------------------------------------------
% blackbefore(R,C): some cell strictly before (R,C) in reading order is black.
blackbefore(R2,C2) :- next(R,C,R2,C2), black(R,C).
blackbefore(R2,C2) :- next(R,C,R2,C2), blackbefore(R,C).
root(R,C) :- black(R,C), not blackbefore(R,C).

wall(R,C) :- root(R,C).
wall(R2,C2) :- wall(R,C), adj(R,C,R2,C2), black(R2,C2).
:- black(R,C), not wall(R,C).

:- black(R,C), black(R+1,C), black(R,C+1), black(R+1,C+1).

#show black/2.
"""


def encoding() -> str:
    """The ASP program (rules only; the puzzle comes as :func:`facts`)."""
    return PROGRAM


def facts(puzzle: Nurikabe) -> str:
    """The puzzle as ASP facts for :data:`PROGRAM`."""
    h, w = puzzle.rows, puzzle.cols
    out: list[str] = []
    add = out.append
    for r in range(h):
        for c in range(w):
            add(f"cell({r},{c}).")
            if c + 1 < w:
                add(f"adj({r},{c},{r},{c + 1}). adj({r},{c + 1},{r},{c}).")
            if r + 1 < h:
                add(f"adj({r},{c},{r + 1},{c}). adj({r + 1},{c},{r},{c}).")
            i = r * w + c
            if i + 1 < h * w:
                r2, c2 = divmod(i + 1, w)
                add(f"next({r},{c},{r2},{c2}).")
            if (puzzle.black >> i) & 1:
                add(f"given_black({r},{c}).")
            if (puzzle.white >> i) & 1:
                add(f"given_white({r},{c}).")
    clue_cells = {cell for cell, _ in puzzle.clues}
    for k, (cell, n) in enumerate(puzzle.clues):
        r, c = divmod(cell, w)
        if n is None:
            add(f"qclue({k},{r},{c}).")
        else:
            add(f"clue({k},{r},{c},{n}).")
        # A connected island of n cells spans at most n - 1 steps.
        reach = h + w if n is None else n - 1
        for r2 in range(max(0, r - reach), min(h, r + reach + 1)):
            span = reach - abs(r2 - r)
            for c2 in range(max(0, c - span), min(w, c + span + 1)):
                if r2 * w + c2 in clue_cells and (r2, c2) != (r, c):
                    continue
                add(f"cand({k},{r2},{c2}).")
    return "\n".join(out) + "\n"


def solutions(puzzle: Nurikabe, limit: int = 2, timeout: float | None = None) -> list[list[str]]:
    """Up to ``limit`` distinct solutions, each as rows of ``#``/``.``.

    Raises :class:`BudgetExceeded` when ``timeout`` seconds (grounding and
    search together) pass before clingo finishes.
    """
    if limit < 1:
        return []
    deadline = None if timeout is None else time.monotonic() + timeout
    ctl = clingo.Control([f"--models={limit}", "--warn=none"])
    ctl.add("base", [], PROGRAM)
    ctl.add("base", [], facts(puzzle))
    ctl.ground([("base", [])])
    found: list[list[str]] = []
    h, w = puzzle.rows, puzzle.cols

    def on_model(model: clingo.Model) -> None:
        grid = [["."] * w for _ in range(h)]
        for sym in model.symbols(shown=True):
            r, c = (a.number for a in sym.arguments)
            grid[r][c] = "#"
        found.append(["".join(row) for row in grid])

    if deadline is None:
        ctl.solve(on_model=on_model)
        return found
    left = deadline - time.monotonic()
    if left <= 0:
        raise BudgetExceeded(f"clingo did not finish in {timeout} s (grounding)")
    with ctl.solve(on_model=on_model, async_=True) as handle:
        if not handle.wait(left):
            handle.cancel()
            raise BudgetExceeded(f"clingo did not finish in {timeout} s")
        handle.get()
    return found


def count(puzzle: Nurikabe, limit: int = 2, timeout: float | None = None) -> int:
    """How many solutions, counting no further than ``limit``."""
    return len(solutions(puzzle, limit, timeout))
