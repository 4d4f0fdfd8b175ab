"""The engine on its own, with a toy puzzle kind: it must not need Nurikabe."""
from __future__ import annotations

import subprocess
import sys

import attrs
import pytest

from deduce.errors import Contradiction
from deduce.grade import grade, level_for
from deduce.kind import Kind
from deduce.solver import Solver
from deduce.state import State, bits
from deduce.step import Step
from deduce.technique import Registry


# A toy kind: a row of n lamps; constraints say pairs are equal or different.
class Row:
    def __init__(self, n, equal=(), different=(), given=()):
        self.n, self.equal, self.different, self.given = n, equal, different, given
        self.rows, self.cols = 1, n


class RowView:
    def __init__(self, puzzle, state):
        self.puzzle, self.state, self.changed = puzzle, state, state.full


CALLS = {"copy": 0}
TOY = Registry()


@TOY.register("copy", tier=1, name="Equal pairs")
def copy_equal(view):
    CALLS["copy"] += 1
    s = view.state
    for a, b in view.puzzle.equal:
        for x, y in ((a, b), (b, a)):
            v = s.value(x)
            if v is not None and s.value(y) is None:
                return Step("copy", 1, ((y, v),), (x,), f"lamp {y} equals lamp {x}")
            if v is not None and s.value(y) not in (None, v):
                raise Contradiction("equal", f"lamps {x} and {y} differ")
    return None


@TOY.register("flip", tier=2, name="Different pairs")
def flip_different(view):
    s = view.state
    for a, b in view.puzzle.different:
        va, vb = s.value(a), s.value(b)
        if va is not None and va == vb:
            raise Contradiction("different", f"lamps {a} and {b} are alike")
        for x, y in ((a, b), (b, a)):
            v = s.value(x)
            if v is not None and s.value(y) is None:
                return Step("flip", 2, ((y, 1 - v),), (x,), f"lamp {y} differs from lamp {x}")
    return None


def _forbid(pairs, values):
    """A rule for toy kinds: the lamps of each pair in ``puzzle.<pairs>`` never hold ``values``."""
    def check(view):
        for a, b in getattr(view.puzzle, pairs):
            if (view.state.value(a), view.state.value(b)) == values:
                raise Contradiction(pairs, f"lamps {a} and {b} are {values}")
        return None
    return check


def toy_kind():
    return Kind(
        name="lamps", techniques=TOY,
        initial_state=lambda p: State(p.n, sum(1 << i for i, v in p.given if v),
                                      sum(1 << i for i, v in p.given if not v)),
        view=RowView, violations=lambda p, s: [], candidates=lambda v: list(bits(v.state.unknown)),
        cell_name=lambda p, i: f"lamp {i}", coords=lambda p, i: (0, i), load=lambda *a: None,
        words=("off", "on"))


def test_state_copy_is_independent_and_clash_is_contradiction():
    s = State(3)
    s.assign(0, 1)
    t = s.copy()
    t.assign(1, 0)
    assert s.value(1) is None and t.value(1) == 0
    with pytest.raises(Contradiction):
        t.assign(0, 0)
    assert s.assign(0, 1) == 0  # no change


