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

from deduce.premises import narrow, rests_on
from deduce.solver import Solver
from explain.why import why_chain
from puzzles.nurikabe import KIND
from puzzles.pipes import KIND as PIPES
from tests.conftest import narrowing_faults

EXAMPLES = Path(__file__).resolve().parents[1] / "puzzles" / "examples"
SEVEN = EXAMPLES / "nurikabe-7x7.txt"  # three shape steps and two battleground steps


def _solved(path: Path, narrow_them: bool):
    puzzle = KIND.load(str(path))
    return puzzle, Solver(KIND, puzzle, depth=3, narrow=narrow_them).solve()


def test_only_premises_change_and_each_narrowed_step_rests_on_them():
    _, plain = _solved(SEVEN, False)
    puzzle, thin = _solved(SEVEN, True)
    faults, count = narrowing_faults(KIND, puzzle, plain.steps, thin.steps)
    assert faults == []
    assert count == 5  # every wide step of this walkthrough
    assert thin.grade == plain.grade and thin.verdict == plain.verdict


def test_narrowed_premises_leave_out_far_cells_and_are_needed():
    """The shape step on the 6 at r2c4 named all 10 decided cells and its
    conclusion; narrowed it names 5 (r1c1, decided earlier, and the numbers
    next to it), and on the givens alone the step does not follow."""
    puzzle, thin = _solved(SEVEN, True)
    _, plain = _solved(SEVEN, False)
    state = KIND.initial_state(puzzle)
    for a, b in zip(plain.steps, thin.steps):
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
    puzzle, thin = _solved(SEVEN, True)
    _, plain = _solved(SEVEN, False)
    start = KIND.initial_state(puzzle)
    shorter = 0
    for a in plain.steps:
        if a.technique in ("shape-enumeration", "battleground"):
            cell = a.conclusions[0][0]
            wide, narrow_ = why_chain(plain.steps, start, cell), why_chain(thin.steps, start, cell)
            assert set(narrow_) <= set(wide)
            shorter += len(narrow_) < len(wide)
    assert shorter >= 3


def test_nothing_changes_past_the_deadline_or_without_wide_techniques():
    puzzle, plain = _solved(SEVEN, False)
    assert narrow(KIND, puzzle, plain.steps, deadline=0.0) == plain.steps
    assert not any(t.wide for t in PIPES.techniques)
    pipes = PIPES.load(str(EXAMPLES / "pipes-10x10-easy.txt"))
    steps = Solver(PIPES, pipes, depth=1).solve().steps
    assert narrow(PIPES, pipes, steps) == steps


def test_json_walkthrough_shows_the_narrowed_premises():
    out = subprocess.run([sys.executable, "-m", "deduce.cli", "solve", str(SEVEN),
                          "--format", "json"], capture_output=True, text=True, check=True)
    steps = json.loads(out.stdout)["steps"]
    shape = [s for s in steps if s["text"].startswith("The 6 at r2c4 can be completed")]
    assert len(shape) == 1 and len(shape[0]["premises"]) == 5
