"""An independent Pipes oracle in answer set programming (clingo).

It shares nothing with the deduction engine but the puzzle value: the rules
are stated once more, declaratively, in :data:`PROGRAM`, and clingo searches.

>>> from puzzles.pipes.model import Pipes
>>> p = Pipes(1, 3, (1, 5, 4))
>>> solutions(p)  # both edges open
[3]

How the rules are encoded:

- every tile picks exactly one of its distinct orientations (``orient``); a
  side of the picked orientation is ``out``;
- an edge is ``open`` when the tile on either side points into it, and then
  the other side must point into it too; a tile never points off the board or
  into a barrier;
- every tile is reachable from tile 0 through open edges (connected), and
  there are exactly ``tiles - 1`` open edges, so the open pipes form a tree.
  Each tree corresponds to one answer set (orientations are distinct).
"""
from __future__ import annotations

from puzzles.asp import shaded_grids
from puzzles.pipes.model import DIRS, Pipes, rotations

__all__ = ["PROGRAM", "facts", "solutions"]

PROGRAM = r"""
% input: tile(T). may(T,O): O is an orientation of tile T. bit(O,D): side D is in O.
% side(T,D,E): side D of tile T is edge E (absent on the left/top border).
% wall(E): edge E is the border or a barrier. link(E,A,B): edge E joins tiles A and B.
% tiles(N).
1 { orient(T,O) : may(T,O) } 1 :- tile(T).
out(T,D) :- orient(T,O), bit(O,D).
:- out(T,D), not side(T,D,_).
:- out(T,D), side(T,D,E), wall(E).
open(E) :- out(T,D), side(T,D,E).
:- open(E), side(T,D,E), not out(T,D).
reach(0).
reach(B) :- reach(A), link(E,A,B), open(E).
reach(A) :- reach(B), link(E,A,B), open(E).
:- tile(T), not reach(T).
:- tiles(N), #count { E : open(E) } != N - 1.
#show.
#show shown(0,E) : open(E).
"""


def facts(puzzle: Pipes) -> str:
    out = [f"tiles({puzzle.size})."]
    add = out.append
    for o in range(16):
        for d in DIRS:
            if o & d:
                add(f"bit({o},{d}).")
    for t in range(puzzle.size):
        add(f"tile({t}).")
        for o in rotations(puzzle.tiles[t]):
            add(f"may({t},{o}).")
        for d in DIRS:
            e = puzzle.side_edge(t, d)
            if e is not None:
                add(f"side({t},{d},{e}).")
    for e in range(puzzle.n):
        a, b = puzzle.ends(e)
        if (puzzle.walls >> e) & 1:
            add(f"wall({e}).")
        elif b is not None:
            add(f"link({e},{a},{b}).")
    return "\n".join(out) + "\n"


def solutions(puzzle: Pipes, limit: int = 2, timeout: float | None = None) -> list[int]:
    """Up to ``limit`` distinct solutions, each as the bitmask of its open edges.

    Raises :class:`BudgetExceeded` when ``timeout`` seconds pass first.
    """
    grids = shaded_grids(PROGRAM, facts(puzzle), 1, puzzle.n, limit, timeout)
    return [sum(1 << e for e, ch in enumerate(g[0]) if ch == "#") for g in grids]
