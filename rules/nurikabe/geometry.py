"""Cell sets of a rows x cols grid as int bitmasks (bit ``r * cols + c``).

>>> g = Geometry.of(3, 3)
>>> g.names(g.border(1 << 4))
'r1c2, r2c1, r2c3 and r3c2'
>>> bin(g.flood(1, 0b000000111))
'0b111'
"""
from __future__ import annotations

from functools import lru_cache

from deduce.state import bits


def _round_about(pattern: int) -> bool:
    """Of the 8 cells round a cell (bit k of ``pattern``, clockwise from the top
    left; odd k the orthogonal neighbours), do the orthogonal ones present lie in
    one run of present cells round the ring? (Two cells next in the ring are
    orthogonal neighbours of each other.)"""
    present = [(pattern >> k) & 1 for k in range(8)]
    if all(present):
        return True
    start = present.index(0)  # walk the runs from just after a missing cell
    runs_with_orthogonal = 0
    inside = False
    for step in range(1, 9):
        k = (start + step) % 8
        if present[k]:
            if not inside:
                inside = True
                touched = False
            if k % 2:
                touched = True
        elif inside:
            inside = False
            runs_with_orthogonal += touched
    return runs_with_orthogonal <= 1


_ROUND_ABOUT = tuple(_round_about(p) for p in range(256))
# the same by a 3x3 block's cells (bits 0-2 the top row left to right, 3-5 the
# middle, 6-8 the bottom; the centre, bit 4, is not looked at)
_BLOCK_ROUND_ABOUT = tuple(
    _ROUND_ABOUT[sum(1 << k for k, b in enumerate((0, 1, 2, 5, 8, 7, 6, 3)) if block >> b & 1)]
    for block in range(512))


