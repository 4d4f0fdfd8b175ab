"""Running an ASP oracle with clingo: up to N answer sets, within a time budget.

Each puzzle's oracle states its rules as an ASP program whose only shown atoms
are ``black(R, C)``; this module grounds it with the puzzle's facts and turns
answer sets into grids of ``#``/``.``.
"""
from __future__ import annotations

import time

import clingo

from deduce.errors import BudgetExceeded

WAIT_SLICE = 0.05  # seconds between looks at the clock and at pending signals


def shaded_grids(program: str, facts: str, rows: int, cols: int, limit: int = 2,
                 timeout: float | None = None) -> list[list[str]]:
    """Up to ``limit`` answer sets as rows of ``#`` (shown ``black(R, C)``) and ``.``.

    Raises :class:`BudgetExceeded` when ``timeout`` seconds (grounding and
    search together) pass before clingo has found ``limit`` answers or shown
    there are no more.
    """
    if limit < 1:
        return []
    deadline = None if timeout is None else time.monotonic() + timeout
    ctl = clingo.Control([f"--models={limit}", "--warn=none"])
    ctl.add("base", [], program)
    ctl.add("base", [], facts)
    ctl.ground([("base", [])])
    found: list[list[str]] = []

    def on_model(model: clingo.Model) -> None:
        grid = [["."] * cols for _ in range(rows)]
        for sym in model.symbols(shown=True):
            r, c = (a.number for a in sym.arguments)
            grid[r][c] = "#"
        found.append(["".join(row) for row in grid])

    if deadline is not None and deadline - time.monotonic() <= 0:
        raise BudgetExceeded(f"clingo did not finish within {timeout} s (grounding)")
    # clingo searches in its own thread; this one waits in short slices, so
    # that Python's signal handlers (Ctrl-C, batch's hard timeout alarm) run
    # in between and their exceptions stop the search
    with ctl.solve(on_model=on_model, async_=True) as handle:
        try:
            while not handle.wait(WAIT_SLICE):
                if deadline is not None and time.monotonic() > deadline:
                    raise BudgetExceeded(f"clingo did not finish within {timeout} s")
            handle.get()
        finally:
            handle.cancel()
    return found
