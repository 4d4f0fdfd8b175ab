"""Pipes (Net) puzzles of an exact level: maze spanning trees, made unique by local
fix-ups where logic stalls (as Tatham's Net generator does) rather than rejected.

1. a spanning tree of the grid by one maze algorithm (``binary``-tree,
   ``dfs`` recursive backtracker, ``kruskal``, ``prim``, ``wilson`` loop-erased
   walks), four-way tiles removed by edge swaps (Net has no crosses);
2. *fix*: solve with the techniques the level allows; while edges stay
   undecided, swap one tree edge there: an undecided open edge is closed and
   the two halves joined by another edge near it, or an undecided closed edge
   is opened and another edge of the loop it makes is closed;
3. *harden*: random edge swaps anywhere, kept while the level still solves it
   and neither the grade nor the effort score drops (a climb toward the level);
4. keep the puzzle if its grade is exactly the level; every tile is then turned
   a random number of quarter turns.

Pipes has no tier-4 technique, so no puzzle is level 3 (Hard).

>>> import random, time
>>> p, r, _ = generator(5, 5, 1, random.Random(2), time.perf_counter() + 60)
>>> r.grade.level, len(p.solution)
(1, 25)
"""
from __future__ import annotations

import random
import time

from deduce.errors import InputError
from deduce.generate import refuse_above_top, solve_at, solved_at
from deduce.solver import Result
from puzzles.pipes.model import D, DIRS, L, R, U, Pipes, rotate

ALGORITHMS = ("binary", "dfs", "kruskal", "prim", "wilson")
FIX_STEPS = 3  # fix-phase swaps per tile before the attempt is abandoned
HARDEN_TRIALS = {1: 30, 2: 200, 4: 100, 5: 60, 6: 60}
SOLVE_BUDGET = 30.0
# The highest level of any puzzle of a small grid, (short side, long side):
# every puzzle of that size was tried (``benchmarks/small_pipes.py``: every
# spanning tree without a four-way tile, the unique ones solved at depth 3),
# so a level above it is refused at once. Any other pair is searched for
# until the budget runs out.
TOP_LEVEL = {(2, 2): 1, (2, 3): 1, (2, 4): 1, (2, 5): 1, (2, 6): 1, (2, 7): 1, (2, 8): 1,
             (2, 9): 1, (3, 3): 1, (3, 4): 1, (3, 5): 1, (3, 6): 4, (4, 4): 1}


class Grid:
    """Tiles and edges of a non-wrapping board (edge numbering as in Pipes)."""

    def __init__(self, rows: int, cols: int):
        self.rows, self.cols = rows, cols
        self.board = Pipes(rows, cols, (1,) * (rows * cols))
        T = rows * cols
        self.T = T
        self.edges = [e for e in range(2 * T) if self.board.ends(e)[1] is not None]
        self.adj = [[(self.board.neighbour(t, d), self.board.side_edge(t, d)) for d in DIRS
                     if self.board.neighbour(t, d) is not None] for t in range(T)]
        self._ends = {e: self.board.ends(e) for e in self.edges}

    def ends(self, e: int) -> tuple[int, int]:
        return self._ends[e]

    def tiles(self, tree: set[int]) -> list[int]:
        out = [0] * self.T
        for e in tree:
            a, b = self.ends(e)
            if e < self.T:
                out[a] |= R
                out[b] |= L
            else:
                out[a] |= D
                out[b] |= U
        return out

    def degrees(self, tree: set[int]) -> list[int]:
        deg = [0] * self.T
        for e in tree:
            a, b = self.ends(e)
            deg[a] += 1
            deg[b] += 1
        return deg

    def side(self, tree: set[int], start: int, cut: int) -> set[int]:
        """Tiles reachable from ``start`` in ``tree`` without edge ``cut``."""
        seen, todo = {start}, [start]
        for t in todo:
            for u, e in self.adj[t]:
                if e != cut and e in tree and u not in seen:
                    seen.add(u)
                    todo.append(u)
        return seen

    def path(self, tree: set[int], a: int, b: int) -> list[int]:
        """The tree edges on the way from tile ``a`` to tile ``b``."""
        parent = {a: None}
        todo = [a]
        for t in todo:
            if t == b:
                break
            for u, e in self.adj[t]:
                if e in tree and u not in parent:
                    parent[u] = (t, e)
                    todo.append(u)
        out, t = [], b
        while parent[t] is not None:
            t, e = parent[t]
            out.append(e)
        return out


