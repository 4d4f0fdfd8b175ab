"""Nurimeizu techniques, cheapest tier first.

Each technique is one function ``(view) -> Step | list[Step] | None``; the
unknowns it concludes are rooms. All are sound: a conclusion holds in every
solution of the position. A technique that meets an impossible position
raises Contradiction, which is how hypotheses end.

Facts used throughout: S, G, circles and triangles are white in every
solution; the white cells form a tree, so the route from S to G is the unique
path between them, it passes every circle and no triangle, and it runs
through non-black cells that are not triangles.
"""
from __future__ import annotations

from deduce.errors import Contradiction
from deduce.state import bits
from deduce.step import Step
from deduce.technique import Registry

from rules.nurimeizu.view import View, _edges

TECHNIQUES = Registry()
BLACK, WHITE = 1, 0
WORD = {BLACK: "black", WHITE: "white"}


def _step(tid: str, tier: int, rooms: int, value: int, premises: int, text: str,
          regions=()) -> Step:
    return Step(tid, tier, tuple((k, value) for k in bits(rooms)), tuple(bits(premises)), text,
                regions=tuple((role, tuple(bits(m))) for role, m in regions))


def _cap(s: str) -> str:
    return s[0].upper() + s[1:]


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _mark_name(view: View, i: int) -> str:
    return view.puzzle.mark_name(i)


def _squares_near(view: View):
    """(cells, rooms) of the 2x2 squares that touch a changed room."""
    lay = view.layout
    changed = view.changed & view.state.full
    if changed == view.state.full:
        yield from lay.squares
        return
    seen = set()
    for k in bits(changed):
        for s in lay.squares_of_room[k]:
            if s not in seen:
                seen.add(s)
                yield lay.squares[s]


# --------------------------------------------------------------------- tier 0
@TECHNIQUES.register("rules", tier=0, name="Rules check", check_only=True)
def rules_check(view: View):
    """Stop at once when the position already breaks a rule."""
    lay, g, p = view.layout, view.g, view.puzzle
    black, white = view.black, view.white
    room = lay.room_of
    bad = lay.marked & black
    if bad:
        i = _lowest(bad)
        raise Contradiction("mark-black", f"{_mark_name(view, i)} is black", (room[i],))
    for sq, rooms in _squares_near(view):
        if rooms & (rooms - 1) == 0:
            raise Contradiction("room-square", f"{view.room_name(_lowest(rooms))} holds a whole "
                                "2x2 square, so it can be neither black nor white", (_lowest(rooms),))
        for colour, mask in ((BLACK, black), (WHITE, white)):
            if sq & mask == sq:
                raise Contradiction(f"square-{WORD[colour]}", f"the 2x2 square at "
                                    f"{p.cell_name(_lowest(sq))} is all {WORD[colour]}",
                                    tuple(bits(rooms)))
    if white:
        loops = _edges(g, white) - white.bit_count() + len(view.areas)
        if loops > 0:
            for area in view.areas:
                if _edges(g, area) >= area.bit_count():
                    raise Contradiction("loop", f"the white cells at {g.names(area, 4)} form a loop",
                                        tuple(bits(view.rooms(area))))
    s, goal = lay.start, lay.goal
    reach = g.flood(1 << s, g.full & ~black)
    cut = (white | lay.marked) & ~reach
    if cut:
        i = _lowest(cut)
        what = _mark_name(view, i) if (lay.marked >> i) & 1 else f"the white cell at {p.cell_name(i)}"
        raise Contradiction("cut-off", f"{what} can no longer connect to the start",
                            tuple(bits(view.rooms(cut))))
    route_cells = g.full & ~black & ~lay.triangles
    reach = g.flood(1 << s, route_cells)
    missing = ((1 << goal) | lay.circles) & ~reach
    if missing:
        i = _lowest(missing)
        raise Contradiction("no-route", f"no route from the start can reach {_mark_name(view, i)} "
                            "without passing a black cell or a triangle", (room[i],))
    for x, need in _exits(lay):
        free = g.neighbours[x] & ~black & ~lay.triangles
        if free.bit_count() < need:
            raise Contradiction("exits", f"{_mark_name(view, x)} needs {need} white "
                                f"neighbour{'s' if need > 1 else ''} but has {free.bit_count()} left",
                                tuple(bits(view.rooms(g.neighbours[x] | (1 << x)))))
    for area in view.areas:
        problem = route_problem(view, area)
        if problem:
            text, cells = problem
            raise Contradiction("route", text, tuple(bits(view.rooms(cells))))
    return None


