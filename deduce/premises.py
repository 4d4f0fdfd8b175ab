"""Narrower premises for the steps of techniques that weigh the whole position.

Some techniques (Nurikabe's shape enumeration, say: a completion can be ruled
out by a pool, by the wall's connection or by another island's room anywhere)
cannot tell while solving which decided cells their conclusion rests on, so
they name every decided cell. That is true but useless to a reader: the
diagram marks the whole grid and ``deduce why`` follows every earlier step.

After solving, each such step (a technique registered ``wide=True``) is asked
again on sparser positions: the puzzle's givens plus only the decided cells
within some distance of what the step is about (its conclusions and regions).
The least distance at which the same technique, in one finding, still
concludes everything the step concluded is kept; then groups of same-valued
neighbouring cells, farthest first, are left out while it still does. What is
left are the premises. So they are a reason in the strict sense: the
technique derives the conclusion from them alone (each try is on a copy of
the puzzle, so nothing it learnt on fuller positions helps). A step no
sparser position reproduces keeps all its premises.

A hypothesis whose contradiction a wide technique found (Nurikabe: "no shape
completes the 8 at r5c7") likewise names every cell decided at the branch's
end; its reason is narrowed around the assumed cell to the cells on which that
technique finds the same rule broken.

Only premises change: conclusions, sentences and the order of steps stay as
solved, and the solve itself is not touched (this runs on its finished log).
A sentence still describes the board as it was ("can be completed in 2
ways"); on the sparser position there may be more ways, all of them giving
the same conclusions.
"""
from __future__ import annotations

import copy
import time
from typing import Any, Iterable

import attrs

from deduce.errors import BudgetExceeded, Contradiction
from deduce.kind import Kind
from deduce.state import State
from deduce.step import Step

ROUNDS = 100  # findings of the same technique taken on the way to a step's conclusions
NARROW_ROUNDS = 1  # on sparser positions, a step must follow in one round
CALLS = 16  # tries a step may take (the search by distance can go a few past it)


def narrow(kind: Kind, puzzle: Any, steps: Iterable[Step], start: State | None = None,
           deadline: float | None = None) -> tuple[Step, ...]:
    """``steps`` (a walkthrough from ``start``, the puzzle's givens by default)
    with narrower premises for the steps of wide techniques, proofs included.
    Steps still waiting when ``deadline`` (a ``time.perf_counter`` value) has
    passed keep the premises they have."""
    wide = {t.id: t for t in kind.techniques if t.wide}
    steps = tuple(steps)
    if not wide:
        return steps
    state = kind.initial_state(puzzle) if start is None else start.copy()
    return _narrow_all(kind, puzzle, wide, steps, state, deadline)


def _narrow_all(kind, puzzle, wide, steps, state: State, deadline) -> tuple[Step, ...]:
    out = []
    state = state.copy()
    for step in steps:
        out.append(_narrow_one(kind, puzzle, wide, step, state, deadline))
        for i, v in step.conclusions:
            state.assign(i, v)
    return tuple(out)


def _narrow_one(kind, puzzle, wide, step: Step, state: State, deadline) -> Step:
    if deadline is not None and time.perf_counter() > deadline:
        return step
    if step.proof:
        # a hypothesis's proof runs from its assumption; a step that holds
        # several cases (either value of a cell) has one proof per case
        if step.assumption is not None:
            branch = state.copy()
            branch.assign(*step.assumption)
            step = attrs.evolve(step, proof=_narrow_all(kind, puzzle, wide, step.proof,
                                                        branch, deadline))
        else:
            step = attrs.evolve(step, proof=tuple(
                _narrow_one(kind, puzzle, wide, case, state, deadline) for case in step.proof))
    try:
        technique = wide.get(step.technique)
        if technique is not None:
            premises = _narrowest(kind, puzzle, technique, step, state, deadline)
            return step if premises is None else attrs.evolve(step, premises=premises)
        if step.assumption is not None and step.contradiction:
            return _narrow_contradiction(kind, puzzle, wide, step, state, deadline)
    except BudgetExceeded:
        pass
    return step


