"""The complete search's branching order: conflict-directed, next to earlier dead ends."""
from __future__ import annotations

import pytest

import deduce.search as search_module
from deduce.errors import BudgetExceeded
from deduce.search import Conflicts, Search, search
from deduce.solver import Solver
from puzzles.nurikabe import KIND
from puzzles.nurikabe.formats import from_record, parse_text
from tests.conftest import janko_records

FIVE = parse_text(". . . . .\n. . . . .\n. . 3 . .\n. . . . .\n. . . . .\n")


def test_first_candidate_until_a_dead_end():
    conflicts = Conflicts(KIND, FIVE, 25)
    assert conflicts.choose(iter([7, 3, 20])) == 7


def test_branches_next_to_dead_ends():
    conflicts = Conflicts(KIND, FIVE, 25)
    conflicts.dead_end((24, 23), branched=1 << 19)  # the bottom right corner
    assert conflicts.choose(iter([0, 1, 18, 2])) == 18  # r4c4: two steps from r5c5
    for _ in range(3):  # as many dead ends in the top left, and later ones weigh more
        conflicts.dead_end((0,), None)
    assert conflicts.choose(iter([18, 1])) == 1


def test_near_is_within_two_steps_on_the_grid():
    conflicts = Conflicts(KIND, FIVE, 25)
    assert sorted(conflicts.near(0)) == [0, 1, 2, 5, 6, 10]
    assert len(conflicts.near(12)) == 13  # the middle: a diamond of radius 2


def test_weighted_order_proves_a_stalled_janko_puzzle_with_fewer_nodes(monkeypatch):
    """janko-0667 stalls without hypotheses; searched from there, the order by
    dead ends proves it unique in far fewer nodes than the kind's order alone
    (151 against 749 in session 23, 183 against 675 since shape-trial decides
    more before the search; janko-0459, 35 against 531, was used until the wall
    techniques of session 23 solved it without hypotheses)."""
    record = janko_records()["janko-0667"]
    puzzle = from_record(record)
    stalled = Solver(KIND, puzzle, depth=0).solve()
    assert stalled.verdict == "stuck"
    weighted = search(KIND, puzzle, stalled.state, limit=2, budget=60)
    assert weighted.count == 1 and weighted.solutions[0] == KIND.solution(puzzle)
    monkeypatch.setattr(search_module.Conflicts, "choose",
                        lambda self, candidates: next(iter(candidates)))
    plain = search(KIND, puzzle, stalled.state, limit=2, budget=60, max_nodes=20000)
    assert plain.count == 1
    assert weighted.nodes * 3 < plain.nodes


def test_search_benchmark_reports_a_stalled_puzzle_proved_unique():
    from benchmarks.search import run
    got = run(janko_records()["janko-0006"], depth=0, logic_budget=30, budget=30)
    assert got["logic"] == "stuck" and got["result"] == "unique" and got["wrong"] is False
    assert got["nodes"] >= 1


def test_search_still_finds_every_solution_up_to_the_limit():
    two = parse_text("2 . . . 3\n. . . . .\n. 1 . . .\n. . . . 2\n3 . . . .\n")
    found = search(KIND, two, limit=2, budget=20)
    assert found.count == 2 and found.solutions[0] != found.solutions[1]


def test_a_search_run_a_few_passes_at_a_time_ends_as_one_run():
    """The solver looks for a witness a little at a time: a search paused every
    few passes of its techniques and resumed finds what one run finds, in as many
    nodes; one stopped by its deadline keeps the node it was in (it is not done)."""
    puzzle = from_record(janko_records()["janko-0667"])
    stalled = Solver(KIND, puzzle, depth=0).solve().state
    whole = search(KIND, puzzle, stalled, limit=2, budget=60)
    assert whole.verdict == "unique" and whole.nodes > 30
    walk = Search(KIND, puzzle, stalled)
    pauses = 0
    while not walk.done(2):
        walk.run(2, max_passes=20)
        pauses += 1
    assert pauses > 10
    assert walk.found == list(whole.solutions) and walk.nodes == whole.nodes
    two = parse_text("2 . . . 3\n. . . . .\n. 1 . . .\n. . . . 2\n3 . . . .\n")
    late = Search(KIND, two, KIND.initial_state(two))
    with pytest.raises(BudgetExceeded):
        late.run(2, deadline=0.0)
    assert not late.done(2) and late.nodes == 1


