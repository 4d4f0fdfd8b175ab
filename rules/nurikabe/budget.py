"""Wall-budget techniques: the numbers fix how many cells are black.

When every clue is a number, a solution has exactly ``B = cells - sum of
numbers`` black cells, all in one connected wall. Two consequences a person
can count out:

* **Wall budget** -- a cell that could only join the wall by way of more
  unknown cells than the black cells still to place is white; walls that
  cannot meet within that budget are a contradiction.
* **Fence budget** -- a connected set of cells spanning ``h`` rows and ``w``
  columns has at least ``h + w - 1`` cells (each step of a path changes the
  row or the column by one). The wall must run along every side of an
  island that is not on the grid's edge, so when ``B`` is small an island can
  only lie where a short fence can close it off: in a corner, along an edge.

Both only matter on puzzles with few black cells (janko-1030: 10 black cells
in a 32x32 grid) or at the very end of a solve; they cost little otherwise.
"""
from __future__ import annotations

from deduce.errors import Contradiction
from deduce.state import bits

from rules.nurikabe.techniques import TECHNIQUES, WHITE, _plural, _step
from rules.nurikabe.view import View


def _within(view: View, wall: int, budget: int) -> int:
    """Unknown and black cells joined to ``wall`` through at most ``budget``
    unknown cells (black cells on the way cost nothing)."""
    g, black, unknown = view.g, view.black, view.unknown
    within = wall
    for _ in range(budget):
        new = g.border(within) & unknown
        if not new:
            break
        within |= new
        touch = g.border(new) & black & ~within
        if touch:
            within |= g.flood(touch, black)
    return within


@TECHNIQUES.register("wall-budget", tier=3, name="Wall budget")
def wall_budget(view: View):
    """A cell too far from the wall for the black cells left to place is white."""
    budget = view.puzzle.black_total
    black = view.black
    if budget is None or not black or not view.unknown:
        return None
    g = view.g
    left = budget - black.bit_count()
    if left >= g.rows + g.cols or left < 0:  # (too many black cells: the rules check says so)
        return None
    walls = view.walls()
    steps = []
    done = 0
    for wall in sorted(walls, key=lambda m: -m.bit_count()):
        within = _within(view, wall, left)
        apart = [w for w in walls if not w & within]
        if apart:
            raise Contradiction(
                "wall-budget", f"the walls at {g.names(wall, 3)} and {g.names(apart[0], 3)} "
                f"need more than the {left} black cell{'s' if left != 1 else ''} left to connect",
                tuple(bits(wall | apart[0])))
        far = view.unknown & ~within & ~done
        if not far:
            continue
        done |= far
        steps.append(_step(
            view, "wall-budget", 3, far, WHITE, wall,
            f"The numbers leave {budget} black cell{'s' if budget != 1 else ''} and "
            f"{budget - left} {'is' if budget - left == 1 else 'are'} placed, so only {left} more "
            f"can be black. A black cell at {_plural(far, '', 'any of ')}{g.names(far, 6)} would "
            f"need more than {left} new black cell{'s' if left != 1 else ''} (itself included) to "
            f"join the wall at {g.names(wall, 3)}, as every black cell must; so "
            f"{_plural(far, 'it is', 'they are')} white.", [("wall", wall)]))
    return steps or None


def _span(mask: int, cols: int, row_masks: list[int]) -> tuple[int, int, int, int]:
    """(top row, bottom row, left column, right column) of a non-empty mask."""
    top = ((mask & -mask).bit_length() - 1) // cols
    bottom = (mask.bit_length() - 1) // cols
    fold = 0
    for r in range(top, bottom + 1):
        fold |= (mask & row_masks[r]) >> (r * cols)
    return top, bottom, (fold & -fold).bit_length() - 1, fold.bit_length() - 1


def _lines(word: str, first: int, last: int) -> str:
    return f"{word} {first + 1}" if first == last else f"{word}s {first + 1}-{last + 1}"


def _least_wall(rows: list[int], cols: list[int]) -> int:
    """Fewest cells of a connected wall with a cell in each of ``rows`` and of ``cols``."""
    if not rows and not cols:
        return 0
    h = max(rows) - min(rows) + 1 if rows else 1
    w = max(cols) - min(cols) + 1 if cols else 1
    return h + w - 1


