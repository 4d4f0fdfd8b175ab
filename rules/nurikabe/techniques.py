"""Nurikabe techniques, cheapest tier first.

Each technique is one function ``(view) -> Step | list[Step] | None``; a list
holds independent findings of the same technique in the same position. All
of them are sound: a conclusion holds in every solution of the position. A
technique that meets an impossible position raises Contradiction, which is
how hypotheses end.
"""
from __future__ import annotations

from typing import Any

import attrs

from deduce.errors import Contradiction
from deduce.state import bits
from deduce.step import Step
from deduce.technique import Registry
from deduce.wording import listed

from rules.nurikabe.view import Region, View

TECHNIQUES = Registry()
BLACK, WHITE = 1, 0
# Caps of the shape techniques: (completions enumerated per island before
# giving up on it, most cells an island may still need to be enumerated,
# completions each checked against its neighbours' room, shape pairs the
# battleground may compare in one position).
CAPS = (3000, 20, 200, 10000)
# Inside hypothesis branches (``view.nested``) they are smaller: a branch is
# tried for many candidates and only needs a quick contradiction.
BRANCH_CAPS = (800, 14, 200, 10000)
# Once the main line is otherwise stuck (``view.thorough``), before any
# hypothesis, they are larger: on janko 10 puzzles then need no hypothesis.
THOROUGH_CAPS = (10000, 40, 2000, 100000)
TIGHT_SLACK = 6  # confinement tests every cell of an island's area when it is this close to its need


def _step(view: View, tid: str, tier: int, cells: int, value: int, premises: int, text: str,
          regions=()) -> Step:
    return Step(tid, tier, tuple((i, value) for i in bits(cells)), tuple(bits(premises)), text,
                regions=tuple((role, tuple(bits(m))) for role, m in regions))


def _plural(mask: int, one: str, many: str) -> str:
    return one if mask & (mask - 1) == 0 else many


# -- premises: the decided cells a finding rests on ---------------------------
# A step's premises are the cells whose colours make its conclusion follow (with
# the numbers): given only those, the same technique concludes the same again
# (tests/test_nurikabe_janko.py replays that). ``deduce why`` follows them back.

def _fence(view: View, region: Region) -> int:
    """What keeps ``region`` from growing anywhere but its liberties: the black
    cells around it and, for an island, the other islands next to those cells
    (a cell touching another island is not its to take)."""
    g = view.g
    ring = g.border(region.mask)
    out = ring & view.black
    if region.clue is not None:
        near = g.grow(ring)
        for r in view.islands:
            if r is not region and r.mask & near:
                out |= r.mask
    return out


def _reach_bounds(view: View, islands=None, toward: int = 0) -> int:
    """What bounds the reach of ``islands`` (all by default): those islands, the
    black cells and the other islands around their reach, and the white cells
    without a number in or next to it (taken whole, at their full size).

    ``toward``: the cells the finding is about (that these islands cannot
    reach them, or cannot all do so). Only what stands on a way to them short
    enough for an island's remaining size can matter: a way that takes a cell
    X costs at least X's distance from the island plus X's distance from the
    cells, so what bounds the reach counts only within that "ellipse". An
    island too small to come near them even on an open grid is kept away by
    its size alone: only its own cells count then, and only its number when
    that alone is too far (an island never takes a cell more than its number
    less one steps from it).
    """
    g = view.g
    reaches = view.reaches
    if islands is None:
        islands = view.islands
    out = ring = area = whole = 0  # (``whole``: reaches that count in full)
    box = g.span(toward) if toward else None
    balls: list[int] = [toward]  # cells within distance k of ``toward``
    for r in islands:
        if box is not None and r.need is not None:
            # even from its number alone (whatever its cells) it could not come
            # near: every cell it may take lies within need - 1 steps of the number
            y, x = divmod(r.clue, g.cols)
            if max(0, y - box[1], box[0] - y) + max(0, x - box[3], box[2] - x) > r.need - 1:
                out |= 1 << r.clue  # (a given: named, as every number counts)
                continue
        out |= r.mask
        if r.complete:
            continue  # it reaches nothing more, whatever surrounds it
        reach = reaches[r.clue]
        if box is None or r.need is None:
            whole |= reach
            continue
        # (the distance between bounding boxes is at most the true one)
        top, bottom, left, right = g.span(r.mask)
        gap = max(0, top - box[1], box[0] - bottom) + max(0, left - box[3], box[2] - right)
        if gap > r.remaining + 2:
            continue
        budget = r.remaining
        while len(balls) <= budget:
            balls.append(g.grow(balls[-1]))
        near, ellipse = r.mask, 0
        for k in range(budget + 1):
            ellipse |= near & balls[budget - k]
            near = g.grow(near)
        area |= reach & ellipse
        ring |= g.border(reach) & ellipse
    area |= whole
    ring |= g.border(whole)
    out |= ring & view.black
    near = g.grow(ring)
    for r in view.islands:
        if r.mask & near:
            out |= r.mask
    near |= area
    for f in view.fragments:
        if f.mask & near:
            out |= f.mask
    return out


# --------------------------------------------------------------------- tier 0
@TECHNIQUES.register("rules", tier=0, name="Rules check", check_only=True)
def rules_check(view: View):
    """Stop at once when the position already breaks a rule."""
    g = view.g
    black = view.black
    for sq in _squares_near(view, black):
        if sq & black == sq:
            raise Contradiction("pool", f"{g.square_name(sq)} is all black", tuple(bits(sq)))
    # A region can only lose its last liberty where a cell next to it changed, or
    # (an island) where another island grew next to that liberty.
    near = g.grow(g.grow(view.stirred()))
    for island in view.islands:  # building the regions checks joined clues and oversize
        if island.need is not None and not island.complete and island.mask & near \
                and not view.liberties(island):
            raise Contradiction("island-stuck", f"{view.region_name(island)} cannot grow to "
                                f"{island.need} cells" if island.need else
                                f"{view.region_name(island)} cannot grow",
                                tuple(bits(island.mask | _fence(view, island))))
    for frag in view.fragments:
        if frag.mask & near and not view.liberties(frag):
            raise Contradiction("orphan", f"{view.region_name(frag)} are cut off from every number"
                                if frag.size > 1 else f"{view.region_name(frag)} is cut off from "
                                "every number", tuple(bits(frag.mask | _fence(view, frag))))
    # cells turned white can split the wall; new black cells only when they lie
    # outside a wall group that white cells had sealed before (a player's marks)
    if black and view.changed & (view.white | black) and not _wall_still_whole(view):
        low = black & -black
        part = g.flood(low, black | view.unknown)
        if part & black != black:
            near, far, piece = _split_walls(view, view.changed & view.white)
            # (the white cells around one named wall's side seal it off: the
            # first wall's side, when the first black cell's is neither)
            sealed = part if (near | far) & part else piece
            raise Contradiction("wall-split", f"the wall at {g.names(near, 3)} can no longer "
                                f"reach the wall at {g.names(far, 3)}",
                                tuple(bits(near | far | (g.border(sealed) & view.white))))
    total = view.puzzle.white_total
    if total is not None:
        if total > g.n:  # (the numbers alone say so: no cell is a premise)
            raise Contradiction("too-many-numbers", f"the numbers add up to {total} white "
                                f"cells, but the grid has only {g.n} cells")
        white = view.white.bit_count()
        if white > total:
            raise Contradiction("too-white", f"{_count_is(white, 'white')}, but the numbers add "
                                f"up to {total}", tuple(bits(view.white)))
        if black.bit_count() > g.n - total:
            raise Contradiction("too-black", f"{_count_is(black.bit_count(), 'black')}, but the "
                                f"numbers leave only {g.n - total} of the {g.n} cells black",
                                tuple(bits(black)))
    return None


def _wall_still_whole(view: View) -> bool:
    """True when the black cells surely still lie in one area of black and open
    cells, without a flood: the position before the cells of ``view.changed``
    were decided passed this check (the engine asks after every step) and had
    black cells; each new black cell joins one of them through black cells; and
    each new white cell, taken out one by one, had its black or open neighbours
    meet round it. False: flood to tell."""
    g, black = view.g, view.black
    old_black = black & ~view.changed
    if not old_black:
        return False
    if black != old_black and g.flood(old_black, black) != black:
        return False
    allowed = black | view.unknown
    new_white = view.changed & view.white
    left = allowed | new_white
    for i in bits(new_white):
        left &= ~(1 << i)
        if not g.keeps_connected(i, left):
            return False
    return True


def _count_is(n: int, colour: str) -> str:
    """'1 cell is black' / '3 cells are black'."""
    return f"1 cell is {colour}" if n == 1 else f"{n} cells are {colour}"


def _split_walls(view: View, new_white: int) -> tuple[int, int, int]:
    """Two black groups the white cells have sealed apart, the nearest to
    ``new_white`` (the cells whose turning white split the wall) on two
    sides of the split, and the black and open cells joined to the first:
    a person looks where the last cells changed."""
    g = view.g
    black = view.black
    pieces = [p for p in g.components(black | view.unknown) if p & black]
    walls = view.walls()
    found: dict[int, int] = {}  # piece (index) -> its wall nearest new_white
    ring = new_white or black & -black
    while len(found) < 2:
        for k, piece in enumerate(pieces):
            if k not in found and ring & piece & black:
                hit = ring & piece & black
                found[k] = next(w for w in walls if w & hit & -hit)
        ring = g.grow(ring)
    (k, near), (_, far) = list(found.items())[:2]
    return near, far, pieces[k]


def _squares_near(view: View, mask: int):
    """2x2 squares that hold a changed cell of ``mask``."""
    seen = set()
    sq_at = view.g.squares_at
    for i in bits(mask & view.changed):
        for sq in sq_at[i]:
            if sq not in seen:
                seen.add(sq)
                yield sq


# --------------------------------------------------------------------- tier 1
@TECHNIQUES.register("island-closure", tier=1, name="Complete-island closure", lasting=True)
def island_closure(view: View):
    """A complete island is sealed: its unknown neighbours are black."""
    steps = []
    near = view.g.grow(view.changed)
    claimed = 0  # closed by an earlier island of this batch: each step names only new cells
    for island in view.islands:
        if not island.complete or not island.mask & near:
            continue
        cells = island.border(view.g) & view.unknown & ~claimed
        if not cells:
            continue
        claimed |= cells
        who = view.region_name(island)
        if island.need == 1:
            text = f"{who[0].upper()}{who[1:]} is an island of one, so {view.g.names(cells)} " \
                   f"{_plural(cells, 'is', 'are')} black."
        else:
            text = f"{who[0].upper()}{who[1:]} is complete, so its " \
                   f"{_plural(cells, 'neighbour', 'neighbours')} {view.g.names(cells)} " \
                   f"{_plural(cells, 'is', 'are')} black."
        steps.append(_step(view, "island-closure", 1, cells, BLACK, island.mask, text,
                           [("island", island.mask)]))
    return steps or None


@TECHNIQUES.register("clue-separation", tier=1, name="Clue separation", lasting=True)
def clue_separation(view: View):
    """An unknown cell touching two different islands is black."""
    cells = view.island_touch[1] & view.unknown
    if not cells:
        return None
    g = view.g
    steps = []
    for i in bits(cells):
        bit = 1 << i
        touching = [isl for isl in view.islands if isl.border(g) & bit]
        a, b = touching[0], touching[1]
        steps.append(_step(
            view, "clue-separation", 1, bit, BLACK, a.mask | b.mask,
            f"{view.g.name(i)} touches both {view.region_name(a)} and {view.region_name(b)}, "
            "so it is black.", [("island", a.mask), ("island", b.mask)]))
    return steps or None


