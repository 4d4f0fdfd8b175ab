"""Pipes diagrams: tiles, pipes along decided edges, undecided edges, and a step's marks.

The engine's renderers draw one cell per unknown; Pipes' unknowns are edges,
so the kind hands them this :class:`PipesDrawing` (``Kind.drawing``).

SVG: open edges are thick pipes from tile centre to tile centre, undecided
edges thin dashed lines, closed edges a short tick across the side, barriers
thick red lines; a dead end carries a round end, and a tile not yet turned
shows its piece small in its corner. A step adds its conclusions (orange pipe
or tick, ``data-role="conclusion"``), its premises (blue frame around the
edge, ``data-role="premise"``), its regions (an outline around the tiles,
``data-role="region"``), an assumption, branch edges, contradiction and
agreement edges, all with ``data-edge="r,c r,c"`` (0-based) and ``data-cell``
(the first tile), as the cell diagrams have.

Terminal: a doubled grid — tiles (box characters, ``?`` while not turned)
with the edges between them (``─ │`` open, blank closed, ``·`` undecided,
``┃ ━`` barriers); conclusions in bold orange (plain: ``o`` open, ``x``
closed), premises in blue (plain: ``*``). On a wrapping board the edges around
the side show only in the tiles' characters.
"""
from __future__ import annotations

from html import escape
from typing import Any

from rich.text import Text

from deduce.state import State

from puzzles.pipes.model import BOX, DIRS, D, L, R, U, Pipes, shape_name

INK = "#343a40"
GLYPH = "#adb5bd"
UNKNOWN = "#adb5bd"
TICK = "#868e96"
BARRIER = "#c92a2a"
TILE = "#f8f9fa"


def _fmt(x: float) -> str:
    s = f"{x:.2f}".rstrip("0").rstrip(".")
    return s if s != "-0" else "0"


