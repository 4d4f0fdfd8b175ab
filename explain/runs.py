"""Replaying a walkthrough and grouping its steps for display.

- :func:`states_before`: the state each step starts from (replayed from the
  puzzle's initial state);
- :func:`branch_state`: the state a hypothesis branch reached when it broke a
  rule (its assumption and its proof replayed on a copy);
- :func:`group_steps`: runs of consecutive trivial steps (tier 1-2) of one
  technique become one :class:`Group`, every other step a group of its own;
- :func:`run_summary`: one sentence for a run ("12 cells closed around
  complete islands").
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Sequence

import attrs

from deduce.errors import Contradiction
from deduce.kind import Kind
from deduce.state import State
from deduce.step import Step

TRIVIAL_TIER = 2  # runs are made of steps of tiers 1..TRIVIAL_TIER
MIN_RUN = 2  # shortest run worth summarising


def apply_step(state: State, step: Step) -> None:
    """Give ``state`` the step's conclusions (a clash is ignored: the diagram shows it)."""
    for i, v in step.conclusions:
        try:
            state.assign(i, v)
        except Contradiction:
            pass


def states_before(kind: Kind, puzzle: Any, steps: Sequence[Step],
                  start: State | None = None) -> list[State]:
    """``out[k]`` is the state before ``steps[k]``; ``out[len(steps)]`` the state after all."""
    state = kind.initial_state(puzzle) if start is None else start.copy()
    out = [state.copy()]
    for step in steps:
        apply_step(state, step)
        out.append(state.copy())
    return out


def branch_state(before: State, step: Step) -> State:
    """The branch of a hypothesis (or an ``assume`` sub-step) after its proof."""
    branch = before.copy()
    if step.assumption is not None:
        i, v = step.assumption
        try:
            branch.assign(i, v)
        except Contradiction:
            pass
    for sub in step.proof:
        apply_step(branch, sub)
    return branch


def is_trivial(step: Step) -> bool:
    return 1 <= step.tier <= TRIVIAL_TIER and not step.proof and step.assumption is None


@attrs.frozen
class Group:
    """Consecutive steps shown together: ``first`` is the 0-based index of ``steps[0]``."""

    first: int
    steps: tuple[Step, ...]

    @property
    def is_run(self) -> bool:
        return len(self.steps) > 1

    @property
    def last(self) -> int:
        return self.first + len(self.steps) - 1

    @property
    def technique(self) -> str:
        return self.steps[0].technique

    @property
    def conclusions(self) -> tuple[tuple[int, int], ...]:
        return tuple(dict.fromkeys(p for s in self.steps for p in s.conclusions))

    @property
    def premises(self) -> tuple[int, ...]:
        return tuple(dict.fromkeys(i for s in self.steps for i in s.premises))

    @property
    def regions(self) -> tuple[tuple[str, tuple[int, ...]], ...]:
        return tuple(dict.fromkeys(r for s in self.steps for r in s.regions))


def group_steps(steps: Sequence[Step], min_run: int = MIN_RUN) -> list[Group]:
    """Split a walkthrough into groups; concatenating their steps gives ``steps`` back."""
    groups: list[Group] = []
    k = 0
    while k < len(steps):
        end = k + 1
        if is_trivial(steps[k]):
            while end < len(steps) and is_trivial(steps[end]) \
                    and steps[end].technique == steps[k].technique:
                end += 1
        if end - k >= min_run:
            groups.append(Group(k, tuple(steps[k:end])))
        else:
            groups.extend(Group(j, (steps[j],)) for j in range(k, end))
        k = end
    return groups


# What a run of each technique did, "{n} cells ..." (Nurikabe ids; others fall back).
RUN_PHRASES = {
    "island-closure": "closed around complete islands",
    "clue-separation": "shaded between two islands",
    "pool-prevention": "kept white so that no 2×2 square is all black",
    "island-expansion": "added to islands with a single way out",
    "wall-expansion": "added to walls with a single way out",
    "size-accounting": "shaded because they would make an island too big",
    "unreachable": "shaded because no island can reach them",
}


def run_summary(kind: Kind, group: Group) -> str:
    """One sentence for a group of steps of one technique."""
    n = len(group.conclusions)
    cells = f"{n} {kind.nouns[n != 1]}"
    phrase = RUN_PHRASES.get(group.technique)
    if phrase:
        text = f"{cells} {phrase}"
    else:
        values = Counter(v for _, v in group.conclusions)
        words = ", ".join(f"{values[v]} {kind.words[v]}" for v in (1, 0) if values[v])
        text = f"{cells} decided by {technique_name(kind, group.technique)} ({words})"
    return f"{text} ({len(group.steps)} steps)."


def technique_name(kind: Kind, tid: str) -> str:
    """A technique's name from the kind's registry; hypotheses get a generated one."""
    try:
        return kind.techniques.get(tid).name
    except KeyError:
        pass
    base, _, depth = tid.rpartition("-")
    if base == "hypothesis" and depth.isdigit():
        return f"Hypothesis (depth {depth})"
    if base == "either-way" and depth.isdigit():
        return f"Either way (depth {depth})"
    if tid == "assume":
        return "Assumption"
    return tid


def technique_summary(kind: Kind, tid: str) -> str:
    """What a technique says, in one sentence without cells."""
    try:
        return kind.techniques.get(tid).summary
    except KeyError:
        pass
    base = tid.rpartition("-")[0]
    if base == "hypothesis":
        return ("Suppose a cell takes one value and follow the consequences; if they break "
                "a rule, the cell takes the other value.")
    if base == "either-way":
        return ("Try both values of one cell; what follows in both cases holds whichever "
                "it is.")
    return ""


def histogram(steps: Iterable[Step]) -> list[tuple[str, int, int]]:
    """(technique, tier, count) for the top-level steps, cheapest tier first."""
    count: Counter = Counter()
    tier: dict[str, int] = {}
    for s in steps:
        count[s.technique] += 1
        tier[s.technique] = s.tier
    return sorted(((t, tier[t], n) for t, n in count.items()), key=lambda x: (x[1], -x[2], x[0]))
