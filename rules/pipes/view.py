"""What Pipes techniques read: a state of edges seen as tile sides, in bitmasks.

Edge ``t`` is the right side of tile ``t`` and edge ``T + t`` its bottom side,
so the state's masks split straight into *tile masks* (bit ``t`` = tile ``t``):
``ho``/``hc``/``hu`` the tiles whose right side is open / closed / unknown,
``vo``/``vc``/``vu`` the same for the bottom side. The left side of tile ``t``
is the right side of ``t - 1``, the top side the bottom side of ``t - cols``,
so every per-side question over all tiles is a handful of shifts and ANDs.

Words: a *group* is a set of tiles joined by open pipes; the *possible graph*
joins tiles through every edge that is not closed.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from deduce.state import State, bits
from deduce.wording import listed

from puzzles.pipes.model import D, DIRS, L, OPPOSITE, R, U, rotations

if TYPE_CHECKING:
    from puzzles.pipes.model import Pipes

_SIDE = {R: " on the right", L: " on the left", U: " above", D: " below"}  # see View.toward


class Layout:
    """What never changes for one puzzle: masks of rows, columns, shapes and walls."""

    def __init__(self, p: "Pipes"):
        self.p = p
        self.T = T = p.size
        self.cols = w = p.cols
        self.full = (1 << T) - 1
        self.first_col = sum(1 << (r * w) for r in range(p.rows))
        self.last_col = self.first_col << (w - 1)
        self.first_row = (1 << w) - 1
        self.dead = self.straight = self.corner = self.tee = 0
        for t, x in enumerate(p.tiles):
            n = bin(x).count("1")
            if n == 1:
                self.dead |= 1 << t
            elif n == 3:
                self.tee |= 1 << t
            elif x in (5, 10):
                self.straight |= 1 << t
            elif n == 2:
                self.corner |= 1 << t
        self.rotations = [rotations(x) for x in p.tiles]
        self.wrapping = p.wrapping
        self.groups: dict[int, list[int]] = {}  # open edges -> groups (a small cache)
        self.border_steps = None  # filled by the border technique, once

    # Tile masks moved one step, wrapping around within the row / column. On a board
    # that does not wrap, what wraps is always a wall (closed, never open nor unknown),
    # which is exactly the border: so the same formulas serve both kinds of board.
    def right(self, m: int) -> int:
        """Bit t of the result: the left neighbour of t is in ``m``."""
        return ((m << 1) & ~self.first_col & self.full) | ((m & self.last_col) >> (self.cols - 1))

    def left(self, m: int) -> int:
        """Bit t of the result: the right neighbour of t is in ``m``."""
        return ((m >> 1) & ~self.last_col) | ((m & self.first_col) << (self.cols - 1))

    def down(self, m: int) -> int:
        """Bit t of the result: the upper neighbour of t is in ``m``."""
        return ((m << self.cols) & self.full) | (m >> (self.T - self.cols))

    def up(self, m: int) -> int:
        """Bit t of the result: the lower neighbour of t is in ``m``."""
        return (m >> self.cols) | ((m & self.first_row) << (self.T - self.cols))

    _cache: dict[int, tuple[object, "Layout"]] = {}

    @classmethod
    def of(cls, p: "Pipes") -> "Layout":
        hit = cls._cache.get(id(p))
        if hit is not None and hit[0] is p:
            return hit[1]
        layout = cls(p)
        if len(cls._cache) > 256:
            cls._cache.clear()
        cls._cache[id(p)] = (p, layout)
        return layout


def flood(lay: "Layout", seed: int, h: int, v: int) -> int:
    """The tiles reachable from ``seed`` through right sides ``h`` and bottom sides ``v``.

    >>> from puzzles.pipes.model import Pipes
    >>> lay = Layout(Pipes(1, 3, (1, 5, 4)))
    >>> bin(flood(lay, 1, 0b011, 0))  # the first two right sides passable
    '0b111'
    """
    r = seed
    if not lay.wrapping:  # plain shifts: nothing passable crosses a row end or the bottom
        w = lay.cols
        while True:
            n = r | ((r & h) << 1) | ((r >> 1) & h) | ((r & v) << w) | ((r >> w) & v)
            if n == r:
                return r
            r = n
    while True:
        n = r | lay.right(r & h) | (lay.left(r) & h) | lay.down(r & v) | (lay.up(r) & v)
        if n == r:
            return r
        r = n


def forced(lay: Layout, o: tuple[int, int, int, int], c: tuple[int, int, int, int]):
    """Sides every remaining orientation agrees on, for all tiles at once.

    ``o``/``c``: tile masks of the sides known open / closed, in the order right,
    up, left, down. Returns ``(opens, closes, bad)``: per side, the tiles where
    that side must be open / closed and is not known yet, and the tiles no
    orientation fits. Each shape's orientations are a simple rule on its sides:
    a dead end opens exactly one side, a T closes exactly one, a straight opens
    both sides of one axis, a corner one side of each axis.
    """
    oR, oU, oL, oD = o
    cR, cU, cL, cD = c
    nO = [0, 0, 0, 0]
    nC = [0, 0, 0, 0]
    # dead ends: one open side
    de = lay.dead
    any_o = oR | oU | oL | oD
    two_o = (oR & (oU | oL | oD)) | (oU & (oL | oD)) | (oL & oD)
    all_c = cR & cU & cL & cD
    bad = de & (two_o | all_c)
    single = de & any_o
    for k in range(4):
        nC[k] |= single & ~o[k]
        others = c[(k + 1) % 4] & c[(k + 2) % 4] & c[(k + 3) % 4]
        nO[k] |= de & others & ~c[k]
    # T: one closed side
    te = lay.tee
    any_c = cR | cU | cL | cD
    two_c = (cR & (cU | cL | cD)) | (cU & (cL | cD)) | (cL & cD)
    all_o = oR & oU & oL & oD
    bad |= te & (two_c | all_o)
    single = te & any_c
    for k in range(4):
        nO[k] |= single & ~c[k]
        others = o[(k + 1) % 4] & o[(k + 2) % 4] & o[(k + 3) % 4]
        nC[k] |= te & others & ~o[k]
    # straights: both sides of one axis
    st = lay.straight
    h = st & (oR | oL | cU | cD)
    v = st & (oU | oD | cR | cL)
    bad |= h & v
    nO[0] |= h
    nO[2] |= h
    nC[1] |= h
    nC[3] |= h
    nO[1] |= v
    nO[3] |= v
    nC[0] |= v
    nC[2] |= v
    # corners: exactly one of right/left and one of up/down
    co = lay.corner
    bad |= co & ((oR & oL) | (cR & cL) | (oU & oD) | (cU & cD))
    for k in range(4):
        j = (k + 2) % 4
        nO[j] |= co & c[k]
        nC[j] |= co & o[k]
    for k in range(4):
        bad |= (nO[k] & c[k]) | (nC[k] & o[k])
        nO[k] &= ~o[k]
        nC[k] &= ~c[k]
    return nO, nC, bad


class View:
    def __init__(self, puzzle: "Pipes", state: State):
        self.puzzle = puzzle
        self.layout = lay = Layout.of(puzzle)
        self.state = state
        T, full = lay.T, lay.full
        ones, zeros = state.ones, state.zeros
        self.ho, self.vo = ones & full, ones >> T
        self.hc, self.vc = zeros & full, zeros >> T
        self.hu = full & ~(self.ho | self.hc)
        self.vu = full & ~(self.vo | self.vc)
        self.changed = state.full
        self._groups = None
        self._forced = None

    # -- sides as tile masks (right, up, left, down) -------------------------------------
    def open_sides(self) -> tuple[int, int, int, int]:
        lay = self.layout
        return (self.ho, lay.down(self.vo), lay.right(self.ho), self.vo)

    def closed_sides(self) -> tuple[int, int, int, int]:
        # the border's right and bottom walls move onto the left and top sides
        lay = self.layout
        return (self.hc, lay.down(self.vc), lay.right(self.hc), self.vc)

    def unknown_sides(self) -> tuple[int, int, int, int]:
        lay = self.layout
        return (self.hu, lay.down(self.vu), lay.right(self.hu), self.vu)

    @property
    def forced(self):
        """:func:`forced` on the current sides: (opens, closes, bad)."""
        if self._forced is None:
            self._forced = forced(self.layout, self.open_sides(), self.closed_sides())
        return self._forced

    def tile_sides(self, t: int) -> tuple[int, int]:
        """(open, closed) sides of tile ``t`` as 4-bit masks (walls count as closed)."""
        p = self.puzzle
        ones, zeros = self.state.ones, self.state.zeros
        o = c = 0
        for d in DIRS:
            e = p.side_edge(t, d)
            if e is None or (zeros >> e) & 1:
                c |= d
            elif (ones >> e) & 1:
                o |= d
        return o, c

    def orientations(self, t: int) -> list[int]:
        """The orientations of tile ``t`` that fit its decided sides."""
        o, c = self.tile_sides(t)
        return [x for x in self.layout.rotations[t] if x & o == o and not x & c]

    # -- edges -------------------------------------------------------------------------
    def edge(self, t: int, d: int) -> int:
        """The edge on side ``d`` of tile ``t`` (never called for the left/top border)."""
        return self.puzzle.side_edge(t, d)

    def edges_of(self, masks: tuple[int, int, int, int]) -> int:
        """Per-side tile masks (right, up, left, down) -> the edge mask they name."""
        lay = self.layout
        r, u, l_, d = masks
        return (r | lay.left(l_)) | ((d | lay.up(u)) << lay.T)

    def inner_edges(self, tiles: int, open_only: bool = True) -> int:
        """The open (or not closed) edges with both ends in ``tiles``."""
        lay = self.layout
        h = self.ho if open_only else self.ho | self.hu
        v = self.vo if open_only else self.vo | self.vu
        return (h & tiles & lay.left(tiles)) | ((v & tiles & lay.up(tiles)) << lay.T)

    def boundary_closed(self, tiles: int) -> int:
        """The closed real edges (not walls) between ``tiles`` and the other tiles."""
        lay = self.layout
        h = self.hc & (tiles ^ lay.left(tiles))
        v = self.vc & (tiles ^ lay.up(tiles))
        return (h | (v << lay.T)) & ~self.puzzle.walls

    # -- groups ------------------------------------------------------------------------
    @property
    def groups(self) -> list[int]:
        """Tiles joined by open pipes, for every group of two or more tiles."""
        if self._groups is None:
            lay = self.layout
            # many steps only close edges: the groups of the same open edges are reused
            ones = self.state.ones
            out = lay.groups.get(ones)
            if out is None:
                o = self.open_sides()
                todo = o[0] | o[1] | o[2] | o[3]
                out = []
                while todo:
                    g = flood(lay, todo & -todo, self.ho, self.vo)
                    out.append(g)
                    todo &= ~g
                if len(lay.groups) >= 64:
                    lay.groups.clear()
                lay.groups[ones] = out
            self._groups = out
        return self._groups

    def group_of(self, t: int) -> int:
        bit = 1 << t
        for g in self.groups:
            if g & bit:
                return g
        return bit

    def exits(self, tiles: int) -> tuple[int, int, int, int]:
        """Per side, the tiles of ``tiles`` whose side there is unknown and leads out."""
        lay = self.layout
        uR, uU, uL, uD = self.unknown_sides()
        return (uR & tiles & ~lay.left(tiles), uU & tiles & ~lay.down(tiles),
                uL & tiles & ~lay.right(tiles), uD & tiles & ~lay.up(tiles))

    def reach(self, seed: int) -> int:
        """Tiles reachable from ``seed`` through edges that are not closed."""
        return flood(self.layout, seed, self.ho | self.hu, self.vo | self.vu)

    def path(self, a: int, b: int, tiles: int) -> list[int]:
        """Tiles of a path of open pipes from ``a`` to ``b`` inside ``tiles`` (a first)."""
        p = self.puzzle
        parent = {a: None}
        frontier = [a]
        ones = self.state.ones
        while frontier and b not in parent:
            nxt = []
            for x in frontier:
                for d in DIRS:
                    y = p.neighbour(x, d)
                    if y is None or y in parent or not (tiles >> y) & 1:
                        continue
                    if (ones >> p.side_edge(x, d)) & 1:
                        parent[y] = x
                        nxt.append(y)
            frontier = nxt
        out, x = [], b
        while x is not None:
            out.append(x)
            x = parent.get(x)
        return out[::-1]

    # -- names -------------------------------------------------------------------------
    def names(self, tiles: int, limit: int = 5) -> str:
        name = self.puzzle.tile_name
        return listed([name(t) for t in bits(tiles)], limit)

    def toward(self, t: int, d: int) -> str:
        """'r2c3' for the neighbour on side ``d``, or 'the border' / 'the barrier'.

        On a wrapping board two tiles wide (or high) one tile is the neighbour
        on both sides: the side is named too ('r1c2 on the left').
        """
        p = self.puzzle
        nb = p.neighbour(t, d)
        if nb is None:
            return "the border"
        name = p.tile_name(nb)
        if p.neighbour(t, OPPOSITE[d]) == nb:
            name += _SIDE[d]
        if p.is_wall(t, d):
            return f"the barrier to {name}"
        return name


__all__ = ["Layout", "View", "flood", "forced", "D", "L", "R", "U"]