def test_a_rebased_search_drops_branches_the_position_contradicts():
    """Moved onto a position every solution holds, the search keeps the branches
    that agree with it, each taking its decided cells, and still finds the solution."""
    puzzle = from_record(janko_records()["janko-0667"])
    stalled = Solver(KIND, puzzle, depth=0).solve().state
    walk = Search(KIND, puzzle, stalled)
    walk.run(1, max_nodes=3)  # the root and a branch of each value: two open branches
    assert len(walk.stack) >= 2 and not walk.found
    solution = KIND.solution(puzzle)
    cell, value = walk.stack[-1][2][-1]  # the last branch's assumption
    later = stalled.copy()
    later.assign(cell, solution.value(cell))  # one more cell of the solution
    kept = [path for _, _, path in walk.stack if (cell, 1 - solution.value(cell)) not in path]
    walk.rebase(later)
    assert [path for _, _, path in walk.stack] == kept
    assert all(node.value(cell) == solution.value(cell) for node, _, _ in walk.stack)
    walk.run(1)
    assert walk.found == [solution]


if __name__ == "__main__":
    pytest.main([__file__])


@pytest.mark.parametrize("clues,budget", [
    (((50 * 100 + 50, 5000),), 0.5),  # one big island: one confinement call ran 11 s
    (tuple((r * 100 + c, None) for r in range(0, 100, 4) for c in range(0, 100, 4)), 0.5),
    # 625 7s: past the first 1.5 s, shape enumeration over every island took 33-42 s
    (tuple((r * 100 + c, 7) for r in range(1, 100, 4) for c in range(1, 100, 4)), 1.5),
    # 2500 1s: one reachability call, an area at a time, took 5 s
    (tuple((r * 100 + c, 1) for r in range(0, 100, 2) for c in range(0, 100, 2)), 0.5),
], ids=["one-5000", "many-?", "many-7", "many-1"])
def test_the_budget_holds_inside_a_long_technique_call(clues, budget):
    """Techniques look at the deadline in their long loops: on a 100x100 grid the
    solver and the search stop near their budget, not many seconds past it."""
    import time
    from puzzles.nurikabe.model import Nurikabe
    p = Nurikabe(100, 100, clues)
    start = time.perf_counter()
    result = Solver(KIND, p, depth=2, budget=budget).solve()
    assert result.verdict == "stuck" and time.perf_counter() - start < budget + 3.5  # (was 9-50 s)
    start = time.perf_counter()
    assert search(KIND, p, budget=budget).verdict == "unknown"
    assert time.perf_counter() - start < budget + 3.5


def test_covered_grows_to_all_of_the_search_space():
    """Search.covered: 1 less 2**-k for each open branch k assumptions down.
    Run a few nodes at a time it never falls, it is under 1 while branches
    are open, and it is 1 once the search space is exhausted."""
    puzzle = from_record(janko_records()["janko-0667"])
    stalled = Solver(KIND, puzzle, depth=0).solve().state
    walk = Search(KIND, puzzle, stalled)
    assert walk.covered() == 0.0
    seen = [0.0]
    while not walk.done(2):
        walk.run(2, max_nodes=7)
        assert walk.covered() == 1.0 - sum(2.0 ** -len(p) for _, _, p in walk.stack)
        assert seen[-1] <= walk.covered() and (walk.covered() < 1.0) == bool(walk.stack)
        seen.append(walk.covered())
    assert seen[-1] == 1.0 and len(set(seen)) > 5
    assert search(KIND, puzzle, stalled, limit=2, budget=60).covered == 1.0
    cut = search(KIND, puzzle, stalled, limit=2, budget=60, max_nodes=40)
    assert cut.verdict == "unknown" and 0.0 < cut.covered < 1.0
