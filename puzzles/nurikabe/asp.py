"""An independent Nurikabe oracle in answer set programming (clingo).

It shares nothing with the deduction engine but the puzzle value: the rules
are stated once more, declaratively, in :data:`PROGRAM`, and clingo searches.
Tests and benchmarks use it to learn whether a puzzle has exactly one
solution, and which.

>>> p = Nurikabe.from_tokens([["2", "."], [".", "."]])
>>> sorted(solutions(p, limit=5))
[['.#', '.#'], ['..', '##']]
>>> count(Nurikabe.from_tokens([["1", "1"]]))
0

How the rules are encoded (the puzzle itself comes as facts, see :func:`facts`):

- every cell but a clue may be ``black``; the others are ``white``;
- ``cand(K,R,C)``: clue K could own cell (R,C) -- it lies closer than K's
  number (Manhattan distance; a ``?`` clue may own any cell) and is neither
  another clue nor next to one.  Computed in Python;
- ``reach(K,R,C)``: (R,C) is white and joined to clue K through white
  candidate cells of K.  For a numbered clue N the path must take at most N-1
  steps (``d/4``, distance layers -- true of every island of N cells, and a
  program without loops here is faster); a ``?`` clue, or a clue too big to
  layer cheaply, uses plain reachability (a least fixpoint);
- every white cell is reached by exactly one clue, a white neighbour of a
  reached cell is reached by the same clue, and a numbered clue reaches
  exactly its number of cells.  So every white region holds exactly one clue
  and has that clue's size;
- the black cells are connected: ``root`` is a cell that every solution
  shades (next to a 1, between two clues, out of every clue's reach, or given
  black), or else the first black cell in reading order; every black cell
  must be reached from it through black cells (``wall/2``);
- no 2x2 square is all black; given black and white cells keep their colour;
- redundant, for speed: when no clue is ``?``, the white cells number the sum
  of the clues.

A solution's black cells fix every other atom (``reach`` and ``d`` follow
from the shading, the root is a function of it), so answer sets and
solutions correspond one to one and no projection is needed.
"""
from __future__ import annotations



from puzzles.asp import shaded_grids
from puzzles.nurikabe.model import Nurikabe

__all__ = ["PROGRAM", "count", "encoding", "facts", "solutions"]

# A numbered clue gets distance layers when its candidate cells times its
# number stay under this (the d/4 atoms it grounds); bigger ones (a 994 on
# 32x32, the many 50s on 40x57) use plain reachability.
LAYER_BUDGET = 60_000

