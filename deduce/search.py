"""Complete search: branch on unknowns and propagate with the techniques.

Used when logic stalls, to decide how many solutions a puzzle has. It is
exhaustive (both values of every branching unknown are explored), so with no
budget left over it proves "no solution", "unique" or "several"; a search that
runs out of budget says so instead of guessing.

Which unknown to branch on is conflict-directed (as "weighted degree" in
constraint solvers and VSIDS in SAT solvers): every dead end adds weight to
the unknowns its contradiction names and to the one branched on last, later
dead ends more than earlier ones, and the search branches where the weight
near an unknown is greatest. Dead ends cluster where the puzzle is hard, and
branching there closes off the other branches sooner. Before the first dead
end, and between equal weights, the kind's candidate order decides. The
order changes only how fast the search ends, never what it finds.

It does not learn nogoods. Clause learning was measured on the janko puzzles:
tracing a dead end's premises back to the decisions it rests on gives
nogoods that hold nearly every decision on the path (on janko-0687 23 of 23
on average: wall and reach premises are wide), so it prunes almost nothing
(183 searches: 33 965 nodes against 35 219, and slower); shrinking each one
by propagating without one decision at a time leaves about 8 but costs about
0.15 s a dead end, more than the nodes it saves.

(tests/test_search.py and tests/test_check.py use it with a real kind.)
"""
from __future__ import annotations

import time
from itertools import islice
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
CONFLICT_GROWTH = 1.05  # each dead end weighs this much more than the one before it
NEAR = 2  # an unknown's weight is that of the unknowns within this many steps of it
BRANCH_WINDOW = 200  # how many of the kind's candidates are weighed at each node


@attrs.frozen
class SearchResult:
    solutions: tuple[State, ...]
    complete: bool  # False: the budget ran out before the search space was exhausted
    nodes: int
    seconds: float
    first_contradiction: str = ""  # what broke in the first dead branch (for "no solution")
    # the values the search assumed on the way to that branch, (unknown, value) from
    # the top: empty when the position itself breaks a rule
    first_dead_end: tuple[tuple[int, int], ...] = ()
    covered: float = 1.0  # how much of the search space it settled (see Search.covered)

    @property
    def count(self) -> int | None:
        """How many solutions (up to the limit), or None when the budget ran out first."""
        if not self.complete and len(self.solutions) < 2:
            return None
        return len(self.solutions)

    @property
    def verdict(self) -> str:
        """``unique``, ``multiple``, ``none``, or ``unknown`` when the budget ran out first."""
        count = self.count
        return ("unknown" if count is None else
                "none" if count == 0 else "unique" if count == 1 else "multiple")


def search(kind: Kind, puzzle: Any, state: State | None = None, *, limit: int = 2,
           budget: float | None = 30.0, max_nodes: int | None = None) -> SearchResult:
    """Find up to ``limit`` solutions below ``state`` (the puzzle's start by default)."""
    start = time.perf_counter()
    deadline = start + budget if budget else None
    state = kind.initial_state(puzzle) if state is None else state
    walk = Search(kind, puzzle, state)
    try:
        walk.run(limit, deadline, max_nodes)
    except BudgetExceeded:
        pass
    return SearchResult(tuple(walk.found), walk.done(limit), walk.nodes,
                        time.perf_counter() - start, walk.first_contradiction,
                        walk.first_dead_end, walk.covered())


