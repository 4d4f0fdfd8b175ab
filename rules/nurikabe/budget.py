"""Wall-budget techniques: the numbers fix how many cells are black.

When every clue is a number, a solution has exactly ``B = cells - sum of
numbers`` black cells, all in one connected wall. Consequences a person
can count out:

* **Wall budget** -- a cell that could only join the wall by way of more
  unknown cells than the black cells still to place is white; walls that
  cannot meet within that budget are a contradiction.
* **Fence budget** -- a connected set of cells spanning ``h`` rows and ``w``
  columns has at least ``h + w - 1`` cells (each step of a path changes the
  row or the column by one). The wall must run along every side of an
  island that is not on the grid's edge, so when ``B`` is small an island can
  only lie where a short fence can close it off: in a corner, along an edge.

* **Tight wall** -- when the rows and columns the wall must reach need all
  the black cells there are (``h + w - 1``), the wall has none to spare: it
  holds one stretch of black in each of those rows and columns, and none
  outside them (janko-0753: 19 black cells must reach all 10 rows and 10
  columns).

They only matter on puzzles with few black cells (janko-1030: 10 black cells
in a 32x32 grid) or at the very end of a solve; they cost little otherwise.
"""
from __future__ import annotations

from deduce.errors import Contradiction
from deduce.state import bits

from rules.nurikabe.techniques import BLACK, TECHNIQUES, WHITE, _plural, _step
from rules.nurikabe.view import View


def _within(view: View, wall: int, budget: int, layers: list[int] | None = None) -> int:
    """Unknown and black cells joined to ``wall`` through at most ``budget``
    unknown cells (black cells on the way cost nothing). ``layers``, if
    given, gets the black cells first reached through 1, 2, ... unknown
    cells (one entry for each unknown cell of the way)."""
    g, black, unknown = view.g, view.black, view.unknown
    within = wall
    apart = [w for w in view.walls() if not w & wall]  # (the walls not reached yet)
    for _ in range(budget):
        new = g.border(within) & unknown
        if not new:
            break
        within |= new
        touch = g.border(new) & black & ~within
        if touch:
            met = [w for w in apart if w & touch]
            touch = 0
            for w in met:
                touch |= w
                apart.remove(w)
            within |= touch
        if layers is not None:
            layers.append(touch)
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
    walls = sorted(view.walls(), key=lambda m: -m.bit_count())
    # Distances obey the triangle inequality (a way through a wall costs
    # nothing there): if a wall looked at already reaches every unknown cell
    # and wall within ``e``, a wall ``d`` away from it reaches them all within
    # ``d + e``. When that is no more than the budget, that wall has nothing
    # too far to show.
    every = view.unknown | black
    hubs: list[tuple[list[int], int]] = []  # (layers, e) of the walls that reach all
    steps = []
    done = 0
    for wall in walls:
        if any(e + next(d for d, touch in enumerate(far_by, 1) if touch & wall) <= left
               for far_by, e in hubs):
            continue
        layers: list[int] = []
        within = _within(view, wall, left, layers)
        if not every & ~within:
            hubs.append((layers, len(layers)))
        apart = [w for w in view.walls() if not w & within]  # (lowest cell first)
        if apart:
            raise Contradiction(
                "wall-budget", f"joining the wall at {g.names(wall, 3)} to the wall at "
                f"{g.names(apart[0], 3)} would take more than the {left} black "
                f"cell{'s' if left != 1 else ''} left",
                tuple(bits(black | (g.border(within) & view.white))))
        far = view.unknown & ~within & ~done
        if not far:
            continue
        done |= far
        # (every black cell counts; white cells bound the ways to the wall)
        steps.append(_step(
            view, "wall-budget", 3, far, WHITE, black | (g.border(within) & view.white),
            f"The numbers leave {budget} black cell{'s' if budget != 1 else ''} and "
            f"{budget - left} {'is' if budget - left == 1 else 'are'} placed, so only {left} more "
            f"can be black. A black cell at {_plural(far, '', 'any of ')}{g.names(far, 6)} would "
            f"need more than {left} new black cell{'s' if left != 1 else ''} (itself included) to "
            f"join the wall at {g.names(wall, 3)}, as every black cell must; so "
            f"{_plural(far, 'it is', 'they are')} white.", [("wall", wall)]))
    return steps or None


