"""Walkthroughs and grids for the terminal, with rich."""
from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from deduce.kind import Kind
from deduce.solver import Result
from deduce.state import State
from deduce.step import Step

STYLE = {"black": "on grey23", "white": "on grey93", "unknown": "on grey58",
         "conclusion": "bold red", "premise": "bold blue", "label": "bold black"}


def grid_text(kind: Kind, puzzle: Any, state: State, step: Step | None = None,
              plain: bool = False) -> Text:
    """The grid, two characters a cell; a step's conclusions and premises marked."""
    rows, cols = kind.shape(puzzle)
    at = {kind.coords(puzzle, i): i for i in range(state.n)}
    concl = {i: v for i, v in step.conclusions} if step else {}
    prem = set(step.premises) if step else set()
    text = Text()
    for r in range(rows):
        for c in range(cols):
            i = at.get((r, c))
            label = kind.label(puzzle, i) if i is not None else None
            v = state.value(i) if i is not None else None
            if label is not None:
                cell = label.rjust(2)[-2:]
            elif v is None:
                cell = " ?" if plain else "  "
            else:
                cell = " " + kind.symbols[v] if plain else "  "
            if i in concl:
                cell = " " + ("!" if plain else kind.symbols[concl[i]])
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
                proofs: bool = True) -> Group:
    parts: list = []
    for n, step in enumerate(result.steps, 1):
        parts.append(step_line(n, step))
        if proofs and step.proof:
            parts.extend(proof_lines(step, 6, f"{n}."))
    parts.append(Text())
    parts.append(grid_text(kind, puzzle, result.state, plain=plain))
    parts.append(summary(result))
    return Group(*parts)


def summary(result: Result) -> Text:
    g = result.grade
    t = Text()
    t.append(f"{result.verdict}", style="bold green" if result.solved else "bold red")
    if result.reason:
        t.append(f" ({result.reason})")
    t.append(f" · level {g.level} {g.name} · max tier {g.max_tier} · depth {g.max_depth} · "
             f"{g.steps} steps · score {g.score} · {result.seconds * 1000:.0f} ms")
    return t


def grade_table(rows: list[dict]) -> Table:
    table = Table("puzzle", "verdict", "level", "depth", "steps", "seconds")
    for r in rows:
        table.add_row(r["puzzle"], r["verdict"], f"{r['level']} {r['name']}", str(r["max_depth"]),
                      str(r["steps"]), f"{r['seconds']:.3f}")
    return table
