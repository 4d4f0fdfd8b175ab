"""Pipes techniques, cheapest tier first.

Each technique is one function ``(view) -> Step | list[Step] | None``; the
unknowns it concludes are edges (1 open, 0 closed). All are sound: a
conclusion holds in every solution of the position. A technique that meets an
impossible position raises Contradiction, which is how hypotheses end.

Facts used throughout: a tile's open sides are one of its orientations; an
edge is one unknown shared by the two tiles it joins, so whatever one tile
decides about it holds for its neighbour too (*neighbour agreement*); the open
pipes of a solution form one tree over all tiles, so they never close a loop
and every group of tiles that is not the whole board keeps a way out.
"""
from __future__ import annotations

from deduce.errors import Contradiction
from deduce.state import bits
from deduce.step import Step
from deduce.technique import Registry
from deduce.wording import listed

from puzzles.pipes.model import DIR_WORD, DIRS, OPPOSITE, shape_name
from rules.pipes.view import View, flood, forced

TECHNIQUES = Registry()
OPEN, CLOSED = 1, 0
SIDE = dict(zip(DIRS, range(4)))  # right, up, left, down -> index in side-mask tuples


def _cap(s: str) -> str:
    return s[0].upper() + s[1:]


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _tiles(mask: int) -> tuple[int, ...]:
    """A region of tiles: tile ``t`` is recorded as edge ``t`` (its right side), whose
    coordinates are the tile's, so JSON regions and diagrams show the tiles."""
    return tuple(bits(mask))


def _step(tid: str, tier: int, opens: int, closes: int, premises: int, text: str,
          regions=()) -> Step:
    conclusions = tuple((e, OPEN) for e in bits(opens)) + tuple((e, CLOSED) for e in bits(closes))
    return Step(tid, tier, conclusions, tuple(bits(premises)), text,
                regions=tuple((role, _tiles(m)) for role, m in regions))


def _group(view: View, tiles: int) -> str:
    """'the tile at r1c1' / 'the 3 tiles at r1c1, r1c2 and r2c2'."""
    n = tiles.bit_count()
    return f"the tile at {view.names(tiles)}" if n == 1 else f"the {n} tiles at {view.names(tiles)}"


def _what(view: View, t: int) -> str:
    return f"the {shape_name(view.puzzle.tiles[t])} at {view.puzzle.tile_name(t)}"


def _sides_phrase(view: View, t: int, open_dirs: list[int], closed_dirs: list[int],
                  agree: bool = False, known: bool = False) -> str:
    """'opens toward r1c2 and is closed toward the border' (``known``: 'is open toward')."""
    parts = []

    def named(dirs: list[int]) -> list[str]:  # two sides on the border are said once
        border = [d for d in dirs if view.puzzle.neighbour(t, d) is None]
        names = [view.toward(t, d) for d in dirs if d not in border]
        if len(border) > 1:
            return names + ["the border on its " + listed([DIR_WORD[d] for d in border])]
        return names + ["the border"] * len(border)

    if open_dirs:
        names = named(open_dirs)
        s = ("is open toward " if known else "opens toward ") + listed(names)
        if agree:
            s += (" (so " + listed(names) + (" opens" if len(names) == 1 else " open")
                  + " toward it too)")
        parts.append(s)
    if closed_dirs:
        parts.append("is closed toward " + listed(named(closed_dirs)))
    return " and ".join(parts)


def _tile_steps(view: View, tid: str, tier: int, nO, nC, text) -> list[Step]:
    """One step per tile with new sides in ``nO``/``nC`` (per-side tile masks).

    A side shared by two tiles of the batch is concluded by the first of them
    only: each step names just the edges it decides (its neighbour's step has
    already said the rest).
    """
    steps = []
    todo = nO[0] | nO[1] | nO[2] | nO[3] | nC[0] | nC[1] | nC[2] | nC[3]
    p = view.puzzle
    claimed = 0  # edges an earlier step of the batch concludes
    for t in bits(todo):
        # walls are never concluded (a tile that must point at one is a contradiction,
        # which the rules check reports)
        opens = [d for d in DIRS if (nO[SIDE[d]] >> t) & 1 and not p.is_wall(t, d)
                 and not (claimed >> p.side_edge(t, d)) & 1]
        closes = [d for d in DIRS if (nC[SIDE[d]] >> t) & 1 and not p.is_wall(t, d)
                  and not (claimed >> p.side_edge(t, d)) & 1]
        if not (opens or closes):
            continue
        open_e = sum(1 << p.side_edge(t, d) for d in opens)
        close_e = sum(1 << p.side_edge(t, d) for d in closes)
        claimed |= open_e | close_e
        sentence, premises = text(t, opens, closes)
        steps.append(_step(tid, tier, open_e, close_e, premises, sentence))
    return steps


