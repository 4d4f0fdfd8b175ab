"""Narrowed premises (deduce.premises) on the bundled Nurikabe examples.

Wide techniques (shape enumeration, battleground, ...) name every decided cell
while solving; walkthroughs narrow that after solving. Only premises may
change, each narrowed step must follow from its premises alone, and ``deduce
why`` must follow the narrower reasons.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from deduce.premises import breaks_on, narrow, rests_on
from deduce.solver import Solver
from explain.why import why_chain
from puzzles.nurikabe import KIND
from puzzles.pipes import KIND as PIPES
from tests.conftest import narrowing_faults

EXAMPLES = Path(__file__).resolve().parents[1] / "puzzles" / "examples"
SEVEN = EXAMPLES / "nurikabe-7x7.txt"  # three shape steps and two battleground steps


def _solved(path: Path):
    """The puzzle, its walkthrough as solved, and with narrowed premises (one
    solve: a second one in the same process may take other, equally sound,
    steps, from what the first left in the shape techniques' memory)."""
    puzzle = KIND.load(str(path))
    result = Solver(KIND, puzzle, depth=3).solve()
    return puzzle, result.steps, narrow(KIND, puzzle, result.steps)


def test_only_premises_change_and_each_narrowed_step_rests_on_them():
    puzzle, plain, thin = _solved(SEVEN)
    faults, count = narrowing_faults(KIND, puzzle, plain, thin)
    assert faults == []
    assert count == 5  # every wide step of this walkthrough


def test_narrowed_premises_leave_out_far_cells_and_are_needed():
    """The shape step on the 6 at r2c4 named all 10 decided cells and its
    conclusion; narrowed it names 5 (r1c1, decided earlier, and the numbers
    next to it), and on the givens alone the step does not follow."""
    puzzle, plain, thin = _solved(SEVEN)
    state = KIND.initial_state(puzzle)
    for a, b in zip(plain, thin):
        if b.text.startswith("The 6 at r2c4 can be completed in 14 ways"):
            break
        for i, v in a.conclusions:
            state.assign(i, v)
    else:
        raise AssertionError("the step on the 6 at r2c4 is gone")
    decided = [i for i in range(state.n) if state.value(i) is not None]
    assert sorted(a.premises) == sorted(set(decided) | {i for i, _ in a.conclusions})
    assert len(b.premises) == 5 and set(b.premises) < set(a.premises)
    names = {puzzle.cell_name(i) for i in b.premises}
    assert names == {"r1c1", "r1c2", "r2c3", "r2c4", "r4c5"}  # (r2c3: the conclusion)
    assert {"r3c4", "r4c6", "r5c5"} <= {puzzle.cell_name(i) for i in decided}
    technique = KIND.techniques.get("shape-enumeration")
    assert rests_on(KIND, puzzle, technique, b, state, b.premises, nested=True)
    # a test that can fail: without its premises (the numbers only) it does not follow
    assert not any(rests_on(KIND, puzzle, technique, b, state, (), nested)
                   for nested in (True, False))


def test_why_follows_the_narrower_reasons():
    puzzle, plain, thin = _solved(SEVEN)
    start = KIND.initial_state(puzzle)
    shorter = 0
    for a in plain:
        if a.technique in ("shape-enumeration", "battleground"):
            cell = a.conclusions[0][0]
            wide, narrow_ = why_chain(plain, start, cell), why_chain(thin, start, cell)
            assert set(narrow_) <= set(wide)
            shorter += len(narrow_) < len(wide)
    assert shorter >= 3


def test_nothing_changes_past_the_deadline_or_without_wide_techniques():
    puzzle, plain, _ = _solved(SEVEN)
    assert narrow(KIND, puzzle, plain, deadline=0.0) == plain
    assert not any(t.wide for t in PIPES.techniques)
    pipes = PIPES.load(str(EXAMPLES / "pipes-10x10-easy.txt"))
    steps = Solver(PIPES, pipes, depth=1).solve().steps
    assert narrow(PIPES, pipes, steps) == steps


def test_json_walkthrough_shows_the_narrowed_premises():
    """The CLI solves with Solver(narrow=True) for JSON (a fresh process: one solve)."""
    out = subprocess.run([sys.executable, "-m", "deduce.cli", "solve", str(SEVEN),
                          "--format", "json"], capture_output=True, text=True, check=True)
    steps = json.loads(out.stdout)["steps"]
    shape = [s for s in steps if s["text"].startswith("The 6 at r2c4 can be completed")]
    assert len(shape) == 1 and len(shape[0]["premises"]) == 5


def test_a_hypothesis_broken_by_a_wide_technique_narrows_its_reason():
    """janko-0330: assuming a cell leaves the 4 at r5c5 no shape; that contradiction
    named every cell decided at the branch's end, and is narrowed to the cells on
    which shape enumeration still finds the same rule broken. (janko-0329, with
    three such hypotheses, was used until shape-trial solved it with fewer.)"""
    from puzzles.nurikabe.formats import from_record
    from tests.conftest import janko_records

    puzzle = from_record(janko_records()["janko-0330"])
    plain = Solver(KIND, puzzle, depth=3).solve().steps
    thin = narrow(KIND, puzzle, plain)
    faults, _ = narrowing_faults(KIND, puzzle, plain, thin)
    assert faults == []
    state = KIND.initial_state(puzzle)
    narrowed = 0
    for a, b in zip(plain, thin):
        if a.assumption is not None and a.premises != b.premises:
            assert a.contradiction.startswith("no shape completes the 4 at r5c5")
            assert b.premises[0] == a.assumption[0] and set(b.premises) < set(a.premises)
            end = state.copy()
            end.assign(*a.assumption)
            for sub in a.proof:
                for i, v in sub.conclusions:
                    end.assign(i, v)
            shapes = KIND.techniques.get("shape-enumeration")
            assert any(breaks_on(KIND, puzzle, shapes, a.contradiction, end, b.premises[1:], n)
                       for n in (True, False))
            assert not any(breaks_on(KIND, puzzle, shapes, a.contradiction, end, (), n)
                           for n in (True, False))
            narrowed += 1
        for i, v in a.conclusions:
            state.assign(i, v)
    assert narrowed >= 1
