"""Every Pipes puzzle of a small grid: the highest level any of them has.

    python3 benchmarks/small_pipes.py --cells 12          # every shape of up to 12 cells
    python3 benchmarks/small_pipes.py --shapes 3x3,4x3

A Pipes puzzle (no wrapping, as the generator makes them) is the shape of
each tile; its solutions are the spanning trees of the grid with those
shapes. So for each shape (columns x rows) this lists every spanning tree
without a four-way tile (Net has none), groups them by the shapes they give,
and a shape assignment that exactly one tree gives is a unique puzzle: each
is solved at depth 3 and its level counts (one logic leaves stuck would need
a level past depth 3: it counts as 6). Prints a table: shape, trees,
puzzles, unique, the highest level, how many puzzles reach it, seconds;
``--json`` one JSON line per shape.

``puzzles/pipes/generate.py`` keeps the result as ``TOP_LEVEL``: the
generator refuses at once a level above it for such a shape (every puzzle of
that shape was tried), where otherwise it would search until its budget.
"""
from __future__ import annotations

import itertools
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.small_nurikabe import table_main, tally  # noqa: E402
from deduce.solver import Solver  # noqa: E402
from puzzles.pipes import KIND  # noqa: E402
from puzzles.pipes.generate import Grid, puzzle_of  # noqa: E402
from puzzles.pipes.model import rotate  # noqa: E402


def trees(grid: Grid):
    """Every spanning tree of the grid (a set of edges) with no four-way tile."""
    need = grid.T - 1
    ends = [grid.ends(e) for e in grid.edges]
    for chosen in itertools.combinations(range(len(grid.edges)), need):
        parent = list(range(grid.T))
        degree = [0] * grid.T

        def find(x):
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        for k in chosen:
            a, b = ends[k]
            degree[a] += 1
            degree[b] += 1
            if degree[a] == 4 or degree[b] == 4:
                break
            ra, rb = find(a), find(b)
            if ra == rb:
                break  # a loop
            parent[ra] = rb
        else:
            yield {grid.edges[k] for k in chosen}


def shape(tile: int) -> int:
    """A tile's shape: the same for all its turns."""
    return min(rotate(tile, k) for k in range(4))


def shape_row(rows: int, cols: int) -> dict:
    start = time.perf_counter()
    grid = Grid(rows, cols)
    by_shapes: dict[tuple, list] = {}
    out = {"size": f"{cols}x{rows}", "cells": rows * cols, "trees": 0, "puzzles": 0,
           "unique": 0, "top_level": 0, "at_top": 0, "stuck_unique": 0}
    for tree in trees(grid):
        out["trees"] += 1
        by_shapes.setdefault(tuple(shape(t) for t in grid.tiles(tree)), []).append(tree)
    out["puzzles"] = len(by_shapes)
    for found in by_shapes.values():
        if len(found) != 1:
            continue  # several trees give these shapes: several solutions
        tally(out, Solver(KIND, puzzle_of(grid, found[0]), depth=3).solve())
    out["seconds"] = round(time.perf_counter() - start, 2)
    return out


def main(argv=None) -> int:
    return table_main("Every Pipes puzzle of a small grid (no wrapping, no crosses, depth 3)",
                      shape_row, "trees", __doc__, argv)


if __name__ == "__main__":
    sys.exit(main())