def _lines(word: str, first: int, last: int) -> str:
    return f"{word} {first + 1}" if first == last else f"{word}s {first + 1}-{last + 1}"


def _least_wall(rows: list[int], cols: list[int]) -> int:
    """Fewest cells of a connected wall with a cell in each of ``rows`` and of ``cols``."""
    if not rows and not cols:
        return 0
    h = max(rows) - min(rows) + 1 if rows else 1
    w = max(cols) - min(cols) + 1 if cols else 1
    return h + w - 1


def _least_fence(a: int, b: int, c: int, d: int, rows: int, cols: int) -> int:
    """Fewest cells of a connected wall around an island whose rows are a..b and
    columns c..d, counted by runs.

    A *run* is a stretch of black cells in one row (or one column) between
    white cells or the grid's edge. A connected wall of W cells has at most
    W + 1 runs: a tree joining its cells has W - 1 links; its links along rows
    only join cells of one row run, so at least (row runs - 1) of them go
    along columns, and at least (column runs - 1) along rows. Around the
    island, each of its rows has a run left of it (unless the island may reach
    the left edge, c = 0) and another right of it, each of its columns one
    above and one below it, and the rows a-1 and b+1 and columns c-1 and d+1
    hold one run each. An island away from every edge thus needs
    2h + 2w + 3 black cells; h + w - 1 spanning cells is the weaker count
    ``_least_wall`` makes.
    """
    across = (c > 0) + (d < cols - 1)  # runs beside each of its rows
    along = (a > 0) + (b < rows - 1)  # runs above and below each of its columns
    return (b - a + 2) * across + (d - c + 2) * along - 1


def _boxes(view: View, island, budget: int, fixed_rows: list[int], fixed_cols: list[int],
           spans: dict, inner: bool = False,
           tight: bool = False) -> list[tuple[int, int, int, int, int]]:
    """Blocks of rows a..b and columns c..d the island could fill, fenced in by
    at most ``budget`` black cells: (a, b, c, d, the cells it can take there).
    ``inner``: only blocks off every edge of the grid. ``tight``: the caller
    only wants them when each holds exactly as many cells as the island needs
    (see ``_common``): the first block with more is returned alone."""
    g = view.g
    R, C = g.rows, g.cols
    row_masks, col_masks = _bands(g)
    rows_needed = list(fixed_rows)
    cols_needed = list(fixed_cols)
    for other in view.islands:
        if other is island or other.need is None:
            continue
        t, b, lft, rgt = spans[other.clue]
        if other.need < C:  # never a full row: each of its rows meets the wall
            rows_needed += [t, b]
        if other.need < R:
            cols_needed += [lft, rgt]
        if other.complete:  # and the wall runs around it
            rows_needed += [x for x in (t - 1, b + 1) if 0 <= x < R]
            cols_needed += [x for x in (lft - 1, rgt + 1) if 0 <= x < C]
    area = view.reaches[island.clue]
    at, ab, al, ar = g.span(area)
    t0, b0, l0, r0 = spans[island.clue]
    if inner:
        at, ab, al, ar = max(at, 1), min(ab, R - 2), max(al, 1), min(ar, C - 2)
    n = island.need
    row_choices = []
    for a in range(at, t0 + 1):
        for b in range(max(b0, a), ab + 1):
            req = [x for x in (a - 1, b + 1) if 0 <= x < R] + [a, b]
            row_choices.append((a, b, b - a + 1, req, sum(row_masks[a:b + 1])))
    col_choices = []
    for c in range(al, l0 + 1):
        for d in range(max(r0, c), ar + 1):
            req = [x for x in (c - 1, d + 1) if 0 <= x < C]
            col_choices.append((c, d, d - c + 1, req, sum(col_masks[c:d + 1])))
    boxes = []
    for a, b, h, rreq, in_rows in row_choices:
        for c, d, w, creq, in_cols in col_choices:
            if h * w < n or _least_fence(a, b, c, d, R, C) > budget:
                continue
            # the island's own rows meet the wall unless it fills them from edge to edge
            rr = rreq if w < C else [x for x in rreq if x < a or x > b]
            cc = creq + ([c, d] if h < R else [])
            if _least_wall(rows_needed + rr, cols_needed + cc) > budget:
                continue
            room = in_rows & in_cols & area
            if room.bit_count() < n:
                continue
            if tight and room.bit_count() > n:
                return [(a, b, c, d, room)]
            boxes.append((a, b, c, d, room))
    return boxes