# --------------------------------------------------------------------- tier 2
@TECHNIQUES.register("pool-prevention", tier=2, name="Squares action (pool prevention)", lasting=True)
def pool_prevention(view: View):
    """Three black cells of a 2x2 square make the fourth white."""
    steps = []
    black = view.black
    for sq in _squares_near(view, black):
        rest = sq & ~black
        if rest and rest & (rest - 1) == 0 and rest & view.unknown:
            steps.append(_step(
                view, "pool-prevention", 2, rest, WHITE, sq & black,
                f"{view.g.name(rest.bit_length() - 1)} is white, or {view.g.square_name(sq)} "
                "would be all black.", [("square", sq)]))
    return steps or None


@TECHNIQUES.register("island-expansion", tier=2, name="Single liberty (island)")
def island_expansion(view: View):
    """An unfinished white region with one way out grows through it."""
    steps = []
    g = view.g
    near = g.grow(g.grow(view.stirred()))  # (elsewhere nothing changed since it last looked)
    for region in view.growing:
        if not region.mask & near:
            continue
        libs = view.liberties(region)
        if libs and libs & (libs - 1) == 0:
            who = view.region_name(region)
            why = f"needs {region.remaining} more" if region.clue is not None else \
                "must reach a number"
            steps.append(_step(
                view, "island-expansion", 2, libs, WHITE, region.mask | _fence(view, region),
                f"{who[0].upper()}{who[1:]} {why} and can only grow through "
                f"{view.g.name(libs.bit_length() - 1)}, so it is white.",
                [("island", region.mask)]))
    return steps or None


@TECHNIQUES.register("wall-expansion", tier=2, name="Single liberty (wall)")
def wall_expansion(view: View):
    """A wall group with one way out, that must meet other black cells, extends there."""
    black = view.black
    if not black:
        return None
    black_needed = view.puzzle.black_total
    steps = []
    walls = view.walls()
    g = view.g
    changed = view.changed
    near = g.grow(changed)
    # A wall's way out changes only next to a changed cell; and a wall alone
    # before is asked again once a new one (of changed cells only) appears.
    lone_before = sum(1 for w in walls if w & ~changed) == 1
    for wall in walls:
        if len(walls) == 1 and (black_needed is None or wall.bit_count() >= black_needed):
            continue
        if not wall & near and not lone_before:
            continue
        ring = g.border(wall)
        libs = ring & view.unknown
        if libs and libs & (libs - 1) == 0:
            premises = wall | (ring & view.white)
            if black_needed is None or wall.bit_count() >= black_needed:
                # the numbers alone do not say more black cells exist: one does
                other = black & ~wall
                premises |= other & -other
            steps.append(_step(
                view, "wall-expansion", 2, libs, BLACK, premises,
                f"The wall at {view.g.names(wall, 3)} must connect to the other black cells "
                f"and can only leave through {view.g.name(libs.bit_length() - 1)}, so it is black.",
                [("wall", wall)]))
    return steps or None


@TECHNIQUES.register("size-accounting", tier=2, name="Size accounting")
def size_accounting(view: View):
    """A cell that would join an island to white cells it cannot afford is black."""
    g = view.g
    regions = view.regions
    # a cell touching no region that changed since it last looked had nothing to add
    near = view.unknown & g.grow(view.stirred())
    # only cells next to two regions or more, one of them an island, can join
    # an island to white cells: picked out first, all at once
    once = twice = island_once = island_twice = 0
    around = []
    for r in regions:
        b = r.border(g) & near
        if b:
            twice |= once & b
            once |= b
            if r.clue is not None:
                island_twice |= island_once & b
                island_once |= b
            around.append((r, b))
    joining = twice & island_once & ~island_twice
    if not joining:
        return None
    owner = {}
    for r, b in around:
        for i in bits(b & joining):
            owner.setdefault(i, []).append(r)
    steps = []
    for i, touching in owner.items():
        islands = [r for r in touching if r.clue is not None]
        if len(islands) != 1 or islands[0].need is None or len(touching) < 2:
            continue
        island = islands[0]
        total = 1 + sum(r.size for r in touching)
        if total > island.need:
            frags = 0
            for r in touching:
                if r is not island:
                    frags |= r.mask
            steps.append(_step(
                view, "size-accounting", 2, 1 << i, BLACK, island.mask | frags,
                f"If {g.name(i)} were white it would join {view.region_name(island)} to "
                f"the white cells at {g.names(frags, 4)}, making {total} cells; "
                "so it is black.", [("island", island.mask), ("island", frags)]))
    return steps or None


@TECHNIQUES.register("unreachable", tier=2, name="Reachability", lasting=True)
def unreachable(view: View):
    """Cells no island can reach within its remaining size are black."""
    union = view.reach_union
    for frag in view.fragments:
        if not frag.mask & union:
            raise Contradiction("orphan", f"no number can reach {view.region_name(frag)}",
                                tuple(bits(frag.mask | _reach_bounds(view, toward=frag.mask))))
    cells = view.unknown & ~union
    if not cells:
        return None
    # one step per area out of reach (areas kept out by the same cells share one)
    by_reason: dict[int, int] = {}
    for part in view.g.components(cells):
        view.on_time()  # (thousands of areas on a 100x100 grid)
        why = _reach_bounds(view, toward=part)
        by_reason[why] = by_reason.get(why, 0) | part
    return [_step(view, "unreachable", 2, part, BLACK, why,
                  f"No island can reach {view.g.names(part)} within its size, so "
                  f"{_plural(part, 'it is', 'they are')} black.")
            for why, part in by_reason.items()]


# --------------------------------------------------------------------- tier 3
@TECHNIQUES.register("last-cell-neighbour", tier=3, name="N−1 island, common neighbour")
def last_cell_neighbour(view: View):
    """An island one cell short: a cell next to every possible last cell is black."""
    g = view.g
    steps = []
    for island in view.islands:
        if island.remaining != 1:
            continue
        libs = view.liberties(island)
        if libs.bit_count() < 2:
            continue
        common = g.full
        for i in bits(libs):
            common &= g.neighbours[i]
        common &= view.unknown & ~island.mask
        if common:
            who = view.region_name(island)
            steps.append(_step(
                view, "last-cell-neighbour", 3, common, BLACK,
                island.mask | libs | _fence(view, island),
                f"{who[0].upper()}{who[1:]} needs one more cell, either "
                f"{g.names(libs).replace(' and ', ' or ')}; {g.names(common)} "
                f"{_plural(common, 'touches', 'touch')} all of them, so "
                f"{_plural(common, 'it is', 'they are')} black.",
                [("island", island.mask), ("choice", libs)]))
    return steps or None


@TECHNIQUES.register("pool-chokepoint", tier=3, name="Pool chokepoint")
def pool_chokepoint(view: View):
    """A 2x2 square with no white cell that only one of its cells can break: that cell is white."""
    g = view.g
    union = view.reach_union
    # the squares with no white cell and an open cell, and of those the ones
    # with at most one open cell some island can reach (all at once, by their
    # top left cells): only those are looked at, in the grid's order
    reachable = view.unknown & union
    tops = g.any4(view.unknown) & ~g.any4(view.white) & ~g.many4(reachable)
    steps = []
    for top in bits(tops):
        sq = g.square_of(top)
        open_ = sq & reachable
        if not open_:
            raise Contradiction("pool", f"no island can reach {view.g.square_name(sq)}, "
                                "which would be all black",
                                tuple(bits(sq | _reach_bounds(view, toward=sq))))
        if open_ & (open_ - 1) == 0:
            i = open_.bit_length() - 1
            steps.append(_step(
                view, "pool-chokepoint", 3, open_, WHITE, sq | _reach_bounds(view, toward=sq),
                f"{view.g.square_name(sq)[0].upper()}{view.g.square_name(sq)[1:]} needs a white "
                f"cell and no island can reach its other unknown cells, so {view.g.name(i)} "
                "is white.", [("square", sq)]))
    return steps or None


@TECHNIQUES.register("island-confinement", tier=3, name="Confinement and island chokepoint")
def island_confinement(view: View):
    """An island must take the cells without which it cannot reach its size or its duties.

    Its duties: white fragments only it can reach, and 2x2 squares only it can
    break (each needs one of its cells white). One finding per island and pass:
    on big grids a pass is costly, and islands far apart do not interfere.
    """
    reaches = view.reaches
    duties = _duties(view)
    steps = []
    g = view.g
    taken = 0  # the islands with this pass's findings so far, and the cells they take
    for island in view.islands:
        if island.complete or island.need is None:
            continue
        if taken and g.grow(taken) & (reaches[island.clue] | island.mask):
            # what an earlier finding takes touches this island's area: the
            # solver would leave this one for the next pass (Kind.around)
            continue
        step = _confine(view, island, reaches[island.clue], duties.get(island.clue, ()))
        if step is not None:
            steps.append(step)
            taken |= island.mask
            for i, _ in step.conclusions:
                taken |= 1 << i
    return steps or None


def _confine(view: View, island: Region, area: int, mine) -> Step | None:
    g = view.g
    if area.bit_count() < island.need:
        raise Contradiction("island-stuck", f"{view.region_name(island)} can reach only "
                            f"{area.bit_count()} cells, fewer than {island.need}",
                            tuple(bits(area | _reach_bounds(view, [island]))))
    if area.bit_count() == island.need and area & view.unknown:
        who = view.region_name(island)
        cells = area & view.unknown
        return _step(view, "island-confinement", 3, cells, WHITE,
                     area | _reach_bounds(view, [island]),
                     f"{who[0].upper()}{who[1:]} can reach exactly {island.need} cells, "
                     f"so {g.names(cells)} {_plural(cells, 'is', 'are')} white.",
                     [("island", island.mask), ("area", area)])
    # Everything below depends only on the cells around the island's area
    # (and its duties): a situation already examined in vain is skipped.
    zone = g.grow(g.grow(area))
    seen = (island.mask, area, zone & view.unknown, g.grow(zone) & view.white,
            tuple((role, target) for role, target, _ in mine))
    vain = _in_vain(view, "confinement")
    if seen in vain:
        return None
    who = view.region_name(island)
    # Without a cell the walk still takes what it took before that cell: only a
    # cell taken while the island was short can leave it short. And only a cell
    # on the cheapest way the walk found to a duty's cells (not one of them)
    # can keep it from them: off that way, the way stays open.
    short = view.taken_while_short(island)
    ways = [view.on_path(island, target) & ~target for _, target, _ in mine]
    could = short
    for cells in ways:
        could |= cells
    # A cell can only matter if it cuts the area apart, if the area is so tight
    # that a detour around it costs too much, or if the island has duties.
    suspects = _suspects(view, island, area, bool(mine), 0, could)
    for i in bits(suspects & could):
        view.on_time()
        bit = 1 << i
        # the duties this cell could stand in the way of
        duties = [d for d, cells in zip(mine, ways) if bit & cells]
        if bit & short:
            # (with no duties in question, the walk may stop once it has enough cells)
            without = view.reach_without(island, bit, enough=0 if duties else island.need)
            if without.bit_count() < island.need:
                return _step(view, "island-confinement", 3, bit, WHITE,
                             area | _reach_bounds(view, [island]),
                             f"Without {g.name(i)}, {who} could reach only "
                             f"{without.bit_count()} of its {island.need} cells, so "
                             f"{g.name(i)} is white.",
                             [("island", island.mask), ("area", area)])
        elif not duties:
            continue
        else:  # (with one duty in question, the walk may stop once it takes its cells)
            without = view.reach_without(island, bit, until=duties[0][1] if len(duties) == 1 else 0)
        for role, target, duty in duties:
            if target & without:
                continue
            if role == "fragment":
                text = (f"Only {who} can reach the white cells at {g.names(target, 4)}, "
                        f"and without {g.name(i)} it could not, so {g.name(i)} is white.")
                regions = [("island", island.mask), ("island", target), ("area", area)]
            else:
                text = (f"Only {who} can break the pool at {g.names(target, 4)}, and "
                        f"without {g.name(i)} it could not reach it, so {g.name(i)} is white.")
                regions = [("island", island.mask), ("square", target), ("area", area)]
            # (only it can reach the target: the other islands' bounds count too)
            return _step(view, "island-confinement", 3, bit, WHITE,
                         area | duty | _reach_bounds(view, toward=duty), text, regions)
    _remember(vain, seen)
    return None


