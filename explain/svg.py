"""Grids and steps as SVG, puzzle-agnostic (everything comes through the Kind).

A diagram shows a state: cells of value 1 filled dark, cells of value 0 white
with a small dot, unknown cells light grey, and each cell's label (a clue).
For a step it adds, and only from what the step records:

- its conclusions, filled in the conclusion colour (dark for value 1, light
  with a dot for value 0), tagged ``data-role="conclusion"``;
- its premises, each cell outlined in the premise colour, ``data-role="premise"``;
- its regions, each an outline around its group of cells in the colour of
  its role (island, square, wall, area, choice), ``data-role="region"``;
- for a hypothesis, the assumed cell (``data-role="assumption"``); in a branch
  diagram the cells the branch decided (``data-role="branch"``) and the cells
  that show the contradiction (``data-role="contradiction"``), or for an
  either-way step the cells both branches agree on (``data-role="agreement"``).

Every tagged element carries ``data-cell="r,c"`` (0-based, as in the JSON
walkthrough) or, for regions and the outlines of premises, contradiction and
agreement cells (one path each), ``data-cells="r,c r,c ..."``, so tests and
scripts can read back exactly what was drawn. On big grids a step's diagram
may show only the part of the grid around its marks (``data-window="r0,c0,r1,c1"``,
see :func:`explain.window.focus_window`).
"""
from __future__ import annotations

from html import escape
from typing import Any, Iterable

import attrs

from deduce.kind import Kind
from deduce.state import State
from deduce.step import Step

COLOURS = {
    "black": "#343a40", "white": "#ffffff", "unknown": "#e9ecef", "grid": "#adb5bd",
    "frame": "#212529", "dot": "#868e96",
    "conclusion": "#e8590c", "conclusion-light": "#ffd8a8",
    "premise": "#1c7ed6",
    "assumption": "#7048e8", "branch-black": "#5f3dc4", "branch-white": "#e5dbff",
    "contradiction": "#e03131",
}
# role -> (colour, dash pattern or "")
REGION_STYLE = {
    "island": ("#0c8599", ""),
    "square": ("#ae3ec9", ""),
    "wall": ("#37b24d", "5 3"),
    "area": ("#495057", "2 2.5"),
    "choice": ("#d6336c", "4 2"),
}
DEFAULT_REGION = ("#5c940d", "6 2 2 2")
# only a standalone .svg file needs it; SVG inline in HTML must not (no URLs at all)
XMLNS = ' xmlns="http://www.w3.org/2000/svg"'
LEGEND_ROLES = ("conclusion", "premise", "island", "square", "wall", "area", "choice",
                "assumption", "branch", "contradiction")


def cell_size(shape: tuple[int, int], target: float = 190.0, lo: float = 9.0,
              hi: float = 26.0) -> float:
    """A cell size that keeps a diagram about ``target`` pixels on its long side."""
    rows, cols = shape
    return max(lo, min(hi, target / max(rows, cols, 1)))


def _key(p: tuple[float, float]) -> tuple[float, float]:
    return (round(p[0], 2), round(p[1], 2))


def outline_loops(cells: Iterable[tuple[int, int]], size: float, inset: float,
                  margin: float) -> list[list[tuple[float, float]]]:
    """Closed polylines around a set of grid cells, ``inset`` pixels inside it."""
    cells = set(cells)
    segments = []
    # sides: outward normal (dr, dc) and the tangent (dr, dc) along the side
    for r, c in cells:
        cx, cy = margin + (c + 0.5) * size, margin + (r + 0.5) * size
        for (nr, nc), (tr, tc) in (((-1, 0), (0, 1)), ((1, 0), (0, 1)),
                                   ((0, -1), (1, 0)), ((0, 1), (1, 0))):
            if (r + nr, c + nc) in cells:
                continue
            mid_x = cx + nc * (size / 2 - inset)
            mid_y = cy + nr * (size / 2 - inset)
            ends = []
            for sign in (-1, 1):
                along = (r + sign * tr, c + sign * tc)
                diag = (along[0] + nr, along[1] + nc)
                if along not in cells:
                    ext = -inset  # convex corner
                elif diag not in cells:
                    ext = 0.0  # the side goes straight on
                else:
                    ext = inset  # concave corner
                reach = size / 2 + ext
                ends.append((mid_x + sign * tc * reach, mid_y + sign * tr * reach))
            segments.append((ends[0], ends[1]))
    # chain the segments into loops (every end point is shared by exactly two)
    at: dict[tuple[float, float], list[int]] = {}
    for k, (a, b) in enumerate(segments):
        at.setdefault(_key(a), []).append(k)
        at.setdefault(_key(b), []).append(k)
    used = [False] * len(segments)
    loops = []
    for start in range(len(segments)):
        if used[start]:
            continue
        used[start] = True
        a, b = segments[start]
        loop = [a, b]
        current = b
        while True:
            nxt = [k for k in at.get(_key(current), []) if not used[k]]
            if not nxt:
                break
            k = nxt[0]
            used[k] = True
            p, q = segments[k]
            current = q if _key(p) == _key(current) else p
            if _key(current) == _key(loop[0]):
                break
            loop.append(current)
        loops.append(loop)
    return loops