# ------------------------------------------------------------------ spanning trees

def spanning_tree(grid: Grid, algorithm: str, rng: random.Random) -> set[int]:
    T, adj = grid.T, grid.adj
    tree: set[int] = set()
    if algorithm == "binary":  # each tile joins up or left
        for t in range(1, T):
            options = [e for u, e in adj[t] if u < t]
            tree.add(rng.choice(options))
    elif algorithm == "dfs":
        stack = [rng.randrange(T)]
        seen = {stack[0]}
        while stack:
            t = stack[-1]
            options = [(u, e) for u, e in adj[t] if u not in seen]
            if not options:
                stack.pop()
                continue
            u, e = rng.choice(options)
            seen.add(u)
            tree.add(e)
            stack.append(u)
    elif algorithm == "kruskal":
        parent = list(range(T))

        def find(x):
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x
        edges = list(grid.edges)
        rng.shuffle(edges)
        for e in edges:
            a, b = (find(x) for x in grid.ends(e))
            if a != b:
                parent[a] = b
                tree.add(e)
    elif algorithm == "prim":
        start = rng.randrange(T)
        inside = {start}
        frontier = [(u, e) for u, e in adj[start]]
        while frontier:
            u, e = frontier.pop(rng.randrange(len(frontier)))
            if u in inside:
                continue
            inside.add(u)
            tree.add(e)
            frontier.extend((v, f) for v, f in adj[u] if v not in inside)
    elif algorithm == "wilson":
        inside = {rng.randrange(T)}
        for t in rng.sample(range(T), T):
            if t in inside:
                continue
            step: dict[int, tuple[int, int]] = {}  # loop-erased: the last exit wins
            x = t
            while x not in inside:
                u, e = rng.choice(adj[x])
                step[x] = (u, e)
                x = u
            x = t
            while x not in inside:
                inside.add(x)
                u, e = step[x]
                tree.add(e)
                x = u
    else:
        raise InputError(f"--algorithm {algorithm!r}: one of {', '.join(ALGORITHMS)}")
    return no_crosses(grid, tree, rng)


def swap(grid: Grid, tree: set[int], e: int, rng: random.Random) -> set[int] | None:
    """Another spanning tree with no four-way tile that differs from ``tree`` at edge
    ``e``: opened (and another edge of its loop closed) or closed (and the halves
    joined elsewhere); None when no such tree is at hand."""
    deg = grid.degrees(tree)
    if e in tree:
        a, _ = grid.ends(e)
        half = grid.side(tree, a, e)
        ends = grid.ends(e)
        joins = [f for f in grid.edges if f != e and f not in tree
                 and (grid.ends(f)[0] in half) != (grid.ends(f)[1] in half)
                 and all(deg[x] - (x in ends) < 3 for x in grid.ends(f))]
        if not joins:
            return None
        return (tree - {e}) | {rng.choice(joins)}
    a, b = grid.ends(e)
    loop = grid.path(tree, a, b)
    rng.shuffle(loop)
    for f in loop:
        # opening e adds one to the degrees of a and b; closing f takes one away
        if all(deg[x] + 1 - (x in grid.ends(f)) < 4 for x in (a, b)):
            return (tree - {f}) | {e}
    return None


def clusters(grid: Grid, edges: list[int]) -> list[list[int]]:
    """``edges`` grouped by the tiles they touch (edges sharing a tile are one group)."""
    at: dict[int, list[int]] = {}
    for e in edges:
        for x in grid.ends(e):
            at.setdefault(x, []).append(e)
    seen: set[int] = set()
    out = []
    for e in edges:
        if e in seen:
            continue
        group, todo = [], [e]
        seen.add(e)
        for f in todo:
            group.append(f)
            for x in grid.ends(f):
                for g in at[x]:
                    if g not in seen:
                        seen.add(g)
                        todo.append(g)
        out.append(group)
    return out


