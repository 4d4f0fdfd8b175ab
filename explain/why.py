"""Why is this cell what it is? The chain of steps that decided it.

The chain is the step that decided the cell and, recursively, the earlier
steps that decided the cells it rests on: its premises and the cells of its
regions, and for a hypothesis or an either-way step also everything its proof
looked at (a branch reasons from the whole position). Cells decided at the
start (givens, the player's marks) end the recursion. The chain is returned
deduplicated, in walkthrough order.
"""
from __future__ import annotations

import re
from typing import Any, Sequence

from deduce.errors import InputError
from deduce.numbers import TOO_BIG, whole_number
from deduce.kind import Kind
from deduce.state import State
from deduce.step import Step

_CELL = re.compile(r"^\s*(?:r\s*([0-9]+)\s*c\s*([0-9]+)|([0-9]+)\s*[, ]\s*([0-9]+))\s*$", re.I)


def asked_cell(text: str) -> tuple[int, int]:
    """``"3,4"`` or ``"r3c4"`` (1-based, like the sentences) to 0-based (row, col)."""
    m = _CELL.match(text)
    if not m and _CELL.match(text.replace("-", "")):
        raise InputError(f"{text!r}: rows and columns count from 1 (e.g. 3,4 or r3c4)")
    if not m:
        raise InputError(f"{text!r}: a cell is written r,c (1-based), e.g. 3,4 or r3c4")
    r, c = (whole_number(m.group(1)), whole_number(m.group(2))) if m.group(1) else \
        (whole_number(m.group(3)), whole_number(m.group(4)))
    return r - 1, c - 1


def parse_cell(kind: Kind, puzzle: Any, text: str) -> int:
    """``"3,4"`` or ``"r3c4"`` (1-based, like the sentences) to an unknown's index."""
    at = asked_cell(text)
    r, c = at[0] + 1, at[1] + 1
    state = kind.initial_state(puzzle)
    for i in range(state.n):
        if tuple(kind.coords(puzzle, i)) == at:
            return i
    # an unknown that covers several cells (a Nurimeizu room) is named by any of them
    for i in range(state.n):
        if at in kind.cells_of(puzzle, i):
            return i
    rows, cols = kind.shape(puzzle)
    cell = "such cell" if max(r, c) >= TOO_BIG else f"cell r{r}c{c}"
    raise InputError(f"{text!r}: no {cell} in this {rows}x{cols} grid")


def looked_at(step: Step, regions: bool = True) -> set[int]:
    """The cells a step rests on (premises, regions, and its proof's, recursively).

    ``regions=False`` for kinds whose regions list tiles, not unknowns
    (``Kind.tile_regions``): their premises alone are the reason."""
    cells = set(step.premises)
    if regions:
        for _, region in step.regions:
            cells.update(region)
    for sub in step.proof:
        cells |= looked_at(sub, regions)
    if step.assumption is not None:
        cells.discard(step.assumption[0])
    return cells


def decided_by(steps: Sequence[Step], start: State) -> dict[int, int]:
    """Cell -> index of the first step that decided it (cells undecided at ``start``)."""
    state = start.copy()
    out: dict[int, int] = {}
    for k, step in enumerate(steps):
        for i, v in step.conclusions:
            if state.value(i) is None:
                out.setdefault(i, k)
                state.assign(i, v)
    return out


def why_chain(steps: Sequence[Step], start: State, cell: int, regions: bool = True) -> list[int]:
    """Indices (0-based, ascending) of the steps that decided ``cell``; empty if none did.
    ``regions``: as in :func:`looked_at`."""
    by = decided_by(steps, start)
    if cell not in by:
        return []
    chain = {by[cell]}
    todo = [by[cell]]
    while todo:
        k = todo.pop()
        for i in looked_at(steps[k], regions):
            j = by.get(i)
            if j is not None and j < k and j not in chain:
                chain.add(j)
                todo.append(j)
    return sorted(chain)
