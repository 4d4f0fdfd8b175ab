"""The human solver on real janko.at puzzles: every decided cell must match the known solution.

CI runs a fixed, representative sample (every 11th puzzle plus the known hard cases);
``--full`` runs all 1130.
"""
from __future__ import annotations

import random
import re

import attrs
import pytest

from deduce.errors import Contradiction
from deduce.premises import narrow
from deduce.solver import Solver
from puzzles.nurikabe import KIND
from puzzles.nurikabe.formats import from_record
from tests.conftest import NURIKABE_REPLAYED as REPLAYED
from tests.conftest import (janko_records, narrowing_faults, redecided_steps,
                            steps_past_a_broken_rule, unreplayed_steps)

HARD = ["janko-0029", "janko-0573", "janko-0903", "janko-0962", "janko-0980",
        "janko-0669", "janko-1030"]  # the last three need the wall and fence budget
# Sample puzzles the engine does not yet finish within the CI budget (measured; see the
# issue notes). Their steps are still checked cell by cell.
KNOWN_STUCK = {"janko-0962", "janko-0683"}
BUDGET = 20.0  # seconds per puzzle; a puzzle past it ends "stuck", and its steps are still checked


def sample_ids() -> list[str]:
    ids = sorted(janko_records())
    return sorted(set(ids[::11]) | set(HARD))


def check(record: dict, depth: int = 3, budget: float = BUDGET):
    puzzle = from_record(record)
    solution = KIND.solution(puzzle)
    result = Solver(KIND, puzzle, depth=depth, budget=budget).solve()
    _readable(result.steps, record["id"])
    for n, step in enumerate(result.steps, 1):
        for cell, value in step.conclusions:
            assert solution.value(cell) == value, (
                f"{record['id']} step {n} [{step.technique}] {step.text}: "
                f"{puzzle.cell_name(cell)} should be {KIND.words[solution.value(cell)]}")
    # a step names only what it decides: no cell an earlier step decided
    assert redecided_steps(KIND, puzzle, result.steps) == [], record["id"]
    assert steps_past_a_broken_rule(KIND, puzzle, result.steps, where=record["id"]) == []
    assert result.state.ones & ~solution.ones == 0
    assert result.state.zeros & ~solution.zeros == 0
    assert result.verdict != "contradiction", result.reason
    return result


def _readable(steps, where: str) -> None:
    """Sentences name cells and numbers, never a cell set's internal mask."""
    for step in steps:
        assert not re.search(r"\d{6,}", step.text), f"{where}: {step.text}"
        _readable(step.proof, where)


def _replay(state, steps, where: str) -> None:
    """Every step of a chain decides only cells still open, and contradicts no earlier one;
    a hypothesis's proof is such a chain from its assumption."""
    for n, step in enumerate(steps, 1):
        if step.technique.startswith("either-way"):
            for case in step.proof:
                branch = state.copy()
                assert branch.assign(*case.assumption)
                _replay(branch, case.proof, f"{where}/{n}{case.assumption}")
        elif step.assumption is not None:
            branch = state.copy()
            assert branch.assign(*step.assumption), f"{where}/{n}: assumed a decided cell"
            _replay(branch, step.proof, f"{where}/{n}")
        for cell, value in step.conclusions:
            # raises on a clash; 0 when an earlier step already decided the cell
            assert state.assign(cell, value), \
                f"{where}/{n} [{step.technique}] decides a decided cell again: {step.text}"


@pytest.mark.parametrize("pid", ["janko-0418", "janko-0894", "janko-1109"])
def test_hypothesis_proofs_are_chains_when_outcomes_are_reused(pid):
    """Inside hypotheses the solver takes how propagation went on from a position
    it met before; the proofs it writes must still be chains from the assumption."""
    puzzle = from_record(janko_records()[pid])
    solver = Solver(KIND, puzzle, depth=3, budget=60)
    result = solver.solve()
    assert result.solved and solver.reused > 0
    assert any(s.assumption for s in result.steps)
    _replay(KIND.initial_state(puzzle), result.steps, pid)
    # and every step inside the proofs rests on its premises alone, as on the main line
    assert unreplayed_steps(KIND, puzzle, result.steps, REPLAYED) == [], pid


@pytest.mark.parametrize("pid", sample_ids())
def test_premises_are_enough(pid):
    """A step's premises are what its conclusion rests on: on the position where only
    the numbers and the premise cells are decided, the same technique concludes the
    same again (so ``deduce why`` and the diagrams show the whole reason)."""
    assert len(REPLAYED) >= 14
    puzzle = from_record(janko_records()[pid])
    steps = Solver(KIND, puzzle, depth=0, budget=BUDGET).solve().steps
    assert unreplayed_steps(KIND, puzzle, steps, REPLAYED) == [], pid
    # (janko-0962 needs a hypothesis at once: no step)
    assert any(s.technique in REPLAYED for s in steps) or not steps