def _runs(corners: list[tuple[float, float]], size: float) -> list[tuple[float, float, int]]:
    """Cells (their top-left corners) as runs along rows: (x, y, cells in the run)."""
    runs: list[tuple[float, float, int]] = []
    for x, y in sorted(corners, key=lambda p: (p[1], p[0])):
        if runs:
            rx, ry, k = runs[-1]
            if ry == y and abs(rx + k * size - x) < 1e-6:
                runs[-1] = (rx, ry, k + 1)
                continue
        runs.append((x, y, 1))
    return runs


def _fmt(x: float) -> str:
    s = f"{x:.2f}".rstrip("0").rstrip(".")
    return s if s != "-0" else "0"


def _path(loops: list[list[tuple[float, float]]]) -> str:
    parts = []
    for loop in loops:
        parts.append("M" + " L".join(f"{_fmt(x)} {_fmt(y)}" for x, y in loop) + " Z")
    return " ".join(parts)


@attrs.frozen
class _Geometry:
    """Where a puzzle's unknowns are drawn, worked out once per puzzle."""

    puzzle: Any
    coords: dict[int, tuple[int, int]]  # unknown -> (r, c) of its name
    spots: dict[int, list[tuple[int, int]]]  # unknown -> every cell it covers
    labels: dict[int, str]  # unknown -> its label, for the labelled ones
    owners: dict[tuple[int, int], list[int]]  # cell -> the unknowns covering it

    def units(self, window: tuple[int, int, int, int]) -> list[int]:
        r0, c0, r1, c1 = window
        found = {i for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)
                 for i in self.owners.get((r, c), ())}
        return sorted(found)


_GEOMETRIES: dict[tuple[int, str, int], _Geometry] = {}


def _geometry(kind: Kind, puzzle: Any, n: int) -> _Geometry:
    """(The walkthrough of a 50x50 puzzle draws some 2000 diagrams.)"""
    key = (id(puzzle), kind.name, n)
    got = _GEOMETRIES.get(key)
    if got is None or got.puzzle is not puzzle:
        if len(_GEOMETRIES) > 32:
            _GEOMETRIES.clear()
        spots = {i: [tuple(rc) for rc in kind.cells_of(puzzle, i)] for i in range(n)}
        owners: dict[tuple[int, int], list[int]] = {}
        for i, cells in spots.items():
            for rc in cells:
                owners.setdefault(rc, []).append(i)
        labels = {}
        for i in range(n):
            label = kind.label(puzzle, i)
            if label is not None:
                labels[i] = label
        got = _GEOMETRIES[key] = _Geometry(
            puzzle, {i: tuple(kind.coords(puzzle, i)) for i in range(n)}, spots, labels, owners)
    return got


