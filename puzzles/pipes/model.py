"""Pipes (Net, FreeNet): the puzzle as a value, and its rules of the game as a checker.

Every tile holds a fixed piece of pipe — a dead end, a straight, a corner or a
T — and may be rotated. Solved when every open side meets an open side of its
neighbour, nothing points off the board or into a barrier, and all tiles form
one connected tree (no loop). On a *wrapping* board the right side of the last
column meets the left side of the first, and the bottom row meets the top row.

Sides are bits as in Simon Tatham's Net: 1 right, 2 up, 4 left, 8 down. Tiles
are numbered ``r * cols + c``. The unknowns of the solving state are the
*edges*: edge ``t`` is the right side of tile ``t``, edge ``T + t`` its bottom
side (``T`` tiles); on a wrapping board the last column's right sides and the
last row's bottom sides wrap around. An edge on the border or behind a barrier
is a *wall*: it
exists as an unknown (so edge sets and tile sets share bit positions) but is
closed from the start. Value 1 is open.

>>> p = Pipes(1, 2, (1, 4))
>>> p.n, p.edge_name(0), p.edge_name(1)
(4, 'the edge between r1c1 and r1c2', 'the border right of r1c2')
>>> violations(p, open_edges=0b0001)
[]
>>> violations(p, open_edges=0)
['r1c1 (a dead end) is closed on every side', 'r1c2 (a dead end) is closed on every side', \
'the tiles form 2 separate groups']
"""
from __future__ import annotations

from functools import cached_property

import attrs

from deduce.state import State

R, U, L, D = 1, 2, 4, 8
DIRS = (R, U, L, D)
OPPOSITE = {R: L, U: D, L: R, D: U}
DIR_WORD = {R: "right", U: "top", L: "left", D: "bottom"}
BOX = {0: " ", 1: "╶", 2: "╵", 4: "╴", 8: "╷", 5: "─", 10: "│", 3: "└", 6: "┘", 12: "┐",
       9: "┌", 7: "┴", 11: "├", 13: "┬", 14: "┤", 15: "┼"}
FROM_BOX = {ch: m for m, ch in BOX.items() if m}


def rotate(tile: int, quarter_turns: int = 1) -> int:
    """``tile`` turned anticlockwise (right -> up -> left -> down).

    >>> rotate(R), rotate(R | U), rotate(R | L, 3)
    (2, 6, 10)
    """
    k = quarter_turns % 4
    return ((tile << k) | (tile >> (4 - k))) & 15


def rotations(tile: int) -> tuple[int, ...]:
    """The distinct orientations of a tile, smallest first.

    >>> rotations(5), rotations(1)
    ((5, 10), (1, 2, 4, 8))
    """
    return tuple(sorted({rotate(tile, k) for k in range(4)}))


def shape_name(tile: int) -> str:
    """'dead end', 'straight', 'corner', 'T' (or 'cross' / 'empty tile')."""
    n = bin(tile).count("1")
    if n == 2:
        return "straight" if tile in (5, 10) else "corner"
    return {0: "empty tile", 1: "dead end", 3: "T", 4: "cross"}[n]