def _suspects(view: View, island: Region, area: int, every: bool, extra: int,
              among: int | None = None) -> int:
    """Unknown cells of ``area`` whose blackening could shrink what ``island`` reaches.

    All of them when ``every`` or when the area is tight; in a wide area only
    the cells that cut it apart (articulation cells), plus ``extra``.
    ``among``: only these cells are asked about (the answer says nothing of
    the others); when they are few, each is tested on its own.
    """
    if every or area.bit_count() <= island.need + TIGHT_SLACK:
        return area & view.unknown
    suspects = extra
    if among is not None:
        among &= area & view.unknown & ~extra
        if among.bit_count() <= FEW_SUSPECTS:
            cuts = _cutting(view.g, area, island.clue, among)
            if cuts is not None:
                return (suspects | cuts) & view.unknown
    for i in _articulation_cells(view.g, area, island.clue):
        suspects |= 1 << i
    return suspects & view.unknown


# up to this many cells to ask about, each is looked at round it, and up to
# FEW_FLOODS of those that look cannot tell are flooded: cheaper than the
# low-link walk over the whole area
FEW_SUSPECTS = 96
FEW_FLOODS = 24


def _cutting(g, area: int, root: int, cells: int) -> int | None:
    """The cells of ``cells`` (in ``area``, which is connected, not ``root``)
    that cut ``area`` apart: the articulation cells among them (None: more
    than FEW_FLOODS to flood). A cell whose neighbours meet round it does
    not; any other is asked with a flood."""
    doubtful = [i for i in bits(cells) if not g.keeps_connected(i, area)]
    if len(doubtful) > FEW_FLOODS:
        return None
    out = 0
    seed = 1 << root
    for i in doubtful:
        rest = area & ~(1 << i)
        if g.flood(seed, rest) != rest:
            out |= 1 << i
    return out


def _others_reach(view: View, island: Region) -> int:
    """The cells islands other than ``island`` can reach."""
    others = 0
    for clue, area in view.reaches.items():
        if clue != island.clue:
            others |= area
    return others


class _Vain(set):
    """Situations where a technique found nothing, and how many bits their
    cells' masks take (to bound the memory they hold)."""
    __slots__ = ("bits",)

    def __init__(self):
        super().__init__()
        self.bits = 0


_IN_VAIN: dict[tuple[int, str], tuple[Any, _Vain]] = {}
VAIN_BITS = 1 << 28  # the masks one technique may keep per puzzle: 32 MB (a 100x100 grid
# with hundreds of islands named each of them, 10 000 bits apiece, in every situation)


def _in_vain(view: View, technique: str) -> _Vain:
    """The situations of this puzzle where ``technique`` looked and found
    nothing, to skip when they come up again.

    A situation is keyed by the cells around what the technique looks at, not
    by the whole grid, and the numbers of this puzzle are taken as read: the
    set belongs to one puzzle. Shared by all puzzles, it let a puzzle's grade
    depend on what the process had solved before it (a puzzle the same but
    for one number skipped a step the technique would have found).
    """
    return _of_puzzle(_IN_VAIN, (id(view.puzzle), technique), view, _Vain)


def _of_puzzle(store: dict, key, view: View, make):
    """``store[key]``'s memory for ``view``'s puzzle (``key`` holds its id),
    made by ``make()`` when missing; past 60 entries the other puzzles' are
    dropped (never this puzzle's: what it remembers must not depend on how many
    puzzles the process solved before it)."""
    entry = store.get(key)
    if entry is None or entry[0] is not view.puzzle:
        if len(store) > 60:
            for old in [k for k, (puzzle, _) in store.items() if puzzle is not view.puzzle]:
                del store[old]
        entry = store[key] = (view.puzzle, make())  # (holds the puzzle: its id stays its own)
    return entry[1]


def _remember(vain: _Vain, situation: tuple, most: int = 200000) -> None:
    """Add ``situation`` to ``vain`` (from :func:`_in_vain`), starting afresh past
    ``most`` situations or ``VAIN_BITS`` bits of masks."""
    size = _bits_in(situation)
    if len(vain) > most or vain.bits + size > VAIN_BITS:
        vain.clear()
        vain.bits = 0
    vain.add(situation)
    vain.bits += size


def _bits_in(situation) -> int:
    """The bits the masks of ``situation`` (ints, strings, nested tuples) take."""
    if isinstance(situation, int):
        return situation.bit_length()
    if isinstance(situation, tuple):
        total = 0
        for x in situation:  # (mostly masks: counted here, without a call each)
            total += x.bit_length() if isinstance(x, int) else _bits_in(x)
        return total
    return 64


@TECHNIQUES.register("fragment-lifeline", tier=3, name="Fragment lifeline")
def fragment_lifeline(view: View):
    """A cell without which no island could reach a white fragment, or break a
    2x2 square, is white.

    The unclued lifeline, tried on the cells near the fragment: every island
    that could reach it (one or several) could only do so through that cell.
    Island confinement finds the cells that cut an island's own area apart;
    this finds the ones that cut a fragment off from all its islands. A 2x2
    square with no white cell needs one, and so some island must reach one of
    its open cells: the same holds for those (on the main line only; inside
    hypothesis branches confinement covers the squares one island alone can
    break).
    """
    g = view.g
    reaches = view.reaches
    vain = _in_vain(view, "fragment-lifeline")
    for role, target, what, reachers in _must_reach(view):
        view.on_time()
        # a cell outside some reacher's reach leaves that one's way open, and so
        # does one it takes only once it has taken a cell of the target
        common = g.full
        for r in reachers:
            common &= reaches[r.clue]
        libs = g.border(target) & view.unknown
        near = (target | libs | g.border(libs)) & view.unknown & common
        if near & ~target:
            between = g.full
            for r in reachers:
                between &= view.taken_before(r, target)
                if not near & ~target & between:
                    break
            near &= between | target
        if not near:
            continue
        area = 0
        for r in reachers:
            area |= reaches[r.clue]
        seen = (role, target, tuple((r.mask, reaches[r.clue]) for r in reachers),
                g.grow(area) & view.unknown, g.grow(area) & view.white)
        if seen in vain:
            continue
        for i in bits(near):
            view.on_time()
            bit = 1 << i
            rest = target & ~bit
            if rest and any(view.reach_without(r, bit, until=rest) & rest for r in reachers):
                continue
            if role == "pool" and not rest:
                continue  # the square's last open cell: pool chokepoint's finding
            who = _islands_could(view, reachers, f"reach {_plural(target, 'it', 'them')}",
                                 f"and not without {g.name(i)}",
                                 f"but none of them without {g.name(i)}")
            # (the other islands cannot reach the target, nor these without the cell)
            duty = target if role == "fragment" else what
            premises = duty | bit | _reach_bounds(view, toward=duty)
            if role == "fragment":
                name = view.region_name(what)
                return _step(view, "fragment-lifeline", 3, bit, WHITE, premises,
                             f"{name[0].upper()}{name[1:]} must join a number; {who}, so "
                             f"{g.name(i)} is white.",
                             [("island", target)] + [("island", r.mask) for r in reachers])
            sq_name = g.square_name(what)
            return _step(view, "fragment-lifeline", 3, bit, WHITE, premises,
                         f"{sq_name[0].upper()}{sq_name[1:]} needs a white cell, one of "
                         f"{g.names(target, 4)}; {who}, so {g.name(i)} is white.",
                         [("square", what)] + [("island", r.mask) for r in reachers])
        _remember(vain, seen)
    return None


def _islands_could(view: View, islands: list[Region], what: str, alone: str,
                   together: str) -> str:
    """"only the 3 at r1c1 could reach it, and not without r2c2", or "the 3 at
    r1c1 and the 4 at r5c5 could reach it, but none of them without r2c2"."""
    if len(islands) == 1:
        return f"only {view.region_name(islands[0])} could {what}, {alone}"
    return f"{listed([view.region_name(r) for r in islands])} could {what}, {together}"


def _takes_joined(view: View, island: Region, bit: int, merged: int, rim: int,
                  size: int) -> bool:
    """Could ``island`` still take ``merged`` (``size`` cells: the fragments
    next to the open cell ``bit``, joined by it) were ``bit`` white?

    Its walk first meets ``rim`` (the cells next to them) at some step, on a
    way that kept off them (the walk takes none of them before it meets one
    of those cells), so that way is still there: when it leaves room for
    ``size`` more cells, the joined fragment is taken. Else the walk with
    ``bit`` white tells."""
    k = view.taken_at(island, rim)
    if k is not None and k + size <= min(island.remaining, view.g.n):
        return True
    return bool(view.reach(island, whitened=bit, until=merged) & merged)


@TECHNIQUES.register("fragment-reach", tier=3, name="Fragment out of reach")
def fragment_reach(view: View):
    """A cell whose whiteness would put white cells without a number out of reach is black.

    Size accounting's counterpart for fragments. An unknown cell next to
    white cells without a number, and next to no island, would join them into
    one larger fragment; every island pays a fragment's whole size to take
    it, so islands that reach the small fragments may not afford the joined
    one. And a cell next to an island would, white, spend one of that
    island's cells (and take the fragments it touches), and keep every other
    island from the cells around it. A fragment, or the open cells of a 2x2
    square (one must be white), that only such islands can reach may then be
    out of every reach: the grown island's within its size, the others' without
    touching it. Then the cell is black. (Inside hypothesis branches only the
    island's own duties are checked: fragments and squares it alone can reach.)

    One finding at a time: its findings rest on the reach of the same islands,
    so after one of them the solver would leave most others for the next pass
    (``Kind.around``), and writing them out is half the work.
    """
    fragments = view.fragments
    g = view.g
    reaches = view.reaches
    near_island = view.island_touch[0]
    near_fragment = 0
    for f in fragments:
        near_fragment |= g.border(f.mask)
    # next to fragments only: they join into one
    # (next to an island as well, size accounting and the case below apply;
    # out of every reach, Reachability blackens the cell)
    for i in bits(near_fragment & view.unknown & ~near_island & view.reach_union):
        bit = 1 << i
        around = g.border(bit)
        merged = bit
        for f in fragments:
            if f.mask & around:
                merged |= f.mask
        # whitening a cell only makes taking these cells dearer: an island
        # out of reach of all of them now stays out of reach
        able = [r for r in view.islands if reaches[r.clue] & merged]
        size = merged.bit_count()
        rim = g.border(merged)
        if any(_takes_joined(view, r, bit, merged, rim, size) for r in able):
            continue
        frags = merged & ~bit
        # ``able`` is not empty: the cell itself is within some island's reach
        why = _islands_could(view, able, "reach the joined cells",
                             f"and it could not take all {size} within its size",
                             f"but none could take all {size} within its size")
        return _step(
            view, "fragment-reach", 3, bit, BLACK,
            frags | bit | _reach_bounds(view, toward=merged),
            f"If {g.name(i)} were white it would join the white cells at {g.names(frags, 4)} "
            f"into {size} cells without a number; {why}, so {g.name(i)} is black.",
            [("island", frags)] + [("island", r.mask) for r in able])
    # next to an island: the island would grow by the cell (and the fragments
    # it touches) and have less to spend, and its neighbours could no longer
    # take any cell next to it. A fragment, or the open cells of a 2x2 square,
    # that only such islands can reach may then be out of every reach.
    # (inside a hypothesis, only an island's own duties are looked at: cheaper,
    # and a branch only needs a quick contradiction)
    groups = {(clue,): owed for clue, owed in _duties(view).items()} if view.nested \
        else _targets_by_reachers(view)
    if not groups:
        return None
    by_clue = {r.clue: r for r in view.islands}
    halos = None if view.nested else {c: g.grow(m) for c, m in reaches.items()}
    for island in view.islands:
        if island.complete or island.need is None:
            continue
        if halos is None:
            own = groups.get((island.clue,))
            if own is None:
                continue
            relevant = [((island.clue,), own)]
        # (liberties leave out cells next to another island)
        libs = view.liberties(island)
        if not libs:
            continue
        if halos is not None:
            # what the island could grow into, fragments included: the islands
            # whose reach comes next to that are the only ones it could fence out
            grows_into = island.mask | libs
            around = g.border(libs)
            for f in fragments:
                if f.mask & around:
                    grows_into |= f.mask
            near = {c for c, h in halos.items() if h & grows_into}
            near.add(island.clue)
            relevant = [(clues, targets) for clues, targets in groups.items()
                        if near.issuperset(clues)]
            if not relevant:
                continue
        steps_to: dict[int, int | None] = {}  # target -> the step the island's walk takes it at
        for i in bits(libs):
            bit = 1 << i
            around = g.border(bit)
            grown = bit | island.mask
            for f in fragments:
                if f.mask & around:
                    grown |= f.mask
            if grown.bit_count() > island.need:
                continue  # size accounting's finding
            zone = g.grow(grown)
            after: dict[int, int] = {}
            for clues, targets in relevant:
                # the cell's whiteness must change the reach of every island there
                if any(c != island.clue and not reaches[c] & zone for c in clues):
                    continue
                for role, target, cells in targets:
                    if target & grown:
                        continue  # taken (a fragment) or broken (a square) by the cell itself
                    for c in clues:
                        if c == island.clue:
                            # a way there within what would be left of its size
                            # stays open: the walk from the grown island is no longer
                            k = steps_to.get(target, False)
                            if k is False:
                                k = steps_to[target] = view.taken_at(island, target)
                            if k is not None and k <= island.need - grown.bit_count():
                                break
                        got = after.get(c)
                        if got is None:
                            got = after[c] = view.reach(Region(grown, c, island.need)) \
                                if c == island.clue else \
                                view.reach_without(by_clue[c], zone & view.unknown)
                        if got & target:
                            break
                    else:
                        return _lost_target(view, island, i, grown, role, target,
                                            cells, [by_clue[c] for c in clues])
                else:
                    continue
                break
    return None


