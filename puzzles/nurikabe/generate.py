"""Nurikabe puzzles of an exact level, with the human engine in the loop.

A Nurikabe puzzle is fixed by its solution and where each island shows its
number, so "adding a clue" means carving a new island out of the wall and
"removing a clue" means filling an island in:

1. grow a random valid solution (one wall, no 2x2 pool, small islands);
2. *add*: solve with the techniques the level allows; while cells stay
   undecided, turn an undecided black cell of the solution white (a new
   island of one, or a bigger neighbouring island) and solve again;
3. *harden*: random changes (fill an island in, take a cell from one, join
   or grow islands, move a number) kept while the level still solves the
   puzzle and neither its grade nor its effort score drops;
4. keep the puzzle if its grade is exactly the level (solvable at L, not at
   L-1), else start again.

Every puzzle the solver finishes is unique (each step is forced); the driver
in :mod:`deduce.generate` checks that again by complete search.

>>> import random, time
>>> p, r, _ = generator(5, 5, 1, random.Random(3), time.perf_counter() + 60)
>>> r.grade.level, len(p.solution)
(1, 5)
"""
from __future__ import annotations

import random
import time

from deduce.generate import refuse_above_top, solve_at, solved_at
from deduce.solver import Result
from deduce.state import bits
from puzzles.nurikabe.model import Nurikabe
from rules.nurikabe.geometry import Geometry

ADD_LEVEL_CAP = 3  # the add phase uses no hypotheses: fast, and removal makes it harder
SPREAD = 25  # one add-phase fix per this many undecided cells, each solve
ADD_STEPS = 1  # add-phase changes per cell before the attempt is abandoned
# hardening changes tried per attempt, by level (hypothesis levels cost more per trial)
HARDEN_TRIALS = {1: 40, 2: 60, 3: 60, 4: 40, 5: 30, 6: 30}
SOLVE_BUDGET = 20.0  # seconds for one trial solve (past it the trial counts as failed)
# The highest level of any puzzle of a small grid, (short side, long side):
# every puzzle of that size was tried (``benchmarks/small_nurikabe.py``, one
# number per island, each solved at depth 3), so a level above it is refused
# at once. Any other pair is searched for until the budget runs out.
TOP_LEVEL = {(2, 2): 2, (2, 3): 2, (2, 4): 2, (2, 5): 3, (2, 6): 3, (2, 7): 3, (2, 8): 3,
             (2, 9): 3, (2, 10): 3, (3, 3): 2, (3, 4): 3, (3, 5): 3, (3, 6): 4, (4, 4): 3}


def random_grid(rng: random.Random, rows: int, cols: int, max_island: int = 6) -> int | None:
    """The black cells of a random valid Nurikabe grid (no pool, one wall), or None.

    Starts all black and whitens cells in random order, never splitting the
    wall or growing an island past ``max_island``; cells in a 2x2 black square
    are whitened first.
    """
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


def pool_free_grid(rng: random.Random, rows: int, cols: int, grow: float = 0.3,
                   max_island: int = 5, deadline: float | None = None) -> int | None:
    """The black cells of a random valid grid with a thick wall, or None.

    Starts all black and breaks 2x2 pools one at a time by whitening one of their
    cells (never splitting the wall; if it can, never joining two islands nor
    passing ``max_island``); after each, with probability ``grow``, a random
    island grows by a cell. Few white cells and many small islands: logic
    decides most of it. None when the ``deadline`` passes first.
    """
    g = Geometry.of(rows, cols)
    black = g.full
    pools = list(g.squares)  # all black when listed; checked again when picked

    def whiten(u: int, strict: bool = True) -> bool:
        nonlocal black
        rest = black & ~(1 << u)
        if strict and len(_islands_at(g, black, u)) > 1 or not _stays_joined(g, rest, u):
            return False
        if strict and g.flood(1 << u, g.full & ~rest).bit_count() > max_island:
            return False
        black = rest
        return True

    while True:
        if deadline is not None and time.perf_counter() > deadline:
            return None
        # a random pool: entries no longer all black are dropped as they come up
        k = rng.randrange(len(pools)) if pools else -1
        while pools and pools[k] & black != pools[k]:
            pools[k] = pools[-1]
            pools.pop()
            k = rng.randrange(len(pools)) if pools else -1
        if not pools:
            return black if black != g.full else None
        cells = list(bits(pools[k]))
        rng.shuffle(cells)
        if not any(whiten(u) for u in cells):
            # hemmed in by islands: break it anyway, joining or enlarging them
            # (on big grids some pool nearly always is)
            if not any(whiten(u, strict=False) for u in cells):
                return None  # each of its cells holds the wall together: start afresh
        if rng.random() < grow:
            island = g.flood(1 << rng.choice(list(bits(g.full & ~black))), g.full & ~black)
            liberties = list(bits(g.border(island) & black))
            rng.shuffle(liberties)
            any(whiten(u) for u in liberties)