@attrs.frozen(slots=False)
class Pipes:
    rows: int
    cols: int
    tiles: tuple[int, ...]  # the pieces as given (any orientation), row-major
    # per tile: R if a barrier is on its right side, D if on its bottom side
    barriers: tuple[int, ...] = ()
    params: str = ""  # game-ID parameters after WxH (e.g. "b0.2"), kept to write the ID back
    id: str = ""
    solution: str | None = None  # hex digits of the solved orientations, when known
    wrapping: bool = False

    # -- derived ---------------------------------------------------------------
    @property
    def size(self) -> int:
        return self.rows * self.cols

    @property
    def n(self) -> int:
        """How many unknowns (edges, walls included)."""
        return 2 * self.size

    def barrier(self, t: int) -> int:
        return self.barriers[t] if self.barriers else 0

    @cached_property
    def walls(self) -> int:
        """Edges that can never be open: the border and the barriers."""
        T, w = self.size, self.cols
        m = 0
        for t in range(T):
            r, c = divmod(t, w)
            if (c == w - 1 and not self.wrapping) or self.barrier(t) & R:
                m |= 1 << t
            if (r == self.rows - 1 and not self.wrapping) or self.barrier(t) & D:
                m |= 1 << (T + t)
        return m

    def ends(self, e: int) -> tuple[int, int | None]:
        """The two tiles edge ``e`` joins (the second None on the border)."""
        if e < self.size:
            return e, self.neighbour(e, R)
        return e - self.size, self.neighbour(e - self.size, D)

    def side_edge(self, t: int, d: int) -> int | None:
        """The edge on side ``d`` of tile ``t`` (None: the border on the left or top)."""
        return self._side_edges[t][d]

    def neighbour(self, t: int, d: int) -> int | None:
        """The tile next to ``t`` on side ``d`` (None: off the board)."""
        return self._neighbours[t][d]

    @cached_property
    def _side_edges(self) -> list[dict[int, int | None]]:
        return [{d: self._side_edge(t, d) for d in DIRS} for t in range(self.size)]

    @cached_property
    def _neighbours(self) -> list[dict[int, int | None]]:
        return [{d: self._neighbour(t, d) for d in DIRS} for t in range(self.size)]

    def _side_edge(self, t: int, d: int) -> int | None:
        T, w = self.size, self.cols
        if d == R:
            return t
        if d == D:
            return T + t
        if d == L:
            return t - 1 if t % w else (t + w - 1 if self.wrapping else None)
        return T + t - w if t >= w else (2 * T + t - w if self.wrapping else None)

    def is_wall(self, t: int, d: int) -> bool:
        e = self.side_edge(t, d)
        return e is None or bool((self.walls >> e) & 1)

    def _neighbour(self, t: int, d: int) -> int | None:
        r, c = divmod(t, self.cols)
        w, h = self.cols, self.rows
        if self.wrapping:
            if d in (R, L):
                return r * w + (c + (1 if d == R else -1)) % w
            return ((r + (1 if d == D else -1)) % h) * w + c
        if d == R:
            return t + 1 if c < w - 1 else None
        if d == L:
            return t - 1 if c > 0 else None
        if d == U:
            return t - w if r > 0 else None
        return t + w if r < h - 1 else None

    # -- naming ------------------------------------------------------------------
    def tile_name(self, t: int) -> str:
        return f"r{t // self.cols + 1}c{t % self.cols + 1}"

    def coords(self, t: int) -> tuple[int, int]:
        return divmod(t, self.cols)

    def edge_name(self, e: int) -> str:
        a, b = self.ends(e)
        if b is None:
            side = "right of" if e < self.size else "below"
            return f"the border {side} {self.tile_name(a)}"
        around = " (around the edge of the board)" if self.wraps(e) else ""
        if (self.walls >> e) & 1:
            return f"the barrier between {self.tile_name(a)} and {self.tile_name(b)}{around}"
        return f"the edge between {self.tile_name(a)} and {self.tile_name(b)}{around}"

    def wraps(self, e: int) -> bool:
        """Whether edge ``e`` joins the last column to the first (or last row to first)."""
        if not self.wrapping:
            return False
        T, w = self.size, self.cols
        return e % w == w - 1 if e < T else e - T >= T - w

    def wall_phrase(self, t: int, d: int) -> str:
        """'the border on its left' / 'the barrier on its right'."""
        nb = self.neighbour(t, d)
        what = "the border" if nb is None else "the barrier"
        return f"{what} on its {DIR_WORD[d]}"

    # -- orientations as state -----------------------------------------------------
    def open_sides(self, t: int, open_edges: int) -> int:
        m = 0
        for d in DIRS:
            e = self.side_edge(t, d)
            if e is not None and (open_edges >> e) & 1:
                m |= d
        return m

    def state_of(self, orientations: str | list[int]) -> State:
        """The complete state of a grid of orientations (hex digits or ints)."""
        tiles = [int(x, 16) if isinstance(x, str) else x for x in orientations]
        ones = 0
        for t, o in enumerate(tiles):
            if o & R:
                ones |= 1 << self.side_edge(t, R)
            if o & D:
                ones |= 1 << self.side_edge(t, D)
        full = (1 << self.n) - 1
        return State(self.n, ones, full & ~ones)

    def orientations(self, state: State) -> list[int | None]:
        """Each tile's open sides, or None while one of its sides is undecided,
        or when its sides are no way its piece can turn (a position that broke
        a rule: a dead end open on two sides is not drawn as a straight)."""
        decided = state.ones | state.zeros
        out: list[int | None] = []
        for t in range(self.size):
            ok = True
            for d in DIRS:
                e = self.side_edge(t, d)
                if e is not None and not (decided >> e) & 1:
                    ok = False
                    break
            sides = self.open_sides(t, state.ones) if ok else None
            out.append(sides if sides is not None and sides in rotations(self.tiles[t]) else None)
        return out


def answer(puzzle: Pipes, state: State) -> str:
    """The orientation of every tile as Tatham hex digits (``?`` where undecided)."""
    return "".join("?" if o is None else "0123456789abcdef"[o]
                   for o in puzzle.orientations(state))


def state_rows(puzzle: Pipes, state: State) -> list[str]:
    """Rows of box-drawing characters, ``?`` for a tile not yet decided."""
    o = puzzle.orientations(state)
    w = puzzle.cols
    return ["".join("?" if x is None else BOX[x] for x in o[r * w:(r + 1) * w])
            for r in range(puzzle.rows)]


def violations(puzzle: Pipes, state: State | None = None, *, open_edges: int | None = None
               ) -> list[str]:
    """Every rule a complete position breaks, as sentences; empty when solved.

    Written tile by tile, independently of the techniques.
    """
    ones = state.ones if state is not None else open_edges or 0
    T = puzzle.size
    name = puzzle.tile_name
    problems: list[str] = []
    for e in range(puzzle.n):
        if (ones >> e) & 1 and (puzzle.walls >> e) & 1:
            problems.append(f"{puzzle.edge_name(e)} is open")
    adj: list[list[int]] = [[] for _ in range(T)]
    n_open = 0
    for t in range(T):
        sides = puzzle.open_sides(t, ones)
        if sides == 0:
            problems.append(f"{name(t)} (a {shape_name(puzzle.tiles[t])}) is closed on every side")
        elif sides not in rotations(puzzle.tiles[t]):
            problems.append(f"{name(t)} is a {shape_name(puzzle.tiles[t])} but opens "
                            f"{' and '.join(DIR_WORD[d] for d in DIRS if sides & d)}")
        for d in (R, D):
            if sides & d:
                nb = puzzle.neighbour(t, d)
                if nb is not None and not (puzzle.walls >> puzzle.side_edge(t, d)) & 1:
                    adj[t].append(nb)
                    adj[nb].append(t)
                    n_open += 1
    seen = [False] * T
    groups = 0
    for s in range(T):
        if seen[s]:
            continue
        groups += 1
        seen[s] = True
        todo = [s]
        while todo:
            x = todo.pop()
            for y in adj[x]:
                if not seen[y]:
                    seen[y] = True
                    todo.append(y)
    if groups > 1:
        problems.append(f"the tiles form {groups} separate groups")
    if n_open > T - groups:
        problems.append("the open pipes form a loop")
    return problems
