"""Shared test set-up: the real-data location and the ``--full`` switch."""
from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest

from deduce.errors import Contradiction, InputError
from deduce.premises import breaks_on, concludes, rests_on
from puzzles.nurikabe import KIND as NURIKABE

# Every Nurikabe technique of tiers 1-3 names the whole reason as its premises. Tier 4
# (shape enumeration, battleground, squeeze, fence and enclosure) weighs the whole
# position and builds on what earlier positions ruled out: not replayed as solved.
# Their premises narrowed for walkthroughs (deduce.premises) are checked by
# ``narrowing_faults``.
NURIKABE_REPLAYED = {t.id for t in NURIKABE.techniques if t.tier <= 3 and not t.check_only}

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data"


def pytest_addoption(parser):
    parser.addoption("--full", action="store_true", default=False,
                     help="also run the real-data sweeps marked 'full' (minutes)")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--full"):
        return
    skip = pytest.mark.skip(reason="real-data sweep: run with --full")
    for item in items:
        if "full" in item.keywords:
            item.add_marker(skip)


def janko_records() -> dict[str, dict]:
    path = SHARED / "nurikabe" / "janko.jsonl"
    if not path.exists():
        pytest.skip(f"shared data not found at {path}", allow_module_level=True)
    with path.open() as f:
        return {r["id"]: r for r in map(json.loads, f)}


def redecided_steps(kind, puzzle, steps) -> list[str]:
    """Steps (of a main line) that name an unknown an earlier step already decided:
    a step names only what it decides. A clash raises Contradiction."""
    state = kind.initial_state(puzzle)
    return [f"step {n} [{step.technique}] {step.text}"
            for n, step in enumerate(steps, 1)
            if not all([state.assign(i, v) for i, v in step.conclusions])]


def unreplayed_steps(kind, puzzle, steps, techniques, state=None, where="") -> list[str]:
    """Steps of ``techniques`` (ids) whose premises are not the whole reason.

    A step's premises are the decided unknowns its conclusion rests on: on the
    position where only the puzzle's givens and those unknowns are decided (as
    they were when the step was taken), the same technique must conclude the
    same again. Walks ``steps`` from ``state`` (the start by default), and the
    proofs of hypotheses from their assumption; returns one line per step that
    fails.
    """
    by_id = {t.id: t for t in kind.techniques}
    start = kind.initial_state(puzzle)
    state = start.copy() if state is None else state.copy()
    failed = []
    for n, step in enumerate(steps, 1):
        cases = step.proof if step.technique.startswith("either-way") else \
            (step,) if step.assumption is not None else ()
        for case in cases:
            branch = state.copy()
            branch.assign(*case.assumption)
            failed += unreplayed_steps(kind, puzzle, case.proof, techniques, branch,
                                       f"{where}{n}{case.assumption}/")
        if step.assumption is not None and step.contradiction:
            # the broken rule too: where these techniques show it at the branch's end,
            # they show it from the givens and the contradiction's premises alone
            end = state.copy()
            end.assign(*step.assumption)
            for sub in step.proof:
                for i, v in sub.conclusions:
                    end.assign(i, v)
            if _breaks(kind, puzzle, end, techniques):
                if not _breaks(kind, puzzle, _given(start, end, step.premises[1:]), techniques):
                    failed.append(f"step {where}{n} [{step.technique}] {step.contradiction}")
        if step.technique in techniques:
            given = _given(start, state, step.premises)
            if not concludes(kind, puzzle, given, by_id[step.technique], set(step.conclusions)):
                failed.append(f"step {where}{n} [{step.technique}] {step.text}")
        for i, v in step.conclusions:
            state.assign(i, v)
    return failed


