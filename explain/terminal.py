"""Walkthroughs and grids for the terminal, with rich."""
from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from deduce.kind import Kind
from deduce.numbers import shown
from deduce.solver import Result
from deduce.state import State
from deduce.step import Step
from deduce.wording import counted
from explain.window import focus_window, step_marks, window_name

STYLE = {"black": "on grey23", "white": "on grey93", "unknown": "on grey58",
         "conclusion": "bold red", "premise": "bold blue", "label": "bold black"}


def _label(label: str, plain: bool) -> str:
    """A clue as printed: plain, one of unknown size is "??", apart from an unknown cell's "?"."""
    return "??" if plain and label == "?" else label


class GridText(Text):
    """A grid of ``cols`` cells ``cell_width`` characters wide, one row a line.

    Where the console is narrower than a row it is printed in bands of whole
    columns, each under a line naming its columns, instead of folding each
    row into pieces that no longer line up. (Print it inside a ``Group``, as
    walkthroughs do: ``Console.print`` joins a bare ``Text`` as plain text.)
    """

    def __init__(self, cols: int, cell_width: int):
        super().__init__(no_wrap=True)
        self.cols, self.cell_width = cols, cell_width

    def __rich_console__(self, console, options):
        per = max(1, options.max_width // self.cell_width)
        if per >= self.cols:
            yield from super().__rich_console__(console, options)
            return
        lines = self.split("\n")
        w = self.cell_width
        for first in range(0, self.cols, per):
            last = min(self.cols, first + per)
            yield Text(f"columns {first + 1}-{last} of {self.cols}:", style="italic", no_wrap=True)
            for line in lines:
                band = line[first * w:last * w]
                band.no_wrap = True
                yield band
        yield Text("")  # (as the unbanded grid ends: with a blank line)


def grid_text(kind: Kind, puzzle: Any, state: State, step: Step | None = None,
              plain: bool = False) -> Text:
    """The grid, two characters a cell (one more than the longest clue when a
    clue has two digits or more, so that side by side they stay apart); a
    step's conclusions and premises marked."""
    if kind.drawing is not None:
        return kind.drawing.text(kind, puzzle, state, step, plain=plain)
    rows, cols = kind.shape(puzzle)
    at = {rc: i for i in range(state.n) for rc in kind.cells_of(puzzle, i)}
    concl = {i: v for i, v in step.conclusions} if step else {}
    prem = set(step.premises) if step else set()
    longest = max([0] + [len(kind.label(puzzle, i) or "") for i in range(state.n)])
    width = max(2, longest + 1)
    if plain and any(kind.mark(puzzle, r, c) is not None and state.value(at[r, c]) == 1
                     for r in range(rows) for c in range(cols) if (r, c) in at):
        width = max(width, 3)  # (room for a black mark's "#o", below)
    text = GridText(cols, width)
    for r in range(rows):
        for c in range(cols):
            i = at.get((r, c))
            label = kind.label(puzzle, i) if i is not None else None
            if label is None:
                label = kind.mark(puzzle, r, c)
            v = state.value(i) if i is not None else None
            if label is not None:
                cell = _label(label, plain).rjust(width)
                if plain and v == 1 and len(label) < width - 1:
                    # (a mark whose room is black, in a grid that breaks a rule: with no
                    # colour to show it, the black symbol goes before the mark)
                    cell = (kind.symbols[1] + _label(label, plain)).rjust(width)
            elif v is None:
                cell = "?".rjust(width) if plain else " " * width
            else:
                cell = kind.symbols[v].rjust(width) if plain else " " * width
            if i in concl:
                cell = ("!" if plain else kind.symbols[concl[i]]).rjust(width)
            if plain:
                text.append(cell)
                continue
            style = STYLE["unknown"] if v is None else STYLE["black"] if v else STYLE["white"]
            fg = ""
            if i in concl:
                fg = "bold red "
            elif i in prem:
                fg = "bold blue "
            elif label is not None:
                fg = "bold black " if not v else "bold white "
            text.append(cell, style=(fg + style).strip())
        text.append("\n")
    return text


def step_line(number: int | str, step: Step, indent: int = 0) -> Text:
    tag = f"[{step.technique}" + (f" d{step.depth}" if step.depth else "") + "]"
    line = Text(" " * indent)
    line.append(f"{number}. ", style="bold")
    line.append(tag, style="cyan")
    line.append(" " + step.text)
    return line


def proof_lines(step: Step, indent: int, prefix: str) -> list[Text]:
    out = []
    for k, sub in enumerate(step.proof, 1):
        out.append(step_line(f"{prefix}{k}", sub, indent))
        if sub.proof:
            out.extend(proof_lines(sub, indent + 4, f"{prefix}{k}."))
    return out


def walkthrough(kind: Kind, puzzle: Any, result: Result, plain: bool = False,
                proofs: bool = True, diagrams: bool = False,
                steps: tuple[int | None, int | None] | None = None) -> Group:
    """One line per step (hypotheses with their numbered sub-proofs), the final
    grid and the grade.

    ``diagrams``: a small grid under each step (the state before it, premises
    and conclusions marked); ``steps``: only steps ``N..M`` (1-based, inclusive,
    either end open), and the grid is then the one after step ``M``.
    """
    first, last = 1, len(result.steps)
    if steps is not None:
        first = max(1, steps[0] or 1)
        last = min(len(result.steps), steps[1] if steps[1] is not None else last)
    befores = None
    if diagrams or steps is not None:
        from explain.runs import states_before
        befores = states_before(kind, puzzle, result.steps)
    parts: list = []
    if diagrams:
        parts.append(diagram_legend(plain, kind))
    for n in range(first, last + 1):
        step = result.steps[n - 1]
        parts.append(step_line(n, step))
        if proofs and step.proof:
            parts.extend(proof_lines(step, 6, f"{n}."))
        if diagrams:
            parts.append(step_diagram(kind, puzzle, befores[n - 1], step, plain=plain))
    if steps is not None and first > last:
        parts.append(Text(f"(no step {shown(first)}: the walkthrough has {len(result.steps)} "
                          f"step{'s' if len(result.steps) != 1 else ''})"))
    parts.append(Text())
    final = result.state if befores is None or last >= len(result.steps) else befores[last]
    parts.append(grid_text(kind, puzzle, final, plain=plain))
    parts.append(summary(result))
    return Group(*parts)


DIAGRAM_STYLE = {"unknown": "on grey62", "v1": "white on grey23", "v0": "black on grey93",
                 "conclusion1": "bold white on dark_orange3",
                 "conclusion0": "bold dark_orange3 on light_goldenrod2",
                 "premise": "bold blue", "assumption": "bold magenta"}


def diagram_legend(plain: bool = False, kind: Kind | None = None) -> Text:
    """What the marks of the text diagrams mean (a kind's drawing may say it its own way)."""
    own = getattr(kind.drawing, "text_legend", None) if kind is not None else None
    if own is not None:
        return own(plain)
    t = Text()
    if plain:
        t.append("Diagrams: ? unknown, [x] a premise, >x< a conclusion.")
    else:
        t.append("Diagrams: ")
        t.append(" x ", style=DIAGRAM_STYLE["conclusion1"])
        t.append(" x ", style=DIAGRAM_STYLE["conclusion0"])
        t.append(" conclusions, ")
        t.append("[x]", style=DIAGRAM_STYLE["premise"] + " " + DIAGRAM_STYLE["unknown"])
        t.append(" premises.")
    return t


def step_diagram(kind: Kind, puzzle: Any, before: State, step: Step | None = None,
                 plain: bool = False, indent: int = 6, crop: bool = True) -> Text:
    """``before`` with a step drawn on it, three or more characters a cell.

    Premises are bracketed ``[x]``, conclusions ``>x<`` (showing the value
    concluded), a hypothesis' assumed cell ``(x)``; in colour the conclusions
    are also filled, and unknown cells are grey. On a big grid (``crop``) only
    the part around the step's marks, under a line naming its rows and
    columns (see :func:`explain.window.focus_window`).
    """
    if kind.drawing is not None:
        return kind.drawing.text(kind, puzzle, before, step, plain=plain, indent=indent)
    rows, cols = kind.shape(puzzle)
    window = focus_window(kind, puzzle, step_marks(step)) if step and crop else None
    r0, c0, r1, c1 = window or (0, 0, rows - 1, cols - 1)
    at = {rc: i for i in range(before.n) for rc in kind.cells_of(puzzle, i)}
    concl = {i: v for i, v in step.conclusions} if step else {}
    prem = set(step.premises) if step else set()
    assumed = step.assumption[0] if step and step.assumption is not None else None
    labels = [kind.label(puzzle, i) for i in range(before.n)]
    width = max([1] + [len(_label(label, plain)) for label in labels if label is not None])
    text = Text(no_wrap=True, overflow="ellipsis")
    if window is not None:
        text.append(" " * indent + window_name(window) + f" of {rows}x{cols}:\n",
                    style="" if plain else "italic")
    for r in range(r0, r1 + 1):
        text.append(" " * indent)
        for c in range(c0, c1 + 1):
            i = at.get((r, c))
            if i is None:
                text.append(" " * (width + 2))
                continue
            label = labels[i] if labels[i] is not None else kind.mark(puzzle, r, c)
            v = before.value(i)
            content = _label(label, plain) if label is not None else (
                "?" if v is None else kind.symbols[v]) if plain else (
                label if label is not None else " " if v is None else kind.symbols[v])
            left, right = " ", " "
            style = DIAGRAM_STYLE["unknown" if v is None else f"v{v}"]
            if i in concl:
                if label is None:  # (a mark stays: a room's mark cell shows its mark)
                    content = kind.symbols[concl[i]]
                left, right = ">", "<"
                style = DIAGRAM_STYLE[f"conclusion{concl[i]}"]
            if i == assumed and i not in concl:
                left, right = "(", ")"
            elif i in prem and i not in concl:
                left, right = "[", "]"
            cell = left + content.rjust(width) + right
            if plain:
                text.append(cell)
                continue
            if left in "[(":
                mark = DIAGRAM_STYLE["premise" if left == "[" else "assumption"]
                base = style.split(" on ")[-1]
                text.append(left, style=f"{mark} on {base}")
                text.append(content.rjust(width), style=style)
                text.append(right, style=f"{mark} on {base}")
            else:
                text.append(cell, style=style)
        text.append("\n")
    return text


def summary(result: Result) -> Text:
    g = result.grade
    t = Text()
    t.append(f"{result.verdict}", style="bold green" if result.solved else "bold red")
    if result.reason:
        t.append(f" ({result.reason})")
    t.append(f" · level {g.level} {g.name} · max tier {g.max_tier} · depth {g.max_depth} · "
             f"{counted(g.steps, 'step')} · score {g.score} · {result.seconds * 1000:.0f} ms")
    return t


def grade_table(rows: list[dict]) -> Table:
    table = Table("puzzle", "verdict", "level", "depth", "steps", "seconds")
    for r in rows:
        table.add_row(r["puzzle"], r["verdict"], f"{r['level']} {r['name']}", str(r["max_depth"]),
                      str(r["steps"]), f"{r['seconds']:.3f}")
    return table
