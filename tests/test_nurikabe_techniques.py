"""Every Nurikabe technique on tiny hand-made boards, checked against brute force.

Each registered technique gets a positive case (exact conclusions, step
metadata, a sentence naming the concluded cells) and a negative case (an
unsolved board where it must find nothing); techniques that can raise
Contradiction get a board that makes them raise. Every board's solutions are
enumerated by the small independent solver below, and every conclusion must
hold in every solution, so each case proves soundness and not just output.
Property tests then run every technique, and the whole solver, on random
small puzzles against the same brute force.
"""
from __future__ import annotations

import inspect
import itertools
import random
import re
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import puzzles.nurikabe  # noqa: F401  (import before rules.nurikabe: circular import otherwise)
from benchmarks.random_puzzles import random_puzzle
from deduce.errors import Contradiction
from deduce.solver import Solver
from deduce.state import State, bits
from deduce.step import Step
from puzzles.nurikabe import KIND, initial_state
from puzzles.nurikabe.model import Nurikabe, violations
from rules.nurikabe import TECHNIQUES, View, techniques
from tests.conftest import NURIKABE_REPLAYED, unreplayed_steps

EXAMPLES = Path(__file__).parents[1] / "puzzles" / "examples"

# ----------------------------------------------------------------- helpers


def puzzle_of(text: str) -> Nurikabe:
    rows = [line.split() for line in text.strip().splitlines()]
    assert rows and all(len(r) == len(rows[0]) for r in rows), "ragged board"
    return Nurikabe.from_tokens(rows)


def board(text: str) -> View:
    """The View of a board's initial state (``#``/``+`` are decided cells)."""
    puzzle = puzzle_of(text)
    return View(puzzle, initial_state(puzzle))


def _neighbours(rows: int, cols: int) -> list[int]:
    out = []
    for i in range(rows * cols):
        r, c = divmod(i, cols)
        m = 0
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < rows and 0 <= cc < cols:
                m |= 1 << (rr * cols + cc)
        out.append(m)
    return out


def _squares(rows: int, cols: int) -> list[int]:
    return [(1 << (r * cols + c)) | (1 << (r * cols + c + 1))
            | (1 << ((r + 1) * cols + c)) | (1 << ((r + 1) * cols + c + 1))
            for r in range(rows - 1) for c in range(cols - 1)]


def _rows(puzzle: Nurikabe, black: int) -> list[str]:
    return ["".join("#" if (black >> (r * puzzle.cols + c)) & 1 else "."
                    for c in range(puzzle.cols)) for r in range(puzzle.rows)]


def _judge(puzzle: Nurikabe, black: int, squares: list[int]) -> bool:
    """True when the shading ``black`` is a solution; ``violations`` decides."""
    if any(sq & black == sq for sq in squares):  # cheap necessary condition
        return False
    return violations(puzzle, _rows(puzzle, black)) == []


MAX_UNKNOWNS = 18


def brute_solutions(puzzle: Nurikabe, state: State | None = None) -> list[int]:
    """All solutions (as black masks) by enumerating the unknown cells' colours.

    When the white total is known only shadings with that many white cells are
    generated (any other shading breaks a size rule anyway).
    """
    state = initial_state(puzzle) if state is None else state
    unknown = [i for i in range(puzzle.size) if (state.unknown >> i) & 1]
    assert len(unknown) <= MAX_UNKNOWNS, f"{len(unknown)} unknowns is too many to enumerate"
    squares = _squares(puzzle.rows, puzzle.cols)
    total = puzzle.white_total
    out = []
    if total is not None:
        k = total - state.zeros.bit_count()
        if not 0 <= k <= len(unknown):
            return []
        for whites in itertools.combinations(unknown, k):
            black = state.ones
            chosen = set(whites)
            for i in unknown:
                if i not in chosen:
                    black |= 1 << i
            if _judge(puzzle, black, squares):
                out.append(black)
        return out
    for mask in range(1 << len(unknown)):
        black = state.ones
        for j, i in enumerate(unknown):
            if (mask >> j) & 1:
                black |= 1 << i
        if _judge(puzzle, black, squares):
            out.append(black)
    return out


def island_solutions(puzzle: Nurikabe, state: State | None = None) -> list[int]:
    """All solutions of a puzzle whose clues are all numbers, island by island.

    Every white cell of a solution lies in the island of exactly one clue, a
    connected set of that many cells: enumerate those shapes per clue, combine
    disjoint non-touching ones, keep the decided cells, and let ``violations``
    judge the rest (wall, pools). Handles boards too big to enumerate cell by cell.
    """
    state = initial_state(puzzle) if state is None else state
    assert puzzle.white_total is not None
    nb = _neighbours(puzzle.rows, puzzle.cols)
    squares = _squares(puzzle.rows, puzzle.cols)
    full = (1 << puzzle.size) - 1
    clue_mask = puzzle.clue_mask

    def grow(m: int) -> int:
        g = m
        for i in range(puzzle.size):
            if (m >> i) & 1:
                g |= nb[i]
        return g

    per_clue = []
    for cell, n in puzzle.clues:
        blocked = state.ones | (clue_mask & ~(1 << cell))
        level = {1 << cell}
        for _ in range(n - 1):
            nxt = set()
            for shape in level:
                border = grow(shape) & ~shape & ~blocked
                for i in range(puzzle.size):
                    if (border >> i) & 1:
                        nxt.add(shape | (1 << i))
            level = nxt
        per_clue.append(sorted(level))
    out = []

    def combine(k: int, white: int, halo: int):
        if k == len(per_clue):
            if white & state.zeros == state.zeros:
                black = full & ~white
                if _judge(puzzle, black, squares):
                    out.append(black)
            return
        for shape in per_clue[k]:
            if shape & halo:
                continue
            combine(k + 1, white | shape, halo | grow(shape))

    combine(0, 0, 0)
    return sorted(out)


def solutions(puzzle: Nurikabe, state: State | None = None) -> list[int]:
    if puzzle.white_total is not None:
        return island_solutions(puzzle, state)
    return brute_solutions(puzzle, state)


def as_steps(found) -> list[Step]:
    if found is None:
        return []
    return list(found) if isinstance(found, list) else [found]


def conclusions(steps: list[Step]) -> set[tuple[int, int]]:
    return {c for s in steps for c in s.conclusions}


def holds(conclusion: tuple[int, int], black: int) -> bool:
    i, v = conclusion
    return ((black >> i) & 1) == v


def cell_index(name: str, cols: int) -> int:
    """``r2c3`` -> its 0-based cell index."""
    m = re.fullmatch(r"r(\d+)c(\d+)", name)
    return (int(m[1]) - 1) * cols + int(m[2]) - 1


def expected_set(spec: str, cols: int) -> set[tuple[int, int]]:
    """``"r1c2# r2c1+"`` -> {(1, 1), (3, 0)}: ``#`` black, ``+`` white."""
    out = set()
    for name, mark in re.findall(r"(r\d+c\d+)([#+])", spec):
        out.add((cell_index(name, cols), 1 if mark == "#" else 0))
    assert len(out) == len(spec.split()), f"bad expectation {spec!r}"
    return out


def names_cell(text: str, name: str) -> bool:
    return re.search(rf"(?<![\w]){name}(?!\d)", text) is not None


