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
- every tile but tile 0 picks a ``parent`` edge among its open edges, the
  parent links form no cycle (clingo's ``#edge`` acyclicity), and every open
  edge is a parent link one way (an edge, not a pair of tiles: on a wrapping
  board two tiles 2 apart share two edges, and both open is a loop): so the open pipes are a tree over all tiles. A tree
  rooted at tile 0 has one parent function and the orientations are distinct,
  so answer sets and solutions correspond one to one.
"""
from __future__ import annotations

from puzzles.asp import shaded_grids
from puzzles.pipes.model import DIRS, Pipes, rotations

__all__ = ["PROGRAM", "facts", "solutions"]

PROGRAM = r"""
% input: tile(T). may(T,O): O is an orientation of tile T. bit(O,D): side D is in O.
% side(T,D,E): side D of tile T is edge E (absent on the left/top border).
% wall(E): edge E is the border or a barrier. link(E,A,B): edge E joins tiles A and B.
1 { orient(T,O) : may(T,O) } 1 :- tile(T).
out(T,D) :- orient(T,O), bit(O,D).
:- out(T,D), not side(T,D,_).
:- out(T,D), side(T,D,E), wall(E).
open(E) :- out(T,D), side(T,D,E).
:- open(E), side(T,D,E), not out(T,D).
% the open pipes as a tree rooted at tile 0: every other tile picks one parent through
% an open edge, parent links never close a cycle (clingo's acyclicity #edge), and
% every open edge is a parent link one way
% (a parent link names its edge: on a wrapping board two tiles can share two edges)
1 { parent(A,E) : link(E,A,B), open(E); parent(A,E) : link(E,B,A), open(E) } 1 :- tile(A), A != 0.
#edge (A,B) : parent(A,E), link(E,A,B).
#edge (A,B) : parent(A,E), link(E,B,A).
:- link(E,A,B), open(E), not parent(A,E), not parent(B,E).
#show.
#show shown(0,E) : open(E).
"""


def facts(puzzle: Pipes) -> str:
    out: list[str] = []
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
    grids = shaded_grids(PROGRAM, lambda: facts(puzzle), 1, puzzle.n, limit, timeout)
    return [sum(1 << e for e, ch in enumerate(g[0]) if ch == "#") for g in grids]