def _bands(g) -> tuple[list[int], list[int]]:
    """Each row's and each column's cells as masks."""
    got = _BANDS.get((g.rows, g.cols))
    if got is None:
        R, C = g.rows, g.cols
        got = _BANDS[R, C] = ([((1 << C) - 1) << (r * C) for r in range(R)],
                              [sum(1 << (r * C + c) for r in range(R)) for c in range(C)])
    return got


_BANDS: dict[tuple[int, int], tuple[list[int], list[int]]] = {}


def _fixed_lines(view: View) -> tuple[list[int], list[int]]:
    """Rows and columns the wall reaches whatever the islands do."""
    if not view.black:
        return [], []
    t, b, lft, rgt = view.g.span(view.black)
    return [t, b], [lft, rgt]


def _spans(view: View) -> dict[int, tuple[int, int, int, int]]:
    return {r.clue: view.g.span(r.mask) for r in view.islands if r.need is not None}


def _where(boxes, n: int, white: int, g) -> str:
    if len(boxes) == 1:
        a, b, c, d, room = boxes[0]
        return (f"the block of {_lines('row', a, b)}, {_lines('column', c, d)}, "
                f"which holds exactly {n} cells it can take")
    return (f"one of {len(boxes)} blocks of rows and columns, each holding exactly "
            f"{n} cells it can take, and {g.names(white, 6)} lie in all of them")


def _common(boxes, n: int, full: int) -> int:
    """Cells in every box, when every box holds exactly ``n`` cells the island
    can take (so it takes them all); else 0."""
    if any(room.bit_count() != n for *_, room in boxes):
        return 0
    common = full
    for *_, room in boxes:
        common &= room
    return common


@TECHNIQUES.register("fence-budget", tier=4, name="Fence budget", wide=True)
def fence_budget(view: View):
    """An island must lie where a wall of the black cells left can fence it in.

    For each box of rows a..b and columns c..d an island could fill, the
    wall must hold a cell in row a-1 (unless a is the top row), in row b+1,
    column c-1 and column d+1, in every row of the box when the box is
    narrower than the grid (each row of the island ends somewhere) and in every
    column when it is shorter; also in the rows and columns of every black
    cell and of every other island. A connected wall reaching rows r..r' and
    columns k..k' has at least (r'-r+1) + (k'-k+1) - 1 cells; counted by runs
    (``_least_fence``) it needs 2h + 2w + 3 cells around a box away from the
    edges. Boxes that need more than the black cells of the puzzle are out;
    when every box left holds exactly as many cells as the island needs, the
    cells common to all of them are white.
    """
    budget = view.puzzle.black_total
    g = view.g
    if budget is None or budget >= 2 * (g.rows + g.cols):
        return None  # no wall is ever that short of cells
    fixed_rows, fixed_cols = _fixed_lines(view)
    spans = _spans(view)
    steps = []
    for island in view.islands:
        if island.complete or island.need is None:
            continue
        boxes = _boxes(view, island, budget, fixed_rows, fixed_cols, spans, tight=True)
        who = view.region_name(island)
        if not boxes:
            raise Contradiction(
                "fence-budget", f"{who} cannot be fenced in with the {budget} black cells of "
                "the puzzle", tuple(bits(island.mask | view.black | view.white)))
        n = island.need
        common = _common(boxes, n, g.full)
        white = common & view.unknown
        if not white:
            continue
        steps.append(_step(
            view, "fence-budget", 4, white, WHITE, island.mask | common,
            f"The puzzle has only {budget} black cell{'s' if budget != 1 else ''}, and a connected "
            "wall that reaches h rows and w columns has at least h + w - 1 cells (2h + 2w + 3 "
            "to go all round a block off the edges); it must run along every side of "
            f"{who} that is not on the grid's edge, so the island fits only in "
            f"{_where(boxes, n, white, g)}; {g.names(white, 6)} {_plural(white, 'is', 'are')} "
            "white.",
            [("island", island.mask), ("area", common)]))
    return steps or None