def _known_edges(view: View, t: int, skip: int = 0) -> int:
    """The decided real edges around tile ``t`` (walls left out), minus ``skip`` sides."""
    p = view.puzzle
    decided = view.state.ones | view.state.zeros
    m = 0
    for d in DIRS:
        if d & skip:
            continue
        e = p.side_edge(t, d)
        if e is not None and (decided >> e) & 1 and not (p.walls >> e) & 1:
            m |= 1 << e
    return m


# --------------------------------------------------------------------- tier 0
@TECHNIQUES.register("rules", tier=0, name="Rules check", check_only=True)
def rules_check(view: View):
    """Stop at once when the position already breaks a rule.

    A tile that cannot turn to fit its sides, two tiles that disagree about their edge,
    a loop of open pipes, or tiles that can no longer connect to the rest."""
    p, lay = view.puzzle, view.layout
    nO, nC, bad = view.forced
    if bad:
        t = _lowest(bad)
        o, c = view.tile_sides(t)
        raise Contradiction("tile", f"{_what(view, t)} cannot turn to fit its sides "
                            f"({_sides_phrase(view, t, [d for d in DIRS if o & d], [d for d in DIRS if c & d], known=True)})",
                            tuple(bits(_known_edges(view, t))))
    clash = view.edges_of(tuple(nO)) & view.edges_of(tuple(nC))
    if clash:
        e = _lowest(clash)
        a, b = p.ends(e)
        raise Contradiction("clash", f"{_what(view, a)} and {_what(view, b)} disagree about "
                            f"{p.edge_name(e)}: one needs it open, the other closed",
                            tuple(bits(_known_edges(view, a) | _known_edges(view, b))))
    for g in view.groups:
        inner = view.inner_edges(g)
        if inner.bit_count() >= g.bit_count():
            ring = _loop_tiles(view, g)
            raise Contradiction("loop", f"the open pipes through {view.names(ring, 8)} close a "
                                "loop", tuple(bits(view.inner_edges(ring))))
    reach = view.reach(1)
    if reach != lay.full:
        cut = lay.full & ~reach
        part = cut if cut.bit_count() <= reach.bit_count() else reach
        raise Contradiction("cut-off", f"the tiles at {view.names(part)} can no longer connect "
                            "to the rest of the board",
                            tuple(bits(view.boundary_closed(part))))
    return None


def _loop_tiles(view: View, group: int) -> int:
    """The tiles on loops of open pipes inside ``group``: strip dead-end branches."""
    p = view.puzzle
    ones = view.state.ones
    core = group
    while True:
        leaves = 0
        for t in bits(core):
            n = 0
            for d in DIRS:
                nb = p.neighbour(t, d)
                if nb is not None and (core >> nb) & 1 and (ones >> p.side_edge(t, d)) & 1:
                    n += 1
            if n < 2:
                leaves |= 1 << t
        if not leaves:
            return core
        core &= ~leaves


# --------------------------------------------------------------------- tier 1
@TECHNIQUES.register("border", tier=1, name="Border and barriers")
def border(view: View):
    """A tile never points off the board or into a barrier.

    The sides every orientation that avoids them agrees on are decided: a corner in a
    corner, a straight along an edge, a T pointing inward."""
    lay, p = view.layout, view.puzzle
    if lay.border_steps is None:
        wr, wd = p.walls & lay.full, p.walls >> lay.T
        walls = (wr, lay.down(wd), lay.right(wr), wd)
        nO, nC, _ = forced(lay, (0, 0, 0, 0), walls)

        def text(t, opens, closes):
            wall_dirs = [d for d in DIRS if p.is_wall(t, d)]
            border = [d for d in wall_dirs if p.neighbour(t, d) is None]
            barrier = [d for d in wall_dirs if p.neighbour(t, d) is not None]
            where = []
            if border:
                where.append("the border on its " + listed([DIR_WORD[d] for d in border]))
            if barrier:
                where.append(("a barrier" if len(barrier) == 1 else "barriers") + " on its "
                             + listed([DIR_WORD[d] for d in barrier]))
            return (f"{_cap(_what(view, t))} cannot point at {' or '.join(where)}, so it "
                    f"{_sides_phrase(view, t, opens, closes)}.", 0)
        lay.border_steps = _tile_steps(view, "border", 1, nO, nC, text)
        lay.border_edges = 0
        for s in lay.border_steps:
            for e, _ in s.conclusions:
                lay.border_edges |= 1 << e
    unknown = view.state.unknown
    if not lay.border_edges & unknown:
        return None
    out = [s for s in lay.border_steps if any((unknown >> e) & 1 for e, _ in s.conclusions)]
    return out or None


