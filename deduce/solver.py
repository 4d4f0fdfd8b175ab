"""The production-rule loop: ordered techniques over an invalidation queue,
then hypothesis-by-contradiction by iterative deepening.

Each pass runs the techniques cheapest tier first; a technique is asked again
only if some unknown changed since it last found nothing (its entry in the
invalidation queue, ``pending``), and it is told which unknowns those are
(``view.changed``) and whether it works inside a hypothesis branch or search
(``view.nested``: costly techniques may do less there). After any progress the
loop restarts at the cheapest tier, so every step uses the simplest technique
that works at that moment. When none applies on the main line, the techniques
that cap their work are asked once more with larger caps (``view.thorough``):
the extra effort is only spent where it can save a hypothesis. When still no
technique applies, hypotheses of depth 1, 2, ... up to the configured depth are
tried, shallowest first: assume a value, propagate on a copy with the
techniques and shallower hypotheses, and if that breaks a rule conclude the
opposite value; when no assumption of a depth does, both values of one may
still agree on another unknown ("either way"). Once a solution is known (the
witness, see ``WITNESS_SHARE``), an assumption it holds is not tried: it
cannot break a rule.
"""
from __future__ import annotations

import time
from typing import Any

import attrs

from deduce import premises
from deduce.errors import BudgetExceeded, Clash, Contradiction
from deduce.grade import HYPOTHESIS_TIER, Grade, grade
from deduce.kind import Kind
from deduce.state import State, bits
from deduce.step import Step
from deduce.wording import listed

# Inside a hypothesis, nested hypotheses only try this many candidates, chosen
# near what the outer assumption changed: a person's nested guess stays local,
# and it keeps depth 2-3 affordable. Any restriction is sound.
NESTED_CANDIDATES = 16
PROBE_TIER = 3  # first pass of hypotheses uses techniques up to this tier
OUTCOMES = 200_000  # positions inside hypotheses remembered before starting afresh
# Once hypothesis rounds of the main line need more than the cheap set, a
# complete search looks for a solution a little at a time before each round:
# it may make half as many passes of its techniques as those rounds made since
# it last looked (passes: ``nodes``, the same on every machine). An assumption
# that agrees with a known solution cannot break a rule, so only its opposite
# is tried.
WITNESS_SHARE = 0.5


OUT_OF_BUDGET = "budget exhausted"  # the reason of a walkthrough stopped by its budget


@attrs.frozen
class Result:
    verdict: str  # "solved" | "stuck" | "contradiction"
    state: State
    steps: tuple[Step, ...]
    grade: Grade
    reason: str = ""
    seconds: float = 0.0

    @property
    def solved(self) -> bool:
        return self.verdict == "solved"