def narrowing_faults(kind, puzzle, plain, narrowed, state=None, where="") -> tuple[list[str], int]:
    """Walk one walkthrough as solved (``plain``) and with its premises narrowed
    (``narrowed``, :func:`deduce.premises.narrow`), proofs included. Returns (one
    line per difference other than a wide step's premises, or per narrowed
    premises that fail the test narrowing made of them -- ``rests_on``, for a
    hypothesis's broken rule ``breaks_on``, with either effort; how many steps
    were narrowed)."""
    by_id = {t.id: t for t in kind.techniques}
    state = kind.initial_state(puzzle) if state is None else state.copy()
    faults, count = [], 0
    if len(plain) != len(narrowed):
        return [f"{where}: {len(plain)} steps, narrowed {len(narrowed)}"], 0
    for n, (a, b) in enumerate(zip(plain, narrowed), 1):
        at = f"step {where}{n} [{a.technique}]"
        if attrs.evolve(a, premises=(), proof=()) != attrs.evolve(b, premises=(), proof=()):
            faults.append(f"{at} differs beyond its premises")
        if a.premises != b.premises and a.assumption is not None and a.contradiction:
            # a hypothesis: a wide technique finds the same rule broken on its reason
            end = state.copy()
            end.assign(*a.assumption)
            for sub in a.proof:
                for i, v in sub.conclusions:
                    end.assign(i, v)
            if b.premises[0] != a.premises[0] or not set(b.premises) < set(a.premises):
                faults.append(f"{at} narrowed to premises it did not have")
            elif not any(breaks_on(kind, puzzle, t, a.contradiction, end, b.premises[1:], nested)
                         for t in kind.techniques if t.wide for nested in (True, False)):
                faults.append(f"{at} does not break on its narrowed premises: {a.text}")
            count += 1
        elif a.premises != b.premises:
            technique = by_id.get(a.technique)
            if technique is None or not technique.wide:
                faults.append(f"{at} is not wide, yet its premises changed")
            elif not set(b.premises) < set(a.premises):
                faults.append(f"{at} narrowed to premises it did not have")
            elif not any(rests_on(kind, puzzle, technique, b, state, b.premises, nested)
                         for nested in (True, False)):
                faults.append(f"{at} does not follow from its narrowed premises: {a.text}")
            count += 1
        # a hypothesis's proof runs from its assumption; "either way" holds one
        # case per value, each with its own proof
        cases = [(a, b)] if a.assumption is not None else list(zip(a.proof, b.proof))
        for ca, cb in cases:
            if (ca is not a and ca.premises != cb.premises) or len(ca.proof) != len(cb.proof):
                faults.append(f"{at} case {ca.assumption} differs")
            branch = state.copy()
            branch.assign(*ca.assumption)
            more, k = narrowing_faults(kind, puzzle, ca.proof, cb.proof, branch,
                                       f"{where}{n}{ca.assumption}/")
            faults += more
            count += k
        for i, v in a.conclusions:
            state.assign(i, v)
    return faults, count


def steps_past_a_broken_rule(kind, puzzle, steps, state=None, where="") -> list[str]:
    """Steps taken after their branch already broke a rule (where the kind's
    rule checks see it): a proof ends at the step that broke one, so "(after N
    steps)" counts only what led there. ``steps``: a main line, which is held
    to the same (it breaks a rule only when the puzzle has no solution, and
    then ends there)."""
    state = kind.initial_state(puzzle) if state is None else state
    checks = [t for t in kind.techniques if t.check_only]
    found = []

    def broken(branch, nested) -> bool:
        view = kind.view(puzzle, branch)
        view.changed, view.nested = branch.full, nested  # (as the solver asks them)
        try:
            for t in checks:
                t.apply(view)
        except Contradiction:
            return True
        return False

    def proof(branch, steps, at, nested=True) -> None:
        for n, step in enumerate(steps, 1):
            if broken(branch, nested):
                found.extend(f"{at}/{k} [{s.technique}] {s.text}"
                             for k, s in enumerate(steps[n - 1:], n))
                return
            cases(branch, step, f"{at}/{n}")
            try:
                for i, v in step.conclusions:
                    branch.assign(i, v)
            except Contradiction:  # (the solver logs no step that clashes: were one
                # logged, the steps after it would be past the break)
                found.extend(f"{at}/{k} [{s.technique}] {s.text}"
                             for k, s in enumerate(steps[n:], n + 1))
                return

    def cases(position, step, at) -> None:
        for case in step.proof if step.technique.startswith("either-way") else \
                ((step,) if step.assumption is not None else ()):
            branch = position.copy()
            branch.assign(*case.assumption)
            proof(branch, case.proof, f"{at}{case.assumption}")

    proof(state, list(steps), f"{where} step", nested=False)
    return found


def _breaks(kind, puzzle, state, techniques) -> bool:
    """Whether the rules check or one of ``techniques`` (ids) finds ``state`` broken."""
    view = kind.view(puzzle, state)
    for t in kind.techniques:
        if t.id in techniques or t.check_only:
            try:
                t.apply(view)
            except Contradiction:
                return True
    return False


def _given(start, state, cells):
    """``start`` with ``cells`` decided as they are in ``state`` (those ``state`` decides)."""
    given = start.copy()
    for i in cells:
        if state.value(i) is not None:
            given.assign(i, state.value(i))
    return given


def records_in_a_json_file_are_read(tmp_path, kind, puzzle) -> None:
    """A file of ``kind``'s records not named .jsonl is read as a collection:
    one record alone, one of two with ``id``, and two without ``id`` refused."""
    record = dict(kind.to_record(puzzle), id="a")
    f = tmp_path / "one.json"
    f.write_text(json.dumps(record) + "\n")
    assert kind.load(str(f)) == kind.from_record(record)
    f.write_text(json.dumps(record) + "\n" + json.dumps(dict(record, id="b")) + "\n")
    assert kind.load(str(f), id="b") == kind.from_record(dict(record, id="b"))
    with pytest.raises(InputError, match="holds 2 puzzles"):
        kind.load(str(f))
