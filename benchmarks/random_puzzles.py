"""Random small Nurikabe puzzles for soundness checks (shared by tests and benchmarks).

A puzzle is a random grid of 3x3 to 7x7 with a few random clues; most have no
solution or several, which is the point: the engine must stay sound on all.
"""
from __future__ import annotations

import random

from puzzles.nurikabe.model import Nurikabe


def random_puzzle(rng: random.Random, min_side: int = 3, max_side: int = 7) -> Nurikabe:
    rows, cols = rng.randint(min_side, max_side), rng.randint(min_side, max_side)
    n = rows * cols
    k = rng.randint(1, max(1, n // 6))
    cells = rng.sample(range(n), k)
    clues = []
    for cell in sorted(cells):
        size = rng.choice([1, 1, 2, 2, 3, 3, 4, 5, 6, 8])
        clues.append((cell, min(size, n)))
    return Nurikabe(rows, cols, tuple(clues))