def route_problem(view: View, area: int) -> tuple[str, int] | None:
    """What is wrong with the part of the route a white area already fixes, or None.

    S, G and the circles all lie on the route, and white is a tree, so the
    tree path between any two of them inside one area is part of the route:
    those paths together must form one path, with S and G only at its ends,
    and must pass no triangle.
    """
    lay, g = view.layout, view.g
    terminals = area & lay.terminals
    if terminals & (terminals - 1) == 0:
        return None
    first = _lowest(terminals)
    parent = {first: None}
    frontier = [first]
    while frontier:
        nxt = []
        for x in frontier:
            for y in bits(g.neighbours[x] & area):
                if y not in parent:
                    parent[y] = x
                    nxt.append(y)
        frontier = nxt
    route = 0
    for t in bits(terminals):
        x = t
        while x is not None and not (route >> x) & 1:
            route |= 1 << x
            x = parent[x]
    name = view.puzzle.mark_name
    on = route & lay.triangles
    if on:
        return f"the route must pass {name(_lowest(on))}", route
    for x in bits(route):
        d = (g.neighbours[x] & route).bit_count()
        if d > 2:
            return (f"the route would have to branch at {g.name(x)} to pass "
                    f"{g.names(terminals, 4)}"), route
        if d > 1 and x in (lay.start, lay.goal):
            return f"the route would have to pass through {name(x)}, where it must end", route
    if (route >> lay.start) & 1 and (route >> lay.goal) & 1:
        off = lay.circles & ~route
        if off:
            return f"the route from S to G is complete and misses {name(_lowest(off))}", route
    return None


def _exits(lay):
    """(cell, white neighbours it needs): S and G one, a circle two (it lies inside the route)."""
    yield lay.start, 1
    yield lay.goal, 1
    for i in bits(lay.circles):
        yield i, 2


# --------------------------------------------------------------------- tier 1
@TECHNIQUES.register("icons", tier=1, name="Icons are white")
def icons(view: View):
    """A room holding S, G, a circle or a triangle is white."""
    lay, p = view.layout, view.puzzle
    steps = []
    for k in bits(lay.mark_rooms & view.unknown_rooms):
        marks = lay.marked & lay.room_masks[k]
        names = [_mark_name(view, i) for i in bits(marks)]
        listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        text = (f"{_cap(view.room_name(k))} holds {listed}, so it is white."
                if p.room_cells[k][0] != _lowest(marks) or len(names) > 1 or len(p.room_cells[k]) > 1
                else f"{_cap(listed)} is white.")
        steps.append(_step("icons", 1, 1 << k, WHITE, 1 << k, text))
    return steps or None


@TECHNIQUES.register("squares", tier=1, name="Squares action")
def squares(view: View):
    """The unknown cells of a 2x2 square lie in one room and its known cells share a colour:
    that room takes the other colour."""
    p = view.puzzle
    black, white, unknown = view.black, view.white, view.unknown
    found: dict[int, Step] = {}
    for sq, rooms in _squares_near(view):
        open_ = sq & unknown
        if not open_ or open_ == sq:
            continue
        known = sq & ~open_
        if known & black and known & white:
            continue
        open_rooms = view.rooms(open_)
        if open_rooms & (open_rooms - 1):
            continue
        k = _lowest(open_rooms)
        if k in found:
            continue
        colour = BLACK if known & black else WHITE
        other = 1 - colour
        where = p.cell_name(_lowest(sq))
        if known.bit_count() == 3:
            text = (f"{_cap(view.room_name(k))} is {WORD[other]}, or the 2x2 square at {where} "
                    f"would be all {WORD[colour]}.")
        else:
            text = (f"The other cells of the 2x2 square at {where} are {WORD[colour]} and the rest "
                    f"of it lies in {view.room_name(k)}, so that room is {WORD[other]}.")
        found[k] = _step("squares", 1, 1 << k, other, view.rooms(known),
                         text, [("square", rooms)])
    return list(found.values()) or None


