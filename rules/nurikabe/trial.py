"""Shape trial: a cell whose one value no completion of an island survives.

Shape enumeration lists the ways an island can be completed and keeps what
they all share: a cell in every one is white, a cell next to every one is
black. This goes one question further, cell by cell: *if this cell were
white (black), could the island still be completed?* A completion that
borders the cell cannot have it white (a white cell next to a complete
island would belong to it), and one that takes it cannot have it black; a
completion that neither takes nor borders it is checked again, by the same
rules as in shape enumeration, in the position with the cell decided, where
the cell may cut the wall, leave a 2x2 square no island can break, be a
white cell only this island could reach, or take room from a neighbour.
When no completion survives one value, the cell has the other (janko-1063:
r2c7 white would join the 13, and no way to complete the 8 at r1c3 would
then keep the wall whole).

Each trial is a case analysis over one island's completions, each checked
by the shape rules alone: nothing is propagated from the assumed cell, so it
is not a hypothesis. Cells up to ``TRIAL_RADIUS`` steps from some completion
are tried. It is the last technique of the main line (never inside
hypotheses or the search), so it runs where every other one has found
nothing; on janko it takes 49 puzzles to no hypothesis at all.

Two economies keep the cost down on big grids, both sound (they can only
make a trial find less): the trial position's reaches are the position's,
walked again only for islands whose walk could pass by the cell (deciding a
cell only shrinks reaches) and that come near this island; and a trial that
failed is not made again while the completion that survived it is still
listed and the cells around it and the tried cell are unchanged.
"""
from __future__ import annotations

from deduce.errors import Contradiction
from deduce.state import bits
from deduce.step import Step

from rules.nurikabe.techniques import (
    BLACK, TECHNIQUES, THOROUGH_CAPS, WHITE, _far_wall, _of_puzzle, _others_reach,
    _shape_flaw, _shapes_of, _sole_reachers, _watched)
from rules.nurikabe.view import View

TRIED_KEPT = 100000  # failed trials remembered per puzzle
# (puzzle, technique) -> (puzzle, {(clue, cell, value): (surviving completion, window,
# its black cells, its white cells)})
_TRIED: dict = {}
TRIAL_SHAPES = THOROUGH_CAPS[2]  # islands with more completions than this are not tried
# cells this many steps or fewer from some completion are tried (on janko, 1 step
# took 27 puzzles to no hypothesis, 2 steps 14 more and 3 to 5 steps 8 more); on
# grids of more than BIG_GRID cells, where there are many islands to try,
# TRIAL_RADIUS_BIG (the one such janko puzzle it takes to no hypothesis needs 2;
# 5 made janko-1055, 40x57, twice as slow)
TRIAL_RADIUS = 5
TRIAL_RADIUS_BIG = 2
BIG_GRID = 600