class Geometry:
    __slots__ = ("rows", "cols", "n", "full", "not_first_col", "not_last_col",
                 "neighbours", "neighbour_cells", "squares", "squares_at", "square_tops",
                 "cell_names")

    def __init__(self, rows: int, cols: int):
        self.rows, self.cols = rows, cols
        self.n = n = rows * cols
        self.full = (1 << n) - 1
        first = sum(1 << (r * cols) for r in range(rows))
        self.not_first_col = self.full & ~first
        self.not_last_col = self.full & ~(first << (cols - 1))
        self.neighbours = [self.border(1 << i) for i in range(n)]
        self.neighbour_cells = [tuple(bits(m)) for m in self.neighbours]  # lowest first
        self.squares = []  # 2x2 blocks as masks
        self.squares_at: list[list[int]] = [[] for _ in range(n)]
        self.square_tops = 0  # the top left cell of every 2x2 square
        for r in range(rows - 1):
            for c in range(cols - 1):
                i = r * cols + c
                sq = (1 << i) | (1 << (i + 1)) | (1 << (i + cols)) | (1 << (i + cols + 1))
                self.squares.append(sq)
                self.square_tops |= 1 << i
                for j in (i, i + 1, i + cols, i + cols + 1):
                    self.squares_at[j].append(sq)
        self.cell_names = [f"r{i // cols + 1}c{i % cols + 1}" for i in range(n)]

    @staticmethod
    @lru_cache(maxsize=64)
    def of(rows: int, cols: int) -> "Geometry":
        return Geometry(rows, cols)

    def grow(self, m: int) -> int:
        """``m`` and its orthogonal neighbours."""
        c = self.cols
        return (m | ((m << 1) & self.not_first_col) | ((m >> 1) & self.not_last_col)
                | (m << c) | (m >> c)) & self.full

    def border(self, m: int) -> int:
        """Cells orthogonally next to ``m``, outside it."""
        c = self.cols
        return (((m << 1) & self.not_first_col) | ((m >> 1) & self.not_last_col)
                | (m << c) | (m >> c)) & self.full & ~m

    def flood(self, seed: int, allowed: int) -> int:
        """The cells of ``allowed`` connected to ``seed`` (seed included if allowed)."""
        # The hottest loop of the solver. Each pass takes one step up and down,
        # then runs along the rows: rightward (toward higher bits) to the end of
        # each run of allowed cells at once, by addition -- adding a reached
        # cell of a run to the run carries through the run's cells above it,
        # which the sum then lacks -- and one step leftward. Runs are cut
        # before the last column (``ah``), so no carry crosses into the next
        # row; the carry out of a run lands on the cell just past it, reached
        # too when it is allowed (a last-column cell).
        c, nl = self.cols, self.not_last_col
        ah = allowed & nl
        m = seed & allowed
        while True:
            g = (m | (m << c) | (m >> c)) & allowed
            g |= (((ah + (g & ah)) ^ ah) | ((g >> 1) & nl)) & allowed
            if g == m:
                return m
            m = g

    def floods_hold(self, asks: list[tuple[int, int, int]]) -> list[bool]:
        """For each ``(seed, allowed, needed)``: does ``flood(seed, allowed)``
        hold every cell of ``needed``? Answered for many at once: copies of the
        grid stacked one above the other, an empty row between two, make one
        tall grid that a single flood covers (a flood costs about as much on a
        few thousand bits as on a hundred). Every mask must lie within the
        grid (``full``): a cell past it would land in the next copy."""
        if len(asks) < 3:  # (stacking costs more than it saves)
            return [self.flood(s, a) & n == n for s, a, n in asks]
        out: list[bool] = []
        stride = (self.rows + 1) * self.cols
        for at in range(0, len(asks), STACKED):
            chunk = asks[at:at + STACKED]
            seed = allowed = needed = 0
            shift = 0
            for s, a, n in chunk:
                seed |= s << shift
                allowed |= a << shift
                needed |= n << shift
                shift += stride
            m = _stacked(self, len(chunk)).flood(seed, allowed)
            held = [True] * len(chunk)
            missing = needed & ~m
            while missing:
                k = ((missing & -missing).bit_length() - 1) // stride
                held[k] = False
                missing >>= (k + 1) * stride
                missing <<= (k + 1) * stride
            out += held
        return out

    def keeps_connected(self, i: int, allowed: int) -> bool:
        """True when taking cell ``i`` out of ``allowed`` (it is out already, or
        is taken out now) surely leaves the other cells of ``allowed`` as
        connected as they were: its neighbours in ``allowed`` meet around it,
        through the cells of its 3x3 block (a path through ``i`` can go round).
        False does not say they come apart, only that this local look cannot
        tell."""
        cols = self.cols
        c = i % cols
        # the 3x3 block as three rows of three bits (the left column lowest),
        # cells off the grid left out
        edge = (6 if c == 0 else 7) & (3 if c == cols - 1 else 7)
        left = i - 1  # (the block's left column: -1 only where it is off the grid)
        mid = (allowed >> left if left >= 0 else allowed << 1) & edge
        up = 0
        if i >= cols:
            above = left - cols
            up = (allowed >> above if above >= 0 else allowed << 1) & edge
        down = (allowed >> (left + cols)) & edge if i + cols < self.n else 0
        return _BLOCK_ROUND_ABOUT[up | (mid << 3) | (down << 6)]

    def square_of(self, top: int) -> int:
        """The 2x2 square whose top left cell is ``top``."""
        c = self.cols
        return (0b11 | (0b11 << c)) << top

    def any4(self, m: int) -> int:
        """2x2 squares (by their top left cell) holding a cell of ``m``."""
        c = self.cols
        return (m | (m >> 1) | (m >> c) | (m >> (c + 1))) & self.square_tops

    def all4(self, m: int) -> int:
        """2x2 squares (by their top left cell) all of whose cells are in ``m``."""
        c = self.cols
        return m & (m >> 1) & (m >> c) & (m >> (c + 1)) & self.square_tops

    def many4(self, m: int) -> int:
        """2x2 squares (by their top left cell) holding two or more cells of ``m``."""
        c = self.cols
        a, b, d, e = m, m >> 1, m >> c, m >> (c + 1)
        return ((a & b) | (d & e) | ((a | b) & (d | e))) & self.square_tops

    def one4(self, m: int, tops: int) -> int:
        """The cell of ``m`` in each 2x2 square of ``tops`` (top left cells) that holds exactly one."""
        c = self.cols
        a, b, d, e = m, m >> 1, m >> c, m >> (c + 1)
        one = (a | b | d | e) & ~((a & b) | (d & e) | ((a | b) & (d | e))) & tops
        return (one & a) | ((one & b) << 1) | ((one & d) << c) | ((one & e) << (c + 1))

    def span(self, mask: int) -> tuple[int, int, int, int]:
        """(top row, bottom row, left column, right column) of a non-empty mask."""
        c = self.cols
        row = (1 << c) - 1
        top = ((mask & -mask).bit_length() - 1) // c
        bottom = (mask.bit_length() - 1) // c
        fold = 0
        for r in range(top, bottom + 1):
            fold |= (mask >> (r * c)) & row
        return top, bottom, (fold & -fold).bit_length() - 1, fold.bit_length() - 1

    def components(self, mask: int) -> list[int]:
        if not mask & (mask - 1):
            return [mask] if mask else []
        out = []
        neighbours = self.neighbours
        while mask:
            low = mask & -mask
            if neighbours[low.bit_length() - 1] & mask:
                low = self.flood(low, mask)
            out.append(low)  # (a cell alone needs no flood)
            mask &= ~low
        return out

    def name(self, i: int) -> str:
        return self.cell_names[i]

    def names(self, mask: int, limit: int = 12) -> str:
        """People's names for a set of cells: ``r1c2, r2c1 and r3c2``."""
        names = self.cell_names
        cells = [names[i] for i in bits(mask)]
        if len(cells) > limit:
            return ", ".join(cells[:limit]) + f" and {len(cells) - limit} more"
        if len(cells) <= 1:
            return "".join(cells)
        return ", ".join(cells[:-1]) + " and " + cells[-1]

    def square_name(self, sq: int) -> str:
        top = sq & -sq
        return f"the 2x2 square at {self.name(top.bit_length() - 1)}"

    def diagonal(self, a: int, b: int) -> bool:
        ra, ca = divmod(a, self.cols)
        rb, cb = divmod(b, self.cols)
        return abs(ra - rb) == 1 and abs(ca - cb) == 1


STACKED = 32  # grids stacked in one flood by ``Geometry.floods_hold``


@lru_cache(maxsize=256)
def _stacked(g: Geometry, k: int) -> Geometry:
    """``k`` copies of ``g`` stacked with an empty row between, as far as
    ``Geometry.flood`` needs (its columns and ``not_last_col``; the empty
    rows are left out of what a flood may take by the caller)."""
    tall = Geometry.__new__(Geometry)
    tall.cols = g.cols
    stride = (g.rows + 1) * g.cols
    tall.not_last_col = 0
    for j in range(k):
        tall.not_last_col |= g.not_last_col << (j * stride)
    return tall
