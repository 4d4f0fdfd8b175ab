"""Nurimeizu diagrams: rooms, marks and, once the grid is decided, the route from S to G.

The engine's renderers draw one cell per unknown; Nurimeizu's unknowns are
rooms, and a room's shape, the marks in it and the route through the white
cells say as much as its colour, so the kind hands them this
:class:`NurimeizuDrawing` (``Kind.drawing``).

SVG: the cells as the generic diagram draws them (black, white with a small
dot, unknown grey), thin grid lines inside a room and thick lines between
rooms (``class="room-borders"``, one ``M`` segment per cell side between two
rooms, ``data-walls`` their number); the marks, one element each with
``class="mark"``, ``data-mark`` (``S G o t``) and ``data-cell``: S and G as
letters, circles as open circles, triangles as open triangles; and when every
room is decided and a white path joins S to G, that path as a line through
the cell centres (``class="route"``, ``data-cells="r,c ..."`` from S to G). A
step's marks (conclusions, premises, regions, assumption, branch,
contradiction, agreement) are drawn by the generic :class:`explain.svg.Diagram`
layers, with the same ``data-role`` tags.

Terminal: the generic cell grids (two or three characters a cell).
"""
from __future__ import annotations

from collections import deque
from html import escape
from typing import Any

import attrs

from deduce.state import State

from puzzles.nurimeizu.model import Nurimeizu

INK = "#212529"
ROUTE = "#2f9e44"


def _fmt(x: float) -> str:
    s = f"{x:.2f}".rstrip("0").rstrip(".")
    return s if s != "-0" else "0"


def room_walls(p: Nurimeizu) -> list[tuple[int, int]]:
    """Every pair (a, b) of side-by-side cells in different rooms, b right of or below a."""
    out = []
    for a in range(p.size):
        r, c = divmod(a, p.cols)
        if c + 1 < p.cols and p.room_of[a] != p.room_of[a + 1]:
            out.append((a, a + 1))
        if r + 1 < p.rows and p.room_of[a] != p.room_of[a + p.cols]:
            out.append((a, a + p.cols))
    return out


def route(p: Nurimeizu, state: State) -> list[int] | None:
    """The cells from S to G through white cells (a BFS), or None while a room is
    undecided or no white path joins them."""
    s, g = p.start, p.goal
    if s is None or g is None or state.unknown:
        return None
    white = [state.value(k) == 0 for k in p.room_of]
    if not white[s] or not white[g]:
        return None
    parent: dict[int, int | None] = {s: None}
    todo = deque([s])
    while todo:
        x = todo.popleft()
        if x == g:
            break
        r, c = divmod(x, p.cols)
        for y, ok in ((x - p.cols, r > 0), (x + p.cols, r + 1 < p.rows),
                      (x - 1, c > 0), (x + 1, c + 1 < p.cols)):
            if ok and white[y] and y not in parent:
                parent[y] = x
                todo.append(y)
    if g not in parent:
        return None
    path = []
    x: int | None = g
    while x is not None:
        path.append(x)
        x = parent[x]
    return path[::-1]