class Search:
    """A depth-first search below one position that can be run a number of
    nodes at a time (``run``), and moved onto a position that extends the one
    it started from (``rebase``): the engine's solver looks for a solution this
    way a little at a time, between its hypothesis rounds."""

    def __init__(self, kind: Kind, puzzle: Any, state: State):
        self.kind, self.puzzle = kind, puzzle
        # (its positions are looked at as a hypothesis branch's: the techniques
        # that do less there make the nodes cheaper, 1.2-2 times on janko)
        self.solver = Solver(kind, puzzle, depth=SEARCH_PROBE_DEPTH, max_tier=SEARCH_TIER,
                             thorough=False, exploring=True)
        # each entry: a position, what changed in it since its parent's fixpoint
        # (None: everything), so a child's techniques start from the branching
        # cell, and the values assumed on the way to it
        self.stack: list[tuple[State, int | None, tuple[tuple[int, int], ...]]] = \
            [(state.copy(), None, ())]
        self.conflicts = Conflicts(kind, puzzle, state.n)
        self.found: list[State] = []
        self.nodes = 0
        self.first_contradiction = ""  # what broke in the first dead branch
        self.first_dead_end: tuple[tuple[int, int], ...] = ()

    def done(self, limit: int) -> bool:
        """Whether the search space is exhausted or ``limit`` solutions are found."""
        return not self.stack or len(self.found) >= limit

    def run(self, limit: int, deadline: float | None = None,
            max_nodes: int | None = None, max_passes: int | None = None) -> None:
        """Search on until ``limit`` solutions are known or none is left to find;
        stop after ``max_nodes`` more nodes, or once its techniques have made
        ``max_passes`` more passes (``Solver.nodes``; the search can go on
        later). Raises BudgetExceeded past ``deadline`` (of perf_counter)."""
        kind, puzzle, solver, stack = self.kind, self.puzzle, self.solver, self.stack
        conflicts = self.conflicts
        stop = None if max_nodes is None else self.nodes + max_nodes
        enough = None if max_passes is None else solver.nodes + max_passes
        while stack and len(self.found) < limit and self.nodes != stop:
            if enough is not None and solver.nodes >= enough:
                return
            node, changed, path = stack.pop()
            self.nodes += 1
            solver.deadline = deadline
            try:
                solver.propagate(node, SEARCH_PROBE_DEPTH, [], changed=changed)
            except BudgetExceeded:
                # (what it decided so far holds: it looks at everything again later)
                stack.append((node, None, path))
                raise
            except Contradiction as c:
                if not self.first_contradiction:
                    self.first_contradiction, self.first_dead_end = c.text, path
                conflicts.dead_end(c.premises, changed)
                continue
            if node.solved:
                self.found.append(node)  # propagate already checked the rules on a full grid
                continue
            view = kind.view(puzzle, node)
            unknown = node.unknown
            cell = conflicts.choose(i for i in kind.candidates(view) if (unknown >> i) & 1)
            for value in (1, 0):  # pushed so that 0 is explored first
                child = node.copy()
                child.assign(cell, value)
                stack.append((child, 1 << cell, path + ((cell, value),)))

    def covered(self) -> float:
        """How much of the search space is settled, each branch of a node
        counting as half of it: 1 less what the open branches stand for (one
        ``k`` assumptions down, 2**-k). A dead branch settles its share at
        once, so this grows as the search goes, unevenly, and reaches 1 when
        the search space is exhausted. Its pace tells roughly how much longer
        a search that ran out of budget would need, within a factor of about
        2 once it has settled a few percent: from its depth-2 stall, janko-0683
        (77 unknowns) settles 3 % in 25 000 nodes, 24 % in 125 000, 51 % in
        200 000 and all in 387 539; janko-0687 (166 unknowns) 0.06 % in
        25 000, 0.37 % in 125 000 and 0.72 % in 400 000 (at that pace some 55
        million nodes in all, more than a day)."""
        return 1.0 - sum(2.0 ** -len(path) for _, _, path in self.stack)

    def rebase(self, state: State) -> None:
        """Go on below ``state``, a position that extends the one the search
        started from and holds only what every solution has: each open branch
        takes its decided cells (a branch that contradicts them has no solution
        and is dropped), and its techniques look again at what it gained."""
        stack = []
        for node, changed, path in self.stack:
            if node.ones & state.zeros or node.zeros & state.ones:
                continue
            new = (state.ones | state.zeros) & ~(node.ones | node.zeros)
            node.ones |= state.ones
            node.zeros |= state.zeros
            stack.append((node, None if changed is None else changed | new, path))
        self.stack = stack


class Conflicts:
    """Where the search's dead ends were, to branch next to them.

    ``weight[i]``: how much the dead ends so far involved unknown ``i``;
    ``near(i)``: the unknowns within ``NEAR`` steps of ``i`` on the grid (by
    the grid cells each stands for), ``i`` included.
    """

    def __init__(self, kind: Kind, puzzle: Any, n: int):
        self.kind, self.puzzle, self.n = kind, puzzle, n
        self.weight = [0.0] * n
        self.bump = 1.0
        self.any = False
        self._at: dict[tuple[int, int], list[int]] | None = None
        self._near: dict[int, tuple[int, ...]] = {}

    def dead_end(self, premises: tuple[int, ...], branched: int | None) -> None:
        weight, bump, n = self.weight, self.bump, self.n
        for i in premises:
            if 0 <= i < n:
                weight[i] += bump
        if branched:
            weight[branched.bit_length() - 1] += bump
        self.bump = bump * CONFLICT_GROWTH
        self.any = True

    def near(self, i: int) -> tuple[int, ...]:
        got = self._near.get(i)
        if got is None:
            if self._at is None:
                self._at = {}
                for j in range(self.n):
                    for rc in self.kind.cells_of(self.puzzle, j):
                        self._at.setdefault(rc, []).append(j)
            around = {i}
            for r, c in self.kind.cells_of(self.puzzle, i):
                for dr in range(-NEAR, NEAR + 1):
                    for dc in range(abs(dr) - NEAR, NEAR - abs(dr) + 1):
                        around.update(self._at.get((r + dr, c + dc), ()))
            got = self._near[i] = tuple(around)
        return got

    def choose(self, candidates) -> int:
        """The candidate with the most dead-end weight around it; the first one
        while there is none (``candidates``: unknowns, best first)."""
        if not self.any:
            return next(iter(candidates))
        weight = self.weight
        # (max keeps the first of equal scores: the kind's order breaks ties)
        return max(islice(candidates, BRANCH_WINDOW),
                   key=lambda i: sum(weight[j] for j in self.near(i)))
