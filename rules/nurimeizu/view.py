"""What Nurimeizu techniques read: a state of rooms seen as cells.

The state's unknowns are rooms; techniques mostly think in cells (squares,
neighbours of a mark, loops), so the view keeps both: ``black``/``white``/
``unknown`` are *cell* masks, ``black_rooms``/``white_rooms``/``unknown_rooms``
*room* masks (bit k = room k). Everything is computed lazily, once per state.

Words: a *white area* is an orthogonally connected group of white cells; the
*route* is the path from S to G through the white cells (white is a tree).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from deduce.state import State, bits
from deduce.wording import listed

from rules.nurikabe.geometry import Geometry

if TYPE_CHECKING:
    from puzzles.nurimeizu.model import Nurimeizu


POCKET_RADIUS = 14  # how far around a circle circle-pocket looks (6 to 14: 72 to 86 janko
# puzzles without hypotheses, 1.5 times the time; docs/nurimeizu.md)


class Layout:
    """What never changes for one puzzle: rooms as cell masks, their neighbours."""

    def __init__(self, p: "Nurimeizu"):
        self.g = g = Geometry.of(p.rows, p.cols)
        self.room_masks = p.room_masks
        self.room_of = p.room_of
        self.n_rooms = p.n_rooms
        self.room_border = [g.border(m) for m in p.room_masks]
        nbrs = []
        for m in self.room_border:
            r = 0
            for i in bits(m):
                r |= 1 << p.room_of[i]
            nbrs.append(r)
        self.room_nbrs = nbrs  # room masks
        self.room_nbr_lists = [list(bits(m)) for m in nbrs]
        self.border_lists = [list(bits(m)) for m in self.room_border]
        self.cell_nbrs = [list(bits(m)) for m in g.neighbours]
        # orthogonally adjacent cell pairs (i < j), for building graphs quickly
        self.cell_edges = [(i, j) for i in range(g.n) for j in self.cell_nbrs[i] if i < j]
        self.start, self.goal = p.start, p.goal
        self.circles = p.mask("o")
        self.triangles = p.mask("t")
        self.marked = p.mask("S") | p.mask("G") | self.circles | self.triangles
        self.terminals = p.mask("S") | p.mask("G") | self.circles  # cells on the route
        self.exit_nbrs = 0  # the cells next to S, G and the circles
        for i in bits(self.terminals):
            self.exit_nbrs |= g.neighbours[i]
        # around each circle: the cells within POCKET_RADIUS steps, and those exactly that far
        self.circle_balls = {}
        for c in bits(self.circles):
            rc, cc = divmod(c, p.cols)
            ball = edge = 0
            for i in range(g.n):
                d = abs(i // p.cols - rc) + abs(i % p.cols - cc)
                if d <= POCKET_RADIUS:
                    ball |= 1 << i
                    if d == POCKET_RADIUS:
                        edge |= 1 << i
            self.circle_balls[c] = (ball, edge)
        self.mark_rooms = 0
        for i in bits(self.marked):
            self.mark_rooms |= 1 << p.room_of[i]
        # rooms that hold a loop of their own cells (they can never be white)
        self.internal_edges = [_edges(g, m) for m in p.room_masks]
        self.room_cells = p.room_cells
        self.big_rooms = 0  # rooms of more than one cell
        for k, m in enumerate(p.room_masks):
            if m & (m - 1):
                self.big_rooms |= 1 << k
        self.loop_rooms = 0
        for k, m in enumerate(p.room_masks):
            if self.internal_edges[k] >= m.bit_count():
                self.loop_rooms |= 1 << k
        # 2x2 squares as (cells, rooms-mask) pairs, and the squares of each room
        self.squares = []
        self.squares_of_room: list[list[int]] = [[] for _ in range(p.n_rooms)]
        for k, sq in enumerate(g.squares):
            rooms = 0
            for i in bits(sq):
                rooms |= 1 << p.room_of[i]
            self.squares.append((sq, rooms))
            for r in bits(rooms):
                self.squares_of_room[r].append(k)

        # recent answers, so that the next state (a few rooms more) starts from them
        self._cells_memo: dict[int, int] = {}
        self._areas_memo: dict[int, tuple[int, ...]] = {}

    MEMO = 32

    def cells_of(self, rooms: int) -> int:
        """The cells of the rooms in ``rooms``, built on a recent answer for fewer rooms."""
        memo = self._cells_memo
        hit = memo.get(rooms)
        if hit is not None:
            return hit
        base_r = base_c = 0
        for r, c in memo.items():
            if r & ~rooms == 0 and r.bit_count() > base_r.bit_count():
                base_r, base_c = r, c
        m = base_c
        rest = rooms & ~base_r
        masks = self.room_masks
        while rest:
            low = rest & -rest
            m |= masks[low.bit_length() - 1]
            rest ^= low
        if len(memo) >= self.MEMO:
            del memo[next(iter(memo))]
        memo[rooms] = m
        return m

    def areas_of(self, white: int) -> tuple[int, ...]:
        """The orthogonally connected groups of ``white``, built on a recent answer for
        fewer white cells: only the groups that the new cells touch are flooded again."""
        memo = self._areas_memo
        hit = memo.get(white)
        if hit is not None:
            return hit
        base_w, base_a = 0, ()
        for w, a in memo.items():
            if w & ~white == 0 and w.bit_count() > base_w.bit_count():
                base_w, base_a = w, a
        g = self.g
        new = white & ~base_w
        touched = g.flood(new, white) if new else 0
        out = tuple(sorted([a for a in base_a if not a & touched] + g.components(touched),
                           key=lambda a: a & -a))  # reading order of their first cells
        if len(memo) >= self.MEMO:
            del memo[next(iter(memo))]
        memo[white] = out
        return out

    _cache: dict[int, tuple[object, "Layout"]] = {}

    @classmethod
    def of(cls, p: "Nurimeizu") -> "Layout":
        hit = cls._cache.get(id(p))
        if hit is not None and hit[0] is p:
            return hit[1]
        layout = cls(p)
        if len(cls._cache) > 256:
            cls._cache.clear()
        cls._cache[id(p)] = (p, layout)
        return layout


def indices(mask: int) -> list[int]:
    """The set bits of ``mask``, lowest first (faster than ``bits`` on dense masks).

    >>> indices(0b10110)
    [1, 2, 4]
    """
    return [i for i, ch in enumerate(bin(mask)[:1:-1]) if ch == "1"]


def _edges(g: Geometry, m: int) -> int:
    """Orthogonally adjacent pairs of cells inside ``m``."""
    return (m & (m >> 1) & g.not_last_col).bit_count() + (m & (m >> g.cols)).bit_count()


class View:
    def __init__(self, puzzle: "Nurimeizu", state: State):
        self.puzzle = puzzle
        self.layout = lay = Layout.of(puzzle)
        self.g = lay.g
        self.state = state
        self.black_rooms = state.ones
        self.white_rooms = state.zeros
        self.unknown_rooms = state.unknown
        self.black = lay.cells_of(state.ones)
        self.white = lay.cells_of(state.zeros)
        self.unknown = self.g.full & ~(self.black | self.white)
        self.changed = state.full
        self._areas = None
        self._area_at = None

    # -- rooms and cells ---------------------------------------------------------
    def cells(self, rooms: int) -> int:
        masks = self.layout.room_masks
        m = 0
        while rooms:
            low = rooms & -rooms
            m |= masks[low.bit_length() - 1]
            rooms ^= low
        return m

    def rooms(self, cells: int) -> int:
        room_of = self.layout.room_of
        r = 0
        for i in bits(cells):
            r |= 1 << room_of[i]
        return r

    def room_name(self, k: int) -> str:
        return self.puzzle.room_name(k)

    def room_names(self, rooms: int, limit: int = 6) -> str:
        names = [self.room_name(k) for k in bits(rooms)]
        return listed(names, limit)

    def is_fresh_start(self) -> bool:
        """True when the engine asks about everything (no incremental shortcut)."""
        return self.changed & self.state.full == self.state.full

    @property
    def fresh_white(self) -> int:
        """The cells of the rooms that turned white since the technique last looked."""
        return self.cells(self.changed & self.white_rooms)

    @property
    def fresh_black(self) -> int:
        """The rooms that turned black since the technique last looked."""
        return self.changed & self.black_rooms

    def fresh_areas_rooted(self) -> bool:
        """True when every white area holding a fresh white cell also holds a white cell or
        a mark that is not fresh: what was true of the older cells carries over to it."""
        fresh = self.fresh_white
        if not fresh:
            return True
        old = (self.white & ~fresh) | self.layout.marked
        return all(a & old for a in self.areas if a & fresh)

    def areas_holding(self, cells: int) -> int:
        """The union of the white areas that hold some of ``cells``."""
        out = 0
        cells &= self.white
        for a in self.areas:
            if a & cells:
                out |= a
        return out

    # -- white areas ---------------------------------------------------------------
    @property
    def areas(self) -> list[int]:
        """The white areas (cell masks)."""
        if self._areas is None:
            self._areas = self.layout.areas_of(self.white)
        return self._areas

    @property
    def area_at(self) -> dict[int, int]:
        """Cell -> index of its white area."""
        if self._area_at is None:
            at = {}
            for k, a in enumerate(self.areas):
                for i in bits(a):
                    at[i] = k
            self._area_at = at
        return self._area_at

    def area_of(self, cell: int) -> int:
        """The white area holding ``cell`` (0 if the cell is not white)."""
        k = self.area_at.get(cell)
        return 0 if k is None else self.areas[k]

    def path(self, cells: int, a: int, b: int) -> int | None:
        """The cells of a shortest path from ``a`` to ``b`` inside ``cells`` (None if none)."""
        g = self.g
        parent = {a: None}
        frontier = [a]
        while frontier and b not in parent:
            nxt = []
            for x in frontier:
                for y in bits(g.neighbours[x] & cells):
                    if y not in parent:
                        parent[y] = x
                        nxt.append(y)
            frontier = nxt
        if b not in parent:
            return None
        m, x = 0, b
        while x is not None:
            m |= 1 << x
            x = parent[x]
        return m