class Solver:
    """Solves one puzzle of one kind.

    ``depth``: deepest hypothesis nesting allowed; ``max_tier``: ignore
    techniques above this tier; ``budget``: seconds before giving up (the
    verdict is then ``stuck`` with reason ``budget``); ``narrow``: narrow the
    premises of steps that name every decided cell, for walkthroughs that show
    premises (:mod:`deduce.premises`; within what is left of the budget);
    ``witness``: look for a solution between hypothesis rounds, to leave out
    the assumptions it holds (``WITNESS_SHARE``); ``thorough``: take the
    thorough pass where the main line is stuck (not inside the search);
    ``exploring``: its positions are a search's, looked at as cheaply as inside
    a hypothesis branch (``view.nested``).
    """

    def __init__(self, kind: Kind, puzzle: Any, *, depth: int = 3,
                 max_tier: int | None = None, budget: float | None = None,
                 narrow: bool = False, witness: bool = True, thorough: bool = True,
                 exploring: bool = False):
        self.kind = kind
        self.puzzle = puzzle
        self._lasting = frozenset(t.id for t in kind.techniques if t.lasting)
        self.batch_start = 0  # the main line's step count where its last batch began
        self.depth = depth
        self.techniques = kind.techniques.ordered(max_tier)
        # the rule checks come first in every pass (so in every technique set the
        # solver uses): a batch starts on a position they found whole (_check and
        # _first_broken build on it)
        self._rule_checks = tuple(t for t in self.techniques if t.check_only)
        if self.techniques[:len(self._rule_checks)] != self._rule_checks:
            raise ValueError("rule checks (check_only) must come before every other technique")
        # Hypotheses first try to reach a contradiction with the cheaper tiers
        # only (cheap, and a shorter proof to read), then with all of them.
        tiers = sorted({t.tier for t in self.techniques})
        cheap = [t for t in tiers if t <= PROBE_TIER]
        self.probe_sets = [kind.techniques.ordered(min(max_tier or 99, PROBE_TIER))] \
            if cheap and tiers[-1] > PROBE_TIER else []
        self.probe_sets.append(self.techniques)
        self.cheap = frozenset(map(id, self.probe_sets[0]))  # where a cheap branch ends they found nothing
        self.budget = budget
        self.narrow = narrow
        self.deadline = None
        self.nodes = 0
        # (cell, value, technique-set size) -> end state of the last top-level depth-1 branch
        self.memo: dict[tuple[int, int, int], tuple[int, int]] = {}
        # (black, white, depth, technique set) of a position inside a hypothesis
        # -> how propagation ended from there: (end state, steps, where this
        # position's steps start in them, the contradiction or None)
        self.outcomes: dict[tuple, tuple] = {}
        self.reused = 0  # how often a remembered outcome was taken
        # whether the last top-level hypothesis needed more than the cheap set
        self.escalated = False
        self.last_hit: int | None = None
        # a solution of the puzzle once one is known (the witness: a branch that
        # filled the grid, or the search), and the search looking for one
        self.witness: State | None = None
        self.seeker = None
        self.seeking = witness
        self.thorough = thorough
        self.exploring = exploring
        self.hard_nodes = 0  # passes made by main-line rounds the cheap set did not settle
        self.nodes_seen = 0  # hard_nodes when the search last looked
        self.looked = False  # whether a search was started

    # -- public -----------------------------------------------------------
    def solve(self, state: State | None = None) -> Result:
        start = time.perf_counter()
        self.deadline = start + self.budget if self.budget else None
        state = self.kind.initial_state(self.puzzle) if state is None else state.copy()
        given = state.copy()
        log: list[Step] = []
        self.batch_start = 0
        verdict, reason = "solved", ""
        try:
            self.propagate(state, self.depth, log)
            if not state.solved:
                verdict, reason = "stuck", f"no technique applies at depth <= {self.depth}"
        except Contradiction as c:
            verdict, reason = "contradiction", c.text
            cut = self._first_broken(given, log, isinstance(c, Clash))
            if cut is not None:
                del log[cut[0]:]
                state, reason = cut[1], cut[2] or reason
        except BudgetExceeded:
            verdict, reason = "stuck", OUT_OF_BUDGET
        seconds = time.perf_counter() - start  # (the solve's, not the narrowing's)
        steps = tuple(log)
        if self.narrow:
            steps = premises.narrow(self.kind, self.puzzle, steps, given, self.deadline)
        return Result(verdict, state, steps, grade(log, verdict == "solved"), reason, seconds)

    def next_step(self, state: State) -> Step | None:
        """The one step a person should take next (for hints); raises
        BudgetExceeded when none is found within the budget."""
        self.deadline = time.perf_counter() + self.budget if self.budget else None
        given = state.copy()
        log: list[Step] = []
        self.propagate(state.copy(), self.depth, log, limit=1)
        if log and self.narrow:
            log = premises.narrow(self.kind, self.puzzle, log, given, self.deadline)
        return log[0] if log else None

    # -- the loop ---------------------------------------------------------
    def propagate(self, state: State, depth: int, log: list[Step],
                  limit: int | None = None, focus: int = 0, techniques=None,
                  changed: int | None = None, settled: frozenset = frozenset()) -> None:
        """Apply steps until nothing applies (or ``limit`` steps were taken).

        Raises Contradiction when the state breaks a rule. ``focus`` (a mask)
        steers nested hypothesis candidates toward what an assumption changed.
        ``changed``: the unknowns decided since the techniques last found
        nothing (None: look at everything). ``settled``: the ids of techniques
        that found nothing in this very position (they wait for a change).
        """
        techniques = self.techniques if techniques is None else techniques
        nested = depth < self.depth
        if not nested or limit is not None:
            self._propagate(state, depth, log, limit, focus, techniques, changed, None, settled)
            return
        # Inside hypotheses the same position often comes up again (the same
        # assumption tried in a later round, two assumptions leading to the same
        # cells): how propagation went on from each position is remembered.
        visited: list[tuple[tuple, int]] = []
        try:
            self._propagate(state, depth, log, limit, focus, techniques, changed, visited,
                            settled)
        except Contradiction as c:
            self._remember(visited, state, log, c)
            raise
        self._remember(visited, state, log, None)

    def _remember(self, visited, state: State, log: list[Step], error) -> None:
        if not visited:
            return
        if len(self.outcomes) > OUTCOMES:
            self.outcomes.clear()
        shared = tuple(log)
        end = (state.ones, state.zeros)
        for key, at in visited:
            self.outcomes[key] = (end, shared, at, error)

    def _propagate(self, state: State, depth: int, log: list[Step], limit, focus: int,
                   techniques, changed: int | None, visited: list | None,
                   settled: frozenset = frozenset()) -> None:
        first = state.full if changed is None else changed
        pending = [0 if id(t) in settled else first for t in techniques]
        kind, puzzle = self.kind, self.puzzle
        around = kind.around
        changed_here = 0 if depth == self.depth else focus
        nested = depth < self.depth
        thorough = () if nested or not self.thorough else \
            tuple(t for t in techniques if t.thorough)
        nested = nested or self.exploring
        thorough_pending = first  # changed since the last thorough pass
        # inside a hypothesis, the rule checks run between the steps of a batch
        # (on the main line a rule breaks only when the puzzle has no solution:
        # then solve() looks back, see _first_broken)
        checks = () if depth == self.depth else self._rule_checks
        while True:
            self.nodes += 1
            if self.deadline is not None and time.perf_counter() > self.deadline:
                raise BudgetExceeded()
            if visited is not None:
                key = (state.ones, state.zeros, depth, id(techniques))
                known = self.outcomes.get(key)
                if known is not None:
                    # the steps taken from here last time hold here too
                    (state.ones, state.zeros), shared, at, error = known
                    self.reused += 1
                    log.extend(shared[at:])
                    if error is not None:
                        raise Contradiction(error.rule, error.text, error.premises)
                    return
                visited.append((key, len(log)))
            view = kind.view(puzzle, state)
            view.nested = nested
            view.deadline = self.deadline  # (long techniques look at it)
            found = None
            for k, technique in enumerate(techniques):
                if not pending[k]:
                    continue
                view.changed = pending[k]
                found = technique.apply(view)
                if not found:
                    pending[k] = 0
                    continue
                break
            if not found and thorough_pending and thorough and not state.solved:
                found = self._thorough_pass(view, thorough, thorough_pending)
                thorough_pending = 0
            if not found:
                if state.solved:
                    broken = kind.violations(puzzle, state)
                    if broken:  # (a full grid: it rests on every unknown's value)
                        raise Contradiction("rules", broken[0],
                                            tuple(bits(state.ones | state.zeros)))
                    return
                if depth <= 0:
                    return
                found = self.hypothesis(state, depth, focus=changed_here, techniques=techniques)
                if found is None:
                    return
            changed = 0
            near = 0  # what the batch decided so far (and around it, see Kind.around)
            if depth == self.depth:
                self.batch_start = len(log)  # (see _first_broken)
            batch = found if isinstance(found, list) else (found,)
            last = len(batch) - 1
            for k, step in enumerate(batch):
                # a batch is found in one position: a step that rests on what
                # an earlier step of the batch decided, or whose sentence is
                # about cells whose standing that changed, may no longer read
                # true ("either r7c2 or r8c1" with r7c2 just blackened); it is
                # left for the next pass to find again if it still holds
                if changed and self._touched(step, changed, near):
                    continue
                new = self.apply(state, step)
                if new:  # an earlier finding of the same batch may have decided it all
                    changed |= new
                    if k < last:  # (only a later step of the batch asks)
                        near |= new if around is None else around(puzzle, state, new)
                    log.append(step)
                    if limit is not None and len(log) >= limit:
                        return
                    if k < last and checks:
                        # a rule the batch has broken ends it here: its later
                        # steps would only lengthen a proof that is over
                        self._check(state, changed, nested, checks, self.deadline)
            if not changed:
                raise RuntimeError(f"technique {found!r} concluded nothing new")
            changed_here |= changed
            thorough_pending |= changed
            for k in range(len(pending)):
                pending[k] |= changed

    def _touched(self, step: Step, changed: int, near: int) -> bool:
        """Might ``step``, of a batch, no longer read true now that earlier
        steps of it decided ``changed`` (``near``: those and the unknowns
        whose standing that changed, see Kind.around)?"""
        if any((changed >> i) & 1 for i in step.premises):
            return True
        if self.kind.around is None or step.technique in self._lasting:
            return False
        # what its sentence says of the regions it names (else of its premises)
        # or of what it concludes may no longer be so
        named = [i for _, cells in step.regions for i in cells] if step.regions else step.premises
        return any((near >> i) & 1 for i in named) or \
            any((near >> i) & 1 for i, _ in step.conclusions)

    def _check(self, state: State, changed: int, nested: bool, checks,
               deadline: float | None = None) -> None:
        """Raise Contradiction if ``state`` breaks a rule, where the rule
        checks ``checks`` see it; ``changed``: the unknowns decided since they
        last found the position whole."""
        view = self.kind.view(self.puzzle, state)
        view.nested = nested
        view.deadline = deadline
        view.changed = changed
        for technique in checks:
            technique.apply(view)

    def _first_broken(self, given: State, log: list[Step], clash: bool
                      ) -> tuple[int, State, str | None] | None:
        """Where a main line that ended in a contradiction first broke a rule,
        when that was before its last step: how many steps it takes up to the
        one that broke it, the position after them and the rule broken.

        A batch is not checked step by step on the main line (there no rule
        breaks unless the puzzle has no solution), so its later steps may
        follow the break; they are left out of the walkthrough. Only the last
        batch needs a look: the rules check, first in every pass, found the
        position whole after each earlier one (so also where the last began).
        ``clash``: the line ended in a step of that batch that clashed (and
        is not logged), so the position after the last logged step is looked
        at too, and the position is returned in any case (no rule: None):
        the clashing step's own cells are not in it.
        """
        checks = self._rule_checks
        state = given.copy()
        start = self.batch_start
        for step in log[:start]:
            self.apply(state, step)
        changed = 0
        # (no deadline: the solve is over, and this is a few rule checks)
        for k in range(start, len(log) - (not clash)):
            changed |= self.apply(state, log[k])
            try:
                if checks:
                    self._check(state, changed, False, checks)
            except Contradiction as c:
                return k + 1, state, c.text
        return (len(log), state, None) if clash else None

    def _thorough_pass(self, view, techniques, changed: int) -> Step | list[Step] | None:
        """Ask the capped techniques once more, with their larger caps, about
        what changed since they were last asked so. ``view``: the position's,
        where the usual pass found nothing (what it computed that does not
        depend on the caps is kept: the view's own business)."""
        view.nested = False
        view.thorough = True
        view.deadline = self.deadline
        view.changed = changed
        for technique in techniques:
            found = technique.apply(view)
            if found:
                return found
        return None

    def apply(self, state: State, step: Step) -> int:
        changed = 0
        for i, v in step.conclusions:
            try:
                changed |= state.assign(i, v)
            except Contradiction:
                # two findings of one batch disagree: the clash rests on what
                # this step rests on and on the cell's other value
                kind, words = self.kind, self.kind.words
                raise Clash(
                    "clash", f"{kind.cell_name(self.puzzle, i)} would have to be both "
                    f"{words[0]} and {words[1]}", (i,) + tuple(step.premises)) from None
        return changed

    # -- hypotheses -------------------------------------------------------
    def hypothesis(self, state: State, depth: int, focus: int = 0,
                   techniques=None) -> Step | None:
        view = self.kind.view(self.puzzle, state)
        candidates = list(self.kind.candidates(view))
        nested = depth < self.depth
        if nested and focus:
            candidates = self._near(candidates, focus)[:NESTED_CANDIDATES]
        elif nested:
            candidates = candidates[:NESTED_CANDIDATES]
        # nested hypotheses keep the technique set of the branch they are in
        sets = self.probe_sets if techniques is None or techniques is self.techniques \
            else [techniques]
        memo = None if nested else self.memo
        if memo is not None:
            self._seek_witness(state)
            spent = self.nodes
            try:
                return self._hypothesis(state, depth, candidates, sets, memo)
            finally:
                if self.escalated:  # (a round the cheap set did not settle)
                    self.hard_nodes += self.nodes - spent
        return self._hypothesis(state, depth, candidates, sets, memo)

    def _hypothesis(self, state: State, depth: int, candidates: list[int], sets,
                    memo: dict | None) -> Step | None:
        impact: dict[int, int] = {}
        if memo:
            candidates = self._stale_first(state, candidates, memo)
        for d in range(1, depth + 1):
            order = candidates if d == 1 else \
                sorted(candidates, key=lambda c: -impact.get(c, 0))
            # Each pass tries every candidate with its technique sets in turn. At
            # depth 1 the cheap set goes over all candidates before the full set,
            # unless the last hypothesis of the main line needed the full set or
            # more: then a hard stretch is likely to go on, and each candidate
            # tries both at once, nearest the last hypothesis first (hard stretches
            # are local: distance counts, weighed by how far the candidate's last
            # cheap branches went). Deeper nesting multiplies the cost of every
            # branch: from depth 2 on, branches use the cheaper tiers only.
            if d > 1:
                passes = [sets[:1]]
            elif len(sets) > 1 and memo is not None and self.escalated:
                passes = [sets]
                if self.last_hit is not None:
                    order = self._promising_near(state, order, memo, len(sets[0]))
            else:
                passes = [[probe] for probe in sets]
            # ends of this round's branches with the cheaper set: the full set goes
            # on from there, and "either way" compares them
            ends: dict[tuple[int, int], tuple[State, list[Step]]] = {}
            tried: list[int] = []  # the candidates, in the order of the first pass
            for n, probes in enumerate(passes):
                if n:  # the full set: cells whose cheap branches went furthest first
                    order = sorted(order, key=lambda c: -impact.get(c, 0))
                for cell in order:
                    if not (state.unknown >> cell) & 1:
                        continue
                    known = self._known_value(state, cell)
                    decided = 0
                    for probe in probes:
                        for value in (0, 1):
                            if value == known:
                                continue  # it holds in a solution: it breaks no rule
                            step, branch, proof = self.try_assumption(
                                state, cell, value, d, probe, ends.get((cell, value)))
                            if step is not None:
                                if memo is not None:
                                    self.escalated = d > 1 or probe is not sets[0]
                                    self.last_hit = cell
                                return step
                            if branch.solved and self.seeking and self.witness is None:
                                self.witness = branch.copy()  # (its rules were checked)
                            if probe is sets[0]:
                                ends[cell, value] = (branch, proof)
                            if memo is not None and d == 1:
                                memo[cell, value, len(probe)] = (branch.ones, branch.zeros)
                            decided = max(decided, (branch.ones | branch.zeros).bit_count())
                    impact[cell] = max(impact.get(cell, 0), decided)
                    if not n:
                        tried.append(cell)
            # no assumption of this depth breaks a rule: do both values of one
            # lead to the same value of another unknown?
            agreement = self._first_agreement(state, tried, d, sets[0], ends)
            if agreement is not None:
                if memo is not None:
                    self.escalated = d > 1 or len(sets) > 1
                return agreement
        if memo is not None:
            self.escalated = True
        return None

    def _seek_witness(self, state: State) -> None:
        """Look for a solution a little further (see ``WITNESS_SHARE``), from
        ``state``: a position of the main line, which every solution extends."""
        if self.witness is not None or not self.seeking:
            return
        from deduce.search import Search  # (the search propagates with a Solver)
        quota = int((self.hard_nodes - self.nodes_seen) * WITNESS_SHARE)
        if quota <= 0:
            return
        self.nodes_seen = self.hard_nodes
        if self.seeker is None:
            if self.looked:
                return  # it looked everywhere: there is no solution
            self.seeker = Search(self.kind, self.puzzle, state)
            self.looked = True
        else:
            self.seeker.rebase(state)
        self.seeker.run(1, self.deadline, max_passes=quota)
        if self.seeker.found:
            found = self.seeker.found[0]
            if not self.kind.violations(self.puzzle, found):
                self.witness = found
            self.seeker = None
        elif not self.seeker.stack:
            self.seeker = None

    def _known_value(self, state: State, cell: int) -> int | None:
        """The witness's value of ``cell`` when ``state`` agrees with the witness."""
        w = self.witness
        if w is None or state.ones & w.zeros or state.zeros & w.ones:
            return None
        return w.value(cell)

    def _first_agreement(self, state: State, tried: list[int], depth: int, cheap,
                         ends: dict) -> Step | None:
        """The first candidate of ``tried`` both of whose branches with the
        cheaper techniques decide some other unknown alike ("either way"). A
        branch left out because the witness holds its value is tried here."""
        w = self.witness
        for cell in tried:
            branches = []
            for value in (0, 1):
                got = ends.get((cell, value))
                if got is None:
                    # the left-out branch ends in cells the witness holds: the
                    # other must decide one of them alike, beyond the position
                    other = ends.get((cell, 1 - value))
                    if other is not None and w is not None:
                        b = other[0]
                        alike = (b.ones & w.ones) | (b.zeros & w.zeros)
                        if not alike & ~(state.ones | state.zeros) & ~(1 << cell):
                            break
                    step, branch, proof = self.try_assumption(state, cell, value, depth, cheap)
                    if step is not None:  # (cannot happen: the witness has it)
                        break
                    got = (branch, proof)
                branches.append(got)
            else:
                agreement = self._agreement(state, cell, branches, depth)
                if agreement is not None:
                    return agreement
        return None

    @staticmethod
    def _stale_first(state: State, candidates: list[int], memo: dict) -> list[int]:
        """Candidates whose last branches no longer contain the position go first.

        A branch that ended without contradiction in an earlier position, and
        whose end state agrees with everything decided since, would most likely
        end the same way again; one the new conclusions contradict may now
        break. Only the order changes: every candidate is still tried.
        """
        fresh = {}
        for (cell, _value, _probe), (ones, zeros) in memo.items():
            ok = state.ones & zeros == 0 and state.zeros & ones == 0
            fresh[cell] = fresh.get(cell, True) and ok
        stale = [c for c in candidates if not fresh.get(c, False)]
        return stale + [c for c in candidates if fresh.get(c, False)]

    def _agreement(self, state: State, cell: int, branches, depth: int) -> Step | None:
        """Both values of ``cell`` lead to the same value of other unknowns: those hold."""
        (b0, p0), (b1, p1) = branches
        ones = b0.ones & b1.ones & ~state.ones
        zeros = b0.zeros & b1.zeros & ~state.zeros
        if not (ones | zeros):
            return None
        kind, puzzle = self.kind, self.puzzle
        name = kind.cell_name(puzzle, cell)
        conclusions = tuple((i, 1) for i in bits(ones)) + tuple((i, 0) for i in bits(zeros))
        parts = []
        for mask, v in ((ones, 1), (zeros, 0)):
            if mask:
                cells = [kind.cell_name(puzzle, i) for i in bits(mask)]
                parts.append(f"{listed(cells)} {'is' if len(cells) == 1 else 'are'} {kind.words[v]}")
        tier = HYPOTHESIS_TIER + depth - 1
        proof = tuple(
            Step("assume", tier, ((cell, v),), (cell,), f"Suppose {name} is {kind.words[v]}.",
                 depth=depth, assumption=(cell, v), proof=tuple(p))
            for v, (_, p) in ((0, branches[0]), (1, branches[1])))
        return Step(
            technique=f"either-way-{depth}", tier=tier, conclusions=conclusions,
            premises=(cell,), depth=depth, proof=proof,
            text=f"Whether {name} is {kind.words[0]} or {kind.words[1]}, "
                 + "; ".join(parts) + " either way.")

    def _promising_near(self, state: State, candidates: list[int], memo: dict,
                        cheap: int) -> list[int]:
        """``candidates`` nearest the last main-line hypothesis first, each
        distance weighed by how many still open cells the candidate's last
        cheap branches decided (``memo``; ``cheap``: the cheap set's size): a
        branch that went far is more likely to break a rule with all tiers
        (replayed on the rounds of janko-0962, 0688, 0689 and 0950 that end in
        an all-tier hypothesis: 310 branches tried before it, against 573 by
        distance alone)."""
        coords, puzzle = self.kind.coords, self.puzzle
        hr, hc = coords(puzzle, self.last_hit)
        known = state.ones | state.zeros

        def weight(cell):
            went = 0
            for value in (0, 1):
                got = memo.get((cell, value, cheap))
                if got is not None:
                    went = max(went, ((got[0] | got[1]) & ~known).bit_count())
            r, c = coords(puzzle, cell)
            return -(went + 1) / (1 + abs(r - hr) + abs(c - hc))
        return sorted(candidates, key=weight)

    def _near(self, candidates: list[int], focus: int) -> list[int]:
        coords = self.kind.coords
        spots = [coords(self.puzzle, i) for i in bits(focus)]
        if not spots:
            return candidates

        def distance(cell):
            r, c = coords(self.puzzle, cell)
            return min(abs(r - r2) + abs(c - c2) for r2, c2 in spots)
        return sorted(candidates, key=distance)

    def try_assumption(self, state: State, cell: int, value: int, depth: int,
                       techniques=None, start: tuple[State, list[Step]] | None = None
                       ) -> tuple[Step | None, State, list[Step]]:
        """Assume ``cell`` = ``value`` and propagate on a copy.

        Returns the hypothesis step if that breaks a rule, else None, with the
        branch's final state and its steps. ``start``: where a branch of the
        same assumption with fewer techniques ended (its state and steps); it
        goes on from there instead of deriving those steps again.
        """
        if start is None:
            branch = state.copy()
            branch.assign(cell, value)
            proof: list[Step] = []
        else:
            branch, proof = start[0].copy(), list(start[1])
        # the position was at a fixpoint of these techniques: only the
        # assumed cell (and what the shorter branch derived from it) is new
        new = (branch.ones | branch.zeros) & ~(state.ones | state.zeros)
        try:
            self.propagate(branch, depth - 1, proof, focus=new, techniques=techniques,
                           changed=new, settled=frozenset() if start is None else self.cheap)
        except Contradiction as c:
            kind, puzzle = self.kind, self.puzzle
            name = kind.cell_name(puzzle, cell)
            text = (f"If {name} were {kind.words[value]}, then {c.text[0].lower() + c.text[1:]}"
                    f" (after {len(proof)} step{'s' if len(proof) != 1 else ''}); "
                    f"so {name} is {kind.words[1 - value]}.")
            return Step(
                technique=f"hypothesis-{depth}", tier=HYPOTHESIS_TIER + depth - 1,
                conclusions=((cell, 1 - value),), premises=(cell,) + c.premises,
                text=text, depth=depth, assumption=(cell, value), proof=tuple(proof),
                contradiction=c.text), branch, proof
        return None, branch, proof


def solve(kind: Kind, puzzle: Any, **options) -> Result:
    return Solver(kind, puzzle, **options).solve()
