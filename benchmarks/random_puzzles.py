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
from rules.nurikabe.geometry import Geometry


def random_puzzle(rng: random.Random, min_side: int = 3, max_side: int = 7) -> Nurikabe:
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


def random_grid(rng: random.Random, rows: int, cols: int, max_island: int = 6) -> int | None:
    """The black cells of a random valid Nurikabe grid (no pool, one wall), or None."""
    g = Geometry.of(rows, cols)
    black = g.full
    order = list(range(g.n))
    for _ in range(4):
        rng.shuffle(order)
        for i in order:
            bit = 1 << i
            if not black & bit:
                continue
            rest = black & ~bit
            if rest and g.flood(rest & -rest, rest) != rest:
                continue  # would split the wall
            if g.flood(bit, g.full & ~rest).bit_count() > max_island:
                continue
            in_pool = any(sq & black == sq for sq in g.squares_at[i])
            if not in_pool and rng.random() < 0.6:
                continue
            black = rest
    if any(sq & black == sq for sq in g.squares) or black == g.full:
        return None
    return black


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
