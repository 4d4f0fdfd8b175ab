"""What Nurikabe techniques read: a state plus its islands, walls and reach.

Everything is computed lazily and cached for one state; the engine builds a
new view after every step.

Words: an *island* is a white region holding a clue; a *fragment* is a white
region with no clue yet (it must still join one); the *wall* is the black
cells; a *liberty* is an unknown cell next to a region.
"""
from __future__ import annotations

import time
from typing import TYPE_CHECKING

from deduce.errors import BudgetExceeded, Contradiction
from deduce.state import State, bits
from deduce.wording import listed

from rules.nurikabe.geometry import Geometry

if TYPE_CHECKING:  # the model imports these rules to build its kind
    from puzzles.nurikabe.model import Nurikabe

INFINITE = 1 << 30
RECENT_POSITIONS = 12  # white (black) components of recent views, reused by later ones
_RECENT: list[tuple] = []  # (geometry, white cells, their components)
_RECENT_WALLS: list[tuple] = []  # (geometry, black cells, their components)
REGIONS_KEPT = 50000  # regions of the current puzzle, by their cells
WHITE_SETS_KEPT = 2000  # lists of its regions, by the white cells (hundreds each on big grids)
# [puzzle, {cells: Region}, {white cells: [islands, fragments, index or None]}]: one puzzle's
# at a time (the lists are shared by views: read only)
_REGIONS: list = [None, {}, {}]
INDEXES_KEPT = 64  # region lists that keep their index of cells (a dict as big as the white cells)
_INDEXED: list[list] = []  # those lists, oldest first
RECENT_REACHES = 8  # views whose reaches later views of the same puzzle may take over
RECENT_REACHES_BIG = 2  # as many on grids of more than BIG_CELLS cells (their walks are big)
BIG_CELLS = 2500
_RECENT_REACHES: list["View"] = []  # newest last


class cached_property:
    """``functools.cached_property`` without its lock (Python 3.11 takes one on
    every first read; views are made by the ten thousand and never shared
    between threads): computed on the first read, then kept in the instance."""

    def __init__(self, func):
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.func(obj)
        return value


class Region:
    """A white region: an island (``clue`` set) or a fragment (``clue`` None)."""

    __slots__ = ("mask", "size", "clue", "need", "remaining", "complete", "grows", "_border")

    def __init__(self, mask: int, clue: int | None, need: int | None):
        self.mask = mask
        self.size = size = mask.bit_count()
        self.clue = clue  # cell index of its number
        self.need = need  # its number; None for a "?" clue or a fragment
        # how many cells it may still take (INFINITE for a "?" clue or a fragment)
        self.remaining = INFINITE if need is None else need - size
        self.complete = need is not None and size == need
        # it must still grow: a fragment, or an unfinished island of a known
        # size (a "?" island may stop at any size)
        self.grows = not self.complete and (clue is None or need is not None)
        self._border = None

    def border(self, g: Geometry) -> int:
        """Cells orthogonally next to the region (``g.border(mask)``, kept)."""
        b = self._border
        if b is None:
            b = self._border = g.border(self.mask)
        return b


def _components(g: Geometry, mask: int, recent: list[tuple]) -> list[int]:
    """The components of ``mask`` (lowest cell first), built from those of a
    recent view's mask when it can.

    States only ever gain decided cells, so the white (or black) cells of a
    recent position (of this step's parent, or of the position a hypothesis
    branch started from) are usually a subset of these: only the components
    the new cells touch are flooded again.
    """
    best = None
    for entry in reversed(recent):  # (any entry gives the same components)
        if entry[0] is g and entry[1] & ~mask == 0:
            new = (mask & ~entry[1]).bit_count()
            if best is None or new < best[0]:
                best = (new, entry)
                if not new:
                    break
    if best is None:
        comps = g.components(mask)
    else:
        # the entry used goes last, as the newest: the position many trial
        # positions start from (shape trial's) stays while theirs come and go
        recent.remove(best[1])
        recent.append(best[1])
        old_mask, old_comps = best[1][1], best[1][2]
        new = mask & ~old_mask
        if not new:
            return old_comps
        near = g.grow(new)
        joined = new
        comps = []
        for comp in old_comps:
            if comp & near:
                joined |= comp
            else:
                comps.append(comp)
        comps.extend(g.components(joined))
        comps.sort(key=lambda m: m & -m)  # the order a fresh flood gives
    recent.append((g, mask, comps))
    if len(recent) > RECENT_POSITIONS:
        del recent[0]
    return comps