def _must_reach(view: View) -> list[tuple[str, int, object, list[Region]]]:
    """What some island must reach, with the islands that can: each white
    fragment ("fragment", its cells, the fragment) and, on the main line,
    each 2x2 square without a white cell ("pool", its open cells within some
    reach, the square: one of them must be white, so some island must take
    it). Those no island reaches are left out (Reachability's and Pool
    chokepoint's contradictions). The islands come in ``view.islands`` order."""
    got = view.__dict__.get("_must_reach")
    if got is not None:
        return got
    g = view.g
    reaches = view.reaches
    union = view.reach_union
    only = view.sole_reached
    rank = {r.clue: k for k, r in enumerate(view.islands)}
    found = [("fragment", f.mask, f) for f in view.fragments if f.mask & union]
    if not view.nested:  # (squares with no white cell and an open cell in some reach)
        open_ = view.unknown & union
        for top in bits(g.any4(open_) & ~g.any4(view.white)):
            sq = g.square_of(top)
            found.append(("pool", sq & open_, sq))
    # which islands reach each cell of a target shared by several (bit k: the
    # k-th island), when that is cheaper than asking every island about every
    # target (hundreds of each on big grids; but "?" islands reach far, and a
    # cell listed costs several times a question asked)
    islands = view.islands
    shared = 0
    for _, target, _ in found:
        shared |= target
    shared &= ~only
    by_cell: dict[int, int] | None = None
    if shared and 8 * sum((reaches[r.clue] & shared).bit_count() for r in islands) \
            < len(found) * len(islands):
        by_cell = {}
        for k, r in enumerate(islands):
            for i in bits(reaches[r.clue] & shared):
                by_cell[i] = by_cell.get(i, 0) | 1 << k
    # which island can reach each cell one island alone can reach, of the
    # targets asked of cell by cell (of a target only such cells make up, its
    # first cell: the island that reaches it mostly reaches them all)
    asked = 0
    for _, target, _ in found:
        if not target & ~only:
            asked |= target & -target
        elif by_cell is not None:
            asked |= target & only
    owner = _owners(view, asked)
    got = []
    split = 0  # (targets of cells one island each can reach, not all the same one)
    for role, target, what in found:
        if target & ~only and by_cell is None:
            reachers = [r for r in islands if reaches[r.clue] & target]
        elif target & ~only:
            ranks = 0
            for i in bits(target & shared):
                ranks |= by_cell.get(i, 0)
            for i in bits(target & only):
                ranks |= 1 << rank[owner[i]]
            reachers = [islands[k] for k in bits(ranks)]
        else:  # (cells one island each can reach: which)
            clue = _one_reacher(owner, reaches, target)
            if clue is None:
                split |= target
                reachers = None
            else:
                reachers = [islands[rank[clue]]]
        got.append((role, target, what, reachers))
    if split:
        owner = _owners(view, split)
        got = [(role, target, what, reachers if reachers is not None else
                [islands[k] for k in sorted({rank[owner[i]] for i in bits(target)})])
               for role, target, what, reachers in got]
    view.__dict__["_must_reach"] = got
    return got


def _targets_by_reachers(view: View) -> dict[tuple[int, ...], list[tuple[str, int, int]]]:
    """``_must_reach`` grouped by the clue cells of the islands that can reach
    them, as ``_duties`` gives them: (role, target, the cells it rests on)."""
    groups: dict[tuple[int, ...], list[tuple[str, int, int]]] = {}
    for role, target, what, reachers in _must_reach(view):
        cells = target if role == "fragment" else what
        groups.setdefault(tuple(r.clue for r in reachers), []).append((role, target, cells))
    return groups


def _lost_target(view: View, island: Region, i: int, grown: int, role: str, target: int,
                 cells: int, reachers: list[Region]) -> Step:
    """fragment-reach's step: ``i`` white would grow ``island`` to ``grown`` and
    put ``target`` out of the reach of all its ``reachers`` (``cells``: what the
    duty rests on, see ``_duties``)."""
    g = view.g
    who = view.region_name(island)
    only = listed([view.region_name(r) for r in reachers])
    if role == "fragment":
        duty = (f"Only {only} can reach the white "
                f"{_plural(target, 'cell', 'cells')} at {g.names(target, 4)}")
    else:
        duty = (f"Only {only} can reach {g.names(target, 4)}, the only "
                f"way{'' if target & (target - 1) == 0 else 's'} to break a 2x2 square")
    them = _plural(target, "it", "them")
    if reachers == [island]:
        then = f"it could no longer reach {them} within its size"
    elif island in reachers:
        others = listed([view.region_name(r) for r in reachers if r is not island])
        then = (f"no island could reach {them}: not it within its size, nor {others} "
                "without touching it")
    else:
        then = (f"{only} could no longer reach {them} without touching it")
    regions = [("island", island.mask)] + [("island", r.mask) for r in reachers
                                          if r is not island]
    regions.append(("island" if role == "fragment" else "square", target))
    premises = island.mask | cells | (1 << i) \
        | _reach_bounds(view, toward=g.grow(grown) | cells)
    return _step(view, "fragment-reach", 3, 1 << i, BLACK, premises,
                 f"{duty}; if {g.name(i)} were white, {who} would grow to "
                 f"{grown.bit_count()} cells, and then {then}, so {g.name(i)} is black.",
                 regions)


def _duties(view: View) -> dict[int, list[tuple[str, int, int]]]:
    """What exactly one island must do, keyed by its clue cell.

    ("fragment", cells, cells): a white fragment only that island can reach;
    ("pool", cells, square): the unknown cells of a 2x2 square with no white
    cell that only that island can reach, one of which it must take. The last
    item is what the duty rests on: for a pool the whole square (its other
    cells are black or out of every reach).
    """
    cached = view.__dict__.get("_duties")
    if cached is not None:
        return cached
    only = view.sole_reached
    union = view.reach_union
    g = view.g
    fragments = []  # (a fragment, its cells in some reach: one island each can reach them)
    for frag in view.fragments:
        touched = frag.mask & union
        if touched and touched & ~only == 0:
            fragments.append((frag, touched))
    # squares with no white cell whose open cells in some reach (there are some)
    # only one island each can reach
    within = view.unknown & union
    squares = [(sq, sq & within) for sq in map(
        g.square_of, bits(g.any4(within) & ~g.any4(view.white | (within & ~only))))]
    asked = 0  # (the first cell of each: see _one_reacher)
    for _, cells in fragments + squares:
        asked |= cells & -cells
    owner = _owners(view, asked)
    reaches = view.reaches
    duties: dict[int, list[tuple[str, int, int]]] = {}
    for frag, touched in fragments:
        clue = _one_reacher(owner, reaches, touched)
        if clue is not None:
            duties.setdefault(clue, []).append(("fragment", frag.mask, frag.mask))
    for sq, open_ in squares:
        clue = _one_reacher(owner, reaches, open_)
        if clue is not None:
            duties.setdefault(clue, []).append(("pool", open_, sq))
    view.__dict__["_duties"] = duties
    return duties


def _one_reacher(owner: dict[int, int], reaches: dict[int, int], cells: int) -> int | None:
    """The clue of the one island that reaches all of ``cells``, cells one
    island each can reach (``owner``: ``_owners`` of at least their first
    cell); None when they are not all the same island's. That island is the
    first cell's: the others are its when its reach holds them."""
    clue = owner[(cells & -cells).bit_length() - 1]
    return None if cells & ~reaches[clue] else clue


def _owners(view: View, cells: int) -> dict[int, int]:
    """The clue of the one island that can reach each of ``cells`` (cells one
    island alone can reach): only those asked of, not every such cell."""
    owner: dict[int, int] = {}
    if cells:
        for clue, m in view.reaches.items():
            hit = m & cells
            if hit:
                for i in bits(hit):
                    owner[i] = clue
    return owner


def _sole_reachers(view: View) -> dict[int, int]:
    """Fragments that exactly one island can reach, keyed by that island's clue."""
    out: dict[int, int] = {}
    for clue, items in _duties(view).items():
        for role, mask, _ in items:
            if role == "fragment":
                out[clue] = out.get(clue, 0) | mask
    return out


@TECHNIQUES.register("wall-chokepoint", tier=3, name="Wall chokepoint")
def wall_chokepoint(view: View):
    """An unknown cell every connection of the black cells passes through is black."""
    g = view.g
    black = view.black
    if not black or not black & (black - 1):
        return None
    space = black | view.unknown
    steps = []
    for i in _wall_cuts(view):
        bit = 1 << i
        if not bit & view.unknown:
            continue
        rest = space & ~bit
        start = (black & ~bit) & -(black & ~bit)
        part = g.flood(start, rest)
        if part & black != black:
            inside, outside, fence = _sealed_side(view, part, rest, bit)
            # (a step whose walls an earlier step of the batch grows is left by
            # the solver for the next pass: see Kind.around)
            steps.append(_step(
                view, "wall-chokepoint", 3, bit, BLACK, inside | outside | fence,
                f"The wall at {g.names(inside, 3)} can only reach the wall at "
                f"{g.names(outside, 3)} through {g.name(i)}, so it is black.",
                [("wall", inside), ("wall", outside)]))
    return steps or None


