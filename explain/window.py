"""The part of a big grid a step's diagram shows (SVG and terminal alike)."""
from __future__ import annotations

from typing import Any, Iterable

from deduce.kind import Kind
from deduce.step import Step

CROP_ABOVE = 15  # step diagrams of grids with a longer side than this may show a part
CROP_MARGIN = 2  # rows and columns shown around the marked cells
CROP_SIDE = 8  # the shortest side of a part shown
CROP_MOST = 0.5  # a part is shown only when it is at most this share of the grid


def focus_window(kind: Kind, puzzle: Any, marked: Iterable[int]
                 ) -> tuple[int, int, int, int] | None:
    """The part of a big grid a step diagram needs: the rows and columns of the
    ``marked`` unknowns (premises, conclusions, regions, branch cells) with
    ``CROP_MARGIN`` more around them, widened to at least ``CROP_SIDE`` and to
    at least half its longer side. None (draw it all) for small grids, kinds
    whose own drawing cannot show a part (``Kind.drawing.windows`` false or
    missing), and parts that would cover more than ``CROP_MOST``.

    On a 50x50 grid a step's diagram covers a fifth of the grid on average:
    drawn whole, each cell is a millimetre on paper and the HTML of a long
    walkthrough runs to hundreds of megabytes.
    """
    rows, cols = kind.shape(puzzle)
    if max(rows, cols) <= CROP_ABOVE or not getattr(kind.drawing, "windows", kind.drawing is None):
        return None
    spots = [rc for i in dict.fromkeys(marked) for rc in kind.cells_of(puzzle, i)]
    if not spots:
        return None
    rs = [r for r, _ in spots]
    cs = [c for _, c in spots]
    r0, r1 = max(0, min(rs) - CROP_MARGIN), min(rows - 1, max(rs) + CROP_MARGIN)
    c0, c1 = max(0, min(cs) - CROP_MARGIN), min(cols - 1, max(cs) + CROP_MARGIN)
    least = max(CROP_SIDE, (max(r1 - r0, c1 - c0) + 2) // 2)

    def widen(lo: int, hi: int, size: int) -> tuple[int, int]:
        """``lo..hi`` grown evenly to ``least`` (within ``0..size-1``)."""
        short = least - (hi - lo + 1)
        if short <= 0:
            return lo, hi
        lo = min(max(0, lo - short // 2), max(0, size - least))
        return lo, min(size - 1, lo + least - 1)

    r0, r1 = widen(r0, r1, rows)
    c0, c1 = widen(c0, c1, cols)
    if (r1 - r0 + 1) * (c1 - c0 + 1) > CROP_MOST * rows * cols:
        return None
    return r0, c0, r1, c1


def step_marks(step: Step) -> list[int]:
    """Every unknown a step's diagram marks: premises, conclusions, regions, assumption."""
    marked = list(step.premises) + [i for i, _ in step.conclusions]
    for _, cells in step.regions:
        marked.extend(cells)
    if step.assumption is not None:
        marked.append(step.assumption[0])
    return marked


def window_name(window: tuple[int, int, int, int]) -> str:
    """``Rows 12–20, columns 30–41`` (1-based, as cells are named)."""
    r0, c0, r1, c1 = window
    rows = f"Row {r0 + 1}" if r0 == r1 else f"Rows {r0 + 1}–{r1 + 1}"
    cols = f"column {c0 + 1}" if c0 == c1 else f"columns {c0 + 1}–{c1 + 1}"
    return f"{rows}, {cols}"
