"""Random small Nurikabe puzzles for soundness checks (shared by tests and benchmarks).

Three sorts, so that unique, multiple-solution and impossible puzzles all
occur often: clues taken from a random valid grid (usually unique or nearly),
the same with one clue dropped (often several solutions), and clues thrown at
random (usually no solution).
"""
from __future__ import annotations

import random

from deduce.state import bits
from puzzles.nurikabe.model import Nurikabe
from puzzles.nurikabe.generate import random_grid  # noqa: F401 (moved there; used below)
from rules.nurikabe.geometry import Geometry


def random_puzzle(rng: random.Random, min_side: int = 3, max_side: int = 7,
                  unknown_sizes: float = 0.0) -> Nurikabe:
    """A random puzzle; with probability ``unknown_sizes`` one clue becomes ``?``."""
    puzzle = _random_puzzle(rng, min_side, max_side)
    if unknown_sizes and puzzle.clues and rng.random() < unknown_sizes:
        clues = list(puzzle.clues)
        k = rng.randrange(len(clues))
        clues[k] = (clues[k][0], None)
        puzzle = Nurikabe(puzzle.rows, puzzle.cols, tuple(clues))
    return puzzle


def _random_puzzle(rng: random.Random, min_side: int, max_side: int) -> Nurikabe:
    roll = rng.random()
    if roll < 0.35:
        return scattered_clues(rng, min_side, max_side)
    rows, cols = rng.randint(min_side, max_side), rng.randint(min_side, max_side)
    puzzle = from_random_grid(rng, rows, cols)
    if puzzle is None:
        return scattered_clues(rng, min_side, max_side)
    if roll < 0.7 and len(puzzle.clues) > 1:
        clues = list(puzzle.clues)
        del clues[rng.randrange(len(clues))]
        puzzle = Nurikabe(rows, cols, tuple(clues))
    return puzzle


def scattered_clues(rng: random.Random, min_side: int, max_side: int) -> Nurikabe:
    rows, cols = rng.randint(min_side, max_side), rng.randint(min_side, max_side)
    n = rows * cols
    k = rng.randint(1, max(1, n // 6))
    clues = [(cell, min(rng.choice([1, 1, 2, 2, 3, 3, 4, 5, 6, 8]), n))
             for cell in sorted(rng.sample(range(n), k))]
    return Nurikabe(rows, cols, tuple(clues))


def from_random_grid(rng: random.Random, rows: int, cols: int) -> Nurikabe | None:
    black = random_grid(rng, rows, cols)
    if black is None:
        return None
    g = Geometry.of(rows, cols)
    clues = []
    for island in g.components(g.full & ~black):
        cell = rng.choice(list(bits(island)))
        clues.append((cell, island.bit_count()))
    return Nurikabe(rows, cols, tuple(sorted(clues)))
