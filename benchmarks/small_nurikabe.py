"""Every Nurikabe puzzle of a small grid: the highest level any of them has.

    python3 benchmarks/small_nurikabe.py --cells 12          # every shape of up to 12 cells
    python3 benchmarks/small_nurikabe.py --shapes 3x3,4x3

For each shape (columns x rows) it lists every valid solution (one wall, no
2x2 black square, at least one island) and, for each, every way to put one
number on each island (the number is the island's size: the kind of puzzle
the generator makes). Each puzzle is searched for a second solution first;
each one with a single solution is solved at depth 3 and its level counts
(one logic leaves stuck would need a level past depth 3: it counts as 6).
Prints a table: shape, solutions, puzzles, unique, the highest level, how
many puzzles reach it, seconds; ``--json`` one JSON line per shape.

``puzzles/nurikabe/generate.py`` keeps the result as ``TOP_LEVEL``: the
generator refuses at once a level above it for such a shape (every puzzle of
that shape was tried), where otherwise it would search until its budget.
"""
from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rich.console import Console  # noqa: E402
from rich.table import Table  # noqa: E402

from deduce.search import search  # noqa: E402
from deduce.solver import Solver  # noqa: E402
from deduce.state import bits  # noqa: E402
from puzzles.nurikabe import KIND  # noqa: E402
from puzzles.nurikabe.model import Nurikabe  # noqa: E402
from rules.nurikabe.geometry import Geometry  # noqa: E402


def solutions(rows: int, cols: int):
    """The black cells of every valid solution grid of this shape."""
    g = Geometry.of(rows, cols)
    squares = [0b11 << (r * cols + c) | 0b11 << ((r + 1) * cols + c)
               for r in range(rows - 1) for c in range(cols - 1)]
    for black in range(1 << g.n):
        if black == g.full or any(black & sq == sq for sq in squares):
            continue
        if black and g.flood(black & -black, black) != black:
            continue  # a split wall
        yield black


def puzzles(rows: int, cols: int):
    g = Geometry.of(rows, cols)
    for black in solutions(rows, cols):
        parts = g.components(g.full & ~black)  # the islands
        for where in itertools.product(*(list(bits(p)) for p in parts)):
            clues = tuple(sorted((c, bin(p).count("1")) for c, p in zip(where, parts)))
            yield Nurikabe(rows, cols, clues)


def tally(out: dict, r) -> None:
    """Count a unique puzzle's result ``r`` (solved at depth 3) in a shape's row; one
    logic leaves stuck would need a level past depth 3: it counts as 6."""
    if r.solved:
        level = r.grade.level
    else:
        out["stuck_unique"] += 1
        level = 6
    out["unique"] += 1
    if level > out["top_level"]:
        out["top_level"], out["at_top"] = level, 0
    out["at_top"] += level == out["top_level"]


def shape_row(rows: int, cols: int) -> dict:
    start = time.perf_counter()
    out = {"size": f"{cols}x{rows}", "cells": rows * cols, "solutions": 0, "puzzles": 0,
           "unique": 0, "top_level": 0, "at_top": 0, "stuck_unique": 0}
    out["solutions"] = sum(1 for _ in solutions(rows, cols))
    for p in puzzles(rows, cols):
        out["puzzles"] += 1
        if search(KIND, p, limit=2, budget=60).count != 1:
            continue  # (several solutions, or none: no level)
        tally(out, Solver(KIND, p, depth=3).solve())
    out["seconds"] = round(time.perf_counter() - start, 2)
    return out


def shapes_up_to(cells: int) -> list[tuple[int, int]]:
    """(rows, cols) with 2 <= rows <= cols and at most ``cells`` cells (a shape
    and its transpose have the same puzzles, turned; the generator makes no grid
    one cell wide)."""
    return [(r, c) for r in range(2, cells + 1) for c in range(r, cells + 1) if r * c <= cells]


def table_main(title: str, shape_row, first: str, doc: str, argv=None) -> int:
    """The command line of a small-grid benchmark: ``shape_row(rows, cols)`` per
    shape, a row of the table each (``first``: the column counting solutions)."""
    ap = argparse.ArgumentParser(description=" ".join(doc.split("\n\n")[0].split()))
    ap.add_argument("--cells", type=int, default=12, help="every shape up to this many cells")
    ap.add_argument("--shapes", help="comma-separated WxH instead, e.g. 3x3,4x3")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.shapes:
        shapes = [tuple(int(x) for x in s.split("x"))[::-1] for s in args.shapes.split(",")]
    else:
        shapes = shapes_up_to(args.cells)
    table = Table(title=title)
    keys = ("size", "cells", first, "puzzles", "unique", "top_level", "at_top", "stuck_unique",
            "seconds")
    for col in ("size", "cells", first, "puzzles", "unique", "top level", "at top",
                "stuck, unique", "seconds"):
        table.add_column(col, justify="right")
    for rows, cols in shapes:
        row = shape_row(rows, cols)
        if args.json:
            print(json.dumps(row), flush=True)
        table.add_row(*(str(row[k]) for k in keys))
    Console().print(table)
    return 0


def main(argv=None) -> int:
    return table_main("Every Nurikabe puzzle of a small grid (numbers only, depth 3)", shape_row,
                      "solutions", __doc__, argv)


if __name__ == "__main__":
    sys.exit(main())