PROGRAM = r"""
% --- input, from facts() -----------------------------------------------------
% cell(R,C).  adj(R,C,R2,C2): orthogonal neighbours.  next(R,C,R2,C2): reading order.
% clue(K,R,C,N): clue number K at (R,C), size N.  qclue(K,R,C): a "?" clue.
% layered(K): use distance layers for clue K.  cand(K,R,C): K may own (R,C).
% given_black(R,C).  given_white(R,C).  total(T): white cells (no "?" clue).

clueat(K,R,C) :- clue(K,R,C,_).
clueat(K,R,C) :- qclue(K,R,C).
isclue(R,C) :- clueat(_,R,C).

% --- shading -----------------------------------------------------------------
{ black(R,C) } :- cell(R,C), not isclue(R,C), not given_white(R,C).
white(R,C) :- cell(R,C), not black(R,C).
:- given_black(R,C), not black(R,C).
:- black(R,C), black(R+1,C), black(R,C+1), black(R+1,C+1).

% --- islands -----------------------------------------------------------------
% d(K,R,C,D): white (R,C) is at most D steps from clue K through K's white cells.
maxd(K,N-1) :- clue(K,_,_,N), layered(K).
d(K,R,C,0) :- clueat(K,R,C), layered(K).
d(K,R,C,D+1) :- d(K,R,C,D), maxd(K,M), D < M.
d(K,R2,C2,D+1) :- d(K,R,C,D), maxd(K,M), D < M,
                  adj(R,C,R2,C2), cand(K,R2,C2), white(R2,C2).
reach(K,R,C) :- d(K,R,C,M), maxd(K,M).

reach(K,R,C) :- clueat(K,R,C), not layered(K).
reach(K,R2,C2) :- reach(K,R,C), not layered(K),
                  adj(R,C,R2,C2), cand(K,R2,C2), white(R2,C2).

:- white(R,C), not reach(_,R,C).
:- reach(K1,R,C), reach(K2,R,C), K1 < K2.
:- reach(K,R,C), adj(R,C,R2,C2), white(R2,C2), not reach(K,R2,C2).
:- clue(K,_,_,N), #count { R,C : reach(K,R,C) } != N.
:- total(T), #count { R,C : white(R,C) } != T.

% --- the wall ----------------------------------------------------------------
sure_black(R,C) :- given_black(R,C).
sure_black(R,C) :- cell(R,C), not isclue(R,C), not given_white(R,C), not cand(_,R,C).
sure_black(R,C) :- adj(R,C,R1,C1), clue(_,R1,C1,1), not isclue(R,C), not given_white(R,C).
sure_black(R,C) :- adj(R,C,R1,C1), adj(R,C,R2,C2), clueat(K1,R1,C1), clueat(K2,R2,C2),
                   K1 < K2, not isclue(R,C), not given_white(R,C).
anchor(R,C) :- (R,C) = #min { (R1,C1) : sure_black(R1,C1) }, sure_black(R,C).
anchored :- anchor(_,_).
:- anchor(R,C), not black(R,C).

blackbefore(R2,C2) :- next(R,C,R2,C2), black(R,C), not anchored.
blackbefore(R2,C2) :- next(R,C,R2,C2), blackbefore(R,C).
root(R,C) :- anchor(R,C).
root(R,C) :- black(R,C), not blackbefore(R,C), not anchored.

wall(R,C) :- root(R,C).
wall(R2,C2) :- wall(R,C), adj(R,C,R2,C2), black(R2,C2).
:- black(R,C), not wall(R,C).

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
        add(f"qclue({k},{r},{c})." if n is None else f"clue({k},{r},{c},{n}).")
        # A connected island of n cells spans at most n - 1 steps.
        span = h + w if n is None else n - 1
        ncand = 0
        for r2 in range(max(0, r - span), min(h, r + span + 1)):
            left = span - abs(r2 - r)
            for c2 in range(max(0, c - left), min(w, c + left + 1)):
                j = r2 * w + c2
                # Another clue, or a cell touching another clue, is never ours.
                if j != cell and (j in clue_cells or any(
                    0 <= r3 < h and 0 <= c3 < w and r3 * w + c3 in clue_cells and r3 * w + c3 != cell
                    for r3, c3 in ((r2 - 1, c2), (r2 + 1, c2), (r2, c2 - 1), (r2, c2 + 1))
                )):
                    continue
                add(f"cand({k},{r2},{c2}).")
                ncand += 1
        if n is not None and ncand * n <= LAYER_BUDGET:
            add(f"layered({k}).")
    if puzzle.white_total is not None:
        add(f"total({puzzle.white_total}).")
    return "\n".join(out) + "\n"


def solutions(puzzle: Nurikabe, limit: int = 2, timeout: float | None = None) -> list[list[str]]:
    """Up to ``limit`` distinct solutions, each as rows of ``#``/``.``; [] if none.

    Raises :class:`BudgetExceeded` when ``timeout`` seconds (grounding and
    search together) pass before clingo has found ``limit`` solutions or
    shown there are no more.
    """
    return shaded_grids(PROGRAM, lambda: facts(puzzle), puzzle.rows, puzzle.cols, limit, timeout)


def count(puzzle: Nurikabe, limit: int = 2, timeout: float | None = None) -> int:
    """How many solutions, counting no further than ``limit``."""
    return len(solutions(puzzle, limit, timeout))