# ----------------------------------------------------------------- the cases
# (technique, board, expected conclusions, number of solutions of the board)
POSITIVE = [
    # r3c3 touches only white cells: it can never join the black cells
    ("wall-pocket", """
. # .
# 4 +
. + .
""", "r3c3+", 1),
    # were r2c3 white, every cell above it could no longer reach the black
    # r3c3 and would be white too: the 3 would have 8 cells
    ("wall-pocket", """
. . .
. . .
. 3 #
""", "r2c3#", 1),
    # were r2c3 white, the wall could only get from r1c1 to r2c4 round the
    # left and bottom, through the cells round the 4, and the 2 could not grow
    ("wall-detour", """
# + . .
. . . #
. 4 . .
. . . 2
""", "r2c3#", 1),
    # the 4 has three completions: two border r3c3, and the third (along the
    # top row) leaves r3c1's 2x2 square to the 2, which r3c3 white would
    # complete; so r3c3 is black
    ("shape-trial", """
. . . #
4 . . #
. # . #
. . 2 .
""", "r3c3#", 2),
    # the 3 has two completions; r3c1 white touches one, and the other (r2c2)
    # would cut the black r3c2 off from the rest of the wall
    ("shape-trial", """
+ 3 # 1 #
. . # # #
. # 2 + #
. . # # .
6 + + + .
""", "r3c1#", 4),
    # r2c3 and r3c2 close a loop of wall round the 10 or the 4; 11 black cells
    # cannot go round the 10 (no room off the edges), so the 4 is inside, and
    # the only 2x2 block off the edges it can fill holds exactly 4 cells
    ("enclosed-island", """
. . . . .
. 10 # . .
. # 4 . .
. . . . .
. . . . .
""", "r3c4+ r4c3+ r4c4+", 1),
    # 6 black cells: any wall spanning the 3's block fits (h + w - 1), but
    # counted by runs a block of the 3 off the right edge (runs beside each row
    # on both sides, below each column) needs more than 6 (2x2: 8); only the
    # blocks reaching the right edge are left, and both hold r1c4 and r1c5
    ("fence-budget", """
1 . 3 . .
. . . . .
. . . 10 .
. . . . .
""", "r1c4+ r1c5+", 1),
    # 3 + 2 white cells leave 4 black ones: the 2 cannot take r1c2 (the wall
    # would need 5 cells), so it runs down the edge
    ("fence-budget", """
3 . 2
. . .
. . .
""", "r2c3+", 1),
    # 7 black cells reach 4 rows and 4 columns: column 2's one stretch ends at the 4
    ("tight-wall", """
2 . . 3
. # . .
. 4 . .
. . . .
""", "r4c2+", 1),
    # 6 black cells over 3 rows and 4 columns: row 2's stretch runs from r2c2 to r2c4
    # (so r2c3 is black), and row 3 holds the 1 and the 2: its stretch lies between them
    ("tight-wall", """
. . . 3
. # . #
1 . 2 .
""", "r2c3# r3c4+", 1),
    # 6 white cells, 3 black: only 2 more black cells may join the wall at r1c1
    ("wall-budget", """
# . .
. . .
. . 6
""", "r2c3+ r3c2+", 5),
    ("island-closure", """
1 . .
. . .
. . 3
""", "r1c2# r2c1#", 1),
    ("island-closure", """
2 + .
. . .
. . 3
""", "r1c3# r2c1# r2c2#", 1),
    ("clue-separation", """
3 . 2
. . .
. . .
""", "r1c2#", 1),
    ("pool-prevention", """
# # . .
# . . .
. . 3 .
""", "r2c2+", 1),
    ("island-expansion", """
3 . .
# . .
. . .
""", "r1c2+", 1),
    # a clueless white fragment with one way out
    ("island-expansion", """
+ # .
. . 1
3 . .
""", "r2c1+", 1),
    ("wall-expansion", """
# 1 .
. . .
. . 3
""", "r2c1#", 1),
    ("size-accounting", """
2 . +
. . .
. . 3
""", "r1c2#", 1),
    # r1c2 touches the 2 as well (forbidden to the 3); r3c2/r3c3 are too far
    ("unreachable", """
3 . 2
. . .
. . .
""", "r1c2# r3c2# r3c3#", 1),
    ("last-cell-neighbour", """
. # .
# 2 .
. . .
. . 2
""", "r3c3# r3c2#", 1),
    ("wall-chokepoint", """
1 # .
# . .
. . 3
""", "r2c2#", 1),
    # both squares at r2c1 and r2c2 can only be broken at r2c2
    ("pool-chokepoint", """
3 . .
# . .
. . .
""", "r2c2+", 1),
    # the 3 can reach exactly three cells
    ("island-confinement", """
3 . #
. # .
# . 1
""", "r1c2+ r2c1+", 1),
    # without r1c2 the 3 is stuck
    ("island-confinement", """
3 . .
# . .
. . .
""", "r1c2+", 1),
    # only the 3 can reach the fragment r1c3, and only through r2c3
    ("island-confinement", """
2 . +
. . .
. . 3
""", "r2c3+", 1),
    # only the 3 can break the pool at r3c1 (through r3c2), and only via r2c2
    ("island-confinement", """
. 3 .
. . .
. . .
. . .
""", "r2c2+", 1),
    # only the 5 at r2c1 can reach the white cell r4c1, and only through r3c1
    ("fragment-lifeline", """
. . 5
5 . .
. . .
+ # +
. . .
""", "r3c1+", 1),
    # the white cell r1c4 must join the 6 at r2c1 or the 6 at r3c3: both only through r1c3
    ("fragment-lifeline", """
+ . . + . .
6 . . # . .
. . 6 . + +
""", "r1c3+", 1),
    # the square r3c4-r4c5 needs a white cell; the 7 and the 6 both reach its
    # open cells only through r4c3
    ("fragment-lifeline", """
. . 7 . .
. # . . #
. # . # .
6 . . . .
""", "r4c3+", 2),
    # r3c3 white would make the fragment at r2c1-r3c2 4 cells: the 5 cannot take
    # 1 + 4 more; r1c3 white would leave the 5 three cells, one short of that way
    ("fragment-reach", """
. 5 .
+ . .
+ + .
""", "r3c3# r1c3#", 1),
    # r2c4 white would join r3c4 into 2 cells, r2c5 white r1c5: neither 3 could
    # pay for them; r3c3 white would join r3c2 and r3c4; and the 3s that alone
    # reach r1c5 and r3c2 must not spend a cell on r1c2, r2c3 or r1c1
    ("fragment-reach", """
. . 3 . +
3 . . . .
. + . + .
. . . . 3
""", "r2c4# r2c5# r3c3# r1c2# r2c3# r1c1#", 2),
    # only the 2 can break the square r2c1-r3c2 (through r2c2): white, r1c3 or r2c4
    # would complete it elsewhere
    ("fragment-reach", """
. . . .
. . 2 .
. . # .
""", "r1c3# r2c4#", 1),
    # the 4 and the 7 both reach the square r1c1-r2c2; r2c5 white would take one
    # of the 4's cells and shut the 7 out of row 2 (it may not touch the 4)
    ("fragment-reach", """
. . . . 4 .
. . . . . .
. . . . . 7
""", "r2c5#", 1),
    # only the 4 reaches the white cell r4c1, along r3c2: r3c2 white would join
    # the 3 instead, and the 4 may not touch it
    ("fragment-reach", """
. . .
4 . 3
. . +
+ . .
""", "r3c2#", 2),
    # the 6 reaches the white cell r2c3 but none of its completions takes it: the
    # 4 must, in 3 ways, all bordering r2c4 and r3c3
    ("battleground", """
4 . . . .
. . + . 6
. . . . +
. . . . .
# . # # #
""", "r2c4# r3c3#", 2),
    # with r2c1 black the 4 at r1c2 could only be r1c1-r1c3 + r2c2, whose border
    # (r2c1, r2c3, r3c2) would shut the wall cell r2c1 in
    ("island-squeeze", """
. 4 . .
. . . 4
. . . .
. 2 . .
""", "r2c1+", 1),
    # the 2 at r2c2 is r2c3 or r3c2: r3c3 borders both
    # the 2 at r2c2 going down to r3c2 would leave the 2 at r4c3 no room: one way is left
    ("shape-enumeration", """
. # .
# 2 .
. . .
. . 2
""", "r1c3# r2c3+ r3c2# r3c3#", 1),
    # the 3 at r3c1 going right would leave the 6 at r3c4 too little room:
    # it goes up
    ("battleground", """
. . . .
. . . +
3 . . 6
""", "r1c1+ r2c1+ r1c2# r2c2# r3c2#", 1),
]

# (technique, board that is not solved and where the technique finds nothing,
#  number of solutions of the board)
NEGATIVE = [
    # the 3's two completions each leave the other's cells to the wall: no
    # cell has a value no completion survives
    ("shape-trial", """
# # # #
# 3 . .
# # . #
""", 2),
    ("wall-pocket", """
# . .
. . .
. . 3
""", 2),
    ("wall-detour", """
# . .
. . .
. . 3
""", 2),
    # 15 black cells go round either island of a 2x2 block or so: no conclusion
    ("enclosed-island", """
. . . . .
. 4 # . .
. # 2 . .
. . . . .
. . . . .
""", 0),
    # 4 black cells: either 2 or 3 can lie along an edge
    ("fence-budget", """
2 . .
. . .
. . 3
""", 2),
    # tight (5 black cells over 3 rows and 3 columns), but no black cell yet and the
    # islands of each line are already apart
    ("tight-wall", """
1 . 1
. . .
1 . 1
""", 1),
    # 5 black cells, but the wall need only reach 2 rows and 2 columns: not tight
    ("tight-wall", """
1 . .
. . .
. . 3
""", 1),
    # 3 more black cells: every cell is within reach of the wall
    ("wall-budget", """
# . .
. . .
. . 5
""", 6),
    ("rules", """
1 # .
# . .
. . 3
""", 1),
    ("island-closure", """
1 # .
# . .
. . 3
""", 1),
    ("clue-separation", """
1 . .
. . .
. . 3
""", 1),
    ("pool-prevention", """
# 1 .
. . .
. . 3
""", 1),
    ("island-expansion", """
1 . .
. . .
. . 3
""", 1),
    ("wall-expansion", """
1 # .
# . .
. . 3
""", 1),
    # r2c1 joins the 3 to the fragment r1c1: 3 cells, which the 3 can afford
    ("size-accounting", """
+ # .
. . 1
3 . .
""", 1),
    ("unreachable", """
3 . .
. . .
. . 3
""", 2),
    # the 2 at r1c2 may end at r1c1, r1c3 or r2c2: no cell touches all three
    ("last-cell-neighbour", """
. 2 .
. . .
. . 3
""", 2),
    ("wall-chokepoint", """
# . .
. . .
# . 3
""", 2),
    ("pool-chokepoint", """
3 . .
. . .
. . 3
""", 2),
    ("island-confinement", """
3 . .
. . .
. . 3
""", 2),
    ("shape-enumeration", """
. . .
. 2 .
. . .
""", 4),
    ("battleground", """
3 . .
. . .
3 . .
""", 1),
    # the 5 can take the white cell r2c2 with a cell to spare: whitening any of
    # its liberties still leaves it the way along row 2
    ("fragment-reach", """
. . . . .
. + . . 5
. . . . .
""", 2),
    # the 7 reaches the square r1c1-r2c2 far from the 4's liberties; and with no
    # white cell at r4c1 nothing depends on the 4 alone
    ("fragment-reach", """
. . . . 4 .
. . . . . .
7 . . . . .
""", 11),
    ("fragment-reach", """
. . .
4 . 3
. . +
. . .
""", 2),
    # the white cell r2c3 has ways to both 3s, none through one cell
    ("fragment-lifeline", """
. . . .
3 . + .
. . . 3
""", 2),
    # with r2c5 open the 7 also reaches that square down column 5
    ("fragment-lifeline", """
. . 7 . .
. # . . .
. # . # .
6 . . . .
""", 7),
    ("island-squeeze", """
3 . .
. . .
. . 3
""", 2),
]

# (technique, board without a solution, the Contradiction's rule)
CONTRADICTIONS = [
    # the 4 cannot take three cells without closing r4c1's 2x2 square or
    # cutting off the black r3c2
    ("shape-trial", """
. . . #
4 . . #
. # . #
. . . .
""", "island-stuck"),
    # r2c3 and r3c2 close a loop round one of the 1s: 7 black cells at least,
    # but the numbers leave 6
    ("enclosed-island", """
. . . .
. 1 # .
. # 1 .
. . . 8
""", "enclosed-island"),
    # 4 black cells, 2 placed: r1c1 and r3c3 need 3 more to meet
    ("wall-budget", """
# . 5
. . .
. . #
""", "wall-budget"),
    # every row and column must hold a black cell (each has two islands), which takes
    # 3 + 3 - 1 = 5, but the numbers leave 4
    ("tight-wall", """
1 . 1
. . .
1 . 2
""", "tight-wall"),
    # one black cell cannot fence in the 1 in the middle
    ("fence-budget", """
. . .
. 1 .
. . 7
""", "fence-budget"),
    ("rules", """
# # .
# # .
. . 1
""", "pool"),
    ("rules", """
2 + 3
. . .
. . .
""", "joined-clues"),
    ("rules", """
2 + +
. . .
. . 3
""", "island-too-big"),
    ("rules", """
# 1 #
1 . .
. . .
""", "wall-split"),
    ("rules", """
2 # .
# . .
. . 3
""", "island-stuck"),
    ("rules", """
+ # .
# . .
. . 3
""", "orphan"),
    ("rules", """
1 . +
. . .
+ . .
""", "too-white"),
    ("rules", """
1 # #
# 3 .
# # #
""", "too-black"),
    # 9 + 1 white cells in a 3x3 grid of 9
    ("rules", """
9 . .
. . .
. . 1
""", "too-many-numbers"),
    # the white cell r3c3 is out of every island's reach
    ("unreachable", """
1 . .
. . .
. . +
""", "orphan"),
    # no island reaches the square at r2c2
    ("pool-chokepoint", """
2 . .
. . .
. . .
""", "pool"),
    # the 3 can reach r1c1 and r1c2 only
    ("island-confinement", """
3 . #
# # .
. . .
""", "island-stuck"),
    # either way the 2 grows, it completes a 2x2 black square
    ("shape-enumeration", """
2 . #
. # #
# # .
""", "island-stuck"),
    # 4 + 3 white cells in a 3x3: no shape of the 4 leaves room for any shape of the 3
    ("battleground", """
4 . .
. . .
. . 3
""", "island-stuck"),
]