@TECHNIQUES.register("enclosed-island", tier=4, name="Enclosed island", wide=True)
def enclosed_island(view: View):
    """Two black cells touching at a corner, between two islands, close a loop
    of wall around one of them.

    All black cells are connected, so a path of black cells joins the two;
    with the corner they share it makes a closed loop, and the two white
    cells at the other corners of their 2x2 square lie on its two sides. The
    island inside touches no edge of the grid, and a wall all round an island
    of h rows and w columns needs 2h + 2w + 3 cells (``_least_fence``). When
    one of the two islands cannot be fenced in so with the black cells of the
    puzzle, the other is the one inside: it only fits in blocks off the
    edges, and when each of those holds exactly its size, the cells common to
    all are white.
    """
    budget = view.puzzle.black_total
    g = view.g
    if budget is None or budget >= 2 * (g.rows + g.cols) or not view.black:
        return None
    pairs = _chessboard_pairs(g, view.black, view.white)
    if not pairs:
        return None
    owner = {}
    for r in view.islands:
        for i in bits(r.mask):
            owner[i] = r
    fixed_rows, fixed_cols = _fixed_lines(view)
    spans = _spans(view)
    inner_boxes: dict[int, list] = {}

    def inner(r) -> list:
        """The blocks off the edges ``r`` could fill, fenced in by the budget."""
        if r.clue not in inner_boxes:
            inner_boxes[r.clue] = _boxes(view, r, budget, fixed_rows, fixed_cols, spans,
                                         inner=True, tight=True)
        return inner_boxes[r.clue]

    for sq, pair in pairs:
        a, b = owner.get(pair[0]), owner.get(pair[1])
        if a is None or b is None or a is b or a.need is None or b.need is None:
            continue
        corner = sq & view.black
        names = g.names(corner)
        fits = [r for r in (a, b) if inner(r)]
        if not fits:
            raise Contradiction(
                "enclosed-island", f"the black cells {names} close a loop of wall around "
                f"{view.region_name(a)} or {view.region_name(b)}, and the {budget} black cells "
                "of the puzzle cannot fence in either away from the grid's edges",
                tuple(bits(corner | a.mask | b.mask | view.black | view.white)))
        if len(fits) == 2:
            continue
        inside = fits[0]
        outside = b if inside is a else a
        boxes = inner(inside)
        common = _common(boxes, inside.need, g.full)
        cells = common & view.unknown
        if not cells:
            continue
        who = view.region_name(inside)
        return _step(
            view, "enclosed-island", 4, cells, WHITE, corner | a.mask | b.mask | common,
            f"The black cells {names} meet at a corner between {view.region_name(a)} and "
            f"{view.region_name(b)}. Every black cell is connected, so a path of black cells "
            "joins them and closes a loop around one of the two islands, which then touches "
            "no edge of the grid. A wall all round an island of h rows and w columns needs "
            "2h + 2w + 3 black cells (two runs of black in each of its rows and columns, one "
            f"more on each side, all joined up); the puzzle has {budget}, and "
            f"{_too_few(outside, budget, g.rows, g.cols, view)}. So {who} is inside, "
            f"and off the edges it fits only in {_where(boxes, inside.need, cells, g)}; "
            f"{g.names(cells, 6)} {_plural(cells, 'is', 'are')} white.",
            [("island", inside.mask), ("wall", corner), ("area", common)])
    return None