@TECHNIQUES.register("forced-sides", tier=1, name="Forced sides")
def forced_sides(view: View):
    """A side open (closed) in every way a tile can still turn is open (closed).

    The edge is shared, so the neighbour's side agrees (neighbour agreement)."""
    nO, nC, _ = view.forced
    if not (nO[0] | nO[1] | nO[2] | nO[3] | nC[0] | nC[1] | nC[2] | nC[3]):
        return None

    def text(t, opens, closes):
        o, c = view.tile_sides(t)
        o &= ~sum(opens)
        c &= ~sum(closes)
        known = _sides_phrase(view, t, [d for d in DIRS if o & d], [d for d in DIRS if c & d],
                              known=True)
        return (f"{_cap(_what(view, t))} {known}; every way it can still turn, it "
                f"{_sides_phrase(view, t, opens, closes, agree=True)}.",
                _known_edges(view, t, sum(opens) | sum(closes)))
    return _tile_steps(view, "forced-sides", 1, nO, nC, text) or None


@TECHNIQUES.register("loop-avoidance", tier=1, name="No loops")
def loop_avoidance(view: View):
    """An edge between two tiles already joined by open pipes is closed."""
    lay, p = view.layout, view.puzzle
    steps = []
    for g in view.groups:
        edges = (view.hu & g & lay.left(g)) | ((view.vu & g & lay.up(g)) << lay.T)
        for e in bits(edges):
            a, b = p.ends(e)
            path = view.path(a, b, g)
            via = path[1:-1]
            through = f" through {view.names(sum(1 << t for t in via), 6)}" if via else ""
            pipes = view.inner_edges(sum(1 << t for t in path))
            steps.append(_step(
                "loop-avoidance", 1, 0, 1 << e, pipes,
                f"{p.tile_name(a)} and {p.tile_name(b)} are already joined by open pipes"
                f"{through}, so {p.edge_name(e)} is closed: opening it would close a loop.",
                [("group", sum(1 << t for t in path))]))
    return steps or None


# --------------------------------------------------------------------- tier 2
@TECHNIQUES.register("only-exit", tier=2, name="Only way out")
def only_exit(view: View):
    """A group of joined tiles with a single way out left opens it.

    Unless the group is the whole board, it must connect to the rest."""
    lay, p = view.layout, view.puzzle
    steps = []
    done = 0
    for g in view.groups:
        if g == lay.full:
            continue
        x = view.exits(g)
        if sum(m.bit_count() for m in x) != 1:
            continue
        e = view.edges_of(x)
        if e & done:
            continue
        done |= e
        steps.append(_step(
            "only-exit", 2, e, 0, view.boundary_closed(g) | view.inner_edges(g),
            f"The {g.bit_count()} tiles joined at {view.names(g)} must connect to the rest of "
            f"the board, and every other way out of them is closed: "
            f"{p.edge_name(_lowest(e))} is open.",
            [("group", g)]))
    return steps or None