class PipesDrawing:
    """``Kind.drawing`` for Pipes: see the module docstring."""

    reading = ("Open edges are dark pipes, closed edges a short tick across the side, undecided "
               "edges thin dashed lines, barriers red; a tile not yet turned shows its piece "
               "small in its corner, and dead ends carry a round end.")

    # what the HTML legend says of each mark (see explain.html.LEGEND_TEXT)
    legend_text = {
        "conclusion": "what the step concludes, in orange: a pipe where an edge opens, a tick "
                      "where it closes",
        "premise": "an edge the step looked at",
        "area": "the tiles on one side of the edge the step decides",
        "assumption": "the assumed edge of a hypothesis",
        "branch": "edges decided inside a hypothesis branch",
    }

    def text_legend(self, plain: bool = False) -> Text:
        """What the marks of :meth:`text` mean."""
        t = Text("Diagrams: ")
        if plain:
            t.append("edges the step concluded o open, x closed; edges it rests on ═ ║ open, "
                     "* closed, : undecided; @ the assumed edge; · an undecided edge.")
            return t
        t.append("─", style="bold dark_orange3")
        t.append(" ")
        t.append("×", style="bold dark_orange3")
        t.append(" edges the step concluded open or closed; ")
        t.append("─ │ ×", style="bold blue")
        t.append(" edges it rests on (open, closed); ")
        t.append("@", style="bold magenta")
        t.append(" the assumed edge; · an undecided edge.")
        return t

    # -- SVG -------------------------------------------------------------------
    def svg(self, kind: Any, puzzle: Pipes, state: State, *, conclusions=(), premises=(),
            regions=(), assumption=None, branch=None, contradiction=(), agreement=(),
            title: str | None = None, size: float | None = None, css_class: str = "diagram",
            standalone: bool = True) -> str:
        from explain.svg import COLOURS, DEFAULT_REGION, REGION_STYLE, XMLNS, cell_size, \
            outline_loops, _path
        p = puzzle
        s = size or cell_size((p.rows, p.cols))
        m = 3.0
        parts: list[str] = []
        add = parts.append
        W, H = p.cols * s, p.rows * s

        def centre(t: int) -> tuple[float, float]:
            r, c = divmod(t, p.cols)
            return m + (c + 0.5) * s, m + (r + 0.5) * s

        def edge_attrs(e: int) -> str:
            a, b = p.ends(e)
            ra, ca = p.coords(a)
            where = f"{ra},{ca}"
            if b is not None:
                rb, cb = p.coords(b)
                where += f" {rb},{cb}"
            return f'data-cell="{ra},{ca}" data-edge="{where}"'

        def line(e: int) -> tuple[float, float, float, float]:
            a, b = p.ends(e)
            x1, y1 = centre(a)
            if b is None or p.wraps(e):  # a border or around it: half a pipe, to the side
                return (x1, y1, x1 + s / 2, y1) if e < p.size else (x1, y1, x1, y1 + s / 2)
            x2, y2 = centre(b)
            return x1, y1, x2, y2

        def tick_d(e: int) -> str:
            """Path data of a closed side's tick: across the side, or across a border's stub."""
            x1, y1, x2, y2 = line(e)
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            half = s * 0.18
            stub = p.ends(e)[1] is None or p.wraps(e)
            if e < p.size:
                return f"M{_fmt(x1 + s / 2 if stub else mx)} {_fmt(my - half)}v{_fmt(2 * half)}"
            return f"M{_fmt(mx - half)} {_fmt(y1 + s / 2 if stub else my)}h{_fmt(2 * half)}"

        def tick(e: int, colour: str, width: float, extra: str = "") -> str:
            return (f'<path{extra} d="{tick_d(e)}" stroke="{colour}" stroke-width="{_fmt(width)}" '
                    f'stroke-linecap="round" fill="none"/>')

        def pipe_d(e: int) -> str:
            """Path data of an edge's pipe (see ``pipe``), both halves of a wrapping one."""
            x1, y1, x2, y2 = line(e)
            d = f"M{_fmt(x1)} {_fmt(y1)}L{_fmt(x2)} {_fmt(y2)}"
            if p.wraps(e):
                bx, by = centre(p.ends(e)[1])
                ex, ey = (bx - s / 2, by) if e < p.size else (bx, by - s / 2)
                d += f"M{_fmt(ex)} {_fmt(ey)}L{_fmt(bx)} {_fmt(by)}"
            return d

        def pipe(e: int, colour: str, width: float, extra: str = "") -> str:
            return (f'<path{extra} d="{pipe_d(e)}" stroke="{colour}" stroke-width="{_fmt(width)}" '
                    'stroke-linecap="round" fill="none"/>')

        def frame(e: int, role: str, colour: str, width: float, pad: float) -> str:
            x1, y1, x2, y2 = line(e)
            x, y = min(x1, x2) - pad, min(y1, y2) - pad
            w, h = abs(x2 - x1) + 2 * pad, abs(y2 - y1) + 2 * pad
            return (f'<rect class="{role}" data-role="{role}" {edge_attrs(e)} x="{_fmt(x)}" '
                    f'y="{_fmt(y)}" width="{_fmt(w)}" height="{_fmt(h)}" rx="{_fmt(pad)}" '
                    f'fill="none" stroke="{colour}" stroke-width="{_fmt(width)}"/>')

        add(f'<rect class="tiles" x="{_fmt(m)}" y="{_fmt(m)}" width="{_fmt(W)}" '
            f'height="{_fmt(H)}" fill="{TILE}"/>')
        grid = [f"M{_fmt(m)} {_fmt(m + r * s)}h{_fmt(W)}" for r in range(1, p.rows)]
        grid += [f"M{_fmt(m + c * s)} {_fmt(m)}v{_fmt(H)}" for c in range(1, p.cols)]
        if grid:
            add(f'<path class="grid" d="{"".join(grid)}" stroke="#dee2e6" stroke-width="0.6" '
                'fill="none"/>')
        branch = branch or {}
        real = [e for e in range(p.n) if not (p.walls >> e) & 1]
        # the state: undecided edges, closed ticks, open pipes, one path each
        # (an element an edge made most of a walkthrough's bytes)
        layers: dict[int | None, list[str]] = {None: [], 0: [], 1: []}
        for e in real:
            if e not in branch:
                v = state.value(e)
                layers[v].append(tick_d(e) if v == 0 else pipe_d(e))
        for v, extra, colour, width, dash in (
                (None, "unknown", UNKNOWN, max(0.6, s * 0.05), f"{_fmt(s * 0.08)} {_fmt(s * 0.08)}"),
                (0, "closed", TICK, max(0.8, s * 0.06), ""),
                (1, "open", INK, s * 0.2, "")):
            if layers[v]:
                dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
                add(f'<path class="edge {extra}" d="{"".join(layers[v])}" stroke="{colour}" '
                    f'stroke-width="{_fmt(width)}" stroke-linecap="round" fill="none"{dash_attr}/>')
        for e, v in branch.items():
            attrs = (f' class="branch" data-role="branch" {edge_attrs(e)} '
                     f'data-value="{escape(kind.symbols[v])}"')
            add(pipe(e, COLOURS["branch-black"], s * 0.2, attrs) if v else
                tick(e, COLOURS["branch-black"], max(1.0, s * 0.08), attrs))
        orient = p.orientations(state)
        for t in range(p.size):
            cx, cy = centre(t)
            x = p.tiles[t]
            if orient[t] is None:  # the piece, small, in the tile's corner
                gx, gy, gr = cx - s * 0.28, cy - s * 0.28, s * 0.14
                d = "".join(
                    f"M{_fmt(gx)} {_fmt(gy)}l{_fmt(dx * gr)} {_fmt(dy * gr)}"
                    for dd, (dx, dy) in ((R, (1, 0)), (U, (0, -1)), (L, (-1, 0)), (D, (0, 1)))
                    if x & dd)
                add(f'<path class="piece" data-cell="{t // p.cols},{t % p.cols}" '
                    f'data-piece="{escape(shape_name(x))}" d="{d}" stroke="{GLYPH}" '
                    f'stroke-width="{_fmt(max(0.8, s * 0.06))}" stroke-linecap="round" '
                    'fill="none"/>')
            if bin(x).count("1") == 1:
                add(f'<circle class="end" cx="{_fmt(cx)}" cy="{_fmt(cy)}" r="{_fmt(s * 0.17)}" '
                    f'fill="#ffffff" stroke="{INK}" stroke-width="{_fmt(max(0.8, s * 0.06))}"/>')
        # the frame, then the barriers over it (a barrier around the edge of a
        # wrapping board lies on the frame: drawn on both sides it joins)
        add(f'<rect class="frame" x="{_fmt(m)}" y="{_fmt(m)}" width="{_fmt(W)}" height="{_fmt(H)}" '
            f'fill="none" stroke="#212529" stroke-width="1.6"/>')
        bars = []
        for e in range(p.n):
            a, b = p.ends(e)
            if b is None or not (p.walls >> e) & 1:
                continue
            r, c = p.coords(a)
            if e < p.size:
                bars.append(f"M{_fmt(m + (c + 1) * s)} {_fmt(m + r * s)}v{_fmt(s)}")
                if p.wraps(e):
                    bars.append(f"M{_fmt(m)} {_fmt(m + r * s)}v{_fmt(s)}")
            else:
                bars.append(f"M{_fmt(m + c * s)} {_fmt(m + (r + 1) * s)}h{_fmt(s)}")
                if p.wraps(e):
                    bars.append(f"M{_fmt(m + c * s)} {_fmt(m)}h{_fmt(s)}")
        if bars:
            add(f'<path class="barrier" d="{"".join(bars)}" stroke="{BARRIER}" '
                f'stroke-width="{_fmt(max(1.6, s * 0.12))}" stroke-linecap="square" fill="none"/>')
        # a step's marks
        for e, v in conclusions:
            attrs = (f' class="conclusion" data-role="conclusion" {edge_attrs(e)} '
                     f'data-value="{escape(kind.symbols[v])}"')
            add(pipe(e, COLOURS["conclusion"], s * 0.2, attrs) if v else
                tick(e, COLOURS["conclusion"], max(1.2, s * 0.1), attrs))
        width = max(1.2, s * 0.075)
        for k, (role, tiles) in enumerate(regions):
            tiles = [t for t in tiles if t < p.size]
            if not tiles:
                continue
            colour, dash = REGION_STYLE.get(role, DEFAULT_REGION)
            inset = width / 2 + (k % 3) * s * 0.065
            loops = outline_loops([p.coords(t) for t in tiles], s, inset, m)
            dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
            listed = " ".join("%d,%d" % p.coords(t) for t in tiles)
            add(f'<path class="region region-{escape(role)}" data-role="region" '
                f'data-region="{escape(role)}" data-cells="{listed}" d="{_path(loops)}" '
                f'fill="none" stroke="{colour}" stroke-width="{_fmt(width)}"{dash_attr}/>')
        for e in dict.fromkeys(premises):
            add(frame(e, "premise", COLOURS["premise"], max(1.0, s * 0.05), s * 0.16))
        for e in dict.fromkeys(contradiction):
            add(frame(e, "contradiction", COLOURS["contradiction"], max(1.2, s * 0.08), s * 0.2))
        for e in dict.fromkeys(agreement):
            add(frame(e, "agreement", COLOURS["conclusion"], max(1.2, s * 0.08), s * 0.22))
        if assumption is not None:
            e, v = assumption
            x1, y1, x2, y2 = line(e)
            add(f'<circle class="assumption" data-role="assumption" {edge_attrs(e)} '
                f'data-value="{escape(kind.symbols[v])}" cx="{_fmt((x1 + x2) / 2)}" '
                f'cy="{_fmt((y1 + y2) / 2)}" r="{_fmt(s * 0.3)}" fill="none" '
                f'stroke="{COLOURS["assumption"]}" stroke-width="{_fmt(max(1.2, s * 0.08))}"/>')
        w, h = W + 2 * m, H + 2 * m
        head = (f'<svg{XMLNS if standalone else ""} class="{css_class}" '
                f'viewBox="0 0 {_fmt(w)} {_fmt(h)}" width="{_fmt(w)}" height="{_fmt(h)}" '
                f'role="img" data-rows="{p.rows}" data-cols="{p.cols}" '
                'font-family="Helvetica, Arial, sans-serif">')
        t = f"<title>{escape(title)}</title>" if title else ""
        return head + t + "".join(parts) + "</svg>"

    # -- terminal ----------------------------------------------------------------
    def text(self, kind: Any, puzzle: Pipes, state: State, step: Any = None,
             plain: bool = False, indent: int = 0) -> Text:
        p = puzzle
        concl = {e: v for e, v in step.conclusions} if step else {}
        prem = set(step.premises) if step else set()
        assumed = step.assumption[0] if step and step.assumption is not None else None
        orient = p.orientations(state)
        out = Text(no_wrap=True, overflow="ellipsis")

        def edge_char(e: int, horizontal: bool) -> tuple[str, str]:
            a, b = p.ends(e)
            if b is None:
                return " ", ""
            if (p.walls >> e) & 1:
                return ("┃" if horizontal else "━"), "red"
            if e in concl:
                if plain:
                    return ("o" if concl[e] else "x"), ""
                return (("─" if horizontal else "│") if concl[e] else "×"), "bold dark_orange3"
            if e == assumed:
                return ("@", "bold magenta")
            v = state.value(e)
            ch = "·" if v is None else (("─" if horizontal else "│") if v else " ")
            if e in prem:
                if plain:  # (without colour a premise needs a mark of its own)
                    return (":" if v is None else ("═" if horizontal else "║") if v else "*"), ""
                return ("×" if v is not None and not v else ch), "bold blue"
            return ch, ("grey50" if v is None else "")

        for r in range(p.rows):
            out.append(" " * indent)
            for c in range(p.cols):
                t = r * p.cols + c
                o = orient[t]
                out.append("?" if o is None else BOX[o], style="" if o is not None else "grey50")
                if c < p.cols - 1:
                    ch, style = edge_char(t, True)
                    out.append(ch, style=None if plain else style or None)
            out.append("\n")
            if r < p.rows - 1:
                out.append(" " * indent)
                for c in range(p.cols):
                    ch, style = edge_char(p.size + r * p.cols + c, False)
                    out.append(ch, style=None if plain else style or None)
                    if c < p.cols - 1:
                        out.append(" ")
                out.append("\n")
        return out


DRAWING = PipesDrawing()

__all__ = ["DRAWING", "PipesDrawing", "DIRS"]