def _wall_cuts(view: View) -> dict[int, None]:
    """The open cells that cut apart the black and open cells joined to the
    first black cell (articulation cells), lowest first (kept per view: wall
    chokepoint and wall dead end both ask; read only)."""
    got = view.__dict__.get("_wall_cuts")
    if got is None:
        g, black, unknown = view.g, view.black, view.unknown
        # Which cells part the black and open cells depends on those cells
        # alone: a position that only blackened cells since a recent one (a
        # branch that assumes a cell black starts so) has the same cuts, less
        # the cells since blackened, when its first black cell lies in the
        # same part
        key = (g, black | unknown)
        first = black & -black
        old = _RECENT_CUTS.get(key)
        if old is not None and old[0] & ~black == 0 and old[1] & first:
            got = dict.fromkeys(x for x in old[2] if unknown >> x & 1)
        else:
            got = _open_cuts(g, view.walls(), black, unknown)
            if first:
                _RECENT_CUTS.pop(key, None)
                _RECENT_CUTS[key] = (black, g.flood(first, black | unknown), tuple(got))
                if len(_RECENT_CUTS) > RECENT_CUTS:
                    del _RECENT_CUTS[next(iter(_RECENT_CUTS))]
        view.__dict__["_wall_cuts"] = got
    return got


# (geometry, black and open cells) -> (the black cells, the part holding the
# first black cell, its open cells that part it), for the RECENT_CUTS newest
# positions asked
_RECENT_CUTS: dict[tuple, tuple[int, int, tuple[int, ...]]] = {}
RECENT_CUTS = 16


def _open_cuts(g, walls: list[int], black: int, unknown: int) -> dict[int, None]:
    """``_wall_cuts``, found on the graph of the open cells and the groups of
    black cells (``walls``), each group one node (node ``g.n + k`` for group
    ``k``). Taking out an open cell parts the black and open cells exactly
    when it parts that graph (a group is connected and lies on one side),
    which is far smaller once the wall has grown (``_articulation_cells``
    walks it)."""
    if not black:
        return {}
    n = g.n
    first = black & -black
    if black.bit_count() < 6 * len(walls):
        # (groups of a few cells: walking their cells costs less than linking
        # the groups; measured on janko, six cells a group on average is where
        # linking starts to pay)
        return dict.fromkeys(sorted(x for x in _articulation_cells(
            g, black | unknown, first.bit_length() - 1) if unknown >> x & 1))
    # the nodes' neighbours: an open cell's as on the grid (cells that are
    # neither open nor a node are skipped) unless it touches a group, a
    # group's the open cells next to it
    links = list(g.neighbour_cells)
    touching: dict[int, list[int]] = {}  # open cell -> the groups next to it
    root = n
    for k, wall in enumerate(walls):
        node = n + k
        if wall & first:
            root = node
        cells = list(bits(g.border(wall) & unknown))
        links.append(cells)
        for u in cells:
            got = touching.get(u)
            if got is None:
                touching[u] = [node]
            else:
                got.append(node)
    # membership as bytes (b"1": an open cell or a group)
    inside = bin(unknown)[:1:-1].ljust(n, "0").encode() + b"1" * len(walls)
    for u, nodes in touching.items():
        links[u] = [x for x in links[u] if inside[x] == 49] + nodes
    # (the groups that are cuts are left out)
    out = [u for u in _articulation_cells(g, 0, root, graph=(links, inside)) if u < n]
    out.sort()
    return dict.fromkeys(out)


def _sealed_side(view: View, part: int, rest: int, door: int) -> tuple[int, int, int]:
    """The premises of a wall cut at ``door``: a wall inside one side of it, a
    wall outside, and the white cells that seal that side off (every other
    way out of it is ``door``).

    ``part``: a piece of the black and open cells without ``door`` that holds
    black cells, not all of them; ``rest``: those cells. Of ``part`` and the
    piece across ``door`` holding black cells, the one with the shorter white
    fence is taken; on each side the wall nearest ``door``.
    """
    g = view.g
    black, white = view.black, view.white
    beyond = black & ~part
    other = g.flood(beyond & -beyond, rest)
    fence, side, across = g.border(part) & white, part, other
    fence2 = g.border(other) & white
    if fence2.bit_count() < fence.bit_count():
        fence, side, across = fence2, other, part

    def nearest(mask: int) -> int:
        ring = door
        while not ring & mask & black:
            ring = g.grow(ring)
        hit = ring & mask & black
        return g.flood(hit & -hit, black)  # the wall holding the first black cell met

    return nearest(side), nearest(across), fence


def _articulation_cells(g, space: int, root: int, weight: dict[int, int] | None = None,
                        graph: tuple[list, bytes] | None = None):
    """Articulation cells of the grid graph on ``space``, in the component of ``root``.

    ``graph``: another graph instead (``space`` unused): each node's
    neighbours, and which nodes are in it (b"1"), as ``_open_cuts`` makes it.

    With ``weight`` (how many black cells each cell of ``space`` stands for:
    itself, or a block's cell with the black cells hanging off it; no cell
    outside ``space`` counts): only the cells whose removal leaves the black
    cells in more than one piece, those with black cells both in a piece they
    cut off and elsewhere (the walk counts the black cells under each cell).

    Tarjan's low-link walk, iterative; cells are visited lowest neighbour first.
    """
    if graph is None:
        # membership as bytes (b"1" inside): one C-level conversion instead of
        # a big-int shift per edge
        inside = bin(space)[:1:-1].ljust(g.n, "0").encode()
        nbrs = g.neighbour_cells
    else:
        nbrs, inside = graph
    disc = [0] * len(nbrs)  # 0: not visited yet
    low = [0] * len(nbrs)
    disc[root] = low[root] = 1
    counting = weight is not None
    if counting:
        under = [0] * g.n  # black cells in the walk's subtree of each cell
        total = sum(weight.values())
        under[root] = weight[root]
    counter = 2
    out = []
    root_children = 0
    stack = [(root, -1, iter(nbrs[root]))]
    while stack:
        v, parent, it = stack[-1]
        for w in it:
            if inside[w] != 49 or w == parent:  # 49: b"1"
                continue
            dw = disc[w]
            if dw:
                if dw < low[v]:
                    low[v] = dw
                continue
            disc[w] = low[w] = counter
            counter += 1
            if v == root:
                root_children += 1
            if counting:
                under[w] = weight[w]
            stack.append((w, v, iter(nbrs[w])))
            break
        else:
            stack.pop()
            if stack:
                u = stack[-1][0]
                if low[v] < low[u]:
                    low[u] = low[v]
                if counting:
                    under[u] += under[v]
                    # (the root too: with black cells on two sides it parts them)
                    if low[v] >= disc[u] and 0 < under[v] < total:
                        out.append(u)
                elif u != root and low[v] >= disc[u]:
                    out.append(u)
    if root_children > 1 and not counting:
        out.append(root)
    return dict.fromkeys(out)


# --------------------------------------------------------------------- tier 4
@TECHNIQUES.register("shape-enumeration", tier=4, name="Shape enumeration", thorough=True,
                     wide=True)
def shape_enumeration(view: View):
    """Try every way an island can be completed; what all valid ways share is forced."""
    for island in _watched(view):
        view.on_time()  # (hundreds of islands on a 100x100 grid)
        valid = _shapes_of(view, island)
        if valid is None:
            continue
        step = _shared_by_all(view, island, valid, "shape-enumeration", "")
        if step is not None:
            return step
    return None


@TECHNIQUES.register("battleground", tier=4, name="Battleground (competing islands)", thorough=True,
                     wide=True)
def battleground(view: View):
    """Keep only completions of an island that leave some completion for each neighbour island."""
    # (the thorough pass looks again at every island if the usual budget ran out here)
    cut = (view.black, view.white) in _in_vain(view, "battleground-pairs")
    watched = []
    for r in _watched(view, cut):
        view.on_time()
        if _shapes_of(view, r) is not None:
            watched.append(r.clue)
    if not watched:
        return None
    reaches = view.reaches
    g = view.g
    by_clue = {r.clue: r for r in view.islands}
    unfinished = [r.clue for r in view.islands if not r.complete and r.need is not None
              and r.remaining <= _shape_limits(view)[1]]
    near: dict[int, list[int]] = {}
    looked = set(watched)
    cache = view.__dict__.setdefault("_shape_cache", {})
    rough: dict[int, list[int] | None] = {}

    def listed(d: int) -> list[int] | None:
        # an island nothing changed near keeps the completions an earlier
        # position left it, unchecked here: more shapes as partners can only
        # keep more shapes (the checks see to the islands that are watched)
        if d in cache or d in looked:
            return _shapes_of(view, by_clue[d])
        if d not in rough:
            got = _inherited(view, by_clue[d])[0]
            rough[d] = got if got is not None else _shapes_of(view, by_clue[d])
        return rough[d]

    def neighbours(c: int) -> list[int]:
        got = near.get(c)
        if got is None:
            around = g.grow(reaches[c])
            got = near[c] = [d for d in unfinished if d != c and around & reaches[d]
                             and listed(d) is not None]
        return got

    kept: dict[int, list[int]] = {}
    alive: dict[int, set[int]] = {}  # kept[d] as a set
    rivals: dict[int, set[int]] = {}

    def shapes(d: int) -> list[int]:
        got = kept.get(d)
        if got is None:
            got = kept[d] = list(listed(d))
            alive[d] = set(got)
        return got

    feet: dict[int, list[tuple[int, int]]] = {}  # kept[d] with each shape's footprint

    def footprints(d: int) -> list[tuple[int, int]]:
        """Each shape of ``d`` with the cells no shape beside it may take (its
        cells and its border): most pairs fail on that alone."""
        got = feet.get(d)
        if got is None:
            got = feet[d] = []
            for t in shapes(d):
                ring = rings.get(t)
                if ring is None:
                    ring = rings[t] = g.border(t)
                got.append((t, t | ring))
        return got

    anchors: dict[tuple[int, int], tuple[int, int] | None] = {}
    rings: dict = {}  # shape -> its border (see _compatible)

    def anchor(c: int, d: int) -> tuple[int, int] | None:
        key = (c, d) if c < d else (d, c)
        if key not in anchors:
            area = 0
            for x in shapes(c) + shapes(d):
                area |= x
            anchors[key] = _far_wall(view, area, 0)
        return anchors[key]

    # the same position comes up again (a cheap probe and its full branch, a
    # later round): whether two shapes fit together there is looked up. The
    # answer depends on the grid and its black and white cells only (not on
    # the numbers), so that is the key: a puzzle freed and another made at the
    # same address cannot be given a stale answer.
    where = (g.rows, g.cols, view.black, view.white)
    fits = _FITS.get(where)
    if fits is None:
        if len(_FITS) > 256:
            _FITS.clear()
        fits = _FITS[where] = {}
    if not view.nested:
        step = _sole_taker(view, by_clue)
        if step is not None:
            return step
    support = _support(view)
    work = [c for c in watched if neighbours(c)]
    budget = _caps(view)[3]
    while work:
        c = work.pop()
        mine = shapes(c)
        before = len(mine)
        survivors = []
        rivals_c = [(d, footprints(d), alive[d], anchor(c, d)) for d in neighbours(c)]
        # whether each shape still fits with the partner found last time (most
        # do): the wall floods those pairs need are done together
        asks, asked = [], []
        for s in mine:
            for d, _, alive_d, far in rivals_c:
                t = support.get((s, d))
                if t is not None and t in alive_d and (s, t) not in fits:
                    got = _compatible_unless_cut(view, s, t, far, rings)
                    if got.__class__ is bool:
                        fits[s, t] = got
                    else:
                        asks.append(got)
                        asked.append((s, t))
        if asks:
            for key, fit in zip(asked, g.floods_hold(asks)):
                fits[key] = fit
        for s in mine:
            ok = True
            for d, theirs, alive_d, far in rivals_c:
                # the partner found last time (in this or an earlier position)
                # usually still fits: try it first
                t = support.get((s, d))
                if t is not None and t in alive_d:
                    fit = fits.get((s, t))
                    if fit is None:
                        fit = fits[s, t] = _compatible(view, s, t, far, rings)
                    if fit:
                        continue
                for t, foot in theirs:
                    budget -= 1
                    if s & foot:
                        continue  # (they overlap or touch: ``_compatible`` says no)
                    fit = fits.get((s, t))
                    if fit is None:
                        fit = fits[s, t] = _compatible(view, s, t, far, rings)
                    if fit:
                        support[s, d] = t
                        break
                else:
                    ok = False
                    rivals.setdefault(c, set()).add(d)
                    break
            if budget < 0:
                break
            if ok:
                survivors.append(s)
        if budget < 0:
            if not view.nested and not view.thorough:
                _remember(_in_vain(view, "battleground-pairs"), (view.black, view.white), 1000)
            break
        if len(survivors) < before:
            if c in rough and c not in cache:
                # a list kept unchecked: what is remembered of a position has
                # passed the checks there (so the thorough pass trusts it)
                left = set(survivors)
                survivors = [s for s in _shapes_of(view, by_clue[c]) if s in left]
            kept[c] = survivors
            alive[c] = set(survivors)
            feet.pop(c, None)
            _remember_shapes(view, by_clue[c], survivors)
            island = by_clue[c]
            if not survivors:
                raise Contradiction("island-stuck", f"{view.region_name(island)} cannot be "
                                    "completed without blocking a neighbouring island",
                                    tuple(bits(island.mask | view.black | view.white)))
            step = _shared_by_all(view, island, survivors, "battleground",
                                  f" that leave{'s' if len(survivors) == 1 else ''} room for "
                                  + " and ".join(
                                      view.puzzle.clue_name(d) for d in sorted(rivals[c])))
            if step is not None:
                return step
            work.extend(d for d in neighbours(c) if d not in work)
    return None