class Diagram:
    """Builds one SVG grid; use :func:`grid_svg` or :func:`step_svg`."""

    def __init__(self, kind: Kind, puzzle: Any, state: State, size: float | None = None,
                 margin: float = 3.0, window: tuple[int, int, int, int] | None = None):
        self.kind, self.puzzle, self.state = kind, puzzle, state
        self.grid_rows, self.grid_cols = kind.shape(puzzle)
        # the part of the grid drawn: rows r0..r1 and columns c0..c1 (all by default)
        self.window = window or (0, 0, self.grid_rows - 1, self.grid_cols - 1)
        r0, c0, r1, c1 = self.window
        self.rows, self.cols = r1 - r0 + 1, c1 - c0 + 1
        self.size = size or cell_size((self.rows, self.cols))
        self.margin = margin
        geometry = _geometry(kind, puzzle, state.n)
        self.coords, self.spots, self.label_of = geometry.coords, geometry.spots, geometry.labels
        # the unknowns with a cell in the window, in order
        self.units = range(state.n) if window is None else geometry.units(self.window)
        self.parts: list[str] = []

    def inside(self, r: int, c: int) -> bool:
        r0, c0, r1, c1 = self.window
        return r0 <= r <= r1 and c0 <= c <= c1

    def rc(self, i: int) -> str:
        r, c = self.coords[i]
        return f"{r},{c}"

    def xy(self, i: int) -> tuple[float, float]:
        r, c = self.coords[i]
        return (self.margin + (c - self.window[1]) * self.size,
                self.margin + (r - self.window[0]) * self.size)

    def corners(self, i: int) -> list[tuple[float, float]]:
        """(x, y) of every cell unknown ``i`` covers inside the window (as ``at``, unnamed)."""
        m, s = self.margin, self.size
        r0, c0, r1, c1 = self.window
        return [(m + (c - c0) * s, m + (r - r0) * s) for r, c in self.spots[i]
                if r0 <= r <= r1 and c0 <= c <= c1]

    def at(self, i: int):
        """(``"r,c"``, x, y) of every cell unknown ``i`` covers, inside the window."""
        m, s = self.margin, self.size
        r0, c0, r1, c1 = self.window
        for r, c in self.spots[i]:
            if r0 <= r <= r1 and c0 <= c <= c1:
                yield f"{r},{c}", m + (c - c0) * s, m + (r - r0) * s

    # -- layers -----------------------------------------------------------
    def cells(self, branch: dict[int, int] | None = None) -> None:
        """The state: one path per kind of cell, cells next to each other in a
        row drawn as one rectangle (compact); branch cells one by one."""
        s = self.size
        branch = branch or {}
        m = self.margin
        self.parts.append(
            f'<rect class="cells unknown" x="{_fmt(m)}" y="{_fmt(m)}" '
            f'width="{_fmt(self.cols * s)}" height="{_fmt(self.rows * s)}" '
            f'fill="{COLOURS["unknown"]}"/>')
        filled: dict[int, list[tuple[float, float]]] = {0: [], 1: []}
        dots = []
        ones, zeros = self.state.ones, self.state.zeros
        labelled = self.label_of
        for i in self.units:
            v = 1 if (ones >> i) & 1 else 0 if (zeros >> i) & 1 else None
            if v is None:
                continue
            spots = self.corners(i)
            if i not in branch:
                filled[v].extend(spots)
            if v == 0 and i not in labelled:
                dots.extend(spots)
        for v, colour in ((0, COLOURS["white"]), (1, COLOURS["black"])):
            runs = _runs(filled[v], s)
            if runs:
                d = "".join(f"M{_fmt(x)} {_fmt(y)}h{_fmt(k * s)}v{_fmt(s)}h{_fmt(-k * s)}z"
                            for x, y, k in runs)
                self.parts.append(f'<path class="cells v{v}" d="{d}" fill="{colour}"/>')
        for i, v in branch.items():
            fill = COLOURS["branch-black"] if v else COLOURS["branch-white"]
            for rc, x, y in self.at(i):
                self.parts.append(
                    f'<rect class="branch" data-role="branch" data-cell="{rc}" '
                    f'data-value="{escape(self.kind.symbols[v])}" x="{_fmt(x)}" y="{_fmt(y)}" '
                    f'width="{_fmt(s)}" height="{_fmt(s)}" fill="{fill}"/>')
        runs = _runs(dots, s)
        if runs:
            # a dot is a zero-length dash with round caps, one every cell along a
            # run of white cells: a few bytes a run instead of two arcs a cell
            d = "".join(f"M{_fmt(x + s / 2)} {_fmt(y + s / 2)}h{_fmt((k - 1) * s + 0.01)}"
                        for x, y, k in runs)
            self.parts.append(f'<path class="dots" d="{d}" fill="none" '
                              f'stroke="{COLOURS["dot"]}" stroke-width="{_fmt(s * 0.18)}" '
                              f'stroke-linecap="round" stroke-dasharray="0 {_fmt(s)}"/>')

    def _dot(self, i: int, colour: str, radius: float, attrs: str = "") -> None:
        x, y = self.xy(i)
        s = self.size
        self.parts.append(f'<circle{attrs} cx="{_fmt(x + s / 2)}" cy="{_fmt(y + s / 2)}" '
                          f'r="{_fmt(radius)}" fill="{colour}"/>')

    def grid_lines(self) -> None:
        m, s = self.margin, self.size
        w, h = self.cols * s, self.rows * s
        d = []
        for r in range(1, self.rows):
            d.append(f"M{_fmt(m)} {_fmt(m + r * s)}h{_fmt(w)}")
        for c in range(1, self.cols):
            d.append(f"M{_fmt(m + c * s)} {_fmt(m)}v{_fmt(h)}")
        if d:
            self.parts.append(f'<path class="grid" d="{"".join(d)}" stroke="{COLOURS["grid"]}" '
                              'stroke-width="0.6" fill="none"/>')
        r0, c0, r1, c1 = self.window
        # the grid's own edges solid; where a window cuts the grid, dashed
        sides = ((r0 == 0, f"M{_fmt(m)} {_fmt(m)}h{_fmt(w)}"),
                 (c1 == self.grid_cols - 1, f"M{_fmt(m + w)} {_fmt(m)}v{_fmt(h)}"),
                 (r1 == self.grid_rows - 1, f"M{_fmt(m)} {_fmt(m + h)}h{_fmt(w)}"),
                 (c0 == 0, f"M{_fmt(m)} {_fmt(m)}v{_fmt(h)}"))
        if all(edge for edge, _ in sides):
            self.parts.append(f'<rect class="frame" x="{_fmt(m)}" y="{_fmt(m)}" width="{_fmt(w)}" '
                              f'height="{_fmt(h)}" fill="none" stroke="{COLOURS["frame"]}" '
                              'stroke-width="1.6"/>')
            return
        for edge, d in sides:
            style = 'stroke-width="1.6"' if edge else 'stroke-width="1.2" stroke-dasharray="3 2"'
            self.parts.append(f'<path class="{"frame" if edge else "cut"}" d="{d}" fill="none" '
                              f'stroke="{COLOURS["frame"]}" {style}/>')

    def labels(self) -> None:
        """Each cell's label, in one group holding what they share (compact)."""
        s = self.size
        texts = []
        for i in self.units:
            label = self.label_of.get(i)
            if label is None or not self.inside(*self.coords[i]):
                continue
            x, y = self.xy(i)
            on_black = ' fill="#ffffff"' if self.state.value(i) == 1 else ""
            smaller = f' font-size="{_fmt(s * 0.5)}"' if len(label) >= 2 else ""
            texts.append(f'<text class="label" x="{_fmt(x + s / 2)}" y="{_fmt(y + s / 2)}"'
                         f'{smaller}{on_black}>{escape(label)}</text>')
        if texts:
            self.parts.append(f'<g class="labels" font-size="{_fmt(s * 0.62)}" fill="#212529" '
                              'text-anchor="middle" dominant-baseline="central">'
                              + "".join(texts) + "</g>")

    def conclusions(self, pairs: Iterable[tuple[int, int]]) -> None:
        s = self.size
        pad = max(1.0, s * 0.06)
        for i, v in pairs:
            fill = COLOURS["conclusion"] if v else COLOURS["conclusion-light"]
            for rc, x, y in self.at(i):
                self.parts.append(
                    f'<rect class="conclusion" data-role="conclusion" data-cell="{rc}" '
                    f'data-value="{escape(self.kind.symbols[v])}" x="{_fmt(x + pad)}" '
                    f'y="{_fmt(y + pad)}" width="{_fmt(s - 2 * pad)}" '
                    f'height="{_fmt(s - 2 * pad)}" fill="{fill}"/>')
                if not v:
                    self.parts.append(
                        f'<circle cx="{_fmt(x + s / 2)}" cy="{_fmt(y + s / 2)}" '
                        f'r="{_fmt(s * 0.14)}" fill="{COLOURS["conclusion"]}"/>')

    def cell_outlines(self, cells: Iterable[int], role: str, colour: str, width: float,
                      inset: float, dash: str = "") -> None:
        """A square outline in each cell: one path for them all, its cells in
        ``data-cells`` (a wall step's premises are every black cell: a rect
        each would be most of a big walkthrough's bytes)."""
        s = self.size
        side = _fmt(s - 2 * inset)
        listed, d = [], []
        for i in dict.fromkeys(cells):
            for rc, x, y in self.at(i):
                listed.append(rc)
                d.append(f"M{_fmt(x + inset)} {_fmt(y + inset)}h{side}v{side}h-{side}z")
        if not d:
            return
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        self.parts.append(
            f'<path class="{role}" data-role="{role}" data-cells="{" ".join(listed)}" '
            f'd="{"".join(d)}" fill="none" stroke="{colour}" '
            f'stroke-width="{_fmt(width)}"{dash_attr}/>')

    def regions(self, regions: Iterable[tuple[str, Iterable[int]]]) -> None:
        s = self.size
        width = max(1.2, s * 0.075)
        for k, (role, cells) in enumerate(regions):
            cells = list(cells)
            if not cells:
                continue
            colour, dash = REGION_STYLE.get(role, DEFAULT_REGION)
            inset = width / 2 + (k % 3) * s * 0.065
            r0, c0 = self.window[:2]
            loops = outline_loops(((r - r0, c - c0) for i in cells for r, c in self.spots[i]
                                   if self.inside(r, c)), s, inset, self.margin)
            dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
            listed = " ".join(f"{r},{c}" for i in cells for r, c in self.spots[i])
            self.parts.append(
                f'<path class="region region-{escape(role)}" data-role="region" '
                f'data-region="{escape(role)}" data-cells="{listed}" d="{_path(loops)}" '
                f'fill="none" stroke="{colour}" stroke-width="{_fmt(width)}" '
                f'stroke-linejoin="miter"{dash_attr}/>')

    def assumption(self, i: int, v: int) -> None:
        s = self.size
        if not self.inside(*self.coords[i]):
            return
        x, y = self.xy(i)
        self.parts.append(
            f'<circle class="assumption" data-role="assumption" data-cell="{self.rc(i)}" '
            f'data-value="{escape(self.kind.symbols[v])}" cx="{_fmt(x + s / 2)}" '
            f'cy="{_fmt(y + s / 2)}" r="{_fmt(s * 0.36)}" fill="none" '
            f'stroke="{COLOURS["assumption"]}" stroke-width="{_fmt(max(1.2, s * 0.1))}"/>')

    def render(self, title: str | None = None, css_class: str = "diagram",
               standalone: bool = True) -> str:
        w = self.cols * self.size + 2 * self.margin
        h = self.rows * self.size + 2 * self.margin
        head = (f'<svg{XMLNS if standalone else ""} class="{css_class}" '
                f'viewBox="0 0 {_fmt(w)} {_fmt(h)}" width="{_fmt(w)}" height="{_fmt(h)}" '
                f'role="img" data-rows="{self.grid_rows}" data-cols="{self.grid_cols}"'
                f'{self._window_attr()} font-family="Helvetica, Arial, sans-serif">')
        t = f"<title>{escape(title)}</title>" if title else ""
        return head + t + "".join(self.parts) + "</svg>"

    def _window_attr(self) -> str:
        if self.window == (0, 0, self.grid_rows - 1, self.grid_cols - 1):
            return ""
        return ' data-window="{},{},{},{}"'.format(*self.window)