def _narrow_contradiction(kind, puzzle, wide, step: Step, state: State, deadline) -> Step:
    """A hypothesis whose contradiction a wide technique found names, after the
    assumed cell, every cell decided at the branch's end: those are narrowed the
    same way, around the assumed cell, to the cells on which that technique
    finds the same rule broken (:func:`breaks_on`)."""
    end = state.copy()
    end.assign(*step.assumption)
    for sub in step.proof:
        for i, v in sub.conclusions:
            end.assign(i, v)
    cell = step.assumption[0]
    reason = step.premises[1:]
    decided = [i for i in reason if end.value(i) is not None]
    if not decided or len(decided) < (end.ones | end.zeros).bit_count():
        return step  # (a narrow reason already: a rule or a technique of tiers 1-3)
    for technique in wide.values():
        if breaks_on(kind, puzzle, technique, step.contradiction, end, decided, True) or \
                breaks_on(kind, puzzle, technique, step.contradiction, end, decided, False):
            break
    else:
        return step

    def test(kept, nested):
        return breaks_on(kind, puzzle, technique, step.contradiction, end, kept, nested,
                         deadline)
    kept = _least(kind, puzzle, decided, {cell}, end, test)
    if kept is None:
        return step
    return attrs.evolve(step, premises=(step.premises[0],) + tuple(
        i for i in reason if i in kept or end.value(i) is None))


def _narrowest(kind, puzzle, technique, step: Step, state: State, deadline):
    """The fewest premises of ``step`` found that still give its conclusions on
    their own; None when that is all of them."""
    decided = [i for i in step.premises if state.value(i) is not None]

    def test(kept, nested):
        return rests_on(kind, puzzle, technique, step, state, kept, nested, deadline)
    kept = _least(kind, puzzle, decided, _focus(kind, step), state, test)
    if kept is None:
        return None
    return tuple(i for i in step.premises if i in kept or state.value(i) is None)


def _least(kind, puzzle, decided: list[int], focus: set[int], state: State, test):
    """The fewest of the ``decided`` unknowns found for which ``test(cells,
    nested)`` still holds: those within the least distance of ``focus`` that
    does, less the groups of same-valued neighbours farther out it can spare
    (at most about ``CALLS`` tries). None when that is all of them, or when
    not even all of them pass."""
    if not decided:
        return None
    spots = [rc for i in focus for rc in kind.cells_of(puzzle, i)]
    if not spots:
        return None

    def distance(i: int) -> int:
        return min(abs(r - r2) + abs(c - c2)
                   for r, c in kind.cells_of(puzzle, i) for r2, c2 in spots)
    far = {i: distance(i) for i in decided}
    radii = sorted(set(far.values()))
    start = kind.initial_state(puzzle)
    tries = CALLS

    def enough(kept, nested: bool) -> bool:
        nonlocal tries
        tries -= 1
        return test(kept, nested)

    def within(radius: int) -> set[int]:
        return {i for i in decided if far[i] <= radius}

    # Within a hypothesis branch the techniques do less (smaller caps), which is
    # also what makes the many sparse positions affordable; the main line's
    # effort is the fallback. The binary search assumes that more premises never
    # hurt, which caps can break: where it ends was itself checked.
    for nested in (True, False):
        if not enough(decided, nested):
            continue
        lo, hi = 0, len(radii) - 1
        while lo < hi:
            mid = (lo + hi) // 2
            if enough(within(radii[mid]), nested):
                hi = mid
            else:
                lo = mid + 1
        kept = within(radii[lo])
        # then the groups of same-valued cells that are not what the step is
        # about, farthest first, halves of them at a time: those it can do
        # without are left out (while its allowance of tries lasts)
        groups = _chunks(kind, puzzle, kept - focus, state, start, far)
        todo = [groups] if groups else []
        while todo and tries > 0:
            groups = todo.pop()
            cells = set().union(*groups)
            if enough(kept - cells, nested):
                kept -= cells
            elif len(groups) > 1:
                half = len(groups) // 2
                todo += [groups[half:], groups[:half]]  # (the farther half next)
        return None if len(kept) == len(decided) else kept
    return None


def _focus(kind, step: Step) -> set[int]:
    """What a step is about: the unknowns it decides and those of its regions."""
    focus = {i for i, _ in step.conclusions}
    if not kind.tile_regions:
        for _, cells in step.regions:
            focus.update(cells)
    return focus


