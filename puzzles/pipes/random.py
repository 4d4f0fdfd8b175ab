"""Random small Pipes boards for soundness tests and benchmarks.

:func:`random_tree_puzzle` picks a random spanning tree of the grid without
four-way tiles, turns every tile a random number of quarter turns and may add
barriers on edges the tree does not use, so the board has at least one
solution (often several on small grids). :func:`random_tiles_puzzle` picks
tiles at random, which usually has no solution at all: it tests that a
contradiction is only claimed when there is none.
"""
from __future__ import annotations

import random as _random

from puzzles.pipes.model import D, L, R, U, Pipes, rotate


def random_tree(rows: int, cols: int, rng: _random.Random, wrapping: bool = False) -> list[int]:
    """Open sides of every tile of a random spanning tree with no four-way tile."""
    grid = Pipes(rows, cols, (1,) * (rows * cols), wrapping=wrapping)
    while True:
        T = rows * cols
        parent = list(range(T))

        def find(x):
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x
        edges = [(t, d) for t in range(T) for d in (R, D) if grid.neighbour(t, d) is not None]
        rng.shuffle(edges)
        tiles = [0] * T
        for t, d in edges:
            u = grid.neighbour(t, d)
            a, b = find(t), find(u)
            if a == b:
                continue
            parent[a] = b
            tiles[t] |= d
            tiles[u] |= L if d == R else U
        if all(x != 15 for x in tiles):
            return tiles


def random_tree_puzzle(rows: int, cols: int, rng: _random.Random, barrier_chance: float = 0.0,
                       wrapping: bool = False) -> tuple[Pipes, list[int]]:
    """A scrambled random tree and its tree's orientations (one of its solutions)."""
    solved = random_tree(rows, cols, rng, wrapping)
    T = rows * cols
    barriers = [0] * T
    grid = Pipes(rows, cols, (1,) * T, wrapping=wrapping)
    for t in range(T):
        for d in (R, D):
            inside = grid.neighbour(t, d) is not None
            if inside and not solved[t] & d and rng.random() < barrier_chance:
                barriers[t] |= d
    tiles = tuple(rotate(x, rng.randrange(4)) for x in solved)
    return Pipes(rows, cols, tiles, tuple(barriers) if any(barriers) else (),
                 "w" if wrapping else "", wrapping=wrapping), solved


def random_tiles_puzzle(rows: int, cols: int, rng: _random.Random) -> Pipes:
    """Tiles drawn at random (1..14): usually without a solution."""
    return Pipes(rows, cols, tuple(rng.randrange(1, 15) for _ in range(rows * cols)))