def _sole_taker(view: View, by_clue: dict[int, Region]) -> Step | None:
    """A white fragment must join some island, so some island's completion
    takes it. When every island that reaches it has its completions listed
    and only one island's list has completions that take it, that island's
    completions are only those."""
    reaches = view.reaches
    for frag in view.fragments:
        takers = []
        reachers = []
        for r in view.islands:
            if not reaches[r.clue] & frag.mask:
                continue
            reachers.append(r)
            if r.need is None:
                break  # (an island of unknown size has no list)
            shapes = _shapes_of(view, r)
            if shapes is None:
                break
            if any(s & frag.mask for s in shapes):
                takers.append(r)
                if len(takers) > 1:
                    break
        else:
            if len(takers) != 1:
                continue  # none: Reachability's contradiction, or the shapes'
            island = takers[0]
            shapes = _shapes_of(view, island)
            taking = [s for s in shapes if s & frag.mask]
            if len(taking) == len(shapes):
                continue
            _remember_shapes(view, island, taking)
            step = _shared_by_all(view, island, taking, "battleground",
                                  f" that take{'s' if len(taking) == 1 else ''} "
                                  f"{view.region_name(frag)}, which no other "
                                  "island's completions take")
            if step is not None:
                premises = set(step.premises) | set(bits(frag.mask))
                for r in reachers:
                    premises |= set(bits(r.mask))
                return attrs.evolve(step, premises=tuple(sorted(premises)), regions=(
                    step.regions + (("island", tuple(bits(frag.mask))),)
                    + tuple(("island", tuple(bits(r.mask))) for r in reachers if r is not island)))
    return None


@TECHNIQUES.register("island-squeeze", tier=4, name="Squeezed island", wide=True)
def island_squeeze(view: View):
    """A cell whose blackening would leave an island exactly its size of room,
    in a shape that breaks a rule, is white.

    Confinement's stronger form: without the cell the island could still
    reach its size, but only just, so it would have to take every cell left
    to it; when that one shape closes a pool, cuts the wall or strands a
    white cell, the cell cannot be black.
    """
    g = view.g
    reaches = view.reaches
    vain = _in_vain(view, "island-squeeze")
    for island in view.islands:
        if island.complete or island.need is None:
            continue
        area = reaches[island.clue]
        zone = g.grow(g.grow(area))
        if not zone & view.changed:
            continue
        seen = (island.mask, area, zone & view.unknown,
                g.grow(zone) & view.white, g.grow(zone) & view.black)
        if seen in vain:
            continue
        others = _others_reach(view, island)
        # In a wide area only the island's own liberties and the cells that
        # cut the area apart can shrink it to exactly the island's size.
        suspects = _suspects(view, island, area, False, view.liberties(island))
        for i in bits(suspects):
            view.on_time()
            bit = 1 << i
            # (past one cell more than it needs, the walk has room to spare)
            without = view.reach_without(island, bit, enough=island.need + 1)
            if without.bit_count() != island.need:
                continue
            flaw = _shape_flaw(view, island, without, bit, 0, others)
            if flaw is None:
                continue
            flaw = flaw()
            who = view.region_name(island)
            return _step(view, "island-squeeze", 4, bit, WHITE,
                         without | bit | view.black | view.white,
                         f"If {g.name(i)} were black, {who} would have to grow into exactly "
                         f"{g.names(without & ~island.mask, 6)}, and then {flaw}; so "
                         f"{g.name(i)} is white.",
                         [("island", island.mask), ("area", without)])
        _remember(vain, seen)
    return None


# id(puzzle) -> (puzzle, {(shape, rival clue): a rival shape that fit})
_SUPPORT: dict[int, tuple[Any, dict[tuple[int, int], int]]] = {}


def _support(view: View) -> dict[tuple[int, int], int]:
    """Battleground's partners that fit last time, for this puzzle.

    Only an order (the partner that fit is tried first), yet it decides how far
    the budget of pair checks goes: shared by all puzzles, it made a second
    solve of a puzzle in the same process take other steps than the first
    (janko-0157: 257 steps instead of 250), and a batch's walkthroughs depend on
    what each worker had solved before. So it belongs to one puzzle, as
    ``_in_vain``'s memory does (``_of_puzzle``).
    """
    support = _of_puzzle(_SUPPORT, id(view.puzzle), view, dict)
    if len(support) > 200000:
        support.clear()
    return support


_FITS: dict[tuple, dict[tuple[int, int], bool]] = {}  # position -> (shape, shape) -> fit together


def _watched(view: View, every: bool = False) -> list[Region]:
    """Unfinished islands near what changed since the technique last looked.

    Shapes depend on the cells around an island's reach, so an island whose
    surroundings did not change is not enumerated again (the invalidation
    queue). Rarely a far-away change to the wall matters too; hypotheses still
    cover that.
    """
    g = view.g
    out = []
    for island in view.islands:
        if island.complete or island.need is None or island.remaining > _shape_limits(view)[1]:
            continue
        if g.grow(g.grow(view.reaches[island.clue])) & view.changed:
            if view.thorough and not every and not _capped(view, island):
                continue  # the usual caps did not bite: the usual pass saw it all
            out.append(island)
    return out


def _capped(view: View, island: Region) -> bool:
    """Whether the usual caps kept the shape techniques from seeing all of
    ``island`` in this position (True when not known)."""
    if island.remaining > CAPS[1]:
        return True
    for entry in _LINEAGE.get((id(view.puzzle), island.clue, False), ()):
        if entry[1] == view.black and entry[2] == view.white and len(entry[3]) <= CAPS[2] \
                and not entry[4]:
            # listed in full here by the usual pass, and each checked against its
            # neighbours (a list the thorough pass just made does not count)
            return False
    got = _COMPLETIONS.get(_completion_key(view, island, CAPS[0]), False)
    return got is False or got is None or len(got) > CAPS[2]


def _shared_by_all(view: View, island: Region, valid: list[int], tid: str, why: str):
    g = view.g
    inside = outside = g.full
    for s in valid:
        inside &= s
        outside &= g.border(s)
    white = inside & view.unknown
    black = outside & view.unknown
    if not (white or black):
        return None
    who = view.region_name(island)
    parts = []
    one = len(valid) == 1  # "in it", not "in every one"
    if white:
        parts.append(f"{g.names(white)} {_plural(white, 'is', 'are')} "
                     + ("in it" if one else "in every one"))
    if black:
        parts.append(f"{g.names(black)} {_plural(black, 'borders', 'border')} "
                     + ("it" if one else "every one"))
    conclusions = tuple((i, WHITE) for i in bits(white)) + tuple((i, BLACK) for i in bits(black))
    tier = TECHNIQUES.get(tid).tier
    # a completion is ruled out by pools, other islands' room and the wall's
    # connection anywhere: the step rests on the whole position
    return Step(tid, tier, conclusions, tuple(bits(island.mask | white | black | view.black
                                                   | view.white)),
                f"{who[0].upper()}{who[1:]} can be completed in "
                + (f"only 1 way{why}; " if one else f"{len(valid)} ways{why}; ")
                + " and ".join(parts) + ".",
                regions=(("island", tuple(bits(island.mask))),))


def _shapes_of(view: View, island: Region) -> list[int] | None:
    """Plausible completions of an unfinished island (None: too many to list)."""
    cache = view.__dict__.setdefault("_shape_cache", {})
    if island.clue in cache:
        return cache[island.clue]
    shapes, checked = _inherited(view, island)
    if shapes is None:
        shapes = _completions(view, island)
    if shapes is not None:
        if not checked:  # (a list made in this very position passed these checks)
            reaches = view.reaches
            others = _others_reach(view, island)
            mine_only = reaches[island.clue] & ~others & view.unknown
            must = _sole_reachers(view).get(island.clue, 0)
            anchor = _far_wall(view, reaches[island.clue])
            # the answer is the position's: the thorough pass, on the same view,
            # asks again of the shapes the usual pass kept or dropped
            known = view.__dict__.setdefault("_plausible", {}).setdefault(island.clue, {})
            # the wall floods that end the checks are done together
            asks: list[tuple[int, int, int]] = []
            answers = []
            for s in shapes:
                ok = known.get(s)
                if ok is None:
                    flaw = _shape_flaw(view, island, s, mine_only, must, others, anchor, asks)
                    if flaw is not _FLOOD_ASKED:
                        ok = known[s] = flaw is None
                answers.append(ok)
            if asks:
                held = iter(view.g.floods_hold(asks))
                for k, ok in enumerate(answers):
                    if ok is None:
                        ok = answers[k] = known[shapes[k]] = next(held)
            shapes = [s for s, ok in zip(shapes, answers) if ok]
        if len(shapes) <= _caps(view)[2]:
            union = 0
            for s in shapes:
                union |= s
            rivals = _rivals_near(view, island, union)
            shapes = [s for s in shapes if _leaves_room(view, s, rivals)]
        if not shapes:
            raise Contradiction("island-stuck", f"no shape completes {view.region_name(island)} "
                                "without breaking a rule",
                                tuple(bits(island.mask | view.black | view.white)))
        if len(_LINEAGE) > 5000:
            # other puzzles' lists go; this one's stay (dropping them midway
            # made what a position inherits depend on what the process did before)
            mine = id(view.puzzle)
            for key in [k for k in _LINEAGE if k[0] != mine]:
                del _LINEAGE[key]
        _remember_shapes(view, island, shapes)
    cache[island.clue] = shapes
    return shapes


def _remember_shapes(view: View, island: Region, shapes: list[int]) -> None:
    """``shapes`` is the island's list of completions in this position from now
    on: later techniques here, and later positions through ``_inherited_shapes``,
    start from it."""
    view.__dict__.setdefault("_shape_cache", {})[island.clue] = shapes
    lineage = _LINEAGE.setdefault((id(view.puzzle), island.clue, view.nested), [])
    lineage.append((view.puzzle, view.black, view.white, shapes, view.thorough))
    if len(lineage) > LINEAGE_POSITIONS:
        del lineage[0]