@TECHNIQUES.register("fence-budget", tier=4, name="Fence budget")
def fence_budget(view: View):
    """An island must lie where a wall of the black cells left can fence it in.

    For each box of rows a..b and columns c..d an island could fill, the
    wall must hold a cell in row a-1 (unless a is the top row), in row b+1,
    column c-1 and column d+1, in every row of the box when the box is
    narrower than the grid (each row of the island ends somewhere) and in every
    column when it is shorter; also in the rows and columns of every black
    cell and of every other island. A connected wall reaching rows r..r' and
    columns k..k' has at least (r'-r+1) + (k'-k+1) - 1 cells. Boxes that need
    more than the black cells of the puzzle are out; when every box left holds
    exactly as many cells as the island needs, the cells common to all of them
    are white.
    """
    budget = view.puzzle.black_total
    g = view.g
    R, C = g.rows, g.cols
    if budget is None or budget >= R + C - 1:
        return None  # no wall is ever that short of cells
    cols = C
    row_masks = [((1 << C) - 1) << (r * C) for r in range(R)]
    col_masks = [sum(1 << (r * C + c) for r in range(R)) for c in range(C)]
    # rows and columns the wall reaches whatever the island does
    fixed_rows: list[int] = []
    fixed_cols: list[int] = []
    if view.black:
        t, b, lft, rgt = _span(view.black, cols, row_masks)
        fixed_rows += [t, b]
        fixed_cols += [lft, rgt]
    islands = [r for r in view.islands if r.need is not None]
    spans = {r.clue: _span(r.mask, cols, row_masks) for r in islands}
    reaches = view.reaches
    steps = []
    for island in islands:
        if island.complete:
            continue
        rows_needed = list(fixed_rows)
        cols_needed = list(fixed_cols)
        for other in islands:
            if other is island:
                continue
            t, b, lft, rgt = spans[other.clue]
            if other.need < C:  # never a full row: each of its rows meets the wall
                rows_needed += [t, b]
            if other.need < R:
                cols_needed += [lft, rgt]
            if other.complete:  # and the wall runs around it
                rows_needed += [x for x in (t - 1, b + 1) if 0 <= x < R]
                cols_needed += [x for x in (lft - 1, rgt + 1) if 0 <= x < C]
        area = reaches[island.clue]
        at, ab, al, ar = _span(area, cols, row_masks)
        t0, b0, l0, r0 = spans[island.clue]
        n = island.need
        row_choices = []
        for a in range(at, t0 + 1):
            for b in range(b0, ab + 1):
                h = b - a + 1
                req = [x for x in (a - 1, b + 1) if 0 <= x < R] + [a, b]
                row_choices.append((a, b, h, req, sum(row_masks[a:b + 1])))
        col_choices = []
        for c in range(al, l0 + 1):
            for d in range(r0, ar + 1):
                w = d - c + 1
                req = [x for x in (c - 1, d + 1) if 0 <= x < C]
                col_choices.append((c, d, w, req, sum(col_masks[c:d + 1])))
        boxes = []
        for a, b, h, rreq, in_rows in row_choices:
            for c, d, w, creq, in_cols in col_choices:
                if h * w < n:
                    continue
                # the island's own rows meet the wall unless it fills them from edge to edge
                rr = rreq if w < C else [x for x in rreq if x < a or x > b]
                cc = creq + ([c, d] if h < R else [])
                if _least_wall(rows_needed + rr, cols_needed + cc) > budget:
                    continue
                room = in_rows & in_cols & area
                if room.bit_count() < n:
                    continue
                boxes.append((a, b, c, d, room))
        who = view.region_name(island)
        if not boxes:
            raise Contradiction(
                "fence-budget", f"{who} cannot be fenced in with the {budget} black cells of "
                "the puzzle", tuple(bits(island.mask)))
        if any(room.bit_count() != n for *_, room in boxes):
            continue
        common = g.full
        for *_, room in boxes:
            common &= room
        white = common & view.unknown
        if not white:
            continue
        if len(boxes) == 1:
            a, b, c, d, room = boxes[0]
            where = (f"the block of {_lines('row', a, b)}, {_lines('column', c, d)}, "
                     f"which holds exactly {n} cells it can take")
        else:
            where = (f"one of {len(boxes)} blocks of rows and columns, each holding exactly "
                     f"{n} cells it can take, and {g.names(white, 6)} lie in all of them")
        steps.append(_step(
            view, "fence-budget", 4, white, WHITE, island.mask | common,
            f"The puzzle has only {budget} black cell{'s' if budget != 1 else ''}, and a connected "
            "wall that reaches h rows and w columns has at least h + w - 1 cells; it must run "
            "along every side of "
            f"{who} that is not on the grid's edge, so the island fits only in {where}; "
            f"{g.names(white, 6)} {_plural(white, 'is', 'are')} white.",
            [("island", island.mask), ("area", common)]))
    return steps or None