@TECHNIQUES.register("isolation", tier=2, name="No isolated group")
def isolation(view: View):
    """An edge whose opening would seal a group off from the rest of the board is closed.

    Two dead ends never face each other, nor may a group be joined to a tile that
    leaves it no way out."""
    lay, p = view.layout, view.puzzle
    full = lay.full
    # ports: tiles where all of a group's ways out are; a tile with no open side is its
    # own group, but only a dead end can be sealed by one edge
    o = view.open_sides()
    lone = full & ~(o[0] | o[1] | o[2] | o[3])
    port: dict[int, int] = {t: 1 << t for t in bits(lone & lay.dead)}
    for g in view.groups:
        x = view.exits(g)
        at = x[0] | x[1] | x[2] | x[3]
        if at and at & (at - 1) == 0:
            port[_lowest(at)] = g
    if len(port) < 2:
        return None
    steps = []
    unknown = view.state.unknown
    for a, ga in port.items():
        for d in DIRS:
            b = p.neighbour(a, d)
            if b is None or b not in port or b < a:
                continue
            e = p.side_edge(a, d)
            if not (unknown >> e) & 1:
                continue
            gb = port[b]
            both = ga | gb
            if both == full or ga == gb:
                continue
            if _ways_out(view, a, d, both) or _ways_out(view, b, OPPOSITE[d], both):
                continue
            if ga.bit_count() == 1 and gb.bit_count() == 1:
                text = (f"The dead ends at {p.tile_name(a)} and {p.tile_name(b)} must not face "
                        f"each other: joined, they would be cut off from the rest of the board, "
                        f"so {p.edge_name(e)} is closed.")
            else:
                text = (f"If {p.edge_name(e)} were open, the {both.bit_count()} tiles at "
                        f"{view.names(both)} would form a group with every way out closed, cut "
                        f"off from the rest of the board; so it is closed.")
            # what seals the group: the closed sides of joined groups (a lone dead end
            # is sealed by its shape)
            sealed = 0
            for g in (ga, gb):
                if g & (g - 1):
                    sealed |= view.boundary_closed(g)
            steps.append(_step("isolation", 2, 0, 1 << e,
                               (sealed | view.inner_edges(both)) & ~(1 << e), text,
                               [("group", both)]))
    return steps or None


def _ways_out(view: View, t: int, d: int, group: int) -> int:
    """The sides tile ``t`` could still open, besides ``d``, toward tiles outside ``group``
    once side ``d`` is open (an orientation opening a side into ``group`` would close a
    loop, so it does not count)."""
    p = view.puzzle
    o, c = view.tile_sides(t)
    out = 0
    for x in view.layout.rotations[t]:
        if not x & d or x & o != o or x & c:
            continue
        extra = x & ~o & ~d
        ok = True
        for s in DIRS:
            if extra & s:
                nb = p.neighbour(t, s)
                if nb is None or (group >> nb) & 1:
                    ok = False
                    break
        if ok:
            out |= extra
    return out


# --------------------------------------------------------------------- tier 3
@TECHNIQUES.register("area-bridge", tier=3, name="Area counting: the only link")
def area_bridge(view: View):
    """An edge every connection between two areas must cross is open (area counting).

    Their other links are closed: the edge is a bridge of the edges not closed."""
    lay, p = view.layout, view.puzzle
    T = lay.T
    h = view.ho | view.hu
    v = view.vo | view.vu
    unknown = view.state.unknown
    if not unknown:
        return None
    disc = [0] * T
    low = [0] * T
    seen = [False] * T
    bridges = []
    counter = 1

    passable = h | (v << T)

    def nbrs(x):
        for d in DIRS:
            e = p.side_edge(x, d)
            if e is not None and (passable >> e) & 1:
                yield p.neighbour(x, d), e
    seen[0] = True
    disc[0] = low[0] = counter
    stack = [(0, -1, nbrs(0))]
    while stack:
        x, via, it = stack[-1]
        advanced = False
        for y, e in it:
            if e == via:
                continue
            if not seen[y]:
                seen[y] = True
                counter += 1
                disc[y] = low[y] = counter
                stack.append((y, e, nbrs(y)))
                advanced = True
                break
            if disc[y] < low[x]:
                low[x] = disc[y]
        if advanced:
            continue
        stack.pop()
        if stack:
            px = stack[-1][0]
            if low[x] < low[px]:
                low[px] = low[x]
            if low[x] > disc[px] and (unknown >> via) & 1:
                bridges.append((via, x))
    steps = []
    for e, child in bridges:
        hh, vv = (h & ~(1 << e), v) if e < T else (h, v & ~(1 << (e - T)))
        side = flood(lay, 1 << child, hh, vv)
        if side.bit_count() > T - side.bit_count():
            side = lay.full & ~side
        steps.append(_step(
            "area-bridge", 3, 1 << e, 0, view.boundary_closed(side),
            f"Every way between {_group(view, side)} and the rest of the board runs through "
            f"{p.edge_name(e)} ({'its' if side & (side - 1) == 0 else 'their'} other links are "
            f"closed), so it is open.",
            [("area", side)]))
    return steps or None