LINEAGE_POSITIONS = 4  # shape lists kept per island (main line, branches) from earlier positions
# (puzzle, clue, nested) -> [(puzzle, black, white, shapes, listed by a thorough pass)];
# positions of the main line and of hypothesis branches are kept apart: the many
# branches would push out the positions they start from
_LINEAGE: dict[tuple, list[tuple]] = {}


def _inherited_shapes(view: View, island: Region) -> list[int] | None:
    """The completions of ``island`` still open, from an earlier position's.

    A position that this one extends (every black and white cell there is
    still so here: an earlier step, or the position a hypothesis branch
    started from) listed every completion of the island that it did not
    rule out. A completion here -- a connected set of ``need`` cells holding
    the island, of cells it may take, holding every white cell it touches --
    was a completion there too, and one ruled out there (no solution of that
    position has it) is ruled out here. So the old list, less the shapes that
    no longer fit, holds every completion this position may have; the caller
    checks them against this position again. None: no such position known,
    or more shapes than this position enumerates (see ``_shape_limits``).
    """
    return _inherited(view, island)[0]


def _inherited(view: View, island: Region) -> tuple[list[int] | None, bool]:
    """``_inherited_shapes``, and whether its list was made in this very
    position (the same black and white cells: another view of it, such as the
    thorough pass's), so that each of its shapes already passed the checks
    of ``_shapes_of`` here."""
    puzzle = view.puzzle
    black, white = view.black, view.white
    best = None
    for nested in (False, True):
        for entry in _LINEAGE.get((id(puzzle), island.clue, nested), ()):
            if entry[0] is puzzle and entry[1] & ~black == 0 and entry[2] & ~white == 0:
                if best is None or len(entry[3]) < len(best[3]):
                    best = entry
    if best is None:
        return None, False
    if best[1] == black and best[2] == white:
        return (list(best[3]) if len(best[3]) <= _shape_limits(view)[0] else None), True
    best = best[3]
    mask = island.mask
    takeable = (view.unknown & ~view.forbidden(island)) | (white & ~view.island_cells) | mask
    border = view.g.border
    got = [s for s in best if s & mask == mask and not s & ~takeable and not border(s) & white]
    return (got if len(got) <= _shape_limits(view)[0] else None), False


_COMPLETIONS: dict[tuple, list[int] | None] = {}


def _completions(view: View, island: Region) -> list[int] | None:
    """Every connected completion of ``island`` to its size, or None past the limit.

    Completions only use cells of the island's reach, so they are cached by
    what that area (and the white cells around it) holds: later positions and
    hypothesis branches that left it alone reuse them.
    """
    # Shapes only take cells of the reach; whether a cell can be added also
    # depends on the white cells next to it, which may lie just outside.
    # A fragment next to the area is taken whole, so its cells beyond the area
    # count too (a fragment of 2 costs more than the same cell alone).
    area = view.reaches[island.clue]
    limit = _shape_limits(view)[0]
    key = _completion_key(view, island, limit)
    got = _COMPLETIONS.get(key, False)
    if got is False:
        if len(_COMPLETIONS) > 50000:
            _COMPLETIONS.clear()
        # A long way to go through a wide area nearly always has more
        # completions than the cap (on janko: islands 8+ cells short with 30+
        # open cells in reach overflowed but one in a hundred): give those a
        # smaller allowance of partial shapes to find that out.
        wide = island.remaining >= 8 and (area & view.unknown).bit_count() >= 30
        # Growing such an island never fit the cap in the 50 slowest janko
        # puzzles inside hypothesis branches (3160 of 3160 tries), nor past the
        # usual caps (the thorough pass: 139 of 139): there only leaving cells
        # out is tried.
        grow = not (wide and (view.nested or island.remaining > CAPS[1]))
        got = _COMPLETIONS[key] = _enumerate_completions(
            view, island, limit, limit * (2 if wide else 8), grow)
    return got


def _completion_key(view: View, island: Region, limit: int) -> tuple:
    g = view.g
    area = view.reaches[island.clue]
    near = g.grow(area)
    white = near & view.white
    for f in view.fragments:
        if f.mask & near:
            white |= f.mask
    return (g.rows, g.cols, island.need, island.mask,
            area & view.unknown & ~view.forbidden(island), white, limit)


def _caps(view: View) -> tuple[int, int, int, int]:
    if view.nested:
        return BRANCH_CAPS
    return THOROUGH_CAPS if view.thorough else CAPS


def _shape_limits(view: View) -> tuple[int, int]:
    """(completions per island, most cells an island may still need) for enumeration."""
    return _caps(view)[:2]