# --------------------------------------------------------------------- tier 2
@TECHNIQUES.register("exits", tier=2, name="Start, goal and circle exits")
def exits(view: View):
    """S and G need one white neighbour and a circle two; when only that many cells next
    to them are not black, their rooms are white."""
    lay, g = view.layout, view.g
    steps = []
    done = 0
    for x, need in _exits(lay):
        free = g.neighbours[x] & ~view.black & ~lay.triangles
        todo = free & view.unknown
        if free.bit_count() != need or not todo:
            continue
        rooms = view.rooms(todo) & ~done
        if not rooms:
            continue
        done |= rooms
        what = _mark_name(view, x)
        why = "lies inside the route and needs two white neighbours" if need == 2 else \
            "needs a white neighbour to start the route" if x == lay.start else \
            "needs a white neighbour to end the route"
        cells = g.names(free)
        text = (f"{_cap(what)} {why}; only {cells} {'is' if need == 1 else 'are'} not black "
                f"(nor a triangle), so "
                f"{view.room_names(rooms)} {'is' if rooms & (rooms - 1) == 0 else 'are'} white.")
        steps.append(_step("exits", 2, rooms, WHITE, view.rooms((1 << x) | free), text))
    return steps or None


@TECHNIQUES.register("loop-prevention", tier=2, name="No white loop")
def loop_prevention(view: View):
    """A room whose whitening would close a loop of white cells is black."""
    lay, g = view.layout, view.g
    white = view.white
    at = view.area_at
    steps = []
    for k in bits(view.unknown_rooms):
        cells = lay.room_masks[k]
        size = cells.bit_count()
        if lay.internal_edges[k] >= size:
            steps.append(_step("loop-prevention", 2, 1 << k, BLACK, 1 << k,
                               f"{_cap(view.room_name(k))} encloses a loop of its own cells, "
                               "so it is black."))
            continue
        if not lay.room_border[k] & white:
            continue
        touches = 0
        areas = set()
        for i in bits(cells):
            for j in bits(g.neighbours[i] & white):
                touches += 1
                areas.add(at[j])
        if touches > len(areas):
            # the area it would meet twice
            seen = set()
            twice = None
            for i in bits(cells):
                for j in bits(g.neighbours[i] & white):
                    if at[j] in seen:
                        twice = at[j]
                    seen.add(at[j])
            area = view.areas[twice]
            steps.append(_step(
                "loop-prevention", 2, 1 << k, BLACK, (1 << k) | view.rooms(area),
                f"If {view.room_name(k)} were white, it would join the white cells at "
                f"{g.names(area, 3)} on two sides and close a loop, so it is black.",
                [("area", view.rooms(area))]))
    return steps or None