# Techniques that may raise Contradiction and so need a case in CONTRADICTIONS
# (besides any whose source mentions Contradiction; see the coverage test).
RAISING = {"rules", "unreachable", "pool-chokepoint", "island-confinement", "shape-enumeration"}


def _ids(cases):
    seen: dict[str, int] = {}
    out = []
    for case in cases:
        seen[case[0]] = seen.get(case[0], 0) + 1
        out.append(f"{case[0]}-{seen[case[0]]}")
    return out


# ----------------------------------------------------------------- coverage


def _may_raise(technique) -> bool:
    """Listed in RAISING, or its own source raises Contradiction."""
    if technique.id in RAISING:
        return True
    try:
        return "Contradiction" in inspect.getsource(technique.apply)
    except (OSError, TypeError):
        return False


def test_every_technique_has_cases():
    positive = {c[0] for c in POSITIVE}
    negative = {c[0] for c in NEGATIVE}
    contradiction = {c[0] for c in CONTRADICTIONS}
    missing = []
    for t in TECHNIQUES:
        if not t.check_only and t.id not in positive:
            missing.append(f"{t.id}: no positive case")
        if t.id not in negative:
            missing.append(f"{t.id}: no negative case")
        if (t.check_only or _may_raise(t)) and t.id not in contradiction:
            missing.append(f"{t.id}: no Contradiction case")
    assert not missing, "add cases to tests/test_nurikabe_techniques.py: " + "; ".join(missing)
    registered = {t.id for t in TECHNIQUES}
    stale = (positive | negative | contradiction) - registered
    assert not stale, f"cases for unregistered techniques: {sorted(stale)}"


def test_rules_check_covers_each_broken_rule():
    rules = {rule for tid, _, rule in CONTRADICTIONS if tid == "rules"}
    assert {"pool", "joined-clues", "island-too-big", "wall-split", "island-stuck"} <= rules


@pytest.mark.parametrize("tid,text,sentence", [
    ("wall-budget", "# . 5\n. . .\n. . #",
     "joining the wall at r1c1 to the wall at r3c3 would take more than the 2 black cells left"),
    ("rules", "2 + 3\n. . .\n. . .",
     "the 2 at r1c1 and the 3 at r1c3 are joined in one white region"),
    ("rules", "1 . +\n. . .\n+ . .", "3 cells are white, but the numbers add up to 1"),
    ("rules", "1 # #\n# 3 .\n# # #",
     "6 cells are black, but the numbers leave only 5 of the 9 cells black"),
])
def test_contradiction_sentences(tid, text, sentence):
    """Hypothesis proofs end in these sentences: each names what breaks."""
    with pytest.raises(Contradiction) as info:
        TECHNIQUES.get(tid).apply(board(text))
    assert info.value.text == sentence


def test_wall_split_names_the_walls_on_both_sides():
    """A split wall is told by two of its parts: the one next to the cell that just
    turned white, and the nearest part beyond the split. The premises (those two
    parts and the white cells around the side of one of them) break the rule on
    their own, even when the part holding the first black cell is neither of the
    two; the other black cells are not part of the reason."""
    view = board("""
# + . + #
+ + 9 + +
. . + . .
# . + . #
""")
    view.changed = 1 << 9  # r2c5 has just turned white
    with pytest.raises(Contradiction) as info:
        TECHNIQUES.get("rules").apply(view)
    c = info.value
    assert c.rule == "wall-split"
    assert c.text == "the wall at r1c5 can no longer reach the wall at r4c5"
    assert set(c.premises) == {4, 19, 3, 9}  # r1c5 and r4c5; r1c4 and r2c5
    alone = board("""
. . . + #
. . 9 . +
. . . . .
. . . . #
""")  # the number and the premises only
    with pytest.raises(Contradiction) as again:
        TECHNIQUES.get("rules").apply(alone)
    assert again.value.rule == "wall-split"


def test_a_new_black_cell_outside_a_sealed_wall_splits_it():
    """White marks seal the black cell at r1c1 in while it is the only black cell: no
    split yet. A black cell anywhere else then splits the wall at once (before, only
    cells turned white were looked at, and the walkthrough went on from a broken grid)."""
    view = board("""
# + . . 1 .
+ . . . . .
. . 2 . . 4
. 4 . . . .
""")
    assert TECHNIQUES.get("rules").apply(view) is None
    later = board("""
# + . # 1 .
+ . . . . .
. . 2 . . 4
. 4 . . . .
""")
    later.changed = 1 << 3  # r1c4 has just turned black
    with pytest.raises(Contradiction) as info:
        TECHNIQUES.get("rules").apply(later)
    assert info.value.rule == "wall-split"
    assert info.value.text == "the wall at r1c1 can no longer reach the wall at r1c4"


def test_a_full_store_of_shape_lists_keeps_the_puzzle_being_solved(monkeypatch):
    """Past 5000 entries the store of shape lists drops other puzzles' only: clearing
    it while an island was listed lost the lists of the islands listed before it, so
    a later position inherited nothing (a hypothesis test failed or passed by how
    many shape lists earlier tests had left)."""
    monkeypatch.setattr(techniques, "_LINEAGE", {})
    other = Nurikabe(4, 5, ((2, 2),))
    for k in range(5000):
        techniques._LINEAGE[(id(other), k, False)] = [(other, 0, 0, [], False)]
    puzzle = Nurikabe(4, 5, ((2, 2), (5, 2), (14, 4)))
    view = View(puzzle, initial_state(puzzle))
    for island in view.islands:
        techniques._shapes_of(view, island)
    later = initial_state(puzzle)
    later.assign(0, 1)
    after = View(puzzle, later)
    assert all(techniques._inherited_shapes(after, island) is not None
               for island in after.islands if not island.complete)
    assert not any(key[0] == id(other) for key in techniques._LINEAGE)


def test_the_thorough_pass_lists_shapes_again_in_the_usual_pass_view(monkeypatch):
    """The engine hands the thorough pass the view the usual pass made of the
    same position: the shape lists that view made under the usual caps (here
    cut short) must not be taken for the thorough pass's."""
    monkeypatch.setattr(techniques, "CAPS", (5, 20, 200, 10000))
    view = board("4 . . . .\n. . . . .\n. . . . 3")
    four = next(r for r in view.islands if r.need == 4)
    assert techniques._shapes_of(view, four) is None  # 12 completions, more than 5
    view.thorough = True
    assert len(techniques._shapes_of(view, four)) == 6


def test_a_shape_list_made_in_this_very_position_is_not_checked_again(monkeypatch):
    """Another view of the same position takes the list as it is; a position
    that extends it checks each shape again."""
    view = board("4 . . . .\n. . . . .\n. . . . 3")
    four = next(r for r in view.islands if r.need == 4)
    listed = techniques._shapes_of(view, four)
    checked = []
    flaw = techniques._shape_flaw
    monkeypatch.setattr(techniques, "_shape_flaw",
                        lambda *args: checked.append(args[2]) or flaw(*args))
    same = View(view.puzzle, view.state.copy())
    assert techniques._shapes_of(same, same.islands[0]) == listed
    assert not checked
    later = view.state.copy()
    later.assign(9, 1)  # r2c5 black
    beyond = View(view.puzzle, later)
    assert set(techniques._shapes_of(beyond, beyond.islands[0])) < set(listed)
    assert sorted(checked) == sorted(listed)


def test_a_full_memory_store_keeps_the_puzzle_being_solved():
    """Past 60 entries the per-puzzle memories drop other puzzles' only: clearing the
    current puzzle's partway through a solve made a batch's walkthrough depend on
    how many puzzles its worker had solved before (janko-0402 after 0001-0015 at
    depth 0: 14 steps, 15 alone)."""
    view = board("1 . .\n. . .\n. . 1")
    mine = techniques._in_vain(view, "shape-enumeration")
    mine.add(("seen",))
    store = techniques._IN_VAIN
    saved = dict(store)
    try:
        others = [object() for _ in range(61)]
        for k, other in enumerate(others):
            store[(id(other), f"t{k}")] = (other, techniques._Vain())
        again = techniques._in_vain(view, "battleground")  # a new key: the store is full
        assert ("seen",) in techniques._in_vain(view, "shape-enumeration")
        assert again is techniques._in_vain(view, "battleground")
        assert not any(entry[0] in others for entry in store.values())
    finally:
        store.clear()
        store.update(saved)


def test_wall_chokepoint_rests_on_the_fence_and_two_walls():
    """The black cells by r2c1 can only leave through r2c2: the white cells that
    fence their side in (the 1 and the 3) and one wall on each side are the whole
    reason; the black cell at r2c4 is not part of it."""
    found = TECHNIQUES.get("wall-chokepoint").apply(board("""
1 # . .
# . . #
. . 3 .
"""))
    step, = found
    assert step.conclusions == ((5, 1),)
    assert set(step.premises) == {0, 1, 4, 10}  # r1c1, r1c2, r2c1, r3c3
    assert step.text == "The wall at r1c2 can only reach the wall at r2c1 through r2c2, so it is black."


def test_unreachable_rests_only_on_what_stands_on_a_short_enough_way():
    """The 3 at r1c1 could reach r1c3 through r1c2 if that were not black: r1c2
    counts. r2c6 touches the other 3's reach, but a way through it to any cell
    concluded would cost more than the 2 cells that 3 has left: it does not."""
    (step,) = as_steps(TECHNIQUES.get("unreachable").apply(board("""
3 # . . . . .
. . . . . # .
. . . . . . .
. . . . . . 3
""")))
    assert 2 in dict(step.conclusions) and 12 not in dict(step.conclusions)
    assert set(step.premises) == {0, 1, 27}  # r1c1, r1c2, r4c7; not r2c6


