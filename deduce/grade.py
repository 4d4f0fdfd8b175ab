"""Difficulty: the deepest technique a walkthrough needed, and a named level.

The level scale (also in the README):

=====  ==========  ==============================================
level  name        what the walkthrough needed at most
=====  ==========  ==============================================
1      Easy        tiers 1-2 (clue closures, pools, single liberties, reach)
2      Medium      tier 3 (shapes and connectivity: chokepoints, confinement)
3      Hard        tier 4 (planning: shape enumeration, pool chokepoints)
4      Tough       hypothesis at depth 1
5      Fiendish    hypothesis at depth 2
6      Extreme     hypothesis at depth 3 or more
=====  ==========  ==============================================

A walkthrough that did not finish has no level (``level`` 0, name ``Unsolved``).
"""
from __future__ import annotations

import attrs

from deduce.step import Step

HYPOTHESIS_TIER = 5  # a hypothesis of depth d is tier HYPOTHESIS_TIER + d - 1

UNSOLVED = "Unsolved"  # the name of level 0: logic did not finish
LEVELS = {1: "Easy", 2: "Medium", 3: "Hard", 4: "Tough", 5: "Fiendish", 6: "Extreme"}

# effort of one step of each tier; a hypothesis costs its proof plus 16 per depth
TIER_WEIGHT = {0: 0, 1: 1, 2: 2, 3: 4, 4: 8}


@attrs.frozen
class Grade:
    level: int
    name: str
    max_tier: int
    max_depth: int
    steps: int
    score: int


def step_score(step: Step) -> int:
    if step.depth:
        return 16 * step.depth + sum(step_score(s) for s in step.proof)
    return TIER_WEIGHT.get(step.tier, 8)


def level_for(max_tier: int, max_depth: int) -> int:
    if max_depth >= 3:
        return 6
    if max_depth >= 1:
        return 3 + max_depth
    if max_tier >= 4:
        return 3
    if max_tier == 3:
        return 2
    return 1


def grade(steps: list[Step] | tuple[Step, ...], solved: bool) -> Grade:
    max_tier = max((s.tier for s in steps), default=0)
    max_depth = max((s.depth for s in steps), default=0)
    score = sum(step_score(s) for s in steps)
    if not solved:
        return Grade(0, UNSOLVED, max_tier, max_depth, len(steps), score)
    level = level_for(max_tier, max_depth)
    return Grade(level, LEVELS[level], max_tier, max_depth, len(steps), score)