def test_bits_lists_set_bits_lowest_first_sparse_and_dense():
    import random
    rng = random.Random(5)
    masks = [0, 1, 1 << 2999, (1 << 3000) - 1, 0b10110]
    for _ in range(3000):
        n = rng.randint(1, 3000)
        k = rng.choice([1, 2, n // 20 + 1, n // 16, n // 4, n])
        masks.append(sum(1 << i for i in rng.sample(range(n), min(k, n))))
    for m in masks:
        assert list(bits(m)) == [i for i in range(m.bit_length()) if m >> i & 1]


def test_registry_orders_by_tier_and_refuses_duplicates():
    reg = Registry()
    reg.register("b", tier=2, name="B")(lambda v: None)
    reg.register("a", tier=1, name="A")(lambda v: None)
    assert [t.id for t in reg] == ["a", "b"]
    with pytest.raises(ValueError):
        reg.register("a", tier=3, name="again")(lambda v: None)


def test_cheapest_tier_first_and_steps_recorded():
    p = Row(4, equal=[(0, 1), (2, 3)], different=[(1, 2)], given=[(0, 1)])
    r = Solver(toy_kind(), p, depth=0).solve()
    assert r.solved and [s.technique for s in r.steps] == ["copy", "flip", "copy"]
    assert r.state.ones == 0b0011 and r.state.zeros == 0b1100
    assert r.grade.max_tier == 2 and r.grade.max_depth == 0 and r.grade.level == 1


def test_invalidation_queue_skips_techniques_with_nothing_new():
    p = Row(3, equal=[(0, 1)], different=[(1, 2)], given=[(0, 1)])
    CALLS["copy"] = 0
    Solver(toy_kind(), p, depth=0).solve()
    # copy finds a step, runs again after each change, and once more to find nothing:
    # with 2 changes that is at most 3 + 1 calls, never a call per technique per pass
    assert CALLS["copy"] <= 4


def test_hypothesis_finds_contradiction_and_records_proof():
    # lamp 0 on forces lamps 1 and 2 equal to it, but 1 and 2 must differ: so lamp 0 is off.
    p = Row(3, equal=[(0, 1), (0, 2)], different=[(1, 2)])
    assert not Solver(toy_kind(), p, depth=0).solve().solved
    r = Solver(toy_kind(), p, depth=1).solve()
    first = r.steps[0]
    assert first.depth == 1 and first.technique == "hypothesis-1"
    assert first.proof and first.contradiction
    assert "lamp 0" in first.text
    # no solution exists at all: lamp 0 off forces 1 and 2 off too, which differ
    assert r.verdict == "contradiction"


def test_thorough_pass_only_when_the_main_line_is_stuck():
    """A technique registered ``thorough`` is asked with ``view.thorough`` set once no
    technique applies on the main line, before any hypothesis, and never inside a branch."""
    reg = Registry()
    seen = []
    reg.register("copy", tier=1, name="Equal pairs")(copy_equal)

    @reg.register("deep", tier=2, name="Deep look", thorough=True)
    def deep(view):
        seen.append((view.nested, getattr(view, "thorough", False)))
        s = view.state
        if getattr(view, "thorough", False) and s.value(0) is None:
            return Step("deep", 2, ((0, 1),), (0,), "lamp 0 is on, on a closer look")
        return None

    kind = attrs.evolve(toy_kind(), techniques=reg)
    r = Solver(kind, Row(3, equal=[(0, 1), (1, 2)]), depth=0).solve()
    assert r.solved and [s.technique for s in r.steps] == ["deep", "copy", "copy"]
    assert seen[:2] == [(False, False), (False, True)]
    # inside hypothesis branches the thorough look is not taken (lamp 1 is the first
    # candidate: its branches stall; lamps 2 and 3 end in a contradiction)
    seen.clear()
    Solver(kind, Row(4, equal=[(2, 3)], different=[(2, 3)]), depth=1).solve()
    assert (True, True) not in seen
    # main line: the thorough look finds lamp 0, then nothing; then come hypotheses,
    # whose branches (lamp 1's stall) never take it
    assert [t for _, t in seen].count(True) == 2, seen


def test_after_a_hypothesis_needed_every_tier_each_candidate_tries_both_sets():
    """Hypotheses first try the cheap tiers on every candidate, then all tiers; once a
    main-line hypothesis needed all tiers, the next round tries each candidate with
    both at once, nearest the last hypothesis first, and the full branch goes on from
    where the cheap one ended; a hypothesis the cheap tiers prove ends that."""
    reg = Registry()
    reg.register("copy", tier=1, name="Equal pairs")(copy_equal)
    reg.register("clash", tier=1, name="On-off pairs")(_forbid("clash", (1, 0)))
    reg.register("bad", tier=4, name="Bad pairs")(_forbid("bad", (1, 1)))

    kind = attrs.evolve(toy_kind(), techniques=reg)
    puzzle = Row(9, given=[(8, 1)])
    puzzle.bad = [(5, 8), (6, 8)]  # lamps 5 and 6 are off: only all tiers see it
    puzzle.clash = [(2, 6)]  # then lamp 2 is off: the cheap tiers see it
    calls = []

    class Watched(Solver):
        def try_assumption(self, state, cell, value, depth, techniques=None, start=None):
            calls.append((cell, value, "all" if len(techniques) == 3 else "cheap",
                          start is not None))
            return super().try_assumption(state, cell, value, depth, techniques, start)

    r = Watched(kind, puzzle, depth=1, witness=False).solve()  # (every branch is tried)
    assert [(s.technique, s.conclusions) for s in r.steps] == [
        ("hypothesis-1", ((5, 0),)), ("hypothesis-1", ((6, 0),)), ("hypothesis-1", ((2, 0),))]
    rounds, begin = [], 0
    for last in ((5, 1, "all", True), (6, 1, "all", True), (2, 1, "cheap", False)):
        stop = calls.index(last, begin) + 1
        rounds.append(calls[begin:stop])
        begin = stop
    rounds.append(calls[begin:])

    def cheap(*cells):
        return [(c, v, "cheap", False) for c in cells for v in (0, 1)]

    def full(*cells):  # each goes on from its cheap branch
        return [(c, v, "all", True) for c in cells for v in (0, 1)]

    def both(*cells):
        return [call for c in cells for call in cheap(c) + full(c)]
    # round 1: the cheap set over all eight candidates, then all tiers
    assert rounds[0] == cheap(0, 1, 2, 3, 4, 5, 6, 7) + full(0, 1, 2, 3, 4, 5)
    # rounds 2 and 3: both sets per candidate, nearest the last hypothesis (lamp 5, then 6) first
    assert rounds[1] == both(4, 6)
    assert rounds[2] == both(7, 4, 3) + cheap(2)
    # the cheap tiers found that one: round 4 is the usual kind again (and finds nothing)
    assert rounds[3] == cheap(0, 1, 3, 4, 7) + full(0, 1, 3, 4, 7)
    assert r.verdict == "stuck"


def test_a_hard_stretch_tries_first_the_near_candidates_whose_cheap_branches_went_far():
    """In a round after a hypothesis that needed all tiers, a candidate's distance
    from the last hypothesis is weighed by how many open lamps its last cheap
    branches decided: lamp 3 (two lamps from lamp 5, but each branch decides five
    lamps) goes before lamps 4 and 6 (one lamp away, deciding only themselves)."""
    reg = Registry()
    reg.register("copy", tier=1, name="Equal pairs")(copy_equal)
    reg.register("bad", tier=4, name="Bad pairs")(_forbid("bad", (1, 1)))
    kind = attrs.evolve(toy_kind(), techniques=reg)
    puzzle = Row(14, given=[(8, 1)], equal=[(3, 10), (3, 11), (3, 12), (3, 13)])
    puzzle.bad = [(5, 8), (6, 8)]  # lamps 5 and 6 are off: only all tiers see it
    calls = []

    class Watched(Solver):
        def try_assumption(self, state, cell, value, depth, techniques=None, start=None):
            calls.append((cell, "all" if len(techniques) == 2 else "cheap"))
            return super().try_assumption(state, cell, value, depth, techniques, start)

    r = Watched(kind, puzzle, depth=1, witness=False).solve()
    assert [(s.technique, s.conclusions) for s in r.steps][:2] == [
        ("hypothesis-1", ((5, 0),)), ("hypothesis-1", ((6, 0),))]
    first = calls.index((5, "all")) + 2  # (lamp 5 on breaks a rule: round 1 ends)
    second = calls.index((6, "all"), first) + 1
    tried = []
    for cell, _ in calls[first:second]:
        if cell not in tried:
            tried.append(cell)
    assert tried == [3, 4, 6]  # by distance alone: 4, 6


def test_a_batch_that_disagrees_is_a_clash_resting_on_the_step_that_clashed():
    """Two findings of one batch give a lamp both values: the contradiction names
    the lamp and what the second finding rested on (so a hypothesis ending in it
    rests on that too)."""
    reg = Registry()

    @reg.register("split", tier=1, name="Split")
    def split(view):
        s = view.state
        if s.value(0) is None or s.value(1) is None or s.value(2) is not None:
            return None
        return [Step("split", 1, ((2, 1),), (0,), "lamp 2 follows lamp 0"),
                Step("split", 1, ((2, 0),), (1,), "lamp 2 is against lamp 1")]

    kind = attrs.evolve(toy_kind(), techniques=reg)
    solver = Solver(kind, Row(3), depth=0)
    state = State(3, ones=0b11)
    with pytest.raises(Contradiction) as broken:
        solver.propagate(state, 0, [])
    assert broken.value.rule == "clash"
    assert broken.value.text == "lamp 2 would have to be both off and on"
    assert set(broken.value.premises) == {1, 2}


def test_a_proof_ends_at_the_step_of_a_batch_that_broke_a_rule():
    """Inside a hypothesis, a batch whose second step breaks a rule ends there:
    the proof does not go on with the batch's later steps (they would only
    lengthen it, and "after N steps" would count them). The same for the
    walkthrough of a puzzle with no solution."""
    reg = Registry()
    reg.register("rules", tier=0, name="Rules", check_only=True)(_forbid("apart", (1, 1)))

    @reg.register("spread", tier=1, name="Spread")
    def spread(view):
        s = view.state
        if s.value(2) != 1:
            return None
        return [Step("spread", 1, ((i, 1),), (2,), f"lamp {i} follows lamp 2")
                for i in (0, 1, 3, 4) if s.value(i) is None] or None

    kind = attrs.evolve(toy_kind(), techniques=reg)
    puzzle = Row(5)
    puzzle.apart = [(0, 1)]
    first = Solver(kind, puzzle, depth=1).solve().steps[0]
    assert first.assumption == (2, 1) and first.conclusions == ((2, 0),)
    assert [s.text for s in first.proof] == ["lamp 0 follows lamp 2", "lamp 1 follows lamp 2"]
    assert first.contradiction == "lamps 0 and 1 are (1, 1)"
    assert "(after 2 steps)" in first.text
    # a puzzle with no solution: its walkthrough, too, ends at the step that broke the rule
    broken = Row(5, given=((2, 1),))
    broken.apart = [(0, 1)]
    result = Solver(kind, broken, depth=0).solve()
    assert result.verdict == "contradiction" and result.reason == "lamps 0 and 1 are (1, 1)"
    assert [s.text for s in result.steps] == ["lamp 0 follows lamp 2", "lamp 1 follows lamp 2"]
    assert result.state.unknown == 0b11000


def test_a_clash_after_a_broken_rule_names_the_rule_and_leaves_out_the_clashing_step():
    """A batch whose second step breaks a rule and whose third clashes with an
    earlier one: the walkthrough of the main line stops at the rule (the step that
    clashed is not logged, and none of its cells stays decided)."""
    reg = Registry()
    reg.register("rules", tier=0, name="Rules", check_only=True)(_forbid("apart", (1, 1)))

    @reg.register("spread", tier=1, name="Spread")
    def spread(view):
        if view.state.value(2) != 1 or view.state.value(0) is not None:
            return None
        return [Step("spread", 1, ((0, 1),), (2,), "lamp 0 follows lamp 2"),
                Step("spread", 1, ((1, 1),), (2,), "lamp 1 follows lamp 2"),
                Step("spread", 1, ((3, 1), (0, 0)), (2,), "lamp 3 follows and lamp 0 opposes")]

    kind = attrs.evolve(toy_kind(), techniques=reg)
    puzzle = Row(5, given=((2, 1),))
    puzzle.apart = [(0, 1)]
    result = Solver(kind, puzzle, depth=0).solve()
    assert result.verdict == "contradiction" and result.reason == "lamps 0 and 1 are (1, 1)"
    assert len(result.steps) == 2 and result.state.unknown == 0b11000
    # with no rule broken before it, the clash is the reason, and its cells are not kept
    puzzle.apart = []
    result = Solver(kind, puzzle, depth=0).solve()
    assert result.reason == "lamp 0 would have to be both off and on"
    assert len(result.steps) == 2 and result.state.unknown == 0b11000


def test_rule_checks_must_come_first():
    reg = Registry()
    reg.register("spread", tier=0, name="Spread")(lambda view: None)
    reg.register("rules", tier=1, name="Rules", check_only=True)(_forbid("apart", (1, 1)))
    with pytest.raises(ValueError, match="rule checks"):
        Solver(attrs.evolve(toy_kind(), techniques=reg), Row(2))


def test_stuck_when_no_technique_applies():
    p = Row(2)
    r = Solver(toy_kind(), p, depth=2).solve()
    assert r.verdict == "stuck" and r.grade.level == 0


def test_grade_levels():
    assert [level_for(t, d) for t, d in [(1, 0), (2, 0), (3, 0), (4, 0), (5, 1), (6, 2), (7, 3)]] \
        == [1, 1, 2, 3, 4, 5, 6]
    assert grade([], solved=True).level == 1


def test_engine_imports_no_puzzle():
    code = ("import sys, deduce.solver, deduce.cli, deduce.kind, deduce.grade, deduce.state;"
            "bad=[m for m in sys.modules if m.split('.')[0] in ('puzzles','rules')];"
            "assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_assumptions_a_known_solution_holds_are_not_tried():
    """An assumption that agrees with a solution (the witness) cannot break a rule:
    hypotheses try only its opposite, and find the same steps."""
    reg = Registry()
    reg.register("copy", tier=1, name="Equal pairs")(copy_equal)
    reg.register("flip", tier=2, name="Different pairs")(flip_different)
    reg.register("bad", tier=1, name="Bad pairs")(_forbid("bad", (1, 1)))
    kind = attrs.evolve(toy_kind(), techniques=reg)
    puzzle = Row(3, equal=[(0, 1)], different=[(1, 2)])
    puzzle.bad = [(0, 1)]  # lamp 0 on would light lamp 1 too: so lamp 0 is off
    tried = {}

    class Watched(Solver):
        def try_assumption(self, state, cell, value, depth, techniques=None, start=None):
            tried.setdefault(self.seeking, []).append((cell, value))
            return super().try_assumption(state, cell, value, depth, techniques, start)

    plain = Watched(kind, puzzle, depth=1, witness=False).solve()
    guided = Watched(kind, puzzle, depth=1)
    guided.witness = State(3, ones=0b100, zeros=0b011)
    result = guided.solve()
    assert result.solved and result.state == guided.witness
    assert [(s.technique, s.conclusions) for s in result.steps] == \
        [(s.technique, s.conclusions) for s in plain.steps] == \
        [("hypothesis-1", ((0, 0),)), ("copy", ((1, 0),)), ("flip", ((2, 1),))]
    assert tried[False] == [(0, 0), (0, 1)]  # lamp 0 off fills the grid without a clash
    assert tried[True] == [(0, 1)]


@TOY.register("implies", tier=2, name="Implied lamps")
def implied(view):
    s = view.state
    for a, b in getattr(view.puzzle, "implies", ()):
        if s.value(a) == 1 and s.value(b) is None:
            return Step("implies", 2, ((b, 1),), (a,), f"lamp {a} lights lamp {b}")
    return None


def test_either_way_is_found_with_and_without_a_witness():
    """Lamps 0 and 1 differ and each lights lamp 2: whichever is on, lamp 2 is on.
    No assumption breaks a rule, so "either way" says so; a known solution leaves
    out one branch of each candidate, and that branch is tried for the comparison."""
    puzzle = Row(3, different=[(0, 1)])
    puzzle.implies = [(0, 2), (1, 2)]
    for witness in (None, State(3, ones=0b101, zeros=0b010)):
        solver = Solver(toy_kind(), puzzle, depth=1, witness=witness is not None)
        solver.witness = witness
        result = solver.solve()
        assert result.verdict == "stuck"  # lamps 0 and 1 can be either way round
        assert [(s.technique, s.conclusions) for s in result.steps] == \
            [("either-way-1", ((2, 1),))]
        assert [case.assumption for case in result.steps[0].proof] == [(0, 0), (0, 1)]