def test_unreachable_areas_are_told_apart():
    """Two areas out of reach are two steps, each resting on what keeps the
    islands from it: the top left corner on the numbers alone (too small to come
    near), the cells above r3c5 on that black cell too (the 4 would reach r2c5
    through it)."""
    steps = as_steps(TECHNIQUES.get("unreachable").apply(board("""
. . . . . .
. . . . . .
. . 3 . # .
. . . . 4 .
""")))
    by_cells = {tuple(i for i, _ in s.conclusions): set(s.premises) for s in steps}
    assert by_cells == {(0, 1, 6, 18): {14, 22}, (3, 4, 5, 10): {14, 16, 22}}
    # an island whose number alone is too far counts by its number only: the
    # 3 at r4c5 takes no cell 3 steps from it, whatever cells it has
    steps = as_steps(TECHNIQUES.get("unreachable").apply(board("""
. . . . . .
. . . . . .
. . 3 . # .
. . . . 3 +
""")))
    by_cells = {tuple(i for i, _ in s.conclusions): set(s.premises) for s in steps}
    assert by_cells[0, 1, 6, 18] == {14, 22}  # not r4c6
    assert 23 in by_cells[3, 4, 5, 10, 11]


def test_wall_expansion_names_another_wall_when_the_numbers_do_not_say_one_exists():
    """With a ? clue the numbers do not give the count of black cells: that the
    wall at r1c2 must meet other black cells rests on the one at r3c1."""
    (step,) = TECHNIQUES.get("wall-expansion").apply(board("""
? # +
. . .
# . .
"""))
    assert step.conclusions == ((4, 1),)
    assert set(step.premises) == {0, 1, 2, 6}


def test_shape_enumeration_words_a_single_completion_as_one():
    """One completion left: "only 1 way; ... are in it", not "in every one"."""
    steps = Solver(KIND, KIND.load(str(EXAMPLES / "nurikabe-7x7-hard.txt")), depth=0).solve().steps
    (step,) = [s for s in steps if s.technique == "shape-enumeration"]
    assert step.text == ("The 5 at r2c4 can be completed in only 1 way; r2c3, r3c3 and r3c4 "
                         "are in it and r1c2, r2c1 and r3c2 border it.")


def test_wall_detour_names_only_the_black_cells_the_broken_rule_needs():
    """With r2c3 white every connection of the wall passes r2c1, r3c1, r3c3,
    r3c4, r4c1, r4c2 and r4c3, but the 2 is shut in by r3c4 and r4c3 alone."""
    view = board("""
# + . .
. . . #
. 4 . .
. . . 2
""")
    (step,) = as_steps(TECHNIQUES.get("wall-detour").apply(view))
    assert step.text == ("If r2c3 were white, the wall could only get round it through r3c4 "
                         "and r4c3, and then the 2 at r4c4 could not grow to 2 cells; so r2c3 "
                         "is black.")
    assert step.regions == (("wall", (11, 14)),)


# ----------------------------------------------------------------- hand-made boards


# techniques that report one finding at a time: a case's conclusions are those
# of the technique asked again and again, each time on the position after the
# finding before
ONE_AT_A_TIME = {"fragment-reach"}


@pytest.mark.parametrize("tid,text,spec,count", POSITIVE, ids=_ids(POSITIVE))
def test_positive(tid, text, spec, count):
    technique = TECHNIQUES.get(tid)
    view = board(text)
    puzzle = view.puzzle
    before = view.state.copy()
    steps = as_steps(technique.apply(view))
    assert view.state == before, "a technique must not change the state"
    if tid in ONE_AT_A_TIME:
        assert len(steps) == 1
        state, more = before.copy(), steps
        while more:
            for i, v in more[0].conclusions:
                state.assign(i, v)
            more = as_steps(technique.apply(View(puzzle, state)))
            assert len(more) <= 1
            steps = steps + more
    assert steps, f"{tid} found nothing"
    assert conclusions(steps) == expected_set(spec, puzzle.cols), [s.text for s in steps]
    for step in steps:
        assert isinstance(step, Step)
        assert step.technique == tid and step.tier == technique.tier
        assert step.premises, step
        assert all(0 <= i < puzzle.size for i in step.premises)
        assert step.conclusions
        for i, v in step.conclusions:
            assert v in (0, 1)
            assert before.value(i) is None, f"{puzzle.cell_name(i)} was already decided"
            assert names_cell(step.text, puzzle.cell_name(i)), (puzzle.cell_name(i), step.text)
    sols = solutions(puzzle)
    assert len(sols) == count, [_rows(puzzle, s) for s in sols]
    for c in conclusions(steps):
        for black in sols:
            assert holds(c, black), (puzzle.cell_name(c[0]), c[1], _rows(puzzle, black))


@pytest.mark.parametrize("tid,text,count", NEGATIVE, ids=_ids(NEGATIVE))
def test_negative(tid, text, count):
    view = board(text)
    assert view.state.unknown, "the board must not be solved"
    assert not as_steps(TECHNIQUES.get(tid).apply(view))
    assert len(solutions(view.puzzle)) == count


@pytest.mark.parametrize("tid,text,rule", CONTRADICTIONS, ids=_ids(CONTRADICTIONS))
def test_contradiction(tid, text, rule):
    view = board(text)
    with pytest.raises(Contradiction) as info:
        TECHNIQUES.get(tid).apply(view)
    assert info.value.rule == rule, info.value.text
    assert info.value.text
    assert solutions(view.puzzle) == [], "a Contradiction on a solvable board is unsound"


# ----------------------------------------------------------------- the oracle itself

# hypothesis settings shared by the random tests (no example database on disk)
RANDOM = settings(deadline=None, database=None,
                  suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])


def _rows_mask(puzzle: Nurikabe, rows: list[str]) -> int:
    return sum(1 << (r * puzzle.cols + c) for r, row in enumerate(rows)
               for c, ch in enumerate(row) if ch == "#")


@st.composite
def tiny_puzzles(draw, question: bool = True):
    """3x3 to 3x4 (or 4x3) puzzles, maybe with a ``?`` clue and givens: small
    enough to enumerate cell by cell."""
    rows, cols = draw(st.sampled_from([(3, 3), (3, 4), (4, 3)]))
    n = rows * cols
    k = draw(st.integers(1, 3))
    cells = draw(st.lists(st.integers(0, n - 1), min_size=k, max_size=k, unique=True))
    sizes = draw(st.lists(st.one_of(st.integers(1, 5), st.none()) if question
                          else st.integers(1, 5), min_size=k, max_size=k))
    clue_mask = sum(1 << i for i in cells)
    given = draw(st.integers(0, (1 << n) - 1)) & ~clue_mask
    if n - k > 10:  # keep at most 10 unknowns
        while (n - k - given.bit_count()) > 10:
            given |= 1 << next(i for i in range(n) if not (given | clue_mask) >> i & 1)
    black = draw(st.integers(0, (1 << n) - 1)) & given
    return Nurikabe(rows, cols, tuple(sorted(zip(cells, sizes))), black, given & ~black)


@settings(RANDOM, max_examples=40)
@given(tiny_puzzles(question=False))
def test_oracle_island_enumeration_matches_cell_enumeration(puzzle):
    assert island_solutions(puzzle) == sorted(brute_solutions(puzzle))


def test_oracle_matches_clingo():
    asp = pytest.importorskip("puzzles.nurikabe.asp")
    boards = [text for _, text, *_ in POSITIVE + NEGATIVE + CONTRADICTIONS]
    for text in boards:
        puzzle = puzzle_of(text)
        ours = solutions(puzzle)
        theirs = sorted(_rows_mask(puzzle, rows) for rows in asp.solutions(puzzle, limit=50))
        assert ours == theirs, text


# ----------------------------------------------------------------- random puzzles


@st.composite
def random_puzzles(draw, unique: bool = False):
    """(puzzle, its solutions as black masks): a 3x3..5x5 grid, 1-4 clues of
    size 1-5, and givens copied from one solution (sometimes with one given
    flipped, which usually leaves no solution). ``unique``: when the puzzle has
    several solutions, give more cells of the chosen one until it has one."""
    rows = draw(st.integers(3, 5))
    cols = draw(st.integers(3, 5))
    n = rows * cols
    k = draw(st.integers(1, 4))
    cells = draw(st.lists(st.integers(0, n - 1), min_size=k, max_size=k, unique=True))
    sizes = draw(st.lists(st.integers(1, 5), min_size=k, max_size=k))
    base = Nurikabe(rows, cols, tuple(sorted(zip(cells, sizes))))
    sols = island_solutions(base)
    if not sols:
        return base, sols
    pick = sols[draw(st.integers(0, len(sols) - 1))]
    masks = st.integers(0, (1 << n) - 1)
    decided = draw(masks)
    density = draw(st.integers(0, 3))  # about 1/4, 1/2, 3/4 or 7/8 of the cells decided
    if density == 0:
        decided &= draw(masks)
    for _ in range(density - 1):
        decided |= draw(masks)
    decided &= ~base.clue_mask
    if unique:
        while True:
            differ = 0
            for s in sols:
                if (s ^ pick) & decided == 0:
                    differ |= s ^ pick
            if not differ:
                break
            cells = [i for i in range(n) if differ >> i & 1]
            decided |= 1 << cells[draw(st.integers(0, len(cells) - 1))]
    elif decided and draw(st.integers(0, 9)) == 0:
        flip = draw(st.integers(0, n - 1))
        if decided >> flip & 1:
            pick ^= 1 << flip
    puzzle = attrs.evolve(base, black=decided & pick, white=decided & ~pick)
    return puzzle, [s for s in sols if (s ^ pick) & decided == 0]


def _describe(puzzle: Nurikabe, sols: list[int]) -> str:
    return (puzzle.to_text() + f"{len(sols)} solution(s): "
            + " | ".join(" ".join(_rows(puzzle, s)) for s in sols[:4]))


@settings(RANDOM, max_examples=150)
@given(random_puzzles())
def test_shape_flaws_are_real(case):
    """A completion the shape check rejects is no solution's island."""
    puzzle, sols = case
    assume(sols)
    view = View(puzzle, initial_state(puzzle))
    g = view.g
    for island in view.islands:
        if island.complete or island.need is None:
            continue
        shapes = techniques._completions(view, island)
        if shapes is None:
            continue
        others = techniques._others_reach(view, island)
        actual = {g.flood(1 << island.clue, g.full & ~s) for s in sols}
        for shape in shapes:
            flaw = techniques._shape_flaw(view, island, shape, 0, 0, others)
            assert flaw is None or shape not in actual, (flaw(), _describe(puzzle, sols))


