"""Nurimeizu (Nurimaze): the puzzle as a value, and its rules of the game as a checker.

The grid is divided into rooms; shade whole rooms so that: every room is all
black or all white; cells marked S (start), G (goal), ``o`` (circle) or ``t``
(triangle) are white; the white cells are orthogonally connected and hold no
loop (so exactly one route leads from S to G); every circle lies on that
route and no triangle does; no 2x2 square is all black or all white.

Cells are numbered ``r * cols + c`` (0-based). The unknowns of the solving
state are the *rooms*, numbered in reading order of their first cell; value 1
is black.

>>> p = Nurimeizu.from_grids([[0, 1], [0, 2]], ["S.", "G."])
>>> p.n_rooms, p.room_name(1)
(3, 'the room at r1c2')
>>> violations(p, [".#", ".#"])
[]
>>> violations(p, ["..", ".."])
['the 2x2 square at r1c1 is all white', 'the white cells form a loop']
"""
from __future__ import annotations

from functools import cached_property

import attrs

from deduce.state import State

MARKS = "SGot"  # start, goal, circle, triangle
MARK_WORDS = {"S": "the start", "G": "the goal", "o": "the circle", "t": "the triangle"}


def split_rooms(labels, rows: int, cols: int) -> list[int]:
    """Room ids per cell: same label and orthogonally connected (reading order)."""
    room = [-1] * (rows * cols)
    n = 0
    for start in range(rows * cols):
        if room[start] >= 0:
            continue
        label = labels[start // cols][start % cols]
        room[start] = n
        todo = [start]
        while todo:
            i = todo.pop()
            r, c = divmod(i, cols)
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                j = rr * cols + cc
                if 0 <= rr < rows and 0 <= cc < cols and room[j] < 0 \
                        and labels[rr][cc] == label:
                    room[j] = n
                    todo.append(j)
        n += 1
    return room


@attrs.frozen(slots=False)
class Nurimeizu:
    rows: int
    cols: int
    room_of: tuple[int, ...]  # room id of every cell, rooms numbered in reading order
    marks: tuple[tuple[int, str], ...]  # (cell, "S"|"G"|"o"|"t"), by cell
    id: str = ""
    solution: tuple[str, ...] | None = None  # rows of "#"/"." when known
    # a player's marks: (room, 1 black / 0 white), by room (from a pzprv3 answer)
    shaded: tuple[tuple[int, int], ...] = ()
    # the player's complete answer (a pzprv3 file's) was right: it is ``solution``
    answered: bool = False

    @classmethod
    def from_grids(cls, rooms, clues, **fields) -> "Nurimeizu":
        """``rooms``: rows of room labels (any hashable); a room is the cells of
        one label joined side by side, so a label used in two separate areas
        makes two rooms (as the file readers do; a room is always connected).
        ``clues``: rows of ``S G o t .``.

        Rooms are numbered in reading order of their first cell.
        """
        rows, cols = len(rooms), len(rooms[0]) if rooms else 0
        room_of = split_rooms(rooms, rows, cols)
        marks = tuple((r * cols + c, ch) for r, row in enumerate(clues)
                      for c, ch in enumerate(row) if ch in MARKS)
        return cls(rows, cols, tuple(room_of), marks, **fields)

    # -- derived ---------------------------------------------------------------
    @property
    def size(self) -> int:
        return self.rows * self.cols

    @cached_property
    def n_rooms(self) -> int:
        return max(self.room_of, default=-1) + 1

    @cached_property
    def room_masks(self) -> tuple[int, ...]:
        masks = [0] * self.n_rooms
        for i, k in enumerate(self.room_of):
            masks[k] |= 1 << i
        return tuple(masks)

    @cached_property
    def room_cells(self) -> tuple[tuple[int, ...], ...]:
        cells: list[list[int]] = [[] for _ in range(self.n_rooms)]
        for i, k in enumerate(self.room_of):
            cells[k].append(i)
        return tuple(tuple(c) for c in cells)

    @cached_property
    def mark_at(self) -> dict[int, str]:
        return dict(self.marks)

    def cells_marked(self, mark: str) -> list[int]:
        return [i for i, m in self.marks if m == mark]

    @cached_property
    def start(self) -> int | None:
        s = self.cells_marked("S")
        return s[0] if s else None

    @cached_property
    def goal(self) -> int | None:
        g = self.cells_marked("G")
        return g[0] if g else None

    def mask(self, mark: str) -> int:
        m = 0
        for i in self.cells_marked(mark):
            m |= 1 << i
        return m

    def cells_mask(self, room_mask: int) -> int:
        """The cells of the rooms in ``room_mask`` (bit k = room k)."""
        m = 0
        masks = self.room_masks
        while room_mask:
            low = room_mask & -room_mask
            m |= masks[low.bit_length() - 1]
            room_mask ^= low
        return m

    # -- naming ------------------------------------------------------------------
    def cell_name(self, i: int) -> str:
        return f"r{i // self.cols + 1}c{i % self.cols + 1}"

    def coords(self, i: int) -> tuple[int, int]:
        return divmod(i, self.cols)

    def room_name(self, k: int) -> str:
        return f"the room at {self.cell_name(self.room_cells[k][0])}"

    def mark_name(self, i: int) -> str:
        return f"{MARK_WORDS[self.mark_at[i]]} at {self.cell_name(i)}"

    # -- text --------------------------------------------------------------------
    def clue_rows(self) -> list[str]:
        out = [["."] * self.cols for _ in range(self.rows)]
        for i, m in self.marks:
            out[i // self.cols][i % self.cols] = m
        return ["".join(r) for r in out]

    def room_rows(self) -> list[list[int]]:
        return [list(self.room_of[r * self.cols:(r + 1) * self.cols]) for r in range(self.rows)]


def state_rows(puzzle: Nurimeizu, state: State) -> list[str]:
    """Rows of ``#`` black, ``.`` white, ``?`` unknown, one character per cell."""
    out = []
    for r in range(puzzle.rows):
        row = []
        for c in range(puzzle.cols):
            v = state.value(puzzle.room_of[r * puzzle.cols + c])
            row.append("?" if v is None else ("#" if v else "."))
        out.append("".join(row))
    return out


def rows_state(puzzle: Nurimeizu, rows: list[str]) -> State:
    """The room state of a grid of ``#``/``.`` (``+``/``*`` white); a room takes the
    colour of its first decided cell."""
    ones = zeros = 0
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            bit = 1 << puzzle.room_of[r * puzzle.cols + c]
            if (ones | zeros) & bit:
                continue
            if ch == "#":
                ones |= bit
            elif ch in ".+*":
                zeros |= bit
    return State(puzzle.n_rooms, ones, zeros)


def violations(puzzle: Nurimeizu, grid: State | list[str]) -> list[str]:
    """Every rule a complete grid breaks, as sentences; empty when it is a solution.

    Written cell by cell, independently of the techniques.
    """
    rows = state_rows(puzzle, grid) if isinstance(grid, State) else list(grid)
    h, w = puzzle.rows, puzzle.cols
    name = puzzle.cell_name
    problems: list[str] = []
    black = [rows[r][c] == "#" for r in range(h) for c in range(w)]
    for k, cells in enumerate(puzzle.room_cells):
        if len({black[i] for i in cells}) > 1:
            problems.append(f"{puzzle.room_name(k)} is partly black and partly white")
    for i, m in puzzle.marks:
        if black[i]:
            problems.append(f"{puzzle.mark_name(i)} is black")
    for r in range(h - 1):
        for c in range(w - 1):
            sq = [black[r * w + c], black[r * w + c + 1], black[(r + 1) * w + c],
                  black[(r + 1) * w + c + 1]]
            if all(sq):
                problems.append(f"the 2x2 square at {name(r * w + c)} is all black")
            elif not any(sq):
                problems.append(f"the 2x2 square at {name(r * w + c)} is all white")

    def nbrs(i):
        r, c = divmod(i, w)
        if r > 0:
            yield i - w
        if r < h - 1:
            yield i + w
        if c > 0:
            yield i - 1
        if c < w - 1:
            yield i + 1

    white = [i for i in range(h * w) if not black[i]]
    # connected, and a tree: edges = cells - 1
    edges = sum(1 for i in white for j in nbrs(i) if j > i and not black[j])
    comps = 0
    seen: set[int] = set()
    for i in white:
        if i in seen:
            continue
        comps += 1
        todo = [i]
        seen.add(i)
        while todo:
            x = todo.pop()
            for y in nbrs(x):
                if not black[y] and y not in seen:
                    seen.add(y)
                    todo.append(y)
    if comps > 1:
        problems.append(f"the white cells form {comps} separate areas")
    if edges - len(white) + comps > 0:
        problems.append("the white cells form a loop")
    s, g = puzzle.start, puzzle.goal
    if s is None or g is None:
        problems.append("the puzzle has no start" if s is None else "the puzzle has no goal")
        return problems
    if black[s] or black[g] or edges - len(white) + comps > 0:
        return problems
    # the route: the path from S to G in the white tree
    parent = {s: None}
    todo = [s]
    while todo:
        x = todo.pop()
        for y in nbrs(x):
            if not black[y] and y not in parent:
                parent[y] = x
                todo.append(y)
    if g not in parent:
        problems.append("no white route leads from the start to the goal")
        return problems
    route = set()
    x = g
    while x is not None:
        route.add(x)
        x = parent[x]
    for i, m in puzzle.marks:
        if m == "o" and i not in route:
            problems.append(f"the circle at {name(i)} is off the route from S to G")
        elif m == "t" and i in route:
            problems.append(f"the triangle at {name(i)} is on the route from S to G")
    return problems