def rests_on(kind: Kind, puzzle: Any, technique, step: Step, state: State,
             cells: Iterable[int], nested: bool, deadline: float | None = None) -> bool:
    """Whether ``technique``, on the position where only the puzzle's givens
    and ``cells`` are decided (as in ``state``, the position ``step`` was taken
    in), concludes what ``step`` concluded at once: in one finding, looking
    where the step is about (``nested``: as inside a hypothesis branch). The
    test a narrowed step's premises pass.

    It is asked on a copy of the puzzle: techniques that remember what they
    found in earlier positions of the same puzzle (Nurikabe's shape lists)
    start afresh, so the answer depends on the cells given alone, and a test
    made again later gives the same answer."""
    puzzle, given = _sparse(kind, puzzle, state, cells)
    changed = 0
    for i in _focus(kind, step):
        changed |= 1 << i
    return concludes(kind, puzzle, given, technique, set(step.conclusions), changed=changed,
                     nested=nested, deadline=deadline, rounds=NARROW_ROUNDS)


def breaks_on(kind: Kind, puzzle: Any, technique, text: str, state: State,
              cells: Iterable[int], nested: bool, deadline: float | None = None) -> bool:
    """Whether ``technique``, on the position where only the puzzle's givens and
    ``cells`` are decided (as in ``state``), finds the rule broken that ``text``
    says (the same sentence); on a copy of the puzzle, as :func:`rests_on`."""
    puzzle, given = _sparse(kind, puzzle, state, cells)
    view = kind.view(puzzle, given)
    view.nested = nested
    view.deadline = deadline
    try:
        technique.apply(view)
    except Contradiction as c:
        return c.text == text
    return False


def _sparse(kind, puzzle, state: State, cells) -> tuple[Any, State]:
    """A copy of ``puzzle`` (no memory of other positions) and its givens with
    ``cells`` decided as in ``state``."""
    puzzle = copy.copy(puzzle)
    given = kind.initial_state(puzzle)
    for i in cells:
        v = state.value(i)
        if v is not None:
            given.assign(i, v)
    return puzzle, given


def _chunks(kind, puzzle, cells: set[int], state: State, start: State, far: dict):
    """``cells`` in groups of neighbours of one value, farthest group first;
    groups of givens only are not offered (a given holds anyway: naming a
    near one only shows where the step looks)."""
    at = {}
    for i in cells:
        for rc in kind.cells_of(puzzle, i):
            at[rc] = i
    groups = []
    left = set(cells)
    while left:
        seed = left.pop()
        group, todo = {seed}, [seed]
        while todo:
            i = todo.pop()
            for r, c in kind.cells_of(puzzle, i):
                for rc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                    j = at.get(rc)
                    if j in left and state.value(j) == state.value(seed):
                        left.discard(j)
                        group.add(j)
                        todo.append(j)
        if any(start.value(i) is None for i in group):
            groups.append(group)
    groups.sort(key=lambda g: -min(far[i] for i in g))
    return groups


def concludes(kind: Kind, puzzle: Any, given: State, technique, conclusions: set,
              changed: int | None = None, nested: bool = False,
              deadline: float | None = None, rounds: int = ROUNDS) -> bool:
    """Whether ``technique`` alone, from ``given`` (changed in place), concludes
    ``conclusions`` (``(unknown, value)`` pairs).

    A technique that reports one finding per call may find another first on a
    sparser position (one the same cells also imply): what it finds is taken
    and it is asked again, looking at what that decided too, so the
    conclusions may rest on ``given`` through a chain of that same technique,
    never through another. ``changed``: where it looks (None: everywhere);
    ``nested``: ask it as inside a hypothesis branch (it may do less). A
    position it finds broken concludes nothing.
    """
    for _ in range(rounds):
        view = kind.view(puzzle, given)
        if changed is not None:
            view.changed = changed
        view.nested = nested
        view.deadline = deadline
        try:
            found = technique.apply(view) or []
        except Contradiction:
            return False
        found = found if isinstance(found, list) else [found]
        again = set()
        for other in found:
            again.update(other.conclusions)
        if conclusions <= again:
            return True
        new = 0
        try:
            for i, v in again:
                new |= given.assign(i, v)
        except Contradiction:
            return False
        if not new:
            return False
        if changed is not None:
            changed |= new
    return False