def _too_few(island, budget: int, rows: int, cols: int, view: View) -> str:
    """Why ``budget`` black cells cannot go all round ``island`` off the edges."""
    n = island.need
    least = min((2 * h + 2 * w + 3 for h in range(1, rows - 1) for w in range(1, cols - 1)
                 if h * w >= n), default=None)
    who = view.region_name(island)
    if least is None:
        return f"no block off the edges is big enough for {who}"
    if least > budget:
        return f"going all round {who} would take at least {least}"
    return f"{who} fits in no block off the edges that {budget} black cells can fence in"


def _chessboard_pairs(g, black: int, white: int) -> list[tuple[int, tuple[int, int]]]:
    """2x2 squares coloured like a chessboard: (square, its two white cells)."""
    out = []
    C = g.cols
    for sq in g.squares:
        if (sq & black).bit_count() != 2 or (sq & white).bit_count() != 2:
            continue
        x = sq & -sq  # top left; its diagonal partner is x << (C + 1)
        if (x | x << (C + 1)) & white in (0, x | x << (C + 1)):
            i = x.bit_length() - 1
            pair = (i, i + C + 1) if x & white else (i + 1, i + C)
            out.append((sq, pair))
    return out


def _needed_lines(view: View, lines: list[int], width: int, near) -> list[int]:
    """Indexes of the rows (or columns) ``lines`` that must hold a black cell.

    A line holds one if it holds one already; otherwise, if it were all white
    it would be one white region with every white cell of the two lines next
    to it: that is not allowed when those cells belong to two islands, or to
    one whose size is smaller than the line plus those cells."""
    black, white = view.black, view.white
    islands = view.islands
    out = []
    for k, line in enumerate(lines):
        if line & black:
            out.append(k)
            continue
        around = near(k) & white
        touched = [r for r in islands if r.mask & around]  # (around holds the line)
        if len(touched) > 1:
            out.append(k)
        elif touched and touched[0].need is not None \
                and width + (around & ~line).bit_count() > touched[0].need:
            out.append(k)
    return out