@TECHNIQUES.register("shape-trial", tier=4, name="Shape trial", thorough=True, wide=True)
def shape_trial(view: View):
    """A cell whose one value leaves an island no completion has the other value."""
    if view.nested:
        return None
    g = view.g
    tried = _of_puzzle(_TRIED, (id(view.puzzle), "shape-trial"), view, dict)
    radius = TRIAL_RADIUS if g.n <= BIG_GRID else TRIAL_RADIUS_BIG
    positions: dict = {}  # (cell, value) -> its trial position, shared by the islands tried
    anchors: dict = {}  # clue -> where its wall floods may start in this position
    survivors: dict[int, int] = {}  # clue -> the completion that survived its last trial
    for island in _watched(view):
        view.on_time()
        shapes = _shapes_of(view, island)
        if not shapes or len(shapes) > TRIAL_SHAPES:
            continue
        union = rings = 0
        inside = outside = g.full
        borders = {}
        for s in shapes:
            union |= s
            inside &= s
            ring = borders[s] = g.border(s)
            rings |= ring
            outside &= ring
        near = union
        for _ in range(radius):
            near = g.grow(near)
        near &= view.unknown & ~inside & ~outside
        must = None
        listed = set(shapes)
        around = g.grow(g.grow(view.reaches[island.clue]))  # where other reaches matter
        for x in bits(near):
            bit = 1 << x
            # a completion that takes x fits it white, one that borders it black
            for value, fits in ((WHITE, union), (BLACK, rings)):
                if fits & bit:
                    continue
                key = (island.clue, x, value)
                last = tried.get(key)
                if last is not None and last[0] in listed and \
                        view.black & last[1] == last[2] and view.white & last[1] == last[3]:
                    continue  # it failed on the same cells around it before
                if must is None:
                    must = _sole_reachers(view).get(island.clue, 0)
                # the completions that survived a trial before are tried first
                first = [s for s in dict.fromkeys((last and last[0], survivors.get(island.clue)))
                         if s in listed and not (s | borders[s]) & bit]
                step = _trial(view, island, x, value, shapes, borders, first, must, around,
                              positions, anchors)
                if isinstance(step, int):  # (a completion that survives it)
                    survivors[island.clue] = step
                    if len(tried) > TRIED_KEPT:
                        tried.clear()
                    window = g.grow(g.grow(step | bit))
                    tried[key] = (step, window, view.black & window, view.white & window)
                    continue
                if step is not None:
                    return step
    return None


def _trial(view: View, island, x: int, value: int, shapes: list[int], borders: dict,
           first: list[int], must: int, around: int, positions: dict, anchors: dict):
    """The step "``x`` is not ``value``" when no completion of ``island`` fits it;
    else a completion that does.

    The completions tried are those that neither take nor border ``x``,
    ``first`` before the others (a completion that survived a trial before
    most likely survives this one too). The trial position's reaches are the
    position's, walked again only for the islands whose walk could pass by
    ``x`` (deciding a cell only shrinks reaches, and one that kept clear of
    it is unchanged). ``must``: the white cells only this island can reach
    here (so also in the trial position). ``positions``: the trial positions
    of this pass, by (cell, value): what they compute is shared by the
    islands tried there. ``anchors``: where this position's wall floods may
    start for each island (``_far_wall``), filled in as they are needed."""
    got = positions.get((x, value), False)
    if got is False:
        got = positions[x, value] = _position(view, x, value)
    if got is None:
        return None  # (the cell's value breaks a rule at once)
    proto, walked_once, near = got
    bit = 1 << x
    try:
        trial = _sharing(proto)
        twin = next((r for r in trial.islands if r.clue == island.clue), None)
        if twin is None or twin.mask != island.mask:
            return None
        before = view.reaches
        reaches = {}
        walked = []  # islands still growing whose reach was walked again
        for r in trial.islands:
            old = before.get(r.clue)
            if old is not None and (not (old | r.mask) & near or not old & around
                                    and r.clue != twin.clue):
                reaches[r.clue] = old
            else:
                reach = walked_once.get(r.clue)
                if reach is None:
                    reach = walked_once[r.clue] = trial.reach(r)
                reaches[r.clue] = reach
                if r.clue != twin.clue and not r.complete and r.need is not None:
                    walked.append(r)
        trial._reach = reaches
        others = _others_reach(trial, twin)
        mine_only = reaches[twin.clue] & ~others & trial.unknown
        for f in trial.fragments:
            if f.mask & reaches[twin.clue] and not f.mask & others:
                must |= f.mask
        # the position's anchor for the island's wall floods holds here too
        # while the island's reach is the same and the cell did not turn white
        # inside its joined part (the answers do not depend on the anchor)
        anchor = anchors.get(island.clue, False)
        if anchor is False:
            anchor = anchors[island.clue] = _far_wall(view, before[island.clue])
        if reaches[twin.clue] != before[island.clue] or \
                anchor is not None and value == WHITE and anchor[1] & bit:
            anchor = _far_wall(trial, reaches[twin.clue])
        takeable = (trial.unknown & ~trial.forbidden(twin)) | (trial.white & ~trial.island_cells) \
            | twin.mask

        def why_not(s):
            """None when completion ``s`` survives, else a function that says
            why it fails (the sentence is only written for the example)."""
            if s & ~takeable:
                return _touches_island
            flaw = _shape_flaw(trial, twin, s, mine_only, must, others, anchor)
            if flaw is None and _leaves_walked_room(trial, s, walked):
                return None
            return flaw if flaw is not None else _leaves_no_room

        failed = {}
        for s in first:
            why = failed[s] = why_not(s)
            if why is None:
                return s  # a completion survives
        example = None
        m = 0  # the completions that neither take nor border x
        for s in shapes:
            if (s | borders[s]) & bit:
                continue
            m += 1
            why = failed[s] if s in failed else why_not(s)
            if why is None:
                return s
            if example is None:
                example = (s, why)
    except Contradiction:
        return None
    if example is not None:
        example = (example[0], example[1]())
    return _said(view, island, x, value, shapes, m, example)