def place_clues(g: Geometry, black: int, old: dict[int, int], rng: random.Random) -> dict[int, int]:
    """One number per island: an old clue cell inside it if any (one of them), else a
    random cell. ``old`` and the result map clue cell -> island size."""
    clues = {}
    numbered = 0
    for i in old:
        numbered |= 1 << i
    for island in g.components(g.full & ~black):
        inside = list(bits(island & numbered))
        cell = rng.choice(inside) if inside else rng.choice(list(bits(island)))
        clues[cell] = island.bit_count()
    return clues


def puzzle_of(g: Geometry, black: int, clues: dict[int, int]) -> Nurikabe:
    solution = tuple("".join("#" if (black >> (r * g.cols + c)) & 1 else "."
                             for c in range(g.cols)) for r in range(g.rows))
    return Nurikabe(g.rows, g.cols, tuple(sorted(clues.items())), solution=solution)


def _islands_at(g: Geometry, black: int, u: int) -> set[int]:
    """The islands (as masks) next to cell ``u``."""
    white = g.full & ~black
    return {g.flood(1 << v, white) for v in bits(g.neighbours[u] & white)}


def _wall_ok(g: Geometry, black: int) -> bool:
    """One wall, or none: a grid all white is one island (on 2x2, the only
    level-2 puzzles are a single 4)."""
    return not black or g.flood(black & -black, black) == black


def _stays_joined(g: Geometry, black: int, u: int) -> bool:
    """Whether the wall ``black``, joined before cell ``u`` left it, still is.

    When the black cells next to ``u`` are joined through the 3x3 block around
    it, every path that went through ``u`` goes around it: no flood of the
    whole wall is needed.
    """
    near = g.neighbours[u] & black
    if not near:
        return False  # u was the whole wall
    m = 1 << u
    row = m | ((m << 1) & g.not_first_col) | ((m >> 1) & g.not_last_col)
    block = (row | (row << g.cols) | (row >> g.cols)) & g.full & black
    if g.flood(near & -near, block) & near == near:
        return True
    return g.flood(near & -near, black) == black


def _no_pool(g: Geometry, black: int, near: int) -> bool:
    return not any(sq & black == sq for i in bits(near) for sq in g.squares_at[i])