class View:
    def __init__(self, puzzle: "Nurikabe", state: State):
        self.puzzle = puzzle
        self.g = g = Geometry.of(puzzle.rows, puzzle.cols)
        self.state = state
        self.black = state.ones
        self.white = state.zeros
        self.unknown = state.unknown
        self.changed = g.full
        self.nested = False  # set by the engine inside hypothesis branches and search
        self._thorough = False
        self.deadline: float | None = None  # set by the engine: when its budget runs out
        self.clue_need = puzzle.clue_need  # (the puzzle's: read only)
        self.clue_mask = puzzle.clue_mask
        self._islands = None
        self._reach = None
        self._reach_union = None
        self._island_cells = None
        self._sole = None
        self._touch = None
        self._forbidden: dict[int, int] = {}
        self._walks: dict[int, tuple[int, list]] = {}  # clue -> the steps of its reach
        self._room: dict[tuple[int, int], bool] = {}  # (clue, blocked part of its reach) -> room?
        self._wall_seed = None

    @property
    def thorough(self) -> bool:
        """Set by the engine when the main line is otherwise stuck: the shape
        techniques then take larger caps. Their lists made under the other
        caps are dropped (they may have been cut short); everything else the
        view computed holds either way."""
        return self._thorough

    @thorough.setter
    def thorough(self, on: bool) -> None:
        if on != self._thorough:
            self.__dict__.pop("_shape_cache", None)
            self._thorough = on

    def on_time(self) -> None:
        """Raise BudgetExceeded once the engine's deadline has passed: a long
        loop of a technique asks now and then (on a 100x100 grid one call can
        run for seconds)."""
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise BudgetExceeded()

    # -- naming --------------------------------------------------------------
    def region_name(self, r: Region) -> str:
        if r.clue is not None:
            return self.puzzle.clue_name(r.clue)
        return f"the white cell{'s' if r.size > 1 else ''} at {self.g.names(r.mask, 4)}"

    # -- regions -------------------------------------------------------------
    def _white_components(self) -> list[int]:
        """Components of the white cells, built from a recent view's when it can."""
        return _components(self.g, self.white, _RECENT)

    def _regions(self):
        if self._islands is None:
            # a region is the same for every view of one puzzle that has it:
            # kept, with what it computed once (its border); so are the regions
            # of a set of white cells (a step that only blackens keeps them)
            kept = _REGIONS
            if kept[0] is not self.puzzle or len(kept[1]) > REGIONS_KEPT:
                kept[0], kept[1], kept[2] = self.puzzle, {}, {}
            elif len(kept[2]) > WHITE_SETS_KEPT:
                kept[2] = {}
            got = kept[2].get(self.white)
            if got is not None:
                self._islands = got
                return got
            by_cells = kept[1]
            islands, fragments = [], []
            for comp in self._white_components():
                region = by_cells.get(comp)
                if region is not None:
                    (fragments if region.clue is None else islands).append(region)
                    continue
                clues = comp & self.clue_mask
                if not clues:
                    region = by_cells[comp] = Region(comp, None, None)
                    fragments.append(region)
                    continue
                if clues & (clues - 1):
                    raise Contradiction(
                        "joined-clues",
                        f"{listed([self.puzzle.clue_name(i) for i in bits(clues)])} "
                        "are joined in one white region",
                        tuple(bits(comp)))
                cell = clues.bit_length() - 1
                region = Region(comp, cell, self.clue_need[cell])
                if region.need is not None and region.size > region.need:
                    raise Contradiction(
                        "island-too-big",
                        f"{self.puzzle.clue_name(cell)} has grown to {region.size} cells",
                        tuple(bits(comp)))
                by_cells[comp] = region
                islands.append(region)
            # (the third item: which region holds each white cell, made when
            # first asked, for every view of these white cells)
            self._islands = kept[2][self.white] = [islands, fragments, None]
        return self._islands

    @cached_property
    def islands(self) -> list[Region]:
        return self._regions()[0]

    @cached_property
    def fragments(self) -> list[Region]:
        return self._regions()[1]

    @cached_property
    def regions(self) -> list[Region]:
        """The islands, then the fragments (read only: shared)."""
        return self.islands + self.fragments

    def regions_at(self, mask: int) -> list[Region]:
        """The regions holding a cell of ``mask`` (white cells), in ``regions``
        order (kept per mask: read only). Shape checks ask this of a few cells
        at a time, tens of thousands of times a position on big grids, mostly
        of the same cells: a scan of every region each time was a quarter of
        their cost."""
        memo = self.__dict__.get("_regions_at")
        if memo is None:
            memo = self._regions_at = {}
        got = memo.get(mask)
        if got is not None:
            return got
        got = memo[mask] = self._find_regions(mask)
        return got

    def _find_regions(self, mask: int) -> list[Region]:
        self._regions()
        index = self._islands[2]
        if index is None:
            index = self._islands[2] = {}
            _INDEXED.append(self._islands)
            if len(_INDEXED) > INDEXES_KEPT:
                _INDEXED.pop(0)[2] = None
            for k, r in enumerate(self.regions):
                m = r.mask
                while m:
                    low = m & -m
                    index[low.bit_length() - 1] = k
                    m ^= low
        regions = self.regions
        if not mask & (mask - 1):
            return [regions[index[mask.bit_length() - 1]]] if mask else []
        got = []
        while mask:
            k = index[(mask & -mask).bit_length() - 1]
            got.append(k)
            mask &= ~regions[k].mask  # (its other cells name it again)
        if len(got) > 1:
            got.sort()
        return [regions[k] for k in got]

    @cached_property
    def growing(self) -> list[Region]:
        """The regions that must still grow: unfinished islands of a known size
        and fragments, in ``regions`` order (a "?" island may stop at any size)."""
        return [r for r in self.regions if r.grows]

    def stirred(self) -> int:
        """The changed cells and the whole white regions holding one: what a
        region's liberties can have changed by. (A fragment joined to an island
        far away makes the cells next to it touch that island.) Cells at
        distance 2 or more from this cannot have a region's liberties changed
        since the technique last looked."""
        changed = self.changed  # (the engine sets it anew for each technique)
        got = self.__dict__.get("_stirred")
        if got is not None and got[0] == changed:
            return got[1]
        out = changed
        if changed & self.white:
            for r in self.regions:
                if r.mask & changed:
                    out |= r.mask
        self._stirred = (changed, out)
        return out

    @property
    def island_cells(self) -> int:
        if self._island_cells is None:
            m = 0
            for r in self.islands:
                m |= r.mask
            self._island_cells = m
        return self._island_cells

    def forbidden(self, island: Region) -> int:
        """Cells ``island`` can never take: black, or touching another island."""
        got = self._forbidden.get(island.clue)
        if got is None:
            # grow(other islands) without growing them: a cell next to two islands,
            # or next to one island that is not this one, touches another island
            once, twice = self.island_touch
            got = self.black | (self.island_cells & ~island.mask) | twice \
                | (once & ~island.border(self.g))
            self._forbidden[island.clue] = got
        return got

    @property
    def island_touch(self) -> tuple[int, int]:
        """Cells next to at least one island, and next to at least two."""
        if self._touch is None:
            once = twice = 0
            g = self.g
            for r in self.islands:
                b = r.border(g)
                twice |= once & b
                once |= b
            self._touch = (once, twice)
        return self._touch

    def liberties(self, region: Region) -> int:
        """Unknown cells next to ``region`` it could grow into."""
        libs = region.border(self.g) & self.unknown
        if region.clue is not None:
            libs &= ~self.forbidden(region)
        return libs

    # -- reach -----------------------------------------------------------------
    def reach(self, island: Region, blocked: int = 0, budget: int | None = None,
              whitened: int = 0, steps: list | None = None, enough: int = 0,
              until: int = 0) -> int:
        """Cells ``island`` can take (itself included) within its remaining size.

        A lower bound on the cost of taking a cell: one per unknown cell on the
        way, a whole fragment's size when the way enters it. Sound: a cell
        outside the result can never belong to this island.

        ``whitened``: an unknown cell next to no island to count as white (it
        joins the fragments it touches into one), to ask what its turning
        white would leave within reach. ``until``: stop once the walk has taken
        one of these cells. ``enough``: stop once the walk has
        taken that many cells (the answer is then only a part of the reach).
        """
        g = self.g
        if budget is None:
            budget = min(island.remaining, g.n)
        allowed = g.full & ~(self.forbidden(island) | island.mask | blocked)
        fragments = self.fragments
        unknown, white = self.unknown, self.white
        if whitened:
            unknown &= ~whitened
            white |= whitened
            near = g.border(whitened)
            merged = Region(whitened | sum(f.mask for f in fragments if f.mask & near), None, None)
            fragments = [f for f in fragments if not f.mask & near] + [merged]
        unknown &= allowed
        white &= allowed
        return self._flood_reach(island.mask, island.mask, {}, 1, budget, unknown, white,
                                 fragments, steps, enough, until)

    def _flood_reach(self, seen: int, frontier: int, delayed: dict[int, int], start: int,
                     budget: int, unknown: int, white: int, fragments, steps=None,
                     enough: int = 0, until: int = 0) -> int:
        """The breadth-first walk of ``reach`` from step ``start`` on; ``steps``: a
        list to record (seen, frontier, delayed) in, as each step begins;
        ``enough``: stop once the walk has taken that many cells; ``until``:
        once it has taken one of these."""
        g = self.g
        cols, nf, nl = g.cols, g.not_first_col, g.not_last_col
        for k in range(start, budget + 1):
            if steps is not None:
                steps.append((seen, frontier, dict(delayed)))
            # g.border(frontier) inlined (the hottest line of the solver); cells
            # past the last row fall outside ``unknown`` and ``white`` anyway
            nb = (((frontier << 1) & nf) | ((frontier >> 1) & nl) | (frontier << cols)
                  | (frontier >> cols)) & ~seen
            if nb & white:
                for f in fragments:
                    if f.mask & nb:
                        c = k - 1 + f.size
                        if c <= budget:
                            delayed[c] = delayed.get(c, 0) | f.mask
            frontier = nb & unknown
            if delayed:
                frontier |= delayed.pop(k, 0) & ~seen
            elif not frontier:
                break
            seen |= frontier
            if enough and seen.bit_count() >= enough or seen & until:
                break
        return seen

    def reach_without(self, island: Region, cells: int, enough: int = 0,
                      until: int = 0) -> int:
        """``reach(island, blocked=cells, enough=enough, until=until)``.

        When the cells are all unknown, the walk without them is the plain walk
        up to the step that first took one of them (an unknown cell neither is
        a fragment nor carries one): only the steps from there on are walked
        again.
        """
        if cells & ~self.unknown:
            return self.reach(island, blocked=cells, enough=enough, until=until)
        final, steps = self._walk(island)
        if not final & cells:
            return final  # none taken: the walk does not change
        k = self._first_step(island, cells)
        seen, frontier, delayed = steps[k - 1]
        if seen & until or enough and seen.bit_count() >= enough:
            return seen  # what the walk had before the cells was enough
        g = self.g
        allowed = g.full & ~(self.forbidden(island) | island.mask | cells)
        return self._flood_reach(seen, frontier, dict(delayed), k,
                                 min(island.remaining, g.n), self.unknown & allowed,
                                 self.white & allowed, self.fragments, enough=enough,
                                 until=until)

    def taken_at(self, island: Region, cells: int) -> int | None:
        """The step of ``island``'s walk that first takes one of ``cells``: the
        fewest cells it must add to hold one of them (a lower bound); None when
        out of its reach."""
        if not self._walk(island)[0] & cells:
            return None
        return self._first_step(island, cells)

    def taken_while_short(self, island: Region) -> int:
        """The cells ``island``'s walk took while it held fewer cells than the
        island needs (the island included), and the cells of the step that
        got it there unless that step took one more than it needed: when the
        walk reaches that many, the walk without any other cell still takes
        what it had before it, so still enough cells. (The whole reach when it
        falls short.)"""
        final, steps = self._walk(island)
        need = island.need
        if final.bit_count() < need:
            return final
        # the first step after which the walk holds enough (it only grows)
        last = len(steps)
        lo, hi = 1, last
        while lo < hi:
            mid = (lo + hi) // 2
            if steps[mid][0].bit_count() >= need:
                hi = mid
            else:
                lo = mid + 1
        seen = steps[lo][0] if lo < last else final
        # without one cell of the step that got there, the walk still takes the
        # others: with a cell to spare, none leaves it short
        return steps[lo - 1][0] if seen.bit_count() > need else seen

    def taken_before(self, island: Region, cells: int) -> int:
        """What ``island``'s walk took before it first took one of ``cells`` (the
        island included): a cell outside it cannot stand between the island and
        them. The whole reach when they are out of it."""
        final, steps = self._walk(island)
        if not final & cells:
            return final
        return steps[self._first_step(island, cells) - 1][0]

    def on_path(self, island: Region, target: int) -> int:
        """The cells of one cheapest way of ``island``'s walk to ``target``
        (kept per island and target; 0 when ``target`` is out of reach),
        traced back from the step that first takes one of its cells: an open
        cell the walk took one step earlier next to it, or, for a fragment it
        took whole, a cell the walk took as many steps earlier as the
        fragment has cells. A cell off this way cannot keep the island from
        ``target``: without it, the walk still goes this way, and each cell
        of it is taken no later than before (the walk is a cheapest-first
        search, and a cell taken away only makes other ways dearer)."""
        memo = self.__dict__.get("_on_path")
        if memo is None:
            memo = self._on_path = {}
        key = (island.clue, target)
        got = memo.get(key)
        if got is not None:
            return got
        final, steps = self._walk(island)
        got = 0
        if final & target:
            border = self.g.border
            last = len(steps)

            def taken(j: int) -> int:
                return (steps[j][0] if j < last else final) & ~(steps[j - 1][0] if j else 0)

            j = self._first_step(island, target)
            here = taken(j) & target
            here &= -here
            white = self.white
            # from a given step and cell the way back is the same whatever the
            # target: ways to this island's targets that meet go on together
            # (what each step and cell leads back through is kept per island)
            by_island = self.__dict__.get("_traces")
            if by_island is None:
                by_island = self._traces = {}
            traces = by_island.get(island.clue)
            if traces is None:
                traces = by_island[island.clue] = {}
            met = []  # (step, cell) of this way, with the cells it adds
            rest = 0
            while j > 0:
                at = (j, here)
                rest = traces.get(at)
                if rest is not None:
                    break
                if here & white:  # a fragment, taken whole
                    here = self.regions_at(here)[0].mask
                    j -= here.bit_count()
                else:
                    j -= 1
                met.append((at, here))
                here = border(here) & taken(j)
                here &= -here
            got = rest or 0
            for at, cells in reversed(met):
                got |= cells
                traces[at] = got
        memo[key] = got
        return got

    def _walk(self, island: Region) -> tuple[int, list]:
        """``island``'s reach and its walk, step by step (see ``_flood_reach``)."""
        walk = self._walks.get(island.clue)
        if walk is None:
            steps: list = []
            walk = self._walks[island.clue] = (self.reach(island, steps=steps), steps)
        return walk

    def _first_step(self, island: Region, cells: int) -> int:
        """The step that first takes one of ``cells`` (some are in the reach).
        The walk only grows: a binary search over what each step starts with;
        the last step when only the reach itself has them."""
        final, steps = self._walks[island.clue]
        lo, hi = 0, len(steps) - 1
        while lo < hi:
            mid = (lo + hi) // 2
            if steps[mid + 1][0] & cells:
                hi = mid
            else:
                lo = mid + 1
        return lo + 1

    def has_room(self, island: Region, blocked: int) -> bool:
        """Can ``island`` still reach as many cells as it needs when ``blocked`` is
        out of bounds? (``reach(island, blocked=...)`` holds ``island.need`` cells.)

        Only the blocked cells inside its plain reach matter (every cell on a way
        the walk takes is in that reach), so blocks with the same part share one
        answer; the walk resumes where it first takes a blocked cell
        (``reach_without``) and stops as soon as it has taken enough.
        """
        reach = self.reaches[island.clue]
        part = blocked & reach
        need = island.need
        if not part:
            return reach.bit_count() >= need
        key = (island.clue, part)
        got = self._room.get(key)
        if got is None:
            got = self._room[key] = \
                self.reach_without(island, part, enough=need).bit_count() >= need
        return got

    @property
    def reaches(self) -> dict[int, int]:
        """Reach of every island, keyed by its clue cell."""
        if self._reach is None:
            self._reach = self._walk_reaches()
        return self._reach

    def _walk_reaches(self) -> dict[int, int]:
        """Every island's reach; an island's walk (and its steps) taken over from
        a recent view of the same puzzle that this one extends, when nothing it
        looked at can have changed.

        A walk looks at the cells next to what it takes: whether each is open,
        white, forbidden to the island, and the fragments there. Since that
        view, only the newly decided cells have changed, and the fragments a
        new white cell joined (to an island, or into a bigger fragment), and
        with them which cells touch an island: all within one step of those.
        (The old cells of an island that grew touched it before.) A walk with
        no cell within two steps of that, from the same island (so the same
        budget), is the same walk.
        """
        base = None
        for old in _RECENT_REACHES:
            if old.puzzle is self.puzzle and old.black & ~self.black == 0 \
                    and old.white & ~self.white == 0:
                base = old  # (the newest that this one extends)
        reaches: dict[int, int] = {}
        # (a reach is walked with its steps, ``_walk``: most islands' steps
        # are asked for later in the same position)
        if base is None:
            for r in self.islands:
                reaches[r.clue] = self._walk(r)[0]
        else:
            g = self.g
            new = (self.black | self.white) & ~(base.black | base.white)
            stirred = new
            if new & self.white:
                # the fragments a new white cell joined (to an island or to each
                # other) changed as a whole; an island's old cells did not
                loose = base.white & ~base.island_cells
                for r in self.regions:
                    if r.mask & new:
                        stirred |= r.mask & loose
            near = g.grow(g.grow(stirred))
            old_reaches, old_walks = base._reach, base._walks
            old_masks = base.__dict__.get("_island_masks")
            if old_masks is None:
                old_masks = base._island_masks = {r.clue: r.mask for r in base.islands}
            walks = self._walks
            for r in self.islands:
                clue = r.clue
                got = old_reaches.get(clue)
                if got is not None and not got & near and old_masks.get(clue) == r.mask:
                    reaches[clue] = got
                    walk = old_walks.get(clue)
                    if walk is not None and clue not in walks:
                        walks[clue] = walk
                else:
                    reaches[clue] = self._walk(r)[0]
        if base is not None:
            # (the position hypothesis branches start from stays while theirs
            # come and go)
            _RECENT_REACHES.remove(base)
            _RECENT_REACHES.append(base)
        _RECENT_REACHES.append(self)
        keep = RECENT_REACHES if self.g.n <= BIG_CELLS else RECENT_REACHES_BIG
        del _RECENT_REACHES[:-keep]
        return reaches

    @property
    def growing_reaches(self) -> list[tuple[Region, int]]:
        """Islands still to grow to a known size, each with its reach."""
        got = self.__dict__.get("_growing")
        if got is None:
            reaches = self.reaches
            got = self._growing = [(r, reaches[r.clue]) for r in self.islands
                                   if not r.complete and r.need is not None]
        return got

    @property
    def reach_union(self) -> int:
        if self._reach_union is None:
            m = 0
            for v in self.reaches.values():
                m |= v
            self._reach_union = m
        return self._reach_union

    @property
    def sole_reached(self) -> int:
        """Cells that exactly one island can reach (which one: the island whose
        reach holds the cell; callers ask of a few cells, not of every one)."""
        if self._sole is None:
            once = twice = 0
            for m in self.reaches.values():
                twice |= once & m
                once |= m
            self._sole = once & ~twice
        return self._sole

    def reached_by(self, mask: int) -> list[Region]:
        """Islands whose reach meets ``mask`` (kept per mask: read only)."""
        memo = self.__dict__.get("_reached_by")
        if memo is None:
            memo = self._reached_by = {}
        got = memo.get(mask)
        if got is None:
            reaches = self.reaches
            got = memo[mask] = [r for r in self.islands if reaches[r.clue] & mask]
        return got

    # -- walls -----------------------------------------------------------------
    def walls(self) -> list[int]:
        """The groups of black cells, lowest cell first (read only: shared)."""
        got = self.__dict__.get("_walls")
        if got is None:
            got = self._walls = _components(self.g, self.black, _RECENT_WALLS)
        return got

    @property
    def wall_seed(self) -> int:
        """The biggest group of black cells (0 if none): a flood over black and
        open cells from it finds the same cells as from any one of its cells,
        in far fewer passes once the wall is long."""
        if self._wall_seed is None:
            self._wall_seed = max(self.walls(), key=int.bit_count, default=0)
        return self._wall_seed
