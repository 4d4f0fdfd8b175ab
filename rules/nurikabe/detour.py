"""The wall's dead ends and detours: what a white cell would force on the wall.

Every black cell must join the others. So open cells that no black cell can
reach through black and open cells are white, and a cell whose whiteness
would cut some open cells off from every black cell would whiten them too;
and where a white cell would leave the wall only one way round it, that way
is black. Both techniques ask what that does to the white regions and the
2x2 squares around: a broken rule proves the cell black.
"""
from __future__ import annotations

from deduce.state import bits
from deduce.wording import listed

from rules.nurikabe.faces import Faces
from rules.nurikabe.techniques import (
    BLACK, TECHNIQUES, WHITE, _articulation_cells, _plural, _step, _wall_cuts)
from rules.nurikabe.view import View


def _first(mask: int) -> int:
    return mask & -mask


def _broken(view: View, whitened: int, blackened: int) -> str | None:
    """What breaks when ``whitened`` turns white and ``blackened`` black (both open
    now): a 2x2 square all black, or a white region touching the change that
    holds two numbers, outgrows its number, or has no open neighbour left while
    short of its number (or without one). None when nothing does."""
    g = view.g
    black = view.black | blackened
    pool = g.all4(black) & g.any4(blackened)
    if pool:
        top = _first(pool).bit_length() - 1
        sq = next(q for q in g.squares_at[top] if _first(q) == 1 << top)  # top left: ``top``
        return f"{g.square_name(sq)} would be all black"
    white = view.white | whitened
    unknown = view.unknown & ~whitened & ~blackened
    near = g.grow(g.grow(whitened | blackened))
    # the change and the white regions (islands, fragments) near it
    starts = whitened | g.flood(near & view.white, view.white)
    done = 0
    for i in bits(starts):
        if (1 << i) & done:
            continue
        comp = g.flood(1 << i, white)
        done |= comp
        clues = comp & view.clue_mask
        libs = g.border(comp) & unknown
        if clues & (clues - 1):
            return (f"{listed([view.puzzle.clue_name(c) for c in bits(clues)])} would be "
                    "joined in one white region")
        size = comp.bit_count()
        if clues:
            c = clues.bit_length() - 1
            need = view.clue_need[c]
            if need is not None and size > need:
                return f"{view.puzzle.clue_name(c)} would have {size} cells"
            if need is not None and size < need and not libs:
                return f"{view.puzzle.clue_name(c)} could not grow to {need} cells"
        elif not libs:
            return (f"the white cell{'s' if size > 1 else ''} at {g.names(comp, 4)} would be "
                    "cut off from every number")
    if blackened:
        # an island the change does not touch keeps its cells, but the new black
        # cells may leave it too little room (its reach only shrinks)
        touched = g.grow(whitened)
        for island, reach in view.growing_reaches:
            # (one whose reach misses the new black cells keeps its room)
            if not island.mask & touched and (reach & blackened or reach.bit_count() < island.need) \
                    and not view.has_room(island, blackened):
                return (f"{view.puzzle.clue_name(island.clue)} could not reach "
                        f"{island.need} cells")
        # a white fragment the change does not touch: some island must still reach it
        reaches = view.reaches
        for frag in view.fragments:
            if frag.mask & touched:
                continue
            able = view.reached_by(frag.mask)
            if any(not reaches[r.clue] & blackened for r in able):
                continue  # that island's way to it stays as it was
            if not any(view.reach_without(r, blackened & reaches[r.clue],
                                          until=frag.mask) & frag.mask for r in able):
                return (f"no island could reach the white cell{'s' if frag.size > 1 else ''} "
                        f"at {g.names(frag.mask, 4)}")
    return None