def grid_svg(kind: Kind, puzzle: Any, state: State, *, title: str | None = None,
             size: float | None = None, css_class: str = "diagram",
             standalone: bool = True) -> str:
    """The grid in ``state``: cells, labels, nothing else."""
    if kind.drawing is not None:
        return kind.drawing.svg(kind, puzzle, state, title=title, size=size,
                                css_class=css_class, standalone=standalone)
    d = Diagram(kind, puzzle, state, size)
    d.cells()
    d.grid_lines()
    d.labels()
    return d.render(title, css_class, standalone)


def step_svg(kind: Kind, puzzle: Any, before: State, step: Step, *, title: str | None = None,
             size: float | None = None, css_class: str = "diagram",
             standalone: bool = True, window: tuple[int, int, int, int] | None = None) -> str:
    """``before`` (the state the step starts from) with what ``step`` records drawn on it."""
    return marks_svg(kind, puzzle, before, conclusions=step.conclusions,
                     premises=step.premises, regions=step.regions,
                     assumption=step.assumption, title=title, size=size, css_class=css_class,
                     standalone=standalone, window=window)


def marks_svg(kind: Kind, puzzle: Any, state: State, *,
              conclusions: Iterable[tuple[int, int]] = (), premises: Iterable[int] = (),
              regions: Iterable[tuple[str, Iterable[int]]] = (),
              assumption: tuple[int, int] | None = None,
              branch: dict[int, int] | None = None, contradiction: Iterable[int] = (),
              agreement: Iterable[int] = (),
              title: str | None = None, size: float | None = None,
              css_class: str = "diagram", standalone: bool = True,
              window: tuple[int, int, int, int] | None = None) -> str:
    """The general diagram: any of the marks a step or a branch can record.

    ``window`` (r0, c0, r1, c1): draw only those rows and columns (see
    :func:`explain.window.focus_window`); the grid's cut edges are dashed.
    """
    if kind.drawing is not None:  # a kind whose unknowns are not cells draws itself
        part = {"window": window} if window is not None else {}  # (if it can: ``windows``)
        return kind.drawing.svg(kind, puzzle, state, conclusions=conclusions,
                                premises=premises, regions=regions, assumption=assumption,
                                branch=branch, contradiction=contradiction,
                                agreement=agreement, title=title, size=size,
                                css_class=css_class, standalone=standalone, **part)
    d = Diagram(kind, puzzle, state, size, window=window)
    d.cells(branch)
    d.conclusions(conclusions)
    d.grid_lines()
    d.labels()
    d.regions(regions)
    s = d.size
    # inside the region outlines, outside a label's digits
    d.cell_outlines(premises, "premise", COLOURS["premise"], max(1.0, s * 0.06),
                    inset=s * 0.2)
    d.cell_outlines(contradiction, "contradiction", COLOURS["contradiction"],
                    max(1.2, s * 0.1), inset=s * 0.1)
    d.cell_outlines(agreement, "agreement", COLOURS["conclusion"], max(1.2, s * 0.12),
                    inset=s * 0.08)
    if assumption is not None:
        d.assumption(*assumption)
    return d.render(title, css_class, standalone)


