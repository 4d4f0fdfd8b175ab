"""An independent Nurimeizu oracle in answer set programming (clingo).

It shares nothing with the deduction engine but the puzzle value: the rules
are stated once more, declaratively, in :data:`PROGRAM`, and clingo searches.

>>> from puzzles.nurimeizu.model import Nurimeizu
>>> p = Nurimeizu.from_grids([[0, 1], [0, 2]], ["S.", "G."])
>>> sorted(solutions(p, limit=5))
[['.#', '.#'], ['.#', '..'], ['..', '.#']]

How the rules are encoded:

- a room without a mark may be ``black``; a cell is black when its room is;
- no 2x2 square is all black or all white;
- every white cell but S picks one white neighbour as its ``parent``; every
  white cell must reach S through parents (connected), and every two white
  neighbours must be a parent link one way, so the white cells are exactly
  that tree (no loop). A tree rooted at S has one parent function, so answer
  sets correspond one to one to solutions;
- the ``route`` is G and its ancestors;
- circles are on the route, triangles are not;
- a player's marks (``puzzle.shaded``, from a pzprv3 answer) are kept: a room
  marked shaded is black, one marked unshaded is not.
"""
from __future__ import annotations



from puzzles.asp import shaded_grids
from puzzles.nurimeizu.model import Nurimeizu

__all__ = ["PROGRAM", "count", "facts", "solutions"]

PROGRAM = r"""
% input: cell(R,C). inroom(K,R,C). adj(R,C,R2,C2) both ways. sq(R,C): top-left of a 2x2.
% start(R,C). goal(R,C). circle(R,C). triangle(R,C).
% given_black(K). given_white(K): a player's marks on rooms.
marked(R,C) :- start(R,C).
marked(R,C) :- goal(R,C).
marked(R,C) :- circle(R,C).
marked(R,C) :- triangle(R,C).
markroom(K) :- inroom(K,R,C), marked(R,C).
room(K) :- inroom(K,_,_).

{ black(K) } :- room(K), not markroom(K), not given_white(K).
:- given_black(K), not black(K).
shaded(R,C) :- inroom(K,R,C), black(K).
white(R,C) :- cell(R,C), not shaded(R,C).

:- sq(R,C), shaded(R,C), shaded(R+1,C), shaded(R,C+1), shaded(R+1,C+1).
:- sq(R,C), white(R,C), white(R+1,C), white(R,C+1), white(R+1,C+1).

% the white cells as a tree rooted at S: every other white cell picks one parent
1 { parent(R,C,R2,C2) : adj(R,C,R2,C2), white(R2,C2) } 1 :- white(R,C), not start(R,C).
reach(R,C) :- start(R,C).
reach(R,C) :- parent(R,C,R2,C2), reach(R2,C2).
:- white(R,C), not reach(R,C).
% no loop: every pair of white neighbours is a parent link
:- white(R,C), white(R2,C2), adj(R,C,R2,C2), not parent(R,C,R2,C2), not parent(R2,C2,R,C).

% the route: G and its ancestors
route(R,C) :- goal(R,C).
route(R2,C2) :- route(R,C), parent(R,C,R2,C2).
:- circle(R,C), not route(R,C).
:- triangle(R,C), route(R,C).

#show shaded/2.
"""


def facts(puzzle: Nurimeizu) -> str:
    h, w = puzzle.rows, puzzle.cols
    out = []
    add = out.append
    for r in range(h):
        for c in range(w):
            add(f"cell({r},{c}). inroom({puzzle.room_of[r * w + c]},{r},{c}).")
            if c + 1 < w:
                add(f"adj({r},{c},{r},{c + 1}). adj({r},{c + 1},{r},{c}).")
            if r + 1 < h:
                add(f"adj({r},{c},{r + 1},{c}). adj({r + 1},{c},{r},{c}).")
            if r + 1 < h and c + 1 < w:
                add(f"sq({r},{c}).")
    names = {"S": "start", "G": "goal", "o": "circle", "t": "triangle"}
    for i, m in puzzle.marks:
        r, c = divmod(i, w)
        add(f"{names[m]}({r},{c}).")
    for room, value in puzzle.shaded:
        add(f"given_{'black' if value else 'white'}({room}).")
    return "\n".join(out) + "\n"


def solutions(puzzle: Nurimeizu, limit: int = 2, timeout: float | None = None) -> list[list[str]]:
    """Up to ``limit`` distinct solutions, each as rows of ``#``/``.``.

    Raises :class:`BudgetExceeded` when ``timeout`` seconds pass first.
    """
    return shaded_grids(PROGRAM, lambda: facts(puzzle), puzzle.rows, puzzle.cols, limit, timeout)


def count(puzzle: Nurimeizu, limit: int = 2, timeout: float | None = None) -> int:
    """How many solutions, counting no further than ``limit``."""
    return len(solutions(puzzle, limit, timeout))
