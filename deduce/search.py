"""Complete search: branch on unknowns and propagate with the techniques.

Used when logic stalls, to decide how many solutions a puzzle has. It is
exhaustive (both values of every branching unknown are explored), so with no
budget left over it proves "no solution", "unique" or "several"; a search that
runs out of budget says so instead of guessing.

>>> # see tests/test_search.py for use with a real kind
"""
from __future__ import annotations

import time
from typing import Any

import attrs

from deduce.errors import BudgetExceeded, Contradiction
from deduce.kind import Kind
from deduce.solver import Solver
from deduce.state import State

SEARCH_TIER = 3  # techniques used to propagate inside the search: the tier-4 shape
# techniques save nodes but cost more than they save on big grids (janko-1108 from
# 51 unknowns: tier 4 needs 2437 nodes and 124 s, tier 3 5117 nodes and 15 s)
SEARCH_PROBE_DEPTH = 0  # hypotheses this deep at every node before branching (1 was
# better on some janko puzzles, worse on others)


@attrs.frozen
class SearchResult:
    solutions: tuple[State, ...]
    complete: bool  # False: the budget ran out before the search space was exhausted
    nodes: int
    seconds: float
    first_contradiction: str = ""  # what broke in the first dead branch (for "no solution")

    @property
    def count(self) -> int | None:
        """How many solutions (up to the limit), or None when the budget ran out first."""
        if not self.complete and len(self.solutions) < 2:
            return None
        return len(self.solutions)


def search(kind: Kind, puzzle: Any, state: State | None = None, *, limit: int = 2,
           budget: float | None = 30.0, max_nodes: int | None = None) -> SearchResult:
    """Find up to ``limit`` solutions below ``state`` (the puzzle's start by default)."""
    start = time.perf_counter()
    solver = Solver(kind, puzzle, depth=SEARCH_PROBE_DEPTH, max_tier=SEARCH_TIER)
    deadline = start + budget if budget else None
    state = kind.initial_state(puzzle) if state is None else state.copy()
    found: list[State] = []
    nodes = 0
    first_contradiction = ""
    # each entry: a position and what changed in it since its parent's fixpoint
    # (None: everything), so a child's techniques start from the branching cell
    stack: list[tuple[State, int | None]] = [(state, None)]
    try:
        while stack and len(found) < limit:
            node, changed = stack.pop()
            nodes += 1
            if max_nodes is not None and nodes > max_nodes:
                raise BudgetExceeded()
            solver.deadline = deadline
            try:
                solver.propagate(node, SEARCH_PROBE_DEPTH, [], changed=changed)
            except Contradiction as c:
                first_contradiction = first_contradiction or c.text
                continue
            if node.solved:
                found.append(node)  # propagate already checked the rules on a full grid
                continue
            view = kind.view(puzzle, node)
            cell = next(i for i in kind.candidates(view) if (node.unknown >> i) & 1)
            for value in (1, 0):  # pushed so that 0 is explored first
                child = node.copy()
                child.assign(cell, value)
                stack.append((child, 1 << cell))
        complete = True
    except BudgetExceeded:
        complete = False
    return SearchResult(tuple(found), complete or len(found) >= limit, nodes,
                        time.perf_counter() - start, first_contradiction)