@settings(RANDOM, max_examples=150)
@given(random_puzzles(), st.randoms(use_true_random=False))
def test_inherited_shape_lists_keep_every_solution_island(case, rng):
    """Shape lists filtered from an earlier position keep every island a solution has.

    The first view lists the shapes of each island (and the battleground drops
    those that leave a neighbour no room); a later position (some more cells of
    one solution decided) inherits that list instead of enumerating.
    """
    puzzle, sols = case
    assume(sols)
    start = initial_state(puzzle)
    view = View(puzzle, start)
    g = view.g
    open_ = [i for i in range(g.n) if (start.unknown >> i) & 1]
    islands = [r for r in view.islands if not r.complete and r.need is not None]
    try:
        for r in islands:
            techniques._shapes_of(view, r)
        techniques.battleground(view)  # drops shapes that block a neighbour: kept for later
    except Contradiction:
        return
    before = {r.clue: techniques._shapes_of(view, r) for r in islands}
    pick = rng.choice(sols)
    later = start.copy()
    for i in rng.sample(open_, len(open_) // 2):
        later.assign(i, (pick >> i) & 1)
    fits = [s for s in sols if (s ^ pick) & (later.ones | later.zeros) & ~(start.ones | start.zeros)
            == 0]
    after_view = View(puzzle, later)
    for island in after_view.islands:
        if island.clue not in before or before[island.clue] is None or island.complete:
            continue
        inherited = techniques._inherited_shapes(after_view, island)
        assert inherited is not None
        assert set(inherited) <= set(before[island.clue])
        for s in fits:
            actual = g.flood(1 << island.clue, g.full & ~s)
            assert actual in inherited, _describe(puzzle, [s])


@st.composite
def random_positions(draw):
    """A 3x3..7x7 grid with clues of 1-12 and any cells decided (solvable or not)."""
    rows, cols = draw(st.integers(3, 7)), draw(st.integers(3, 7))
    n = rows * cols
    k = draw(st.integers(1, 5))
    cells = draw(st.lists(st.integers(0, n - 1), min_size=k, max_size=k, unique=True))
    sizes = draw(st.lists(st.integers(1, 12), min_size=k, max_size=k))
    clues = sum(1 << i for i in cells)
    decided = draw(st.integers(0, (1 << n) - 1)) & draw(st.integers(0, (1 << n) - 1)) & ~clues
    black = decided & draw(st.integers(0, (1 << n) - 1))
    return Nurikabe(rows, cols, tuple(sorted(zip(cells, sizes))), black, decided & ~black)


@settings(RANDOM, max_examples=300)
@given(random_positions())
def test_completions_by_removal_match_completions_by_growth(puzzle):
    """Leaving cells out of an island's area finds exactly the completions that
    growing it cell by cell finds (fragments taken whole, other islands avoided)."""
    view = View(puzzle, initial_state(puzzle))
    try:
        islands = [r for r in view.islands if not r.complete and r.need is not None]
    except Contradiction:  # an island already too big, or two numbers joined
        return
    for island in islands:
        left = techniques._completions_by_removal(view, island, 10 ** 6, 20000)
        if left is False:  # too many cells to leave out: growing is the way here
            continue
        grown = techniques._completions_by_growth(view, island, 10 ** 6, 10 ** 6)
        assert grown is not None
        assert sorted(left) == sorted(grown), puzzle.to_text()
        assert len(set(left)) == len(left)


def _grown_level_by_level(view, island):
    """Reference for the depth-first growth: every shape one cell bigger than
    the last level's, duplicates dropped, until the island's size. Returns the
    completions and how many shapes of at most that size there are."""
    g = view.g
    allowed = view.unknown & ~view.forbidden(island)
    level, done, seen = {island.mask}, [], set()
    while level:
        nxt = set()
        for shape in level:
            if shape.bit_count() == island.need:
                done.append(shape)
                continue
            for i in bits(g.border(shape) & allowed):
                grown = shape | (1 << i)
                for f in view.fragments:
                    if f.mask & g.neighbours[i]:
                        grown |= f.mask
                if grown.bit_count() <= island.need and grown not in seen:
                    seen.add(grown)
                    nxt.add(grown)
        level = nxt
    return done, len(seen)


@settings(RANDOM, max_examples=300)
@given(random_positions())
def test_growth_finds_each_shape_once_within_its_limits(puzzle):
    """Growing depth first makes the same completions as growing level by level,
    each once, and gives up (None) exactly when there are more than ``limit``
    of them or more than ``partial_limit`` shapes of at most the island's size."""
    view = View(puzzle, initial_state(puzzle))
    try:
        islands = [r for r in view.islands if not r.complete and r.need is not None]
    except Contradiction:
        return
    grow = techniques._completions_by_growth
    for island in islands:
        want, shapes = _grown_level_by_level(view, island)
        got = grow(view, island, len(want), shapes)
        assert got is not None and len(set(got)) == len(got), puzzle.to_text()
        assert sorted(got) == sorted(want), puzzle.to_text()
        if want:
            assert grow(view, island, len(want) - 1, shapes) is None
        if shapes:
            assert grow(view, island, len(want), shapes - 1) is None


def test_growth_is_known_to_pass_its_limits_only_when_it_does():
    """``techniques._surely_too_many`` (a count from below of the shapes growth
    would make) says a limit is passed only when growing does pass it: never
    at the exact counts (level by level), and for smaller limits only when
    growth gives None; on random positions with fragments and walls. And it
    does say so, for some islands."""
    rnd = random.Random(15)
    compared = sure = 0
    grow = techniques._completions_by_growth
    for view, _n in _random_views(rnd, 300):
        for island in view.islands:
            if island.complete or island.need is None or island.remaining > 8:
                continue
            want, shapes = _grown_level_by_level(view, island)
            assert not techniques._surely_too_many(view, island, len(want), shapes), \
                view.puzzle.to_text()
            for limit, partial in ((len(want), shapes // 2), (len(want) // 2, shapes),
                                   (max(len(want) - 1, 0), shapes), (len(want), max(shapes - 1, 0)),
                                   (rnd.randint(0, len(want)), rnd.randint(0, shapes))):
                if techniques._surely_too_many(view, island, limit, partial):
                    assert grow(view, island, limit, partial) is None, view.puzzle.to_text()
                    sure += 1
                compared += 1
    assert compared > 1500 and sure > 300, (compared, sure)


def _check_techniques(puzzle: Nurikabe, sols: list[int]) -> None:
    """Every technique on the initial state: no Contradiction, every conclusion in every solution."""
    for technique in TECHNIQUES:
        view = View(puzzle, initial_state(puzzle))
        try:
            steps = as_steps(technique.apply(view))
        except Contradiction as c:
            pytest.fail(f"{technique.id} raised {c.rule!r} ({c.text}) on a solvable board\n"
                        + _describe(puzzle, sols))
        for step in steps:
            assert step.technique == technique.id and step.tier == technique.tier
            assert any(view.state.value(i) is None for i, _ in step.conclusions), \
                f"{technique.id} concluded nothing new: {step.text}"
            if not re.search(r"and \d+ more", step.text):  # long lists are cut short
                for i, _ in step.conclusions:
                    assert names_cell(step.text, puzzle.cell_name(i)), (puzzle.cell_name(i), step.text)
            for c in step.conclusions:
                bad = [s for s in sols if not holds(c, s)]
                assert not bad, (f"{technique.id} is unsound: {step.text}\n"
                                 + _describe(puzzle, bad))


@settings(RANDOM, max_examples=150)
@given(random_puzzles())
def test_techniques_sound_on_random_puzzles(case):
    puzzle, sols = case
    assume(sols)
    _check_techniques(puzzle, sols)


@settings(RANDOM, max_examples=40)
@given(tiny_puzzles())
def test_techniques_sound_on_tiny_puzzles_with_question_clues(puzzle):
    sols = brute_solutions(puzzle)
    assume(sols)
    _check_techniques(puzzle, sols)


@settings(RANDOM, max_examples=100)
@given(random_puzzles())
def test_solver_never_solves_a_puzzle_without_solution(case):
    puzzle, sols = case
    assume(not sols)
    result = Solver(KIND, puzzle, depth=2, budget=10).solve()
    assert result.verdict != "solved", _describe(puzzle, sols)


@settings(RANDOM, max_examples=90)
@given(random_puzzles(unique=True), st.sampled_from([None, 2, 1]))
def test_solver_sound_on_random_unique_puzzles(case, max_tier):
    """The whole loop, hypotheses included (max_tier 1 leaves most work to them)."""
    puzzle, sols = case
    assume(sols)
    assert len(sols) == 1
    result = Solver(KIND, puzzle, depth=2, budget=10, max_tier=max_tier).solve()
    (solution,) = sols
    assert result.verdict != "contradiction", result.reason + "\n" + _describe(puzzle, sols)
    for step in result.steps:
        for c in step.conclusions:
            assert holds(c, solution), (f"step {step.technique} is unsound: {step.text}\n"
                                        + _describe(puzzle, sols))
    if result.verdict == "solved":
        assert result.state.ones == solution
    # premises are the whole reason, on the main line and in proofs (tiers 1-3)
    assert unreplayed_steps(KIND, puzzle, result.steps, NURIKABE_REPLAYED) == [], \
        _describe(puzzle, sols)


@settings(RANDOM, max_examples=60)
@given(st.integers(3, 8), st.integers(3, 8), st.randoms(use_true_random=False))
def test_white_components_reused_from_recent_views_are_exact(rows, cols, rnd):
    """Views rebuild white components from recent views' (a cache across views):
    along a line of play and across branches they equal a fresh flood, in its order."""
    puzzle = Nurikabe(rows, cols, ())
    g = View(puzzle, initial_state(puzzle)).g
    cells = list(range(rows * cols))
    for _ in range(3):  # three branches from the empty grid
        rnd.shuffle(cells)
        state = initial_state(puzzle)
        for i in cells[: rnd.randint(1, len(cells))]:
            state.assign(i, 0 if rnd.random() < 0.6 else 1)
            view = View(puzzle, state)
            assert view._white_components() == g.components(view.white)


def _few_black_boards(count: int, seed: int, spare: int = 0):
    """Random boards whose numbers leave fewer black cells than rows + columns - 1
    (where the wall-budget techniques have something to say), each with a
    position: empty, or cells copied from one solution, sometimes one flipped."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        rows, cols = rng.choice([(3, 3), (3, 4), (4, 3), (4, 4), (3, 5), (5, 3), (4, 5), (5, 4)])
        n = rows * cols
        black = rng.randint(1, rows + cols - 2 + spare)
        k = rng.randint(1, 3)
        if n - black < k:
            continue
        cuts = sorted(rng.sample(range(1, n - black), k - 1))
        sizes = [b - a for a, b in zip([0] + cuts, cuts + [n - black])]
        cells = rng.sample(range(n), k)
        puzzle = Nurikabe(rows, cols, tuple(sorted(zip(cells, sizes))))
        sols = island_solutions(puzzle)
        state = initial_state(puzzle)
        if sols and rng.random() < 0.7:
            pick = rng.choice(sols)
            for i in rng.sample(range(n), rng.randint(0, n // 2)):
                if state.value(i) is None:
                    state.assign(i, (pick >> i) & 1)
            if rng.random() < 0.2:
                i = rng.randrange(n)
                if state.value(i) is None:
                    state.assign(i, 1 - ((pick >> i) & 1))
            sols = island_solutions(puzzle, state)
        made += 1
        yield puzzle, state, sols


def test_budget_techniques_sound_on_few_black_boards():
    """Wall and fence budget on 400 random few-black positions against every solution:
    each conclusion holds in all of them, a Contradiction only where there is none,
    and both techniques do conclude something on many of them."""
    fired, raised = _judge_on(("wall-budget", "fence-budget"), _few_black_boards(400, seed=7))
    assert min(fired.values()) >= 10, fired
    assert raised["wall-budget"] + raised["fence-budget"] >= 5, raised


def _plain_within(view: View, wall: int, budget: int) -> int:
    """The cells joined to ``wall`` through at most ``budget`` unknown cells,
    walked out one unknown cell at a time (black cells cost nothing: a flood)."""
    g = view.g
    within = wall
    for _ in range(budget):
        new = g.border(within) & view.unknown & ~within
        if not new:
            break
        within = g.flood(within | new, within | new | view.black)
    return within


def test_wall_budget_skips_only_walls_with_nothing_to_show(monkeypatch):
    """Wall budget skips the walls near one that reaches everything (the triangle
    inequality): on 120 random few-black positions its steps and contradictions are
    those of looking at every wall, each walked out with plain floods, and it does
    skip walls on many of them."""
    from rules.nurikabe import budget

    looked = []
    within = budget._within

    def counted(view, wall, left, layers=None):
        looked.append(wall)
        return within(view, wall, left, layers)

    monkeypatch.setattr(budget, "_within", counted)
    skipped = 0
    for puzzle, state, _ in _few_black_boards(120, seed=17, spare=6):
        view = View(puzzle, state)
        left = puzzle.black_total - view.black.bit_count()
        walls = sorted(view.walls(), key=lambda m: -m.bit_count())
        expected, done, broken = [], 0, None
        if view.black and view.unknown and 0 <= left < view.g.rows + view.g.cols:
            for wall in walls:  # (every wall, as the technique did before)
                reached = _plain_within(view, wall, left)
                apart = [w for w in view.walls() if not w & reached]
                if apart:
                    broken = (wall, apart[0])
                    break
                far = view.unknown & ~reached & ~done
                if far:
                    done |= far
                    expected.append((tuple((i, 0) for i in bits(far)), wall))
        looked.clear()
        try:
            steps = as_steps(budget.wall_budget(view))
        except Contradiction as c:
            assert broken is not None, c.text
            assert c.text.startswith(f"joining the wall at {view.g.names(broken[0], 3)} to "
                                     f"the wall at {view.g.names(broken[1], 3)} "), c.text
            continue
        assert broken is None
        assert [(s.conclusions, w) for s, (_, w) in zip(steps, expected)] == expected
        assert len(steps) == len(expected)
        skipped += len(looked) < len(walls)
    assert skipped >= 8, skipped  # (10 with this seed)


def test_tight_wall_sound_on_few_black_boards():
    """Tight wall on 600 random positions with at most rows + columns - 1 black cells,
    against every solution: each conclusion holds in all of them, a Contradiction only
    where there is none, and it does conclude and raise on many of them."""
    fired, raised = _judge_on(("tight-wall",), _few_black_boards(600, seed=11, spare=1))
    assert fired["tight-wall"] >= 10, fired
    assert raised["tight-wall"] >= 5, raised


def _judge_on(tids, positions) -> tuple[dict[str, int], dict[str, int]]:
    """Run techniques on (puzzle, state, solutions) positions: every conclusion must
    hold in every solution and a Contradiction only come where there is none.
    Returns how often each concluded something, and how often each raised."""
    fired = dict.fromkeys(tids, 0)
    raised = dict.fromkeys(tids, 0)
    for puzzle, state, sols in positions:
        for tid in tids:
            try:
                steps = as_steps(TECHNIQUES.get(tid).apply(View(puzzle, state)))
            except Contradiction as c:
                assert not sols, f"{tid} raised {c.text} on a solvable position\n" \
                    + _describe(puzzle, sols)
                raised[tid] += 1
                continue
            fired[tid] += bool(steps)
            for c in conclusions(steps):
                bad = [s for s in sols if not holds(c, s)]
                assert not bad, f"{tid} is unsound: {[s.text for s in steps]}\n" \
                    + _describe(puzzle, bad)
    return fired, raised


def _shortest_path(g, region: int, a: int, b: int) -> int:
    """The cells of a shortest path from cell mask ``a`` to ``b`` inside ``region``."""
    prev = {a: 0}
    frontier = [a]
    while frontier:
        nxt = []
        for x in frontier:
            if x == b:
                out = 0
                while x:
                    out |= x
                    x = prev[x]
                return out
            for j in g.neighbour_cells[x.bit_length() - 1]:
                y = 1 << j
                if y & region and y not in prev:
                    prev[y] = x
                    nxt.append(y)
        frontier = nxt
    return 0


def _chessboard_boards(count: int, seed: int):
    """Random boards with B black cells, rows + columns - 1 <= B < 2 (rows + columns)
    (where counting the wall's runs says more than its span), each with a position
    taken from one solution: a 2x2 square of it coloured like a chessboard, a way
    from each of its white cells to their numbers, a few more cells, and
    sometimes one cell flipped."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        rows, cols = rng.choice([(4, 4), (4, 5), (5, 4)])
        n = rows * cols
        g = View(Nurikabe(rows, cols, ()), State(n)).g
        black = rng.randint(rows + cols - 1, 2 * (rows + cols) - 1)
        k = rng.randint(2, 3)
        if n - black < k:
            continue
        cuts = sorted(rng.sample(range(1, n - black), k - 1))
        sizes = [b - a for a, b in zip([0] + cuts, cuts + [n - black])]
        puzzle = Nurikabe(rows, cols, tuple(sorted(zip(rng.sample(range(n), k), sizes))))
        sols = island_solutions(puzzle)
        if not sols:
            continue
        pick = rng.choice(sols)
        white = g.full & ~pick
        squares = []
        for sq in g.squares:
            x = sq & -sq
            diagonal = x | x << (cols + 1)
            if sq & pick in (diagonal, sq & ~diagonal):
                squares.append(sq)
        if not squares:
            continue
        sq = rng.choice(squares)
        state = initial_state(puzzle)
        keep = sq
        for w in (sq & white & -(sq & white), sq & white & (sq & white) - 1):
            island = g.flood(w, white)
            clue = island & puzzle.clue_mask
            keep |= island if rng.random() < 0.3 else _shortest_path(g, island, w, clue & -clue)
        for i in rng.sample(range(n), rng.randint(0, n // 4)):
            keep |= 1 << i
        for i in range(n):
            if keep >> i & 1 and state.value(i) is None:
                state.assign(i, pick >> i & 1)
        if rng.random() < 0.2:
            i = rng.randrange(n)
            if state.value(i) is None:
                state.assign(i, 1 - (pick >> i & 1))
        made += 1
        yield puzzle, state, island_solutions(puzzle, state)


def test_fence_runs_and_enclosure_sound():
    """Fence budget (counting the wall's runs) and the enclosed island on 150 random
    positions with a chessboard-coloured 2x2 square, against every solution.
    Mutation-checked: a fence one cell longer than 2h + 2w + 3 is unsound here."""
    fired, raised = _judge_on(("fence-budget", "enclosed-island"), _chessboard_boards(150, seed=11))
    assert min(fired.values()) >= 10, fired
    assert raised["enclosed-island"] >= 1, raised


def _random_views(rnd: random.Random, count: int):
    """Views of ``count`` random positions with islands, fragments and walls
    (those whose islands can be built), each with its number of cells."""
    for _ in range(count):
        rows, cols = rnd.randint(4, 9), rnd.randint(4, 9)
        n = rows * cols
        cells = rnd.sample(range(n), rnd.randint(1, 5))
        puzzle = Nurikabe(rows, cols, tuple(sorted((c, rnd.randint(1, 12)) for c in cells)))
        state = initial_state(puzzle)
        for i in rnd.sample(range(n), rnd.randint(0, n // 2)):
            if state.value(i) is None:
                state.assign(i, 0 if rnd.random() < 0.3 else 1)
        view = View(puzzle, state)
        try:
            view.islands
        except Contradiction:
            continue
        yield view, n


def test_wall_cuts_taken_over_from_a_recent_position_are_the_fresh_ones(monkeypatch):
    """The open cells that part the wall are taken over from a recent position
    with the same black and open cells when that one's black cells are all
    black here too (less the cells blackened since): on random positions, asked
    after a position with more black cells and after one with fewer, the
    answer is the one worked out afresh."""
    rnd = random.Random(12)
    taken_over = 0
    worked_out = []
    fresh_cuts = techniques._open_cuts
    monkeypatch.setattr(techniques, "_open_cuts",
                        lambda *args: worked_out.append(1) or fresh_cuts(*args))
    for view, n in _random_views(rnd, 300):
        if not view.black:
            continue
        more = view.state.copy()
        for i in rnd.sample(range(n), n // 3):
            if more.value(i) is None:
                more.assign(i, 1)
        for first, then in ((view.state, more), (more, view.state)):
            techniques._RECENT_CUTS.clear()
            techniques._wall_cuts(View(view.puzzle, first))
            later = View(view.puzzle, then)
            worked_out.clear()
            got = list(techniques._wall_cuts(later))
            taken_over += not worked_out
            assert got == list(fresh_cuts(view.g, later.walls(), later.black, later.unknown))
    assert taken_over > 50


def test_reach_without_a_cell_equals_a_fresh_walk():
    """``View.reach_without`` resumes the island's walk at the step that first took
    the cell: the same cells as ``reach(blocked=cell)`` walked from the start, on
    random positions with islands, fragments and walls."""
    rnd = random.Random(8)
    compared = 0
    for view, n in _random_views(rnd, 150):
        for island in view.islands:
            if island.complete:
                continue
            for i in range(n):
                assert view.reach_without(island, 1 << i) == view.reach(island, blocked=1 << i)
                compared += 1
    assert compared > 5000


def test_reach_without_until_answers_whether_the_walk_meets_the_cells():
    """With ``until``, ``View.reach_without`` may stop early (or not walk again at
    all when the cells were reached before the blocked one): it meets them
    exactly when the full walk without the blocked cell does."""
    rnd = random.Random(9)
    compared = met = 0
    for view, n in _random_views(rnd, 150):
        for island in view.islands:
            if island.complete:
                continue
            for i in range(n):
                until = rnd.getrandbits(n) & rnd.getrandbits(n) & rnd.getrandbits(n) & ~(1 << i)
                full = view.reach(island, blocked=1 << i)
                got = view.reach_without(island, 1 << i, until=until)
                assert bool(got & until) == bool(full & until)
                assert got & ~full == 0  # never a cell the full walk would not take
                compared += 1
                met += bool(full & until)
    assert compared > 5000 and 1000 < met < compared - 1000


def test_cells_confinement_leaves_out_cannot_shrink_the_reach_too_far():
    """island-confinement only tries cells the island's walk took while it was
    short of its size (``taken_while_short``), or before it first took a duty's
    cells (``taken_before``): without any other cell the island still reaches
    its size, and still meets those cells. And some cells it does try leave it
    short, so the filter is not empty."""
    rnd = random.Random(10)
    compared = short = 0
    for view, n in _random_views(rnd, 150):
        for island in view.islands:
            if island.complete or island.need is None \
                    or view.reaches[island.clue].bit_count() < island.need:
                continue  # (confinement says such an island is stuck first)
            while_short = view.taken_while_short(island)
            # (what the walk held at each step, up to the first with enough)
            final, steps = view._walk(island)
            held = [entry[0] for entry in steps] + [final]
            k = next(k for k, m in enumerate(held) if m.bit_count() >= island.need)
            assert while_short == (held[k - 1] if held[k].bit_count() > island.need else held[k])
            targets = [rnd.getrandbits(n) & rnd.getrandbits(n) & view.unknown for _ in range(2)]
            for i in range(n):
                if not (view.unknown >> i) & 1:
                    continue
                without = view.reach(island, blocked=1 << i)
                if not while_short >> i & 1:
                    assert without.bit_count() >= island.need, (view.puzzle.to_text(), i)
                else:
                    short += without.bit_count() < island.need
                for target in targets:
                    reach = view.reaches[island.clue]
                    if target & reach and not view.taken_before(island, target) >> i & 1 \
                            and not target >> i & 1:
                        assert without & target, (view.puzzle.to_text(), i)
                compared += 1
    assert compared > 3000 and short > 50


def test_regions_at_some_cells_are_those_a_scan_finds_in_order():
    """``View.regions_at`` (an index of cells to regions, kept per mask) gives
    the regions holding a cell of the mask, in ``regions`` order, as a scan of
    every region does, asked once or again."""
    rnd = random.Random(13)
    compared = several = 0
    for view, n in _random_views(rnd, 200):
        for _ in range(20):
            mask = view.white & rnd.getrandbits(n) & rnd.getrandbits(n)
            want = [r for r in view.regions if r.mask & mask]
            assert view.regions_at(mask) == want
            assert view.regions_at(mask) == want  # (the kept answer)
            compared += 1
            several += len(want) > 1
    assert compared > 1500 and several > 300, (compared, several)


def test_a_cell_off_the_cheapest_way_cannot_keep_the_island_from_its_target():
    """``View.on_path`` (the cells confinement walks without, toward a duty)
    is one way of the island's walk to the target: joined to the island,
    holding a target cell, no dearer than the island's budget. On random
    positions and targets (open cells, or a fragment), every cell off it
    leaves the target within reach, and it leaves cells out; and it is the
    same asked first or after other targets of the island."""
    rnd = random.Random(12)
    compared = left_out = blocking = 0
    for view, n in _random_views(rnd, 200):
        g = view.g
        for island in view.islands:
            if island.complete or island.need is None:
                continue
            reach = view.reaches[island.clue]
            targets = [rnd.getrandbits(n) & rnd.getrandbits(n) & rnd.getrandbits(n)
                       & view.unknown for _ in range(2)]
            targets += [f.mask for f in view.fragments]
            for target in targets:
                way = view.on_path(island, target)
                # (the ways of the island's other targets asked before it in the
                # same view, which it may meet, do not change it)
                assert way == View(view.puzzle, view.state).on_path(island, target)
                if not target & reach:
                    assert way == 0
                    continue
                assert way & target and not way & ~reach
                assert g.flood(island.mask, island.mask | way) == island.mask | way
                # (one per open cell, a fragment its size)
                assert way.bit_count() <= island.remaining
                for f in view.fragments:  # (a fragment on the way is taken whole)
                    assert not way & f.mask or f.mask & ~way == 0
                for i in bits(reach & view.unknown & ~target):
                    without = view.reach(island, blocked=1 << i)
                    if not way >> i & 1:
                        assert without & target, (view.puzzle.to_text(), i, target)
                        left_out += 1
                    else:
                        blocking += not without & target
                    compared += 1
    assert compared > 3000 and left_out > 1000 and blocking > 50, (compared, left_out, blocking)


def test_cells_that_cut_an_island_area_are_its_articulation_cells():
    """``techniques._cutting`` (which of a few cells cut an island's area apart,
    asked of each on its own) names exactly the articulation cells among them
    that the low-link walk finds, on random positions' reaches (or declines,
    with too many to flood)."""
    rnd = random.Random(14)
    compared = cutting = declined = 0
    for view, n in _random_views(rnd, 200):
        for island in view.islands:
            area = view.reaches[island.clue]
            cells = area & view.unknown
            if not cells:
                continue
            want = 0
            for i in techniques._articulation_cells(view.g, area, island.clue):
                want |= 1 << i
            for among in (cells, cells & rnd.getrandbits(n)):
                got = techniques._cutting(view.g, area, island.clue, among)
                if got is None:
                    declined += 1
                    continue
                assert got == want & among, (view.puzzle.to_text(), island.clue)
                compared += 1
            cutting += bool(want & cells)
    assert compared > 300 and cutting > 50 and compared > 10 * declined, \
        (compared, cutting, declined)


def test_reaches_taken_over_from_a_recent_view_are_walked_afresh_alike():
    """``View.reaches`` takes an island's walk over from a recent view that the
    position extends when nothing it looked at changed: the same reaches and
    walk steps as walking every island again, along random chains of
    positions (cells turned black or white a few at a time); and walks are
    taken over, most of the time."""
    rnd = random.Random(16)
    compared = taken = 0
    for view, n in _random_views(rnd, 300):
        view.reaches
        state = view.state
        for _ in range(10):
            state = state.copy()
            open_ = list(bits(state.unknown))
            if not open_:
                break
            for i in rnd.sample(open_, min(len(open_), rnd.randint(1, 2))):
                state.assign(i, 0 if rnd.random() < 0.5 else 1)
            later = View(view.puzzle, state)
            try:
                later.islands
            except Contradiction:
                break
            got = later.reaches
            taken += len(later._walks)  # (walks taken over with the reaches)
            fresh = View(view.puzzle, state)
            for r in fresh.islands:
                steps: list = []
                assert got[r.clue] == fresh.reach(r, steps=steps), view.puzzle.to_text()
                assert later._walk(r) == (got[r.clue], steps)
                compared += 1
    assert compared > 1000 and taken > 150, (compared, taken)
    # a fragment next to the 3's reach, too big for it to take, joins the 7 far
    # away: the cell between them now touches the 7, and the 3 cannot take it
    puzzle = Nurikabe(3, 9, ((0, 3), (2 * 9 + 6, 7)))
    state = initial_state(puzzle)
    for i in (3, 4, 5, 6):
        state.assign(i, 0)
    before = View(puzzle, state)
    assert before.reaches[0] >> 2 & 1
    state = state.copy()
    state.assign(9 + 6, 0)
    after = View(puzzle, state)
    assert not after.reaches[0] >> 2 & 1 and after.reaches[0] == after.reach(after.islands[0])


def test_an_island_takes_fragments_joined_by_a_cell_as_its_walk_says():
    """Fragment out of reach's ``_takes_joined`` (could the island still take
    the fragments a white cell would join, going by the way its walk first
    met them, else walking again) agrees with the walk with the cell white, on
    random positions; and the way alone settles it often."""
    rnd = random.Random(17)
    compared = settled = 0
    for view, _n in _random_views(rnd, 400):
        g = view.g
        near_island = view.island_touch[0]
        near_fragment = 0
        for f in view.fragments:
            near_fragment |= g.border(f.mask)
        for i in bits(near_fragment & view.unknown & ~near_island):
            bit = 1 << i
            merged = bit
            for f in view.fragments:
                if f.mask & g.border(bit):
                    merged |= f.mask
            rim, size = g.border(merged), merged.bit_count()
            for r in view.islands:
                if r.complete or r.need is None:
                    continue
                want = bool(view.reach(r, whitened=bit) & merged)
                assert techniques._takes_joined(view, r, bit, merged, rim, size) == want, \
                    (view.puzzle.to_text(), i, r.clue)
                k = view.taken_at(r, rim)
                settled += k is not None and k + size <= r.remaining
                compared += 1
    assert compared > 1000 and settled > 200, (compared, settled)


def test_room_check_answers_as_the_walk_with_the_whole_block():
    """``View.has_room`` walks with only the blocked cells inside the plain reach,
    resumes the plain walk where it first takes a blocked cell, stops once it has
    enough cells, and shares answers between blocks with the same part: the same
    answer as ``reach(blocked=...)`` holding ``need`` cells, on random positions
    and blocks (shapes grown by their ring, as the battleground's room check makes
    them; some blocks take white cells too)."""
    rnd = random.Random(9)
    compared = shared = short = 0
    for view, n in _random_views(rnd, 200):
        g = view.g
        for island in view.islands:
            if island.complete or island.need is None:
                continue
            for _ in range(40):
                block = 0
                for i in rnd.sample(range(n), rnd.randint(1, 4)):
                    block |= 1 << i
                block = g.grow(block)
                before = len(view._room)
                room = view.reach(island, blocked=block).bit_count()
                assert view.has_room(island, block) == (room >= island.need), \
                    (view.puzzle, view.state, island.clue, block)
                shared += len(view._room) == before
                short += room < island.need
                compared += 1
    assert compared > 5000 and shared > 100 and short > 500, (compared, shared, short)


def _compatible_reference(view, s: int, t: int) -> bool:
    """``techniques._compatible`` written out plainly: no remembered borders, the
    wall flooded from its biggest group."""
    g = view.g
    ring_s, ring_t = g.border(s), g.border(t)
    if s & (t | ring_t):
        return False
    add_s = ring_s & view.unknown & ~ring_t
    add_t = ring_t & view.unknown
    black = view.black | add_s | add_t
    if add_s and add_t and g.all4(black) & g.any4(add_s & g.grow(g.grow(add_t))):
        return False
    if not g.grow(g.grow(ring_s)) & ring_t:
        return True
    low = view.wall_seed or black & -black
    return g.flood(low, (view.black | view.unknown) & ~(s | t)) & black == black


def test_wall_floods_from_beyond_the_island_give_the_same_answers():
    """Shape and pair checks flood the wall from the part of it beyond the
    islands' reach (``_far_wall``) when only cells near them leave the open
    space: the same answers (and reasons) as flooding from the biggest wall
    group, on random positions, for every completion of every island and for
    pairs of completions of two islands. Also with the part beyond the islands
    themselves only (most shapes then reach past it, and must not use it), and
    with the shapes' borders remembered from pair to pair."""
    rnd = random.Random(10)
    used = cut = pairs = pair_cut = 0
    for view, _n in _random_views(rnd, 400):
        listed = []
        for island in view.islands:
            if island.complete or island.need is None:
                continue
            try:
                shapes = techniques._completions(view, island)
            except Contradiction:
                continue
            if not shapes:
                continue
            reach = view.reaches[island.clue]
            others = techniques._others_reach(view, island)
            mine_only = reach & ~others & view.unknown
            must = techniques._sole_reachers(view).get(island.clue, 0)
            anchor = techniques._far_wall(view, reach)
            tight = techniques._far_wall(view, island.mask)
            for s in shapes[:60]:
                plain = techniques._shape_flaw(view, island, s, mine_only, must, others)
                for a in (anchor, tight):
                    near = techniques._shape_flaw(view, island, s, mine_only, must, others, a)
                    assert (near is None) == (plain is None)
                    if near is not None:
                        assert near() == plain()
                if anchor is not None and not s & view.unknown & ~anchor[0]:
                    used += 1
                    cut += plain is not None and "wall" in plain()
            listed.append((island, shapes[:25]))
        for (a, sa), (b, sb) in itertools.combinations(listed, 2):
            anchor = techniques._far_wall(view, view.reaches[a.clue] | view.reaches[b.clue])
            if anchor is None:
                continue
            tight = techniques._far_wall(view, a.mask | b.mask)
            area = 0
            for x in sa + sb:
                area |= x
            shaped = techniques._far_wall(view, area, 0)  # as the battleground makes it
            rings: dict[int, int] = {}  # borders remembered across the pairs, as the battleground does
            for s in sa:
                for t in sb:
                    fit = _compatible_reference(view, s, t)
                    assert fit == techniques._compatible(view, s, t)
                    assert fit == techniques._compatible(view, s, t, anchor, rings)
                    assert fit == techniques._compatible(view, s, t, tight)
                    assert fit == techniques._compatible(view, s, t, shaped)
                    pairs += 1
                    pair_cut += not fit
    assert used > 2000 and cut > 20 and pairs > 2000 and pair_cut > 200, \
        (used, cut, pairs, pair_cut)


def test_a_lone_wall_is_asked_again_once_another_wall_appears():
    """Single liberty (wall) looks only near what changed since it last found
    nothing, but a wall that was the only one (no step: with a ``?`` clue nothing
    says more black cells exist) must be asked again once a new black cell
    elsewhere makes a second wall, though nothing changed next to it."""
    alone = board("""
? + # . .
. + + . .
. . . . ?
""")
    assert TECHNIQUES.get("wall-expansion").apply(alone) is None
    later = board("""
? + # . .
. + + . .
# . . . ?
""")
    later.changed = 1 << 10  # r3c1 has just turned black
    steps = TECHNIQUES.get("wall-expansion").apply(later)
    assert [s.conclusions for s in steps] == [((3, 1),)]


LOCAL_LOOKERS = ("rules", "clue-separation", "island-expansion", "wall-expansion",
                 "size-accounting", "island-closure", "pool-prevention")


def test_techniques_that_look_near_changes_miss_nothing():
    """The engine tells each technique which cells changed since it last found
    nothing (view.changed), and the cheap ones look only near those. Along
    walkthroughs of random puzzles, at every position each finds exactly what
    it finds looking everywhere, and breaks the same rule."""
    rng = random.Random(37)
    checked = 0
    for _ in range(30):
        puzzle = random_puzzle(rng, 5, 8, unknown_sizes=0.2)
        result = Solver(KIND, puzzle, depth=1, budget=10).solve()
        positions = [initial_state(puzzle)]
        for step in result.steps:
            state = positions[-1].copy()
            for i, v in step.conclusions:
                state.assign(i, v)
            positions.append(state)
        for tid in LOCAL_LOOKERS:
            technique = TECHNIQUES.get(tid)
            quiet = None  # the last position where it found nothing, looking everywhere
            for state in positions:
                everywhere = _found(technique, View(puzzle, state), None)
                if quiet is not None:
                    near = View(puzzle, state)
                    changed = (state.ones | state.zeros) & ~(quiet.ones | quiet.zeros)
                    assert _found(technique, near, changed) == everywhere, (tid, puzzle)
                    checked += 1
                if everywhere is None:
                    quiet = state
    assert checked > 1000


def _found(technique, view, changed):
    """What ``technique`` concludes on ``view`` (None: nothing), or the rule it
    finds broken; looking at ``changed`` only when given."""
    if changed is not None:
        view.changed = changed
    try:
        found = technique.apply(view)
    except Contradiction as c:
        return ("broken", c.rule, c.text)
    if not found:
        return None
    found = found if isinstance(found, list) else [found]
    return sorted(c for s in found for c in s.conclusions)


def test_single_liberty_sees_a_liberty_lost_to_an_island_two_cells_away():
    """The 2 at r2c1 can grow to r2c2 or r3c1. Once the 2 at r4c2 takes r4c1,
    r3c1 touches that island too and only r2c2 is left, though the cell that
    changed is two cells from the island: looking only next to what changed
    is not enough."""
    before = board("""
# . . .
2 . . .
. # . .
. 2 . .
""")
    assert TECHNIQUES.get("island-expansion").apply(before) is None
    after = board("""
# . . .
2 . . .
. # . .
+ 2 . .
""")
    after.changed = 1 << 12  # r4c1 has just turned white
    steps = TECHNIQUES.get("island-expansion").apply(after)
    assert [s.conclusions for s in steps] == [((5, 0),)]


def test_single_liberty_sees_a_fragment_joined_to_a_far_island():
    """r4c3 turning white joins the white cells at r4c1 and r4c2 to the 5 at r4c4.
    Then r3c1 touches that island, so the 2 at r2c1 can only grow through r2c2,
    though the cell that changed is four cells away: a whole region a changed
    cell joined counts as changed."""
    before = board("""
# . . . . .
2 . . . . .
. # # . . .
+ + . 5 . .
""")
    assert TECHNIQUES.get("island-expansion").apply(before) is None
    after = board("""
# . . . . .
2 . . . . .
. # # . . .
+ + + 5 . .
""")
    after.changed = 1 << 20  # r4c3 has just turned white
    steps = TECHNIQUES.get("island-expansion").apply(after)
    assert [s.conclusions for s in steps] == [((7, 0),)]


def _wall_steps_naming_part_of_a_wall(puzzle, steps, state) -> list[str]:
    """wall-chokepoint steps (hypotheses' proofs too) one of whose walls is not a
    whole wall of the position the step is taken in."""
    bad = []
    for step in steps:
        if step.technique == "wall-chokepoint":
            view = View(puzzle, state)
            for role, cells in step.regions:
                mask = sum(1 << i for i in cells)
                if role == "wall" and view.g.flood(mask & -mask, view.black) != mask:
                    bad.append(step.text)
        if step.proof and step.assumption is not None:
            branch = state.copy()
            branch.assign(*step.assumption)
            bad += _wall_steps_naming_part_of_a_wall(puzzle, step.proof, branch)
        for i, v in step.conclusions:
            state.assign(i, v)
    return bad


@pytest.mark.parametrize("source", ["puzzles/examples/nurikabe-10x10-fiendish.txt", "janko-0903",
                                    "janko-0330"])
def test_a_wall_chokepoint_step_names_whole_walls(source):
    """A batch of wall-chokepoint steps is found in one position: a later one named
    its walls as they were there, though an earlier one had just grown them ("the
    wall at r7c8, r7c9 and r8c9" when r7c7, just blackened, joined it to 24 more)."""
    from puzzles.nurikabe.formats import from_record
    if source.startswith("janko-"):
        from tests.conftest import janko_records
        puzzle = from_record(janko_records()[source])
    else:
        puzzle = KIND.load(str(Path(__file__).resolve().parents[1] / source))
    result = Solver(KIND, puzzle, depth=3, budget=60).solve()
    assert result.solved
    assert not _wall_steps_naming_part_of_a_wall(puzzle, result.steps, KIND.initial_state(puzzle))


# shape steps count completions that memory of earlier positions has already
# pruned: a fresh view may count more, and is not asked
_REMEMBERING = {"shape-enumeration", "battleground", "shape-trial"}


def _steps_not_found_in_their_own_position(puzzle, steps, state, nested=False) -> list[str]:
    """Steps (hypotheses' proofs too) that their technique, asked in the
    position just before them, does not find as they read."""
    bad = []
    for k, step in enumerate(steps):
        if step.depth == 0 and step.technique not in _REMEMBERING:
            found = []
            for thorough in (False, True):
                view = View(puzzle, state)
                view.nested, view.thorough = nested, thorough
                got = TECHNIQUES.get(step.technique).apply(view) or []
                found += got if isinstance(got, list) else [got]
            if not any(f.text == step.text and f.conclusions == step.conclusions for f in found):
                bad.append(f"{k}: {step.text}")
        if step.proof and step.assumption is not None:
            branch = state.copy()
            branch.assign(*step.assumption)
            bad += [f"{k} > {b}" for b in
                    _steps_not_found_in_their_own_position(puzzle, step.proof, branch, True)]
        for i, v in step.conclusions:
            state.assign(i, v)
    return bad


@pytest.mark.parametrize("source", ["janko-0061", "janko-0480", "janko-0740", "janko-0840"])
def test_each_step_of_a_batch_reads_true_in_its_own_position(source):
    """A technique may report several steps found in one position; the solver
    applies them in turn, and leaves for the next pass a step near what earlier
    ones decided (Kind.around). Without that, sentences described the position
    before the batch: "Without r8c3, the 3 at r8c2 could reach only 2 of its 3
    cells" (0061, it reached 1: an earlier step had joined r6c2 to the 5 at
    r6c3); "The 3 at r4c6 ... can only grow through r4c7" in a hypothesis, when
    r4c7 had just come to touch the 2 at r3c8 (0480); a pool cell no island
    could reach any more, after a white cell two steps away joined a white
    region to a complete island (0740); an island listed among those that can
    reach white cells, after a black cell cut its way (0840)."""
    from puzzles.nurikabe.formats import from_record
    from tests.conftest import janko_records
    puzzle = from_record(janko_records()[source])
    result = Solver(KIND, puzzle, depth=3, budget=60).solve()
    assert result.solved
    assert _steps_not_found_in_their_own_position(puzzle, result.steps,
                                                  KIND.initial_state(puzzle)) == []