@TECHNIQUES.register("tight-wall", tier=3, name="Tight wall")
def tight_wall(view: View):
    """A wall with no cell to spare holds one stretch of black in each row and column.

    Every row that must hold a black cell (``_needed_lines``) and every row
    between two such rows does (the wall is connected); the same for columns.
    A connected wall reaching h rows and w columns has at least h + w - 1
    cells. When that is exactly the number of black cells the numbers leave,
    no black cell lies outside those rows and columns, and the wall has as
    many runs (stretches of black along a row or a column) as rows and
    columns: a wall of W cells has at most W + 1 (see ``_least_fence``), and
    each of its rows and columns holds one. So black cells of one row (or
    column) are joined by black cells, and a white cell ends the stretch:
    the cells past it are white.
    """
    budget = view.puzzle.black_total
    g = view.g
    if budget is None or budget >= g.rows + g.cols or not view.unknown:
        return None
    row_masks, col_masks = _bands(g)
    rows = _needed_lines(view, row_masks, g.cols,
                         lambda r: sum(row_masks[max(r - 1, 0):r + 2]))
    cols = _needed_lines(view, col_masks, g.rows,
                         lambda c: sum(col_masks[max(c - 1, 0):c + 2]))
    if not rows or not cols:
        return None
    r0, r1, c0, c1 = min(rows), max(rows), min(cols), max(cols)
    least = _least_wall(rows, cols)
    premises = view.black | view.white
    span = f"{_lines('row', r0, r1)} and {_lines('column', c0, c1)}"
    tight = (f"the wall must reach {span} with no black cell to spare, so each row and "
             "column holds one stretch of black")
    if least > budget:
        raise Contradiction(
            "tight-wall", f"the wall must reach {span}, which takes at least {least} black "
            f"cells, but the numbers leave {budget}", tuple(bits(premises)))
    if least < budget:
        return None
    box = sum(row_masks[r0:r1 + 1]) & sum(col_masks[c0:c1 + 1])
    unknown, black, white = view.unknown, view.black, view.white
    to_black = to_white = 0
    for bands, first, last in ((row_masks, r0, r1), (col_masks, c0, c1)):
        for band in bands[first:last + 1]:
            # islands with cells in this line: the one stretch lies between them
            parts = sorted((m & -m, 1 << (m.bit_length() - 1))
                           for m in (r.mask & band for r in view.islands) if m)
            if len(parts) > 2 or len(parts) == 2 and parts[0][1] > parts[1][0]:
                raise Contradiction(
                    "tight-wall", f"{tight}; the line through "
                    f"{g.names(band & view.island_cells, 3)} would need more, to keep its "
                    "islands apart", tuple(bits(premises)))
            if len(parts) == 2:
                lo_end, hi_start = parts[0][1], parts[1][0]
                inside = (hi_start - 1) & ~(lo_end | (lo_end - 1))  # strictly between
                to_white |= band & unknown & ~inside
            b = black & band
            if not b:
                continue
            low, high = b & -b, 1 << (b.bit_length() - 1)
            between = band & (high | (high - 1)) & ~(low - 1)  # low..high in this band
            if between & white:
                raise Contradiction(
                    "tight-wall", f"{tight}; the white cell{_plural(between & white, '', 's')} "
                    f"at {g.names(between & white, 3)} split{_plural(between & white, 's', '')} "
                    "one in two",
                    tuple(bits(premises)))
            to_black |= between & unknown
            past = white & band & ~between
            above = past & ~(high - 1) & ~high  # white cells past the stretch's far end
            if above:
                first_white = above & -above
                to_white |= band & ~(first_white | (first_white - 1)) & unknown
            below = past & (low - 1)
            if below:
                last_white = 1 << (below.bit_length() - 1)
                to_white |= band & (last_white - 1) & unknown
    to_white |= unknown & ~box
    if to_black & to_white:
        raise Contradiction(
            "tight-wall", f"{tight}, and {g.names(to_black & to_white, 3)} would have to be "
            "black and white",
            tuple(bits(premises)))
    why = (f"The numbers leave {budget} black cells, and the wall must reach {span} (a row "
           "or column left all white would join two islands, or make one too big): a "
           f"connected wall over {r1 - r0 + 1} rows and {c1 - c0 + 1} columns has at least "
           f"{least} cells, so it has none to spare. Then no black cell lies outside those "
           "rows and columns, and each row and each column holds a single stretch of black "
           "cells")
    steps = []
    if to_black:
        steps.append(_step(view, "tight-wall", 3, to_black, BLACK, premises,
                           f"{why}; {g.names(to_black)} "
                           f"{_plural(to_black, 'lies', 'lie')} inside such a stretch, so "
                           f"{_plural(to_black, 'it is', 'they are')} black."))
    if to_white:
        steps.append(_step(view, "tight-wall", 3, to_white, WHITE, premises,
                           f"{why}; {g.names(to_white)} "
                           f"{_plural(to_white, 'lies', 'lie')} outside the stretch of "
                           f"{_plural(to_white, 'its', 'their')} row or column (past a white "
                           "cell that ends it, beyond the two islands it must keep apart, or "
                           "outside the rows and columns the wall reaches), so "
                           f"{_plural(to_white, 'it is', 'they are')} white."))
    return steps or None