def test_wide_premises_narrow_on_the_sample():
    """Steps that name every decided cell (shape enumeration and the other wide
    techniques) get narrower premises for walkthroughs: nothing else in the
    walkthrough changes, each narrowed step follows from its premises alone
    (deduce.premises.rests_on), and most shape steps shrink a lot."""
    faults, narrowed, shapes, thinner, before, after = [], 0, 0, 0, 0, 0
    for pid in sample_ids():
        # (one solve, narrowed after: a second solve in the same process may
        # start from what the first left in the shape techniques' memory, and
        # take other, equally sound, steps)
        puzzle = from_record(janko_records()[pid])
        plain = Solver(KIND, puzzle, depth=0, budget=BUDGET).solve().steps
        thin = narrow(KIND, puzzle, plain)
        bad, count = narrowing_faults(KIND, puzzle, plain, thin)
        faults += [f"{pid} {line}" for line in bad]
        narrowed += count
        for a, b in zip(plain, thin):
            if a.technique == "shape-enumeration":
                shapes += 1
                thinner += a.premises != b.premises
                before += len(a.premises)
                after += len(b.premises)
    assert faults == []
    # measured: 152 of 155 shape steps narrowed, to 0.38 of their premises
    assert shapes >= 100 and thinner >= shapes * 0.8 and after < before * 0.5, \
        (shapes, thinner, before, after)
    assert narrowed > thinner  # (other wide techniques too)


def test_sample_is_large_enough():
    assert len(sample_ids()) >= 100


@pytest.mark.parametrize("pid", sample_ids() if __name__ != "__main__" else [])
def test_janko_sample(pid):
    record = janko_records()[pid]
    result = check(record)
    if pid not in KNOWN_STUCK:
        assert result.solved, f"{pid}: {result.reason}"


@pytest.mark.parametrize("pid, row, col, made", [
    ("janko-0431", 5, 2, 2), ("janko-0546", 6, 13, 1), ("janko-0755", 2, 9, None)])
def test_a_walkthrough_with_no_solution_ends_where_a_rule_broke(pid, row, col, made):
    """Janko puzzles with one number changed (or taken out: None) have no solution:
    the walkthrough stops at the step after which the position breaks a rule, and
    its reason is that rule (before, up to 4 steps of the same batch followed)."""
    puzzle = from_record(janko_records()[pid])
    cell = (row - 1) * puzzle.cols + col - 1
    clues = tuple((i, made) if i == cell else (i, n) for i, n in puzzle.clues
                  if i != cell or made is not None)
    assert len(clues) == len(puzzle.clues) - (made is None)
    mutant = attrs.evolve(puzzle, clues=clues, solution=None)
    solver = Solver(KIND, mutant, depth=1, budget=BUDGET)
    result = solver.solve()
    assert result.verdict == "contradiction", result.reason
    assert steps_past_a_broken_rule(KIND, mutant, result.steps, where=pid) == []
    # the position shown is the one after the last step, and it breaks the rule named
    state = KIND.initial_state(mutant)
    for step in result.steps:
        for i, v in step.conclusions:
            state.assign(i, v)
    assert state == result.state
    rules = KIND.techniques.get("rules")
    with pytest.raises(Contradiction) as broken:
        rules.apply(KIND.view(mutant, state))
    assert broken.value.rule != "clash"
    # (without the look back, steps of the same batch followed the break)
    solver._first_broken = lambda *args: None
    assert len(solver.solve().steps) > len(result.steps)


def test_budget_techniques_checked_on_real_puzzles():
    """The wall and fence budget take part in the sample's walkthroughs (whose every
    cell ``check`` compares with the known solution)."""
    records = janko_records()
    used = set()
    for pid in ("janko-0669", "janko-1030", "janko-0029"):
        result = check(records[pid])
        assert result.solved, f"{pid}: {result.reason}"
        used |= {s.technique for s in result.steps}
        used |= {p.technique for s in result.steps for p in s.proof}
    assert {"wall-budget", "fence-budget", "enclosed-island"} <= used, used


def test_tight_wall_solves_janko_0753():
    """19 black cells on 10x10 with a number next to each edge: the wall must reach
    all 10 rows and 10 columns, which takes all 19, so each row and column holds one
    stretch of black. Without this no technique applied at all; with it, hypotheses
    of depth 2 finish (every cell checked against the solution by ``check``)."""
    result = check(janko_records()["janko-0753"])
    assert result.solved, result.reason
    used = {s.technique for s in result.steps} | {p.technique for s in result.steps
                                                   for p in s.proof}
    assert "tight-wall" in used and result.grade.max_depth <= 2


