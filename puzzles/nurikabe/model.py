"""Nurikabe: the puzzle as a value, and its rules of the game as a checker.

Shade some cells black so that: every white region (island) holds exactly one
number and has that many cells (a ``?`` clue: any size); the black cells form
one orthogonally connected wall; no 2x2 square is all black; numbered cells
are white.

Cells are numbered ``r * cols + c`` (0-based); in the state value 1 is black.

>>> p = Nurikabe.from_tokens([["1", "."], [".", "."]])
>>> p.clue_at(0), p.cell_name(3)
(1, 'r2c2')
>>> violations(p, ["#.", "##"])
['the white region at r1c2 holds no number']
"""
from __future__ import annotations

import attrs

from deduce.state import State

UNKNOWN_SIZE = None  # a "?" clue


@attrs.frozen
class Nurikabe:
    rows: int
    cols: int
    clues: tuple[tuple[int, int | None], ...]  # (cell, size or None for "?"), by cell
    black: int = 0  # cells given as black (a partly solved grid)
    white: int = 0  # cells given as white
    id: str = ""
    solution: tuple[str, ...] | None = None  # rows of "#"/"." when known
    # looked up for every view and every sentence: built once (a 50x50 grid has
    # hundreds of clues, and a scan of them per lookup showed in profiles)
    clue_need: dict[int, int | None] = attrs.field(init=False, eq=False, repr=False)
    _clue_mask: int = attrs.field(init=False, eq=False, repr=False)
    _white_total: int | None = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "clue_need", dict(self.clues))
        mask = 0
        for cell, _ in self.clues:
            mask |= 1 << cell
        object.__setattr__(self, "_clue_mask", mask)
        sizes = [n for _, n in self.clues]
        object.__setattr__(self, "_white_total", None if None in sizes else sum(sizes))

    @classmethod
    def from_tokens(cls, rows: list[list[str]], **fields) -> "Nurikabe":
        """Rows of tokens: ``.`` empty, a number, ``?``, ``#`` black, ``+``/``*`` white.

        Tokens are assumed valid (formats.py checks them and reports where).
        """
        height, width = len(rows), len(rows[0]) if rows else 0
        clues, black, white = [], 0, 0
        for r, row in enumerate(rows):
            for c, tok in enumerate(row):
                i = r * width + c
                if tok == ".":
                    continue
                if tok == "#":
                    black |= 1 << i
                elif tok in "+*":
                    white |= 1 << i
                elif tok == "?":
                    clues.append((i, None))
                else:
                    clues.append((i, int(tok)))
        return cls(height, width, tuple(clues), black, white, **fields)

    @property
    def size(self) -> int:
        return self.rows * self.cols

    def clue_at(self, i: int) -> int | None:
        return self.clue_need.get(i)

    @property
    def clue_mask(self) -> int:
        return self._clue_mask

    @property
    def white_total(self) -> int | None:
        """How many white cells a solution has, or None when a clue is ``?``."""
        return self._white_total

    @property
    def black_total(self) -> int | None:
        """How many black cells a solution has, or None when a clue is ``?``."""
        total = self.white_total
        return None if total is None else self.size - total

    def cell_name(self, i: int) -> str:
        return f"r{i // self.cols + 1}c{i % self.cols + 1}"

    def coords(self, i: int) -> tuple[int, int]:
        return divmod(i, self.cols)

    def clue_name(self, i: int) -> str:
        n = self.clue_at(i)
        return f"the {'?' if n is None else n} at {self.cell_name(i)}"

    def tokens(self) -> list[list[str]]:
        """Rows of tokens (clues and given marks), the inverse of from_tokens."""
        out = [["."] * self.cols for _ in range(self.rows)]
        for i in range(self.size):
            r, c = divmod(i, self.cols)
            if (self.black >> i) & 1:
                out[r][c] = "#"
            elif (self.white >> i) & 1:
                out[r][c] = "+"
        for i, n in self.clues:
            r, c = divmod(i, self.cols)
            out[r][c] = "?" if n is None else str(n)
        return out

    def to_text(self) -> str:
        toks = self.tokens()
        width = max((len(t) for row in toks for t in row), default=1)
        return "\n".join(" ".join(t.rjust(width) for t in row) for row in toks) + "\n"


def state_rows(puzzle: Nurikabe, state: State) -> list[str]:
    """Rows of ``#`` black, ``.`` white, ``?`` unknown."""
    out = []
    for r in range(puzzle.rows):
        row = []
        for c in range(puzzle.cols):
            v = state.value(r * puzzle.cols + c)
            row.append("?" if v is None else ("#" if v else "."))
        out.append("".join(row))
    return out


def rows_state(puzzle: Nurikabe, rows: list[str]) -> State:
    ones = zeros = 0
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            bit = 1 << (r * puzzle.cols + c)
            if ch == "#":
                ones |= bit
            elif ch in ".+*":
                zeros |= bit
    return State(puzzle.size, ones, zeros)


def violations(puzzle: Nurikabe, grid: State | list[str]) -> list[str]:
    """Every rule a complete grid breaks, as sentences; empty when it is a solution."""
    rows = state_rows(puzzle, grid) if isinstance(grid, State) else list(grid)
    h, w = puzzle.rows, puzzle.cols
    name = puzzle.cell_name
    problems: list[str] = []
    black = [[rows[r][c] == "#" for c in range(w)] for r in range(h)]
    clue = {i: n for i, n in puzzle.clues}
    for i in clue:
        if black[i // w][i % w]:
            problems.append(f"the clue at {name(i)} is shaded")
    for r in range(h - 1):
        for c in range(w - 1):
            if black[r][c] and black[r + 1][c] and black[r][c + 1] and black[r + 1][c + 1]:
                problems.append(f"the 2x2 square at {name(r * w + c)} is all black")
    seen = [[False] * w for _ in range(h)]
    walls = 0
    for r0 in range(h):
        for c0 in range(w):
            if seen[r0][c0]:
                continue
            colour = black[r0][c0]
            region, todo = [], [(r0, c0)]
            seen[r0][c0] = True
            while todo:
                r, c = todo.pop()
                region.append(r * w + c)
                for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                    if 0 <= rr < h and 0 <= cc < w and not seen[rr][cc] and black[rr][cc] == colour:
                        seen[rr][cc] = True
                        todo.append((rr, cc))
            if colour:
                walls += 1
                continue
            numbers = sorted(i for i in region if i in clue)
            first = name(min(region))
            if not numbers:
                problems.append(f"the white region at {first} holds no number")
            elif len(numbers) > 1:
                problems.append(f"the white region at {first} holds {len(numbers)} numbers "
                                f"({', '.join(name(i) for i in numbers)})")
            elif clue[numbers[0]] is not None and clue[numbers[0]] != len(region):
                problems.append(f"{puzzle.clue_name(numbers[0])} has {len(region)} cells")
    if walls > 1:
        problems.append(f"the black cells form {walls} separate walls")
    return problems
