"""Separation pairs of a block of cells, read off the faces of its drawing.

A block here is a set of cells whose grid graph (cells joined to their
orthogonal neighbours) stays connected whichever one cell is taken out. Drawn
on the grid, it splits the plane into faces: each 2x2 square of its cells,
and each hole -- a piece of the cells outside the block, diagonal neighbours
counting as joined (the outside of the grid is one hole with every outside
cell on the grid's edge). Two cells x and c part the block between them (a
*separation pair*: the block loses its connection without both) exactly when
they lie on two common faces -- a closed line through x, one face, c and the
other face then has cells on both sides -- except for two neighbours whose
only common faces are the two on either side of the side they share.

:func:`separation_partners` gives, for one cell x, every cell c that parts
the block with it, in a few steps around x instead of a walk over the whole
block with x taken out. (tests/test_faces.py checks it against taking every
pair out on random grids.)
"""
from __future__ import annotations

from deduce.state import bits

OUTSIDE = 0  # the hole around the grid


def _grow8(g, m: int) -> int:
    """``m`` and its eight neighbours around."""
    h = m | ((m << 1) & g.not_first_col) | ((m >> 1) & g.not_last_col)
    return (h | (h << g.cols) | (h >> g.cols)) & g.full


def _flood8(g, seed: int, allowed: int) -> int:
    m = seed & allowed
    while True:
        grown = _grow8(g, m) & allowed
        if grown == m:
            return m
        m = grown


def _edge(g) -> int:
    """The cells on the grid's edge."""
    inner = g.not_first_col & g.not_last_col & (g.full >> g.cols) & (g.full << g.cols)
    return g.full & ~inner


class Faces:
    """The faces of ``block``'s drawing on the grid ``g``.

    Faces are numbered: holes from 0 (the outside), and the 2x2 square whose
    top left cell is ``i`` as ``-1 - i``.
    """

    __slots__ = ("g", "block", "hole_of", "members", "full_squares")

    def __init__(self, g, block: int):
        self.g, self.block = g, block
        rest = g.full & ~block
        near = _grow8(g, block) & rest  # the outside cells a face of the block reaches
        edge = _edge(g)
        self.full_squares = g.all4(block)
        self.hole_of: dict[int, int] = {}
        outside = _flood8(g, rest & edge, rest)
        # the block's cells on each hole: those next to it, diagonals included
        self.members = [(block & edge) | (block & _grow8(g, outside))]
        for i in bits(outside & near):
            self.hole_of[i] = OUTSIDE
        left = near & ~outside
        while left:
            hole = _flood8(g, left & -left, rest)
            k = len(self.members)
            self.members.append(block & _grow8(g, hole))
            for i in bits(hole & near):
                self.hole_of[i] = k
            left &= ~hole

    def _face(self, r: int, c: int) -> int:
        """The face the 2x2 square with top left cell (r, c) lies in (r or c may be -1)."""
        g = self.g
        if r < 0 or c < 0 or r + 1 >= g.rows or c + 1 >= g.cols:
            return OUTSIDE
        i = r * g.cols + c
        if (self.full_squares >> i) & 1:
            return -1 - i
        for j in (i, i + 1, i + g.cols, i + g.cols + 1):
            if not (self.block >> j) & 1:
                return self.hole_of[j]
        raise AssertionError("unreachable: a square not all in the block has a cell outside it")

    def faces(self, x: int) -> set[int]:
        """The faces around cell ``x`` of the block (one per corner, some the same)."""
        r, c = divmod(x, self.g.cols)
        face = self._face
        return {face(r - 1, c - 1), face(r - 1, c), face(r, c - 1), face(r, c)}

    def _cells(self, face: int) -> int:
        if face >= 0:
            return self.members[face]
        i, cols = -1 - face, self.g.cols
        return (1 << i) | (1 << (i + 1)) | (1 << (i + cols)) | (1 << (i + cols + 1))

    def separation_partners(self, x: int) -> int:
        """The cells c such that the block without x and c falls apart (a mask)."""
        around = list(self.faces(x))
        found = 0
        for a in range(len(around)):
            on_a = self._cells(around[a])
            for b in range(a + 1, len(around)):
                found |= on_a & self._cells(around[b])
        found &= ~(1 << x)
        beside = found & self.g.neighbours[x]
        if beside:
            mine = set(around)
            for c in bits(beside):
                # a neighbour always shares the faces on the two sides of their side
                if len(mine & self.faces(c)) < 3:
                    found &= ~(1 << c)
        return found