def test_shape_trial_takes_janko_puzzles_to_depth_0():
    """janko-0128 and janko-0405 needed a hypothesis before shape-trial; with it they
    need none, and every cell it decides is checked against the known solution."""
    for pid in ("janko-0128", "janko-0405"):
        result = check(janko_records()[pid], depth=0)
        assert result.solved and result.grade.max_depth == 0, (pid, result.reason)
        assert any(s.technique == "shape-trial" for s in result.steps), pid


def test_enclosed_island_solves_janko_0029():
    """The 37 and the 36 meet at a corner: the wall's loop goes round the 36, which
    needs all 27 black cells off the edges (2h + 2w + 3 for a 6x6 block). No
    hypothesis; the ASP oracle does not settle this puzzle within two minutes."""
    result = check(janko_records()["janko-0029"], depth=0)
    assert result.solved and result.grade.max_depth == 0
    enclosed = [s for s in result.steps if s.technique == "enclosed-island"]
    assert len(enclosed) == 1 and len(enclosed[0].conclusions) == 35


def test_thorough_shape_pass_saves_hypotheses():
    """Once stuck, the shape techniques look again with larger caps, before any hypothesis:
    these need no hypothesis then (with the usual caps only, depth 0 leaves them stuck)."""
    records = janko_records()
    for pid in ("janko-0300", "janko-0727"):
        result = check(records[pid], depth=0)
        assert result.solved, f"{pid}: {result.reason}"


@pytest.mark.full
def test_janko_all():
    records = janko_records()
    unsolved = []
    for pid, record in records.items():
        if not check(record, budget=60).solved:
            unsolved.append(pid)
    assert not unsolved, unsolved


@pytest.mark.full
def test_premises_are_enough_on_all():
    """The premise replay of ``test_premises_are_enough`` on every janko puzzle
    (depth 0; about a minute and a half on one core)."""
    failed = {}
    for pid, record in janko_records().items():
        puzzle = from_record(record)
        steps = Solver(KIND, puzzle, depth=0, budget=BUDGET).solve().steps
        bad = unreplayed_steps(KIND, puzzle, steps, REPLAYED)
        if bad:
            failed[pid] = bad[:2]
    assert not failed, failed


@pytest.mark.full
def test_narrowed_premises_rest_on_all():
    """The narrowing check of ``test_wide_premises_narrow_on_the_sample`` on every
    janko puzzle (depth 0; a few minutes on one core)."""
    failed = {}
    for pid, record in janko_records().items():
        puzzle = from_record(record)
        plain = Solver(KIND, puzzle, depth=0, budget=BUDGET).solve().steps
        thin = narrow(KIND, puzzle, plain)
        bad, _ = narrowing_faults(KIND, puzzle, plain, thin)
        if bad:
            failed[pid] = bad[:2]
    assert not failed, failed


def test_random_positions_are_sound():
    """Janko puzzles from random partly solved positions: every step agrees with the solution.

    A fixed sample of what ``benchmarks/positions.py`` sweeps in the thousands.
    """
    from benchmarks.positions import judge
    records = sorted(janko_records().values(), key=lambda r: r["id"])
    records = [r for r in records if r["rows"] * r["cols"] <= 150]
    rng = random.Random(5)
    checked = 0
    for k in range(300):
        r = judge((rng.choice(records), k))
        assert not r["unsound"], r
        checked += sum(r["used"].values())
    assert checked > 5000


def test_the_witness_search_leaves_out_assumptions_and_keeps_the_walkthrough():
    """janko-0318 needs hypotheses with every tier: the solver's search finds a
    solution between rounds (the known one), and the rounds after it try only the
    values it does not hold: the same grade, in fewer branches. (Not always the
    same steps: the shape techniques start from lists that earlier positions,
    branches among them, left; here a shape step becomes a battleground step.)"""
    counts = {}

    class Counted(Solver):
        def try_assumption(self, *args, **kwargs):
            counts[self.seeking] = counts.get(self.seeking, 0) + 1
            return super().try_assumption(*args, **kwargs)

    record = janko_records()["janko-0318"]
    guided = Counted(KIND, from_record(record), depth=3, budget=60)
    plain = Counted(KIND, from_record(record), depth=3, budget=60, witness=False)
    a, b = guided.solve(), plain.solve()
    assert guided.looked and guided.witness == KIND.solution(from_record(record))
    assert a.solved and b.solved
    assert (a.grade.level, a.grade.max_depth) == (b.grade.level, b.grade.max_depth) == (4, 1)
    assert counts[True] < counts[False]