@TECHNIQUES.register("wall-pocket", tier=3, name="Wall dead end")
def wall_pocket(view: View):
    """Open cells the black cells cannot reach are white; a cell that, white, would
    cut open cells off from the wall, and so whiten them too, into a white region
    that breaks a rule, is black."""
    g = view.g
    black = view.black
    if not black:
        return None
    unknown = view.unknown
    space = black | unknown
    seed = _first(black)
    main = g.flood(seed, space)
    if black & ~main:
        return None  # a split wall: the rules check says so
    steps = []
    for part in g.components(unknown & ~main):
        ring = g.border(part)
        steps.append(_step(
            view, "wall-pocket", 3, part, WHITE, ring | seed,
            f"{g.names(part, 4)} {_plural(part, 'is', 'are')} walled in by the white cells "
            f"at {g.names(ring, 4)}, away from every black cell, so "
            f"{_plural(part, 'it is', 'they are')} white.", [("area", part)]))
    white = view.white
    # (main holds every black cell: the walk over all black and open cells from
    # the first black cell goes over main alone)
    for x in _wall_cuts(view):
        xb = 1 << x
        if not xb & unknown:
            continue
        rest = main & ~xb
        pockets = 0
        for n in g.neighbour_cells[x]:
            nb = 1 << n
            if nb & rest & ~pockets:
                comp = g.flood(nb, rest)
                if not comp & black:
                    pockets |= comp
        if not pockets:
            continue
        whitened = xb | pockets
        why = _broken(view, whitened, 0)
        if why is None:
            continue
        merged = g.flood(whitened, view.white | whitened)
        steps.append(_step(
            view, "wall-pocket", 3, xb, BLACK,
            merged | (g.border(merged) & black) | (g.border(whitened) & white) | seed,
            f"If {g.name(x)} were white, {g.names(pockets, 4)} could no longer join the "
            f"wall and would be white too, and {why}; so {g.name(x)} is black.",
            [("area", pockets)]))
    return steps or None


FEW_PARTNERS = 4  # up to this many open separation partners, one flood each instead
# of the weighted walk over the whole block

_RINGS: dict[tuple[int, int], list[int]] = {}


def _rings(g) -> list[int]:
    """Per cell, the 8 cells around it (0 for a cell on the grid's edge)."""
    key = (g.rows, g.cols)
    rings = _RINGS.get(key)
    if rings is None:
        rings = []
        for i in range(g.n):
            r, c = divmod(i, g.cols)
            if 0 < r < g.rows - 1 and 0 < c < g.cols - 1:
                rings.append(sum(1 << (i + dr * g.cols + dc) for dr in (-1, 0, 1)
                                 for dc in (-1, 0, 1) if dr or dc))
            else:
                rings.append(0)
        _RINGS[key] = rings
    return rings


def _blocks(g, space: int, root: int, black: int) -> tuple[list[tuple[int, dict[int, int]]], int]:
    """The blocks (biconnected pieces) of the grid graph on ``space`` in the
    component of ``root`` (a black cell), each as its cells (a mask) and the
    black cells each of them stands for: itself and those in the parts of the
    graph that reach the block only through it; and the cells that part the
    black cells already (a mask: articulation cells with black on two sides).

    Taking one cell out of a block can only make new articulation cells inside
    that block, and which black cells they part is known from these counts.
    Tarjan's walk, iterative, keeping the cells visited on a stack.
    """
    inside = bin(space)[:1:-1].ljust(g.n, "0").encode()
    dark = bin(black & space)[:1:-1].ljust(g.n, "0").encode()
    total = (black & space).bit_count()
    nbrs = g.neighbour_cells
    disc = [0] * g.n
    low = [0] * g.n
    under = [0] * g.n  # black cells in the walk's subtree
    hung = [0] * g.n  # black cells in the blocks the walk hung below a cell
    disc[root] = low[root] = 1
    under[root] = 1
    counter = 2
    seen = [root]
    blocks = []
    cuts = 0
    stack = [(root, -1, iter(nbrs[root]))]
    while stack:
        v, parent, it = stack[-1]
        for w in it:
            if inside[w] != 49 or w == parent:
                continue
            dw = disc[w]
            if dw:
                if dw < low[v]:
                    low[v] = dw
                continue
            disc[w] = low[w] = counter
            counter += 1
            under[w] = dark[w] == 49
            seen.append(w)
            stack.append((w, v, iter(nbrs[w])))
            break
        else:
            stack.pop()
            if not stack:
                continue
            u = stack[-1][0]
            if low[v] < low[u]:
                low[u] = low[v]
            under[u] += under[v]
            if low[v] >= disc[u]:  # v's subtree down to the block's end hangs at u
                if 0 < under[v] < total:
                    cuts |= 1 << u
                hung[u] += under[v]
                weight = {u: total - under[v]}
                mask = 1 << u
                while True:
                    w = seen.pop()
                    weight[w] = (dark[w] == 49) + hung[w]
                    mask |= 1 << w
                    if w == v:
                        break
                blocks.append((mask, weight))
    return blocks, cuts