def _touches_island() -> str:
    return "it would touch another island"


def _leaves_no_room() -> str:
    return "it would leave a neighbouring island too little room"


def _position(view: View, x: int, value: int):
    """The trial position with ``x`` = ``value`` (a view), the reaches walked
    there so far (by clue), and the cells near which a walk can have changed;
    None when it breaks a rule at once."""
    state = view.state.copy()
    try:
        state.assign(x, value)
        trial = type(view)(view.puzzle, state)
        trial.nested = False
        trial.deadline = view.deadline
        trial.islands  # (building the regions checks joined clues and oversize)
    except Contradiction:
        return None
    g = view.g
    if value == WHITE:
        home = next(r for r in trial.regions if r.mask >> x & 1)
        near = g.grow(home.mask)
    else:
        near = 1 << x
    return trial, {}, near


def _sharing(proto: View) -> View:
    """A fresh view of ``proto``'s position that shares what depends on the
    position alone (regions, forbidden cells, walks, room), not its reaches."""
    trial = type(proto)(proto.puzzle, proto.state)
    trial.nested = proto.nested
    trial.deadline = proto.deadline
    trial._islands = proto._islands
    trial._forbidden = proto._forbidden
    trial._walks = proto._walks
    trial._room = proto._room
    trial._touch = proto.island_touch
    trial._island_cells = proto.island_cells
    return trial


def _leaves_walked_room(trial: View, shape: int, walked) -> bool:
    """False when ``shape`` leaves one of the islands ``walked`` too little room
    (the others' rooms are as in the position, where the shape left them enough)."""
    taken = trial.g.grow(shape)
    reaches = trial.reaches
    for other in walked:
        if reaches[other.clue] & taken and not trial.has_room(other, taken):
            return False
    return True


def _said(view: View, island, x: int, value: int, shapes: list[int], m: int,
          example) -> Step:
    g = view.g
    words = ("white", "black")
    name = g.name(x)
    who = view.region_name(island)
    n = len(shapes)
    others = n - m
    s, why = example
    if others:
        verb = {(WHITE, True): "touches", (WHITE, False): "touch",
                (BLACK, True): "takes", (BLACK, False): "take"}[value, others == 1]
        ruled = f"{others} of them {verb} it, and "
    else:
        ruled = ""
    if m == 1:
        rest = (f"the {'other' if others else 'only'} one (with {g.names(s & ~island.mask, 4)}) "
                f"fails: {why}")
    else:
        rest = (f"each of the {'other ' if others else ''}{m} breaks a rule with it "
                f"(for one, the completion with {g.names(s & ~island.mask, 4)}: {why})")
    text = (f"{who[0].upper()}{who[1:]} can be completed in {n} way{'s' if n > 1 else ''}. "
            f"If {name} were {words[value]}, none would fit: {ruled}{rest}. "
            f"So {name} is {words[1 - value]}.")
    return Step("shape-trial", 4, ((x, 1 - value),),
                tuple(bits(island.mask | view.black | view.white)), text,
                regions=(("island", tuple(bits(island.mask))),))
