"""A walkthrough as plain JSON-ready data.

Shape (0-based rows and columns)::

    {"kind", "id", "rows", "cols", "verdict", "reason", "grid": ["#.?", ...],
     "grade": {"level", "name", "max_tier", "max_depth", "steps", "score"},
     "steps": [{"technique", "tier", "depth", "cells": [[r, c, "#"|"."]...],
                "premises": [[r, c]...], "text", "assumption", "contradiction",
                "proof": [step...]}],
     "seconds"}

and ``solution`` for kinds with an answer notation (Pipes: Tatham hex digits).
"""
from __future__ import annotations

from typing import Any

from deduce.kind import Kind
from deduce.solver import Result
from deduce.step import Step


def step_record(kind: Kind, puzzle: Any, step: Step) -> dict:
    coords = kind.coords
    out = {
        "technique": step.technique,
        "tier": step.tier,
        "depth": step.depth,
        # every cell of what was concluded (a Nurimeizu room: all its cells)
        "cells": [[r, c, kind.symbols[v]] for i, v in step.conclusions
                  for r, c in kind.cells_of(puzzle, i)],
        "premises": [list(coords(puzzle, i)) for i in step.premises],
        "text": step.text,
    }
    if step.regions:
        out["regions"] = [{"role": role, "cells": [list(coords(puzzle, i)) for i in cells]}
                          for role, cells in step.regions]
    if step.assumption is not None:
        i, v = step.assumption
        out["assumption"] = [*coords(puzzle, i), kind.symbols[v]]
        out["contradiction"] = step.contradiction  # None for an either-way branch
        out["proof"] = []
    if step.proof:  # a hypothesis's chain, or an either-way step's two branches
        out["proof"] = [step_record(kind, puzzle, s) for s in step.proof]
    return out


def walkthrough(kind: Kind, puzzle: Any, result: Result) -> dict:
    rows, cols = kind.shape(puzzle)
    g = result.grade
    return {
        "kind": kind.name,
        "id": getattr(puzzle, "id", "") or "",
        "rows": rows,
        "cols": cols,
        "verdict": result.verdict,
        "reason": result.reason,
        "grid": kind.grid_rows(puzzle, result.state),
        "grade": {"level": g.level, "name": g.name, "max_tier": g.max_tier,
                  "max_depth": g.max_depth, "steps": g.steps, "score": g.score},
        "steps": [step_record(kind, puzzle, s) for s in result.steps],
        "seconds": round(result.seconds, 4),
    } | ({"solution": kind.answer(puzzle, result.state)} if kind.answer is not None else {})
