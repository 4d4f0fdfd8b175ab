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

from puzzles.pipes.model import D, R, Pipes, rotate


def random_tree(rows: int, cols: int, rng: _random.Random) -> list[int]:
    """Open sides of every tile of a random spanning tree with no four-way tile."""
    while True:
        T = rows * cols
        parent = list(range(T))

        def find(x):
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x
        edges = [(t, R) for t in range(T) if t % cols < cols - 1] + \
                [(t, D) for t in range(T) if t + cols < T]
        rng.shuffle(edges)
        tiles = [0] * T
        for t, d in edges:
            u = t + 1 if d == R else t + cols
            a, b = find(t), find(u)
            if a == b:
                continue
            parent[a] = b
            tiles[t] |= d
            tiles[u] |= 4 if d == R else 2
        if all(x != 15 for x in tiles):
            return tiles


def random_tree_puzzle(rows: int, cols: int, rng: _random.Random,
                       barrier_chance: float = 0.0) -> tuple[Pipes, list[int]]:
    """A scrambled random tree and its tree's orientations (one of its solutions)."""
    solved = random_tree(rows, cols, rng)
    T = rows * cols
    barriers = [0] * T
    for t in range(T):
        for d in (R, D):
            inside = (d == R and t % cols < cols - 1) or (d == D and t + cols < T)
            if inside and not solved[t] & d and rng.random() < barrier_chance:
                barriers[t] |= d
    tiles = tuple(rotate(x, rng.randrange(4)) for x in solved)
    return Pipes(rows, cols, tiles, tuple(barriers) if any(barriers) else ()), solved


def random_tiles_puzzle(rows: int, cols: int, rng: _random.Random) -> Pipes:
    """Tiles drawn at random (1..14): usually without a solution."""
    return Pipes(rows, cols, tuple(rng.randrange(1, 15) for _ in range(rows * cols)))