def attempt(kind, rows: int, cols: int, level: int, rng: random.Random,
            deadline: float) -> tuple[Nurikabe, Result] | None:
    g = Geometry.of(rows, cols)
    black = None
    while black is None:
        if time.perf_counter() > deadline:
            return None
        black = pool_free_grid(rng, rows, cols, grow=rng.uniform(0.1, 0.6),
                               max_island=rng.randint(3, 8), deadline=deadline)
    clues = place_clues(g, black, {}, rng)
    add_level = min(level, ADD_LEVEL_CAP)
    steps = 0
    # add: carve islands where logic stalls
    while True:
        if time.perf_counter() > deadline:
            return None
        puzzle = puzzle_of(g, black, clues)
        r = solve_at(kind, puzzle, add_level, max(0.5, min(SOLVE_BUDGET, deadline - time.perf_counter())))
        if r.solved:
            break
        undecided = r.state.unknown
        steps += 1
        if steps > ADD_STEPS * g.n:
            return None
        # on a large stalled area, several fixes at once, apart from each other
        for _ in range(max(1, undecided.bit_count() // SPREAD)):
            if not undecided or time.perf_counter() > deadline:
                break
            fixed = _add_one(g, black, clues, undecided, rng)
            if fixed is None:
                return None
            black, clues, u = fixed
            undecided &= ~g.grow(g.grow(1 << u))
    # harden: fewer or bigger islands while the level still solves it
    best = r
    # The record states the solution logic found (unique: every step holds in
    # every solution), not the grid the clues were placed on: a white cell
    # turned black away from the wall leaves that grid split, and the clues
    # then lead to another one.
    exact = (puzzle_of(g, r.state.ones, clues), r) if r.grade.level == level else None
    trials = HARDEN_TRIALS[level] * max(1, g.n // 100)
    for _ in range(trials):
        if time.perf_counter() > deadline:
            return None
        move = _move(g, black, clues, rng)
        if move is None:
            continue
        new, new_clues = move
        r = solved_at(kind, puzzle_of(g, new, new_clues), level, deadline,
                      SOLVE_BUDGET, ADD_LEVEL_CAP)
        # climb: a higher grade, or the same grade with no less effort
        if r is not None and (r.grade.level, r.grade.score) >= (best.grade.level, best.grade.score):
            black, clues, best = new, new_clues, r
            if r.grade.level == level:
                exact = (puzzle_of(g, r.state.ones, clues), r)
    return exact


def _move(g: Geometry, black: int, clues: dict[int, int],
          rng: random.Random) -> tuple[int, dict[int, int]] | None:
    """A random change that makes the puzzle no easier in general: fill an island
    in, take a cell from one, join islands (or grow one) through a wall cell, or
    move a number inside its island. None when the change breaks a rule."""
    white = g.full & ~black
    kind = rng.random()
    if kind < 0.3:  # fill in an island, or take a cell from one
        island = rng.choice(g.components(white))
        cut = island if rng.random() < 0.5 else 1 << rng.choice(list(bits(island)))
        new = black | cut
        if new == g.full or not _no_pool(g, new, cut) or not _wall_ok(g, new):
            return None
        return new, place_clues(g, new, {c: n for c, n in clues.items() if not (cut >> c) & 1}, rng)
    if kind < 0.85:  # join islands, or grow one
        border = list(bits(g.border(white) & black))
        if not border:
            return None
        u = rng.choice(border)
        new = black & ~(1 << u)
        if not _wall_ok(g, new):
            return None
        return new, place_clues(g, new, clues, rng)
    big = [c for c, n in clues.items() if n > 1]  # move a number
    if not big:
        return None
    c = rng.choice(big)
    island = g.flood(1 << c, white)
    other = rng.choice([i for i in bits(island) if i != c])
    moved = {k: n for k, n in clues.items() if k != c}
    moved[other] = clues[c]
    return black, moved


def _add_one(g: Geometry, black: int, clues: dict[int, int], undecided: int,
             rng: random.Random) -> tuple[int, dict[int, int], int] | None:
    """One fix at an undecided cell: a new island of one (a new clue), else an island one
    larger, else a join; failing those a white cell turned black or a number moved."""
    options = [u for u in bits(undecided & black) if _wall_ok(g, black & ~(1 << u))]
    joins = {u: len(_islands_at(g, black, u)) for u in options}
    best_join = min(joins.values(), default=0)
    options = [u for u in options if joins[u] == best_join]
    if options:
        u = rng.choice(options)
        black &= ~(1 << u)
    else:
        # (a cell off the wall splits it: the grid is then no solution, but the
        # clues placed on it may still have one; attempt states that one)
        options = [u for u in bits(undecided & ~black)
                   if _no_pool(g, black | (1 << u), 1 << u) and black | (1 << u) != g.full]
        if options and rng.random() < 0.5:
            u = rng.choice(options)
            black |= 1 << u
        else:  # move the number of an island that reaches the undecided cells
            white = g.full & ~black
            near = [c for c in clues if clues[c] > 1
                    and g.border(g.flood(1 << c, white)) & undecided]
            if not near:
                return None
            c = rng.choice(near)
            u = rng.choice([i for i in bits(g.flood(1 << c, white)) if i != c])
            clues = {(u if k == c else k): n for k, n in clues.items()}
    return black, place_clues(g, black, clues, rng), u


def generator(rows: int, cols: int, level: int, rng: random.Random,
              deadline: float) -> tuple[Nurikabe, Result, int] | None:
    """A puzzle solvable at exactly ``level``, or None once ``deadline`` passes."""
    refuse_above_top(TOP_LEVEL, "Nurikabe", rows, cols, level)
    from puzzles.nurikabe import KIND
    tries = 0
    while time.perf_counter() < deadline:
        tries += 1
        made = attempt(KIND, rows, cols, level, rng, deadline)
        if made is not None:
            return made[0], made[1], tries
    return None