@TECHNIQUES.register("white-connectivity", tier=2, name="White connectivity")
def white_connectivity(view: View):
    """A room without which some white cell could no longer reach the start is white."""
    lay = view.layout
    allowed = view.state.full & ~view.black_rooms
    must = view.white_rooms | lay.mark_rooms
    nbrs = lay.room_nbrs
    root = lay.room_of[lay.start]
    disc = {root: 0}
    low = {root: 0}
    first_white = {root: root}
    t = 1
    stack = [(root, -1, iter(list(bits(nbrs[root] & allowed))))]
    forced: dict[int, int] = {}
    while stack:
        v, parent, it = stack[-1]
        for u in it:
            if u not in disc:
                disc[u] = low[u] = t
                t += 1
                first_white[u] = u if (must >> u) & 1 else None
                stack.append((u, v, iter(list(bits(nbrs[u] & allowed)))))
                break
            if u != parent and disc[u] < low[v]:
                low[v] = disc[u]
        else:
            stack.pop()
            if not stack:
                break
            pv = stack[-1][0]
            if low[v] < low[pv]:
                low[pv] = low[v]
            if first_white[pv] is None:
                first_white[pv] = first_white[v]
            if (low[v] >= disc[pv] and first_white[v] is not None and pv != root
                    and (view.unknown_rooms >> pv) & 1 and pv not in forced):
                forced[pv] = first_white[v]
    steps = []
    for k, w in forced.items():
        steps.append(_step(
            "white-connectivity", 2, 1 << k, WHITE, (1 << k) | (1 << w) | (1 << root),
            f"{_cap(view.room_name(k))} is white: without it {view.room_name(w)}, which is "
            f"white, could no longer connect to the start at {view.puzzle.cell_name(lay.start)}."))
    return steps or None


# --------------------------------------------------------------------- tier 3
@TECHNIQUES.register("route-shape", tier=3, name="Route shape")
def route_shape(view: View):
    """A room whose whitening would join white areas so that the route must pass a
    triangle, branch, pass through S or G, or be complete without a circle, is black."""
    lay, g = view.layout, view.g
    with_terminals = [a for a in view.areas if a & lay.terminals]
    if len(with_terminals) < 2:
        return None
    steps = []
    for k in bits(view.unknown_rooms):
        border = lay.room_border[k]
        touched = [a for a in with_terminals if a & border]
        if len(touched) < 2:
            continue
        cells = lay.room_masks[k]
        merged = g.flood(cells, view.white | cells)
        if _edges(g, merged) >= merged.bit_count():
            continue  # it would close a loop: loop prevention says so more simply
        problem = route_problem(view, merged)
        if problem is None:
            continue
        text, route = problem
        steps.append(_step("route-shape", 3, 1 << k, BLACK, (1 << k) | view.rooms(route),
                           f"If {view.room_name(k)} were white, {text}; so it is black.",
                           [("area", view.rooms(route))]))
    return steps or None


@TECHNIQUES.register("route-chokepoint", tier=3, name="Route chokepoint")
def route_chokepoint(view: View):
    """A cell every route from S through the circles to G must cross (avoiding black cells
    and triangles) is white, and so is its room."""
    lay, g = view.layout, view.g
    allowed = g.full & ~view.black & ~lay.triangles
    terminals = (1 << lay.goal) | lay.circles
    root = lay.start
    nb = g.neighbours
    disc = {root: 0}
    low = {root: 0}
    has = {root: True}
    t = 1
    stack = [(root, -1, iter(list(bits(nb[root] & allowed))))]
    forced: dict[int, int] = {}  # room -> the cell
    unknown = view.unknown
    while stack:
        v, parent, it = stack[-1]
        for u in it:
            if u not in disc:
                disc[u] = low[u] = t
                t += 1
                has[u] = bool((terminals >> u) & 1)
                stack.append((u, v, iter(list(bits(nb[u] & allowed)))))
                break
            if u != parent and disc[u] < low[v]:
                low[v] = disc[u]
        else:
            stack.pop()
            if not stack:
                break
            pv = stack[-1][0]
            if low[v] < low[pv]:
                low[pv] = low[v]
            if has[v]:
                has[pv] = True
                if low[v] >= disc[pv] and pv != root and (unknown >> pv) & 1:
                    forced.setdefault(lay.room_of[pv], pv)
    steps = []
    for k, cell in forced.items():
        if not (view.unknown_rooms >> k) & 1:
            continue
        steps.append(_step(
            "route-chokepoint", 3, 1 << k, WHITE, 1 << k,
            f"Every route from S through the circles to G must pass {g.name(cell)} (the other "
            f"ways are black or blocked by triangles), so {view.room_name(k)} is white."))
    return steps or None