def legend_svg(role: str, size: float = 14.0, standalone: bool = True) -> str:
    """A small swatch for a legend entry (``LEGEND_ROLES``)."""
    s = size
    inner = ""
    if role == "conclusion":
        inner = (f'<rect x="1" y="1" width="{_fmt(s - 2)}" height="{_fmt(s - 2)}" '
                 f'fill="{COLOURS["conclusion"]}"/>')
    elif role == "conclusion-white":
        inner = (f'<rect x="1" y="1" width="{_fmt(s - 2)}" height="{_fmt(s - 2)}" '
                 f'fill="{COLOURS["conclusion-light"]}"/><circle cx="{_fmt(s / 2)}" '
                 f'cy="{_fmt(s / 2)}" r="{_fmt(s * 0.14)}" fill="{COLOURS["conclusion"]}"/>')
    elif role == "premise":
        inner = (f'<rect x="3" y="3" width="{_fmt(s - 6)}" height="{_fmt(s - 6)}" fill="none" '
                 f'stroke="{COLOURS["premise"]}" stroke-width="1.6"/>')
    elif role == "contradiction":
        inner = (f'<rect x="2" y="2" width="{_fmt(s - 4)}" height="{_fmt(s - 4)}" fill="none" '
                 f'stroke="{COLOURS["contradiction"]}" stroke-width="1.8"/>')
    elif role == "assumption":
        inner = (f'<circle cx="{_fmt(s / 2)}" cy="{_fmt(s / 2)}" r="{_fmt(s * 0.36)}" '
                 f'fill="none" stroke="{COLOURS["assumption"]}" stroke-width="1.6"/>')
    elif role == "branch":
        inner = (f'<rect x="0" y="0" width="{_fmt(s / 2)}" height="{_fmt(s)}" '
                 f'fill="{COLOURS["branch-black"]}"/><rect x="{_fmt(s / 2)}" y="0" '
                 f'width="{_fmt(s / 2)}" height="{_fmt(s)}" fill="{COLOURS["branch-white"]}"/>')
    else:
        colour, dash = REGION_STYLE.get(role, DEFAULT_REGION)
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        inner = (f'<rect x="1.5" y="1.5" width="{_fmt(s - 3)}" height="{_fmt(s - 3)}" '
                 f'fill="none" stroke="{colour}" stroke-width="2"{dash_attr}/>')
    return (f'<svg{XMLNS if standalone else ""} class="swatch" width="{_fmt(s)}" '
            f'height="{_fmt(s)}" viewBox="0 0 {_fmt(s)} {_fmt(s)}">{inner}</svg>')