class _Cuts:
    """The open cells every connection of the black cells passes, once one open
    cell of ``main`` (the black cells' component of black and open cells) is
    white. Those that every connection passes already stay so; new ones can
    only come up in the block the white cell leaves behind (the weighted walk
    over that block), and none where the cell's eight neighbours all lie in
    the block (its neighbours stay joined round it whichever other cell goes)
    or where no open cell parts the block together with it (its separation
    partners, read off the faces of the block's drawing: a few steps around
    the cell instead of a walk over the whole block).
    """

    def __init__(self, g, main: int, root: int, black: int, unknown: int):
        self.g, self.unknown = g, unknown
        blocks, self.always = _blocks(g, main, root, black)
        self.blocks_at: dict[int, list] = {}
        once = twice = 0
        for block in blocks:
            twice |= once & block[0]
            once |= block[0]
        # the cells whose taking out parts ``main`` (in two blocks or more)
        self.parting = twice
        for block in blocks:
            if block[0].bit_count() > 2:  # a bridge has no cell to cut once x is gone
                for c in bits(block[0] & unknown):
                    self.blocks_at.setdefault(c, []).append(block)
        self.rings = _rings(g)
        # by block: its faces, its heaviest cell, the cells standing for black ones
        self.faces: dict[int, tuple[Faces, int, int]] = {}

    def without(self, x: int, core: int) -> int:
        """The open cells every connection passes with ``x`` white, where ``core``
        is what stays joined to the black cells (x must not part them)."""
        forced = self.always
        ring = self.rings[x]
        for mask, weight in self.blocks_at.get(x, ()):
            left = mask & ~(1 << x)
            if not left & core:
                continue  # a block cut off with x: it holds no black cell
            if ring and ring & mask == ring:
                break
            # a new cut parts the block with x: none that could be black, nothing new
            known = self.faces.get(mask)
            if known is None:
                # x stands for no black cell (it would part them), so it is never the heaviest
                top = max(weight, key=weight.__getitem__)
                heavy = sum(1 << c for c, w in weight.items() if w)
                known = self.faces[mask] = (Faces(self.g, mask), top, heavy)
            faces, top, heavy = known
            partners = faces.separation_partners(x) & self.unknown
            if not partners:
                break
            if partners.bit_count() <= FEW_PARTNERS and not (partners >> top) & 1:
                # a partner is a new cut when some black cells are not joined to
                # the heaviest cell without it
                flood = self.g.flood
                for c in bits(partners):
                    bit = 1 << c
                    if heavy & ~bit & ~flood(1 << top, left & ~bit):
                        forced |= bit
                break
            for c in _articulation_cells(self.g, left, top, weight):
                forced |= 1 << c
            break
        return forced & self.unknown


@TECHNIQUES.register("wall-detour", tier=4, name="Wall detour", wide=True)
def wall_detour(view: View):
    """A cell that, white, would leave the wall only one way round it (cells every
    connection of the black cells would then pass, so black) and cut open cells
    off from it (so white), closing a 2x2 square or breaking a white region, is black."""
    if view.nested:
        return None  # a branch finds the same by propagating; on the main line it saves one
    g = view.g
    black = view.black
    if not black or not black & (black - 1):
        return None
    unknown = view.unknown
    space = black | unknown
    seed = _first(black)
    root = seed.bit_length() - 1
    main = g.flood(seed, space)
    if black & ~main:
        return None
    premises = black | view.white
    cuts = _Cuts(g, main, root, black, unknown)
    for x in bits(unknown & main):
        xb = 1 << x
        rest = main & ~xb
        # (only a cell that parts ``main`` leaves some of it behind)
        core = g.flood(seed, rest) if cuts.parting & xb else rest
        if black & ~core:
            continue  # x itself is a wall chokepoint
        pockets = rest & ~core
        forced = cuts.without(x, core)
        if not forced and not pockets:
            continue
        why = _broken(view, xb | pockets, forced)
        if why is None:
            continue
        # name only the forced black cells the broken rule needs
        for c in bits(forced):
            fewer = _broken(view, xb | pockets, forced & ~(1 << c))
            if fewer is not None:
                forced &= ~(1 << c)
                why = fewer
        parts = []
        if forced:
            parts.append(f"the wall could only get round it through {g.names(forced, 4)}")
        if pockets:
            parts.append(f"{g.names(pockets, 4)} could no longer join the wall")
        return _step(view, "wall-detour", 4, xb, BLACK, premises,
                     f"If {g.name(x)} were white, {' and '.join(parts)}, and then {why}; "
                     f"so {g.name(x)} is black." if parts else
                     f"If {g.name(x)} were white, {why}; so {g.name(x)} is black.",
                     [("wall", forced)] + ([("area", pockets)] if pockets else []))
    return None