def _enumerate_completions(view: View, island: Region, limit: int,
                           partial_limit: int, grow: bool = True) -> list[int] | None:
    """The completions of ``island``: grown cell by cell from the island, or,
    when it must take nearly everything it can reach, by leaving cells out
    (None: more than ``limit``, or too costly to find out; ``grow`` False:
    only leaving cells out is tried)."""
    got = _completions_by_removal(view, island, limit, partial_limit // REMOVAL_COST)
    if got is not False:
        return got
    if not grow or _surely_too_many(view, island, limit, partial_limit):
        return None
    return _completions_by_growth(view, island, limit, partial_limit)


def _surely_too_many(view: View, island: Region, limit: int, partial_limit: int) -> bool:
    """True when growing ``island``'s completions would surely pass a limit
    (more than ``limit`` completions, or more than ``partial_limit`` shapes
    on the way): then ``_completions_by_growth`` gives None, and the shapes
    need not be grown to find that out. False says nothing.

    A count from below: the open cells the island may take that bring no
    fragment along, joined to the island by a tree (each cell to one
    neighbour a step nearer the island, the lowest or the highest). Each set
    of cells that holds the island and is joined in that tree is a shape
    the growth makes, so the count of such sets of each size is a lower
    bound. Counted as polynomials (coefficient k: the sets of k cells),
    packed in integers, and stopped as soon as a bound is passed (which
    also keeps each coefficient within its slot).
    """
    g = view.g
    r = island.remaining
    eligible = view.unknown & ~view.forbidden(island) & ~g.border(view.white & ~view.island_cells)
    layers = []
    seen = layer = island.mask
    for _ in range(r):
        layer = g.border(layer) & eligible & ~seen
        if not layer:
            break
        layers.append(layer)
        seen |= layer
    if not layers:
        return False
    # slots wide enough for a product of three factors whose coefficients
    # add up to at most partial_limit + 1 each, and for prefix sums of them
    width = 3 * (partial_limit + 2).bit_length() + (r + 1).bit_length() + 2
    slot = (1 << width) - 1
    ones = [0]  # ones[k]: 1 + x + ... + x^(k-1)
    for k in range(r + 1):
        ones.append(ones[-1] | 1 << (width * k))
    neighbours = g.neighbours
    for high in (False, True):
        # children[i]: the cells of the next layer hung on cell i
        children: dict[int, list[int]] = {}
        for d in range(1, len(layers)):
            for i in bits(layers[d]):
                up = neighbours[i] & layers[d - 1]
                parent = up.bit_length() - 1 if high else (up & -up).bit_length() - 1
                children.setdefault(parent, []).append(i)
        poly: dict[int, int] = {}
        for d in range(len(layers) - 1, -1, -1):
            # a set below a cell at this depth (d + 1 cells from the island)
            # has at most top cells
            top = r - d
            keep = (1 << (width * (top + 1))) - 1
            for i in bits(layers[d]):
                p = 1
                for c in children.get(i, ()):
                    p = p * (1 + poly[c]) & keep
                p = (p << width) & keep  # (the cell itself)
                # the sets of 1..top cells under it, each with the way up to
                # the island, are shapes of at most r cells: their count and
                # the count of those of exactly top cells are lower bounds
                if (p * ones[top + 1] >> (width * top)) & slot > partial_limit \
                        or p >> (width * top) > limit:
                    return True
                poly[i] = p
        keep = (1 << (width * (r + 1))) - 1
        total = 1
        for i in bits(layers[0]):
            total = total * (1 + poly[i]) & keep
            if ((total * ones[r + 1] >> (width * r)) & slot) - 1 > partial_limit \
                    or total >> (width * r) > limit:
                return True
    return False


REMOVAL_COST = 4  # a subset tried by removal costs about as much as this many grown shapes


def _completions_by_removal(view: View, island: Region, limit: int,
                            budget: int) -> list[int] | None | bool:
    """The completions of ``island`` found by taking cells away from all it
    can reach; False when that would try more than ``budget`` subsets.

    A completion is the part connected to the island of what it can reach
    (cells it may take, within its reach, plus whole fragments next to them),
    less some cells. When that area exceeds the island's need by only a few
    cells, trying each way to leave out so many is far cheaper than growing
    every connected shape up to the need.
    """
    g = view.g
    need = island.need
    allowed = view.unknown & ~view.forbidden(island) & view.reaches[island.clue]
    loose = view.white & ~view.island_cells  # the fragments' cells
    whole = g.flood(island.mask, island.mask | allowed | loose)
    slack = whole.bit_count() - need
    if slack <= 0:
        return [whole] if slack == 0 else []
    cells = list(bits(whole & allowed))
    subsets, term = 1, 1
    for k in range(1, slack + 1):
        term = term * (len(cells) - k + 1) // k
        subsets += term
        if subsets > budget:
            return False
    found: set[int] = set()
    flood, seed = g.flood, island.mask
    stack = [(0, whole)]
    while stack:
        start, current = stack.pop()
        for j in range(start, len(cells)):
            bit = 1 << cells[j]
            if not current & bit:
                continue  # already cut off: leaving it out changes nothing
            rest = flood(seed, current & ~bit)
            size = rest.bit_count()
            if size == need:
                found.add(rest)
                if len(found) > limit:
                    return None
            elif size > need:
                stack.append((j + 1, rest))
    return list(found)


def _completions_by_growth(view: View, island: Region, limit: int,
                           partial_limit: int) -> list[int] | None:
    """The completions of ``island`` grown cell by cell (None: more than
    ``limit`` of them, or more than ``partial_limit`` shapes of at most its
    size on the way).

    Each connected shape is made once (Redelmeier's method): a shape grows by
    one of its candidate cells, and the cells tried before it at that point
    are never added below it. A cell brings the fragments it touches along.
    Depth first, the limits are found out after about ``limit`` completions,
    where growing level by level had to make every smaller shape first.

    A shape one cell short is not grown cell by cell: each of its candidates
    that brings no fragment cell it lacks completes it, so they are counted
    at once (most shapes are made there), and written out only at the end,
    in the order growing them one by one gives.
    """
    g = view.g
    allowed = view.unknown & ~view.forbidden(island)
    white = view.white
    fragments = [f.mask for f in view.fragments]
    need = island.need
    border, neighbours = g.border, g.neighbours
    loose = 0  # the fragments' cells
    for f in fragments:
        loose |= f
    near_loose = border(loose)  # cells that bring a fragment along
    # per cell: (the fragments it brings along, the cells it and they border
    # that the island may take)
    absorbed: dict[int, tuple[int, int]] = {}

    def absorb(bit: int) -> tuple[int, int]:
        extra = 0
        i = bit.bit_length() - 1
        touch = neighbours[i] & white
        if touch:
            for f in fragments:
                if f & touch:
                    extra |= f
        got = absorbed[bit] = (extra, (neighbours[i] | border(extra)) & allowed)
        return got

    # completions in order: a shape, or (a shape one cell short, the cells
    # that each complete it)
    done: list = []
    count = 0  # completions so far
    made = 0
    first = border(island.mask) & allowed
    # frames: [shape, candidates not tried yet, cells ever offered on this path]
    # (those hold every cell next to the shape that it may take: a grown
    # shape's new candidates are next to the cell added, or its fragments)
    stack = [[island.mask, first, first]]
    while stack:
        frame = stack[-1]
        untried = frame[1]
        if not untried:
            stack.pop()
            continue
        bit = untried & -untried
        frame[1] = untried ^ bit
        got = absorbed.get(bit) or absorb(bit)
        extra, offers = got
        grown = frame[0] | bit | extra
        size = grown.bit_count()
        if size > need:
            continue
        made += 1
        if made > partial_limit:
            return None
        if size == need:
            done.append(grown)
            count += 1
            if count > limit:
                return None
            continue
        fresh = offers & ~frame[2]
        if size < need - 1:
            stack.append([grown, frame[1] | fresh, frame[2] | fresh])
            continue
        # one cell short: a candidate completes it unless it brings along
        # fragment cells the shape lacks
        candidates = frame[1] | fresh
        ends = candidates & ~near_loose
        rest = candidates & near_loose
        while rest:
            b = rest & -rest
            rest ^= b
            if not (absorbed.get(b) or absorb(b))[0] & ~grown:
                ends |= b
        if ends:
            k = ends.bit_count()
            made += k
            count += k
            if made > partial_limit or count > limit:
                return None
            done.append((grown, ends))
    out = []
    for item in done:
        if type(item) is int:
            out.append(item)
            continue
        grown, ends = item
        while ends:
            b = ends & -ends
            out.append(grown | b)
            ends ^= b
    return out


def _far_wall(view: View, area: int, margin: int = 2) -> tuple[int, int] | None:
    """Where a wall flood may start when only cells near ``area`` leave the open
    space: (the cells within ``margin`` steps of ``area``, the open and black
    cells beyond them that are joined, outside those cells, to a black cell
    there). None when no black cell lies beyond. Callers check that the cells
    they take out lie near ``area``; if not, they flood as usual.

    Floods that take out only cells near ``area`` find the same black cells
    from that joined part as from any black cell in it (it stays joined, and
    the question is whether all black cells are in one piece), in the few
    passes it takes to cover the cells near ``area`` instead of the grid.
    """
    g = view.g
    near = area
    for _ in range(margin):
        near = g.grow(near)
    beyond = (view.black | view.unknown) & ~near
    seeds = view.black & beyond
    if not seeds:
        return None
    return near, g.flood(seeds & -seeds, beyond)


def _wall_start(view: View, black: int, removed: int, anchor: tuple[int, int] | None) -> int:
    """Where to flood from to ask whether ``black`` stays in one piece once the
    open cells ``removed`` are taken out: ``anchor``'s joined part when they
    all lie near its area (see ``_far_wall``), else the biggest wall group."""
    if anchor is not None and not removed & ~anchor[0]:
        return anchor[1]
    return view.wall_seed or black & -black


def _shape_flaw(view: View, island: Region, shape: int, mine_only: int, must: int,
                others: int, anchor: tuple[int, int] | None = None,
                asks: list[tuple[int, int, int]] | None = None):
    """Why completing ``island`` as ``shape`` breaks a rule: None when it does
    not visibly, else a function that says why (a sentence is only written
    for the shapes a step reports). With ``asks``, a shape that only the wall
    flood can tell about gets ``_FLOOD_ASKED``, and the flood's question
    (seed, open cells, black cells: do they stay in one piece?) is added to
    ``asks`` for ``Geometry.floods_hold``.

    ``mine_only``: cells that would be black too (no other island can take
    them); ``others``: the cells other islands can reach. The shape's black
    ring must not close a 2x2 pool, nor leave one that no other island can
    break, nor cut the wall -- counting the cells that would have to turn
    white to break a square left with one open cell, and the only ways out of
    those cells and of the white regions the ring hems in.
    """
    g = view.g
    if must & ~shape:
        return lambda: (f"it would leave the white cells at {g.names(must & ~shape, 4)} "
                        "without a number")
    ring = g.border(shape)
    if ring & view.white:
        return lambda: f"it would touch the white cells at {g.names(ring & view.white, 4)}"
    unknown = view.unknown
    added = (ring | mine_only) & unknown & ~shape
    black = view.black | added
    white = view.white | shape
    # the 2x2 squares the ring reaches that no white cell breaks yet (by their
    # top left cells), all at once; an open cell is one only another island can take
    squares = g.any4(added) & ~g.any4(white)
    forced = 0
    if squares:
        open_ = unknown & ~added & ~shape
        if squares & ~g.any4(open_ & others):
            return lambda: _square_flaw(g, added, black, white, others)
        forced = g.one4(open_, squares)
    breakers = forced
    # white regions the ring hems in: with no way left to grow they are
    # stuck, with one it is theirs
    hemmed = g.grow(added) & view.white & ~shape
    if hemmed:
        for r in view.regions_at(hemmed):
            if not r.grows:
                continue
            exits = r.border(g) & unknown & ~black & ~shape
            if not exits:
                return lambda: f"{view.region_name(r)} would have no way left to grow"
            if not exits & (exits - 1):
                forced |= exits
    if forced:
        # a cell that must turn white has to reach a number: with one way
        # out, that way is white too
        for _ in range(4):
            grown = 0
            for part in g.components(forced):
                around = g.border(part) if part & (part - 1) else \
                    g.neighbours[part.bit_length() - 1]
                touch = around & view.white
                role = ("to break a 2x2 square" if part & breakers
                        else "as a region's only way to grow")
                if touch:
                    flaw = _joins_badly(view, part, touch, role)
                    if flaw:
                        return flaw
                    continue
                exits = around & unknown & ~black & ~forced
                if not exits:
                    return lambda: (f"{g.names(part, 4)} would have to be white {role} "
                                    "and could reach no number")
                if not exits & (exits - 1):
                    grown |= exits
            if not grown:
                break
            forced |= grown
    if black:
        low = _wall_start(view, black, (shape & unknown) | forced, anchor)
        space = (view.black | unknown) & ~shape
        if asks is not None:
            asks.append((low, space & ~forced, black))
            return _FLOOD_ASKED
        if g.flood(low, space & ~forced) & black != black:
            # (which sentence: only for the shapes a step reports)
            return lambda: (
                "its border would cut the wall apart"
                if not forced or g.flood(low, space) & black != black else
                f"{g.names(forced, 4)} would have to be white (to break 2x2 squares or as "
                "the only ways out of white cells), and the wall would be cut apart")
    return None


def _FLOOD_ASKED():  # (see _shape_flaw)
    raise AssertionError("a shape's wall flood was asked for, not done")


def _square_flaw(g, added: int, black: int, white: int, others: int):
    """Why a shape's ring breaks a 2x2 square: the first square, in the order of
    the ring's cells, that it closes or that no other island could break
    (written only for a shape a step reports)."""
    for i in bits(added):
        for sq in g.squares_at[i]:
            if sq & white:
                continue
            left = sq & ~black  # unknown cells only another island can take
            if not left:
                return f"{g.square_name(sq)} would be all black"
            if not left & others:
                return f"no other island could break {g.square_name(sq)}"
    raise AssertionError("no square to name")


def _joins_badly(view: View, part: int, touch: int, role: str):
    """Why white cells ``part`` cannot join the white regions they touch:
    None when they can, else a function that says why."""
    memo = view.__dict__.get("_joins")
    if memo is None:
        memo = view._joins = {}
    key = (part, touch)
    got = memo.get(key, False)  # (the same cells come up for shape after shape)
    if got is False:
        got = memo[key] = _joining(view, part, touch)
    if got is None:
        return None
    g = view.g
    first, other, size = got
    if other is not None:
        return lambda: (f"{g.names(part, 4)} would have to be white {role}, joining "
                        f"{view.region_name(first)} and {view.region_name(other)}")
    return lambda: (f"{g.names(part, 4)} would have to be white {role}, "
                    f"making {view.region_name(first)} {size} cells")


def _joining(view: View, part: int, touch: int):
    """(an island, a second island or None, the size joining them makes)
    when white cells ``part`` cannot join the white regions ``touch`` holds
    cells of: they join two numbers, or make one too big; else None."""
    joined = view.regions_at(touch)
    numbered = [r for r in joined if r.clue is not None]
    if len(numbered) > 1:
        return numbered[0], numbered[1], 0
    if numbered and numbered[0].need is not None:
        size = part.bit_count() + sum(r.size for r in joined)
        if size > numbered[0].need:
            return numbered[0], None, size
    return None


def _rivals_near(view: View, island: Region, area: int) -> list[tuple[Region, int]]:
    """The islands still to grow, other than ``island``, whose reach meets
    ``area`` or its border (each with its reach): those a completion of
    ``island`` within ``area`` can take room from."""
    near = view.g.grow(area)
    return [(other, reach) for other, reach in view.growing_reaches
            if other is not island and reach & near]


def _leaves_room(view: View, shape: int, rivals: list[tuple[Region, int]]) -> bool:
    """False when ``shape`` leaves a neighbouring island too little room to grow
    (``rivals``: ``_rivals_near`` an area holding the shape)."""
    # the shape and its black ring are out of bounds for others
    taken = view.g.grow(shape)
    for other, reach in rivals:
        if not reach & taken:
            continue
        if not view.has_room(other, taken):
            return False
    return True


def _compatible(view: View, s: int, t: int, anchor: tuple[int, int] | None = None,
                rings: dict | None = None) -> bool:
    """Can two islands take shapes ``s`` and ``t`` at once?

    Each shape alone already passed ``_shape_flaw``, so only what the two do
    together is checked: overlap or touching, pools closed by both rings at
    once, and the wall cut by both together. ``rings``: the border of each
    shape ``x`` met so far, at ``~x`` the cells within two steps of that
    border, and at ``(x,)`` those of its open cells (filled in as it goes).
    """
    got = _compatible_unless_cut(view, s, t, anchor, rings)
    if got.__class__ is bool:
        return got
    low, space, black = got
    return view.g.flood(low, space) & black == black


def _compatible_unless_cut(view: View, s: int, t: int, anchor: tuple[int, int] | None,
                           rings: dict | None):
    """``_compatible``'s answer, or what is left to ask when only the wall
    flood can tell: (where it starts, the open space, the black cells it
    must reach), for ``Geometry.floods_hold``."""
    g = view.g
    if rings is None:
        rings = {}
    ring_t = rings.get(t)
    if ring_t is None:
        ring_t = rings[t] = g.border(t)
    if s & (t | ring_t):
        return False
    ring_s = rings.get(s)
    if ring_s is None:
        ring_s = rings[s] = g.border(s)
    # Together they can only cut the wall where they come close to each other
    # (each alone leaves it connected); far apart, "compatible" is the safe
    # answer: it keeps shapes, it never removes one. (The check below for a
    # 2x2 square both rings close would find none there either: it looks at
    # the cells of one ring within two steps of the other.)
    near_s = rings.get(~s)  # (keyed apart from the borders)
    if near_s is None:
        near_s = rings[~s] = g.grow(g.grow(ring_s))
    if not near_s & ring_t:
        return True
    unknown = view.unknown
    add_s = ring_s & unknown & ~ring_t
    add_t = ring_t & unknown
    black = view.black | add_s | add_t
    if add_s and add_t:
        near_t = rings.get((t,))  # (the cells within two steps of t's open ring)
        if near_t is None:
            near_t = rings[(t,)] = g.grow(g.grow(add_t))
        both = g.any4(add_s & near_t)
        if both and g.all4(black) & both:
            return False  # a 2x2 square of both rings closes
    space = (view.black | unknown) & ~(s | t)
    return _wall_start(view, black, (s | t) & unknown, anchor), space, black