class NurimeizuDrawing:
    """``Kind.drawing`` for Nurimeizu: see the module docstring."""

    windows = True  # svg() draws a part of a big grid (see explain.window)

    # what the HTML legend says of each mark (see explain.html.LEGEND_TEXT)
    legend_text = {
        "premise": "a room the step looked at",
        "area": "the rooms the step's reasoning runs through (a loop, a route, a cut-off part)",
        "assumption": "the assumed room of a hypothesis",
        "branch": "rooms decided inside a hypothesis branch",
    }

    reading = ("Unknown rooms are grey, white cells carry a small dot; thick lines divide the "
               "rooms. S and G are the start and goal, circles must lie on the route between "
               "them and triangles off it; in a finished grid the route is drawn in green.")

    # -- SVG -------------------------------------------------------------------
    def svg(self, kind: Any, puzzle: Nurimeizu, state: State, *, conclusions=(), premises=(),
            regions=(), assumption=None, branch=None, contradiction=(), agreement=(),
            title: str | None = None, size: float | None = None, css_class: str = "diagram",
            standalone: bool = True, window: tuple[int, int, int, int] | None = None) -> str:
        from explain.svg import COLOURS, Diagram
        p = puzzle
        d = Diagram(kind, p, state, size, window=window)
        s, m = d.size, d.margin
        top, left = d.window[:2]

        def x_of(c: float) -> float:  # (a window moves the grid up and left)
            return m + (c - left) * s

        def y_of(r: float) -> float:
            return m + (r - top) * s

        def shown(i: int) -> bool:
            return d.inside(*divmod(i, p.cols))
        d.cells(branch)
        # the white cells' dots again, but none under a mark
        d.parts = [x for x in d.parts if not x.startswith('<path class="dots"')]
        marked = p.mark_at
        r0 = s * 0.09
        dots = "".join(
            f"M{_fmt(x_of(i % p.cols + 0.5) - r0)} {_fmt(y_of(i // p.cols + 0.5))}"
            f"a{_fmt(r0)} {_fmt(r0)} 0 1 0 {_fmt(2 * r0)} 0"
            f"a{_fmt(r0)} {_fmt(r0)} 0 1 0 {_fmt(-2 * r0)} 0"
            for i in range(p.size)
            if state.value(p.room_of[i]) == 0 and i not in marked and shown(i))
        if dots:
            d.parts.append(f'<path class="dots" d="{dots}" fill="{COLOURS["dot"]}"/>')
        conclusions = list(conclusions)
        d.conclusions(conclusions)
        d.grid_lines()
        # the frame (and a window's cut edges) go over the room borders
        frame = [x for x in d.parts if x.startswith(('<rect class="frame"', '<path class="frame"',
                                                      '<path class="cut"'))]
        d.parts = [x for x in d.parts if x not in frame]
        walls = [(a, b) for a, b in room_walls(p) if shown(a) and shown(b)]
        segs = []
        for a, b in walls:
            r, c = divmod(b, p.cols)
            x, y = x_of(c), y_of(r)
            segs.append(f"M{_fmt(x)} {_fmt(y)}v{_fmt(s)}" if b == a + 1
                        else f"M{_fmt(x)} {_fmt(y)}h{_fmt(s)}")
        if segs:
            d.parts.append(f'<path class="room-borders" data-walls="{len(walls)}" '
                           f'd="{"".join(segs)}" stroke="{INK}" '
                           f'stroke-width="{_fmt(max(1.4, s * 0.09))}" '
                           'stroke-linecap="square" fill="none"/>')
        d.parts.extend(frame)
        path = route(p, state) if not branch else None
        if path:  # (whole: a window's edge clips it)
            pts = " ".join(f"{_fmt(x_of(i % p.cols + 0.5))},{_fmt(y_of(i // p.cols + 0.5))}"
                           for i in path)
            cells = " ".join("%d,%d" % p.coords(i) for i in path)
            d.parts.append(f'<polyline class="route" data-cells="{cells}" points="{pts}" '
                           f'fill="none" stroke="{ROUTE}" stroke-width="{_fmt(max(1.2, s * 0.12))}" '
                           'stroke-linecap="round" stroke-linejoin="round" opacity="0.8"/>')
        concluded = dict(conclusions)
        for i, mark in p.marks:
            if not shown(i):
                continue
            r, c = p.coords(i)
            cx, cy = x_of(c + 0.5), y_of(r + 0.5)
            black = state.value(p.room_of[i]) == 1
            ink = "#ffffff" if black else INK
            attrs_ = f'class="mark" data-mark="{escape(mark)}" data-cell="{r},{c}"'
            width = _fmt(max(1.0, s * 0.08))
            # filled over the route line, or over a white conclusion's dot
            under = (COLOURS["conclusion-light"] if concluded.get(p.room_of[i]) == 0
                     else "#ffffff" if path else None)
            bg = f' fill="{under}"' if under else ' fill="none"'
            halo = (f' stroke="{under}" stroke-width="{_fmt(s * 0.14)}" paint-order="stroke"'
                    if under else "")
            if mark in "SG":
                d.parts.append(f'<text {attrs_} x="{_fmt(cx)}" y="{_fmt(cy)}" '
                               f'font-size="{_fmt(s * 0.66)}" font-weight="bold" fill="{ink}"{halo} '
                               'text-anchor="middle" dominant-baseline="central">'
                               f'{escape(mark)}</text>')
            elif mark == "o":
                d.parts.append(f'<circle {attrs_} cx="{_fmt(cx)}" cy="{_fmt(cy)}" '
                               f'r="{_fmt(s * 0.3)}"{bg} stroke="{ink}" stroke-width="{width}"/>')
            else:
                h = s * 0.3
                pts = (f"{_fmt(cx)},{_fmt(cy - h)} {_fmt(cx + h * 1.05)},{_fmt(cy + h * 0.75)} "
                       f"{_fmt(cx - h * 1.05)},{_fmt(cy + h * 0.75)}")
                d.parts.append(f'<polygon {attrs_} points="{pts}"{bg} stroke="{ink}" '
                               f'stroke-width="{width}" stroke-linejoin="round"/>')
        d.regions(regions)
        d.cell_outlines(premises, "premise", COLOURS["premise"], max(1.0, s * 0.06),
                        inset=s * 0.2)
        d.cell_outlines(contradiction, "contradiction", COLOURS["contradiction"],
                        max(1.2, s * 0.1), inset=s * 0.1)
        d.cell_outlines(agreement, "agreement", COLOURS["conclusion"], max(1.2, s * 0.12),
                        inset=s * 0.08)
        if assumption is not None:
            d.assumption(*assumption)
        return d.render(title, css_class, standalone)

    # -- terminal ----------------------------------------------------------------
    def text_legend(self, plain: bool = False) -> Any:
        """The generic legend, and the marks: a room's cells are printed with its
        value, a marked cell with its mark (every marked room is white)."""
        from explain.terminal import diagram_legend
        t = diagram_legend(plain)
        t.append(" A room is its cells; marks: S start, G goal, o circle, t triangle "
                 "(a marked cell is white, also when concluded: >S<).")
        return t

    def text(self, kind: Any, puzzle: Nurimeizu, state: State, step: Any = None,
             plain: bool = False, indent: int | None = None) -> Any:
        # the generic grids: grid_text passes no indent, step_diagram does
        from explain.terminal import grid_text, step_diagram
        bare = attrs.evolve(kind, drawing=None)
        if indent is None:
            return grid_text(bare, puzzle, state, step, plain=plain)
        return step_diagram(bare, puzzle, state, step, plain=plain, indent=indent)


DRAWING = NurimeizuDrawing()

__all__ = ["DRAWING", "NurimeizuDrawing", "room_walls", "route"]