def fix(grid: Grid, tree: set[int], undecided: list[int], rng: random.Random) -> set[int]:
    """One swap in each separate patch of ``undecided`` edges, so that one solve
    drives many fix-ups on a large board (a fix-up is only a guess; the next
    solve judges it)."""
    for group in clusters(grid, undecided):
        new = swap(grid, tree, rng.choice(group), rng)
        if new is not None:
            tree = new
    return tree


def no_crosses(grid: Grid, tree: set[int], rng: random.Random) -> set[int]:
    """``tree`` with every four-way tile broken by an edge swap."""
    while True:
        deg = grid.degrees(tree)
        cross = [t for t in range(grid.T) if deg[t] == 4]
        if not cross:
            return tree
        t = rng.choice(cross)
        e = rng.choice([e for _, e in grid.adj[t]])
        new = swap(grid, tree, e, rng)
        if new is not None:
            tree = new


# ------------------------------------------------------------------ puzzles

def puzzle_of(grid: Grid, tree: set[int], rng: random.Random | None = None) -> Pipes:
    """The puzzle of ``tree`` with its solution; tiles turned at random when ``rng``."""
    solved = grid.tiles(tree)
    tiles = solved if rng is None else [rotate(x, rng.randrange(4)) for x in solved]
    return Pipes(grid.rows, grid.cols, tuple(tiles),
                 solution="".join("0123456789abcdef"[x] for x in solved))


def attempt(kind, grid: Grid, level: int, algorithm: str, rng: random.Random,
            deadline: float) -> tuple[Pipes, Result] | None:
    tree = spanning_tree(grid, algorithm, rng)
    steps = 0
    while True:
        if time.perf_counter() > deadline:
            return None
        puzzle = puzzle_of(grid, tree)
        r = solve_at(kind, puzzle, min(level, 2),
                     max(0.5, min(SOLVE_BUDGET, deadline - time.perf_counter())))
        if r.solved:
            break
        steps += 1
        if steps > FIX_STEPS * grid.T or r.verdict == "contradiction":
            return None
        tree = fix(grid, tree, [e for e in grid.edges if (r.state.unknown >> e) & 1], rng)
    best = r
    exact = (tree, r) if r.grade.level == level else None
    if exact is None or level > 1:
        for _ in range(HARDEN_TRIALS[level]):
            if time.perf_counter() > deadline:
                return None
            new = swap(grid, tree, rng.choice(grid.edges), rng)
            if new is None:
                continue
            r = solved_at(kind, puzzle_of(grid, new), level, deadline, SOLVE_BUDGET, 2)
            # climb: a higher grade, or the same grade with no less effort
            if r is not None and (r.grade.level, r.grade.score) >= \
                    (best.grade.level, best.grade.score):
                tree, best = new, r
                if r.grade.level == level:
                    exact = (tree, r)
                    break
    if exact is None:
        return None
    tree, r = exact
    # the rotations do not change what logic sees (the unknowns are edges)
    return puzzle_of(grid, tree, rng), r


def generator(rows: int, cols: int, level: int, rng: random.Random, deadline: float,
              algorithm: str | None = None) -> tuple[Pipes, Result, int] | None:
    """A puzzle solvable at exactly ``level``, or None once ``deadline`` passes."""
    if algorithm is not None and algorithm not in ALGORITHMS:
        raise InputError(f"--algorithm {algorithm!r}: one of {', '.join(ALGORITHMS)}")
    # (a level no technique reaches, 3, is refused before: deduce.generate.reachable_tiers)
    refuse_above_top(TOP_LEVEL, "Pipes puzzle", rows, cols, level)
    from puzzles.pipes import KIND
    grid = Grid(rows, cols)
    tries = 0
    while time.perf_counter() < deadline:
        tries += 1
        made = attempt(KIND, grid, level, algorithm or rng.choice(ALGORITHMS), rng, deadline)
        if made is not None:
            return made[0], made[1], tries
    return None
