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
from deduce.wording import listed

from rules.nurimeizu.view import View, _edges, indices

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
    # with no new black cell the floods below can only change for new white areas that
    # hold nothing older (which were checked before)
    fresh = view.is_fresh_start() or view.fresh_black
    if not fresh and view.fresh_areas_rooted():
        cut = 0
    else:
        reach = g.flood(1 << s, g.full & ~black)
        cut = (white | lay.marked) & ~reach
    if cut:
        i = _lowest(cut)
        what = _mark_name(view, i) if (lay.marked >> i) & 1 else f"the white cell at {p.cell_name(i)}"
        # (the black rooms around its side shut it off)
        side = g.flood(1 << i, g.full & ~black)
        raise Contradiction("cut-off", f"{what} can no longer connect to the start",
                            tuple(bits(view.rooms((1 << i) | (g.border(side) & black)))))
    missing = 0
    if fresh:
        reach = g.flood(1 << s, g.full & ~black & ~lay.triangles)
        missing = ((1 << goal) | lay.circles) & ~reach
    if missing:
        i = _lowest(missing)
        side = g.flood(1 << i, g.full & ~black & ~lay.triangles)
        raise Contradiction("no-route", f"no route from the start can reach {_mark_name(view, i)} "
                            "without passing a black cell or a triangle",
                            tuple(bits(view.rooms((1 << i) | (g.border(side) & black)))))
    for x, need in _exits(lay) if fresh else ():
        free = g.neighbours[x] & ~black & ~lay.triangles
        if free.bit_count() < need:
            raise Contradiction("exits", f"{_mark_name(view, x)} needs {need} white "
                                f"neighbour{'s' if need > 1 else ''} but has {free.bit_count()} left",
                                tuple(bits(view.rooms(g.neighbours[x] | (1 << x)))))
    areas = view.areas if view.is_fresh_start() else \
        [a for a in view.areas if a & view.fresh_white]
    for area in areas:
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
    # the paths between the terminals: strip leaves that are not terminals (a tree)
    cols, nf, nl = g.cols, g.not_first_col, g.not_last_col
    route = area
    while True:
        r, left = (route >> 1) & nl & route, (route << 1) & nf & route
        d, u = (route >> cols) & route, (route << cols) & route
        two = (r & (left | d | u)) | (left & (d | u)) | (d & u)
        leaves = route & ~two & ~terminals
        if not leaves:
            break
        route &= ~leaves
    name = view.puzzle.mark_name
    on = route & lay.triangles
    if on:
        return f"the route must pass {name(_lowest(on))}", route
    three = (r & left & (d | u)) | (d & u & (r | left))
    if three:
        return (f"the route would have to branch at {g.name(_lowest(three))} to pass "
                f"{g.names(terminals, 4)}"), route
    ends = two & ((1 << lay.start) | (1 << lay.goal))
    if ends:
        return (f"the route would have to pass through {name(_lowest(ends))}, where it must "
                "end"), route
    if (route >> lay.start) & 1 and (route >> lay.goal) & 1:
        off = lay.circles & ~route
        if off:
            return f"the route from S to G is complete and misses {name(_lowest(off))}", route
    return None


def _lowlink(adj: list[list[int]], root: int, gone: bytearray | None = None):
    """Depth-first search from ``root``: (disc, low, parent, postorder); disc -1 when unreached
    (``gone``: nodes to leave out, flagged 1).

    Child ``v`` of ``p`` with ``low[v] >= disc[p]``: every path from the subtree of ``v``
    to the rest of the graph passes ``p`` (Tarjan's articulation points).
    """
    n = len(adj)
    disc = [-1] * n
    low = [0] * n
    parent = [-1] * n
    nxt = [0] * n
    disc[root] = 0
    t = 1
    stack = [root]
    post = []
    while stack:
        v = stack[-1]
        nb = adj[v]
        i = nxt[v]
        if i < len(nb):
            nxt[v] = i + 1
            u = nb[i]
            if gone is not None and gone[u]:
                continue
            if disc[u] < 0:
                disc[u] = low[u] = t
                t += 1
                parent[u] = v
                stack.append(u)
            elif u != parent[v] and disc[u] < low[v]:
                low[v] = disc[u]
        else:
            stack.pop()
            post.append(v)
            pv = parent[v]
            if pv >= 0 and low[v] < low[pv]:
                low[pv] = low[v]
    return disc, low, parent, post


def _room_search(view: View):
    """(root, adj, disc, low, parent, postorder): ``_lowlink`` over the rooms that are
    not black from the start's room, once per position (several techniques ask)."""
    got = getattr(view, "_room_search", None)
    if got is None:
        lay = view.layout
        allowed = view.state.full & ~view.black_rooms
        root = lay.room_of[lay.start]
        adj = [[u for u in nb if (allowed >> u) & 1] if (allowed >> k) & 1 else []
               for k, nb in enumerate(lay.room_nbr_lists)]
        got = (root, adj) + _lowlink(adj, root)
        view._room_search = got
    return got


def _cutters(view: View) -> dict[int, int]:
    """Each room (not the start's) that alone cuts a room that must be white (a white one,
    or one with a mark) off from the start, with such a room; once per position.

    From ``_room_search``: ``pv``, parent of ``v`` whose subtree holds a must room and
    with ``low[v] >= disc[pv]`` (Tarjan's articulation points).
    """
    got = getattr(view, "_cutters", None)
    if got is None:
        must = view.white_rooms | view.layout.mark_rooms
        root, adj, disc, low, parent, post = _room_search(view)
        witness = [k if (must >> k) & 1 else -1 for k in range(len(adj))]
        got = {}
        for v in post:
            pv = parent[v]
            w = witness[v]
            if pv < 0 or w < 0:
                continue
            if witness[pv] < 0:
                witness[pv] = w
            if low[v] >= disc[pv] and pv != root and pv not in got:
                got[pv] = w
        view._cutters = got
    return got


def _walls(view: View, allowed: int, cell: int, removed: int) -> tuple[int, ...]:
    """The rooms of ``removed`` and the black rooms around the side of ``cell`` that
    ``removed`` cuts off (within ``allowed``): why that side is closed. And every white
    room: the route passes a white room cell by cell, an open one all at once, so
    where the route can go rests on them too."""
    g = view.g
    side = g.flood(1 << cell, allowed & ~removed)
    return tuple(bits(view.rooms(removed | (g.border(side) & view.black) | view.white)))


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
        text = (f"{_cap(view.room_name(k))} holds {listed(names)}, so it is white."
                if p.room_cells[k][0] != _lowest(marks) or len(names) > 1 or len(p.room_cells[k]) > 1
                else f"{_cap(listed(names))} is white.")
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
    if not view.is_fresh_start() and not view.fresh_black:
        return None  # only new black cells take exits away
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
        # (the black neighbours are why the others are not free)
        steps.append(_step("exits", 2, rooms, WHITE,
                           view.rooms((1 << x) | free | (g.neighbours[x] & view.black)), text))
    return steps or None


@TECHNIQUES.register("loop-prevention", tier=2, name="No white loop")
def loop_prevention(view: View):
    """A room whose whitening would close a loop of white cells is black."""
    lay, g = view.layout, view.g
    white = view.white
    steps = []
    for k in bits(lay.loop_rooms & view.unknown_rooms):
        steps.append(_step("loop-prevention", 2, 1 << k, BLACK, 1 << k,
                           f"{_cap(view.room_name(k))} encloses a loop of its own cells, "
                           "so it is black."))
    # a room can only start to close a loop when a white area next to it grew
    near = white if view.is_fresh_start() else view.areas_holding(view.fresh_white)
    if not near:
        return steps or None
    cols, nf, nl, full = g.cols, g.not_first_col, g.not_last_col, g.full
    at = None
    for k in bits(view.rooms(g.border(near)) & view.unknown_rooms & ~lay.loop_rooms):
        m = lay.room_masks[k]
        # contacts: (room cell, white cell) pairs side by side
        touches = (((m << 1) & nf & white).bit_count() + ((m >> 1) & nl & white).bit_count()
                   + ((m << cols) & full & white).bit_count() + ((m >> cols) & white).bit_count())
        if touches < 2:
            continue
        if at is None:
            at = view.area_at
        seen: set[int] = set()
        twice = None
        for j in bits(lay.room_border[k] & white):
            a = at[j]
            if a in seen:
                twice = a
            seen.add(a)
        if touches == len(seen):
            continue
        if twice is None:  # one white cell touching the room twice, or one area twice
            twice = next(a for a in seen if _contacts(g, m, view.areas[a]) > 1)
        area = view.areas[twice]
        steps.append(_step(
            "loop-prevention", 2, 1 << k, BLACK, (1 << k) | view.rooms(area),
            f"If {view.room_name(k)} were white, it would join the white cells at "
            f"{g.names(area, 3)} on two sides and close a loop, so it is black.",
            [("area", view.rooms(area))]))
    return steps or None


def _contacts(g, m: int, area: int) -> int:
    """How many (cell of ``m``, cell of ``area``) pairs lie side by side."""
    return (((m << 1) & g.not_first_col & area).bit_count()
            + ((m >> 1) & g.not_last_col & area).bit_count()
            + ((m << g.cols) & area).bit_count() + ((m >> g.cols) & area).bit_count())


@TECHNIQUES.register("white-connectivity", tier=2, name="White connectivity")
def white_connectivity(view: View):
    """A room without which some white cell could no longer reach the start is white; a room
    that can no longer reach the start is black."""
    lay = view.layout
    if not view.is_fresh_start() and not view.fresh_black and view.fresh_areas_rooted():
        # same graph, and each new white room lies with older white cells on the same
        # side of every room that could cut it off: nothing new
        return None
    root, adj, disc, _, _, _ = _room_search(view)
    unknown = view.unknown_rooms
    forced = {k: w for k, w in _cutters(view).items() if (unknown >> k) & 1}
    steps = []
    # rooms the start cannot reach at all through rooms that are not black: black
    cut_off = 0
    for k in bits(unknown):
        if disc[k] < 0:
            cut_off |= 1 << k
    while cut_off:
        group, walls = _shut_in(view, adj, _lowest(cut_off))
        cut_off &= ~group
        names = view.room_names(group)
        plural = group & (group - 1)
        steps.append(_step(
            "white-connectivity", 2, group, BLACK, group | walls,
            f"{_cap(names)} can no longer connect to the start at "
            f"{view.puzzle.cell_name(lay.start)} (black rooms shut "
            f"{'them' if plural else 'it'} off), so {'they are' if plural else 'it is'} black.",
            [("area", group)]))
    for k, w in forced.items():
        # the black rooms around what is left to the white room without it
        walls = _shut_in(view, adj, w, k)[1]
        steps.append(_step(
            "white-connectivity", 2, 1 << k, WHITE, (1 << k) | (1 << w) | (1 << root) | walls,
            f"{_cap(view.room_name(k))} is white: without it {view.room_name(w)}, which is "
            f"white, could no longer connect to the start at {view.puzzle.cell_name(lay.start)}."))
    return steps or None


def _shut_in(view: View, adj: list[list[int]], room: int, without: int = -1) -> tuple[int, int]:
    """The rooms joined to ``room`` through ``adj`` (rooms that are not black), leaving
    out ``without``; and the black rooms around them, which shut them in."""
    group, todo = 0, [room]
    while todo:
        k = todo.pop()
        if (group >> k) & 1 or k == without:
            continue
        group |= 1 << k
        todo.extend(u for u in adj[k] if not (group >> u) & 1)
    walls = 0
    for k in bits(group):
        walls |= view.layout.room_nbrs[k] & view.black_rooms
    return group, walls


# --------------------------------------------------------------------- tier 3
@TECHNIQUES.register("route-shape", tier=3, name="Route shape")
def route_shape(view: View):
    """A room whose whitening would join white areas so that the route must pass a
    triangle, branch, pass through S or G, or be complete without a circle, is black."""
    lay, g = view.layout, view.g
    with_terminals = [a for a in view.areas if a & lay.terminals]
    if len(with_terminals) < 2:
        return None
    if view.is_fresh_start():
        near = view.white
    else:  # only a grown white area can make a new junction go wrong
        near = view.areas_holding(view.fresh_white)
        if not near & lay.terminals:
            near = 0
    steps = []
    for k in bits(view.rooms(g.border(near)) & view.unknown_rooms if near else 0):
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
    """A room every route from S through the circles to G must cross (avoiding black cells
    and triangles) is white. The route is one path: it leaves S once, never passes a cell
    twice and ends at G, so a cell with a circle beyond it but not G, the goal with a circle
    beyond it, or a start with marks on two sides breaks the rules."""
    lay, g = view.layout, view.g
    if not view.is_fresh_start() and not view.fresh_black and \
            not view.changed & view.white_rooms & lay.big_rooms:
        return None  # the graph below only changes with new black cells or grown rooms
    allowed = g.full & ~view.black & ~lay.triangles
    # nodes: every open cell, but a multi-cell unknown room is one node (it is all or nothing)
    node_of = [-1] * g.n
    owner: list[int] = []  # node -> cell, or ~room for a contracted room
    big = view.unknown_rooms & lay.big_rooms
    for k in bits(big):
        for i in lay.room_cells[k]:
            node_of[i] = len(owner)
        owner.append(~k)
    for i in indices(allowed & ~view.cells(big)):
        node_of[i] = len(owner)
        owner.append(i)
    # (a contracted room may list a neighbour twice: harmless for cut vertices)
    adj = [[node_of[j] for j in (lay.cell_nbrs[x] if x >= 0 else lay.border_lists[~x])
            if node_of[j] >= 0] for x in owner]
    root = node_of[lay.start]
    disc, low, parent, post = _lowlink(adj, root)
    CIRCLE, GOAL = 1, 2
    sub = [0] * len(owner)
    where = [-1] * len(owner)  # a circle in the subtree, for sentences
    for i in bits(lay.circles):
        sub[node_of[i]] |= CIRCLE
        where[node_of[i]] = i
    sub[node_of[lay.goal]] |= GOAL
    goal_node = node_of[lay.goal]
    unknown = view.unknown
    forced: dict[int, int] = {}  # room -> a cell of it
    start_sides = []
    for v in post:
        pv = parent[v]
        if pv < 0 or not sub[v]:
            continue
        if where[pv] < 0:
            where[pv] = where[v]
        cut = low[v] >= disc[pv]
        sv = sub[v]
        sub[pv] |= sv
        if not cut:
            continue
        if pv == root:
            start_sides.append(v)
            continue
        x = owner[pv]
        if x >= 0:  # one cell: the route passes it at most once
            if pv == goal_node and sv & CIRCLE:
                raise Contradiction("route", f"{_mark_name(view, where[v])} can only be reached "
                                    f"through {_mark_name(view, x)}, where the route ends",
                                    _walls(view, allowed, where[v], 1 << x))
            if sv & CIRCLE and not sv & GOAL:
                raise Contradiction(
                    "route", f"the route would have to pass {g.name(x)} twice, to reach "
                    f"{_mark_name(view, where[v])} behind it and come back to G",
                    _walls(view, allowed, where[v], 1 << x))
            if (unknown >> x) & 1:
                forced.setdefault(lay.room_of[x], x)
        elif (view.unknown_rooms >> ~x) & 1:
            forced.setdefault(~x, lay.room_cells[~x][0])
    if len(start_sides) > 1:
        a, b = (where[v] if where[v] >= 0 else lay.goal for v in start_sides[:2])
        raise Contradiction("route", f"{_mark_name(view, a)} and {_mark_name(view, b)} lie on two "
                            "different sides of the start, but the route leaves it only once",
                            _walls(view, allowed, a, 1 << lay.start))
    steps = []
    for k, cell in forced.items():
        what = g.name(cell) if len(lay.room_cells[k]) == 1 else view.room_name(k)
        premises = 0
        for x in _walls(view, allowed, lay.start, lay.room_masks[k]):
            premises |= 1 << x
        steps.append(_step(
            "route-chokepoint", 3, 1 << k, WHITE, premises,
            f"Every route from S through the circles to G must pass {what} (the other "
            f"ways are black or blocked by triangles), so {view.room_name(k)} is white."
            if len(lay.room_cells[k]) > 1 else
            f"Every route from S through the circles to G must pass {what} (the other "
            f"ways are black or blocked by triangles), so it is white."))
    return steps or None


@TECHNIQUES.register("circle-pocket", tier=3, name="Circle needs two ways out")
def circle_pocket(view: View):
    """The route passes a circle on its way from S to G, so it leaves the circle by two
    separate ways, one towards S and one towards G. A room whose blackening would leave a
    circle in a pocket with a single way out (one cell, or S or G themselves) is white.

    Only the cells near the circle are looked at: anything that leaves that
    neighbourhood, or reaches S or G, counts as a way out, so a pocket found is real.
    """
    lay, g = view.layout, view.g
    open_ = g.full & ~view.black & ~lay.triangles
    ends = (1 << lay.start) | (1 << lay.goal)
    # only black cells can close a pocket: rooms that turned white since the last
    # look leave every answer as it was
    changed = g.full if view.is_fresh_start() else view.cells(view.fresh_black)
    steps = []
    done = 0
    for c, (ball, edge) in lay.circle_balls.items():
        if not ball & changed:
            continue  # nothing near this circle changed since the last look
        # a room can only cut the circle's ways out down to one if it meets one of two
        # separate ways out that exist now (the other one alone has one door at most)
        ways = _two_ways(view, c, ball, edge, open_, ends)
        near = ball & view.unknown & ~(1 << c)
        if ways is not None:
            near &= ways
        candidates = view.rooms(near) & ~done
        if not candidates:
            continue
        graph = _Ball(view, c, ball, edge, open_, ends)
        for k in bits(candidates):
            found = graph.pocket(lay.room_masks[k])
            if found is None:
                continue
            door, pocket = found
            done |= 1 << k
            walls = view.rooms(g.border(pocket) & view.black)
            how = (f"could only be reached through {g.name(door)}, and the route would have "
                   "to come back out the same way" if door >= 0 else
                   "would be shut off from S and G")
            if door >= 0 and (ends >> door) & 1:
                how = f"could only be reached through {_mark_name(view, door)}, an end of the route"
            steps.append(_step(
                "circle-pocket", 3, 1 << k, WHITE,
                (1 << k) | walls | (view.rooms(1 << door) if door >= 0 else 0),
                f"If {view.room_name(k)} were black, {_mark_name(view, c)} {how}; "
                f"so {view.room_name(k)} is white.",
                [("pocket", view.rooms(pocket))]))
    return steps or None


def _two_ways(view: View, c: int, ball: int, edge: int, open_: int, ends: int) -> int | None:
    """The cells of two paths from circle ``c`` that share no cell but ``c``, each to the
    edge of ``ball`` or to S or G, through ``open_`` cells (None if not found so simply:
    a shortest path, then a shortest one avoiding it)."""
    nbrs = view.layout.cell_nbrs
    cells = ball & open_
    away = (edge | ends) & cells
    used = 0
    for _ in range(2):
        parent = {c: -1}
        frontier = [c]
        end = -1
        while frontier and end < 0:
            nxt = []
            for x in frontier:
                for y in nbrs[x]:
                    if y in parent or not (cells >> y) & 1 or (used >> y) & 1:
                        continue
                    parent[y] = x
                    if (away >> y) & 1:
                        end = y
                        break
                    nxt.append(y)
                if end >= 0:
                    break
            frontier = nxt
        if end < 0:
            return None
        while end != c:
            used |= 1 << end
            end = parent[end]
    return used


class _Ball:
    """The open cells within ``ball`` around circle ``c`` as a graph, with node 0 for
    "away" (the edge of the ball, S and G), built once for all the rooms tried."""

    def __init__(self, view: View, c: int, ball: int, edge: int, open_: int, ends: int):
        self.g, self.c = view.g, c
        self.cells = cells = ball & open_
        self.idx = idx = indices(cells)
        self.node = node = {x: i + 1 for i, x in enumerate(idx)}  # 0 is "away"
        nbrs = view.layout.cell_nbrs
        adj: list[list[int]] = [[] for _ in range(len(idx) + 1)]
        away = (edge | ends) & cells
        for i, x in enumerate(idx, 1):
            for y in nbrs[x]:
                j = node.get(y)
                if j is not None:
                    adj[i].append(j)
            if (away >> x) & 1:
                adj[i].append(0)
                adj[0].append(i)
        self.adj = adj

    def pocket(self, removed: int):
        """(door, pocket) when, without the cells of ``removed``, the circle is cut off
        from the far side of the ball and from S and G by one cell (door; -1 if by none);
        None when it has two separate ways out."""
        cells = self.cells & ~removed
        c = self.c
        if not (cells >> c) & 1:
            return None
        gone = bytearray(len(self.adj))
        node = self.node
        for x in bits(removed & self.cells):
            gone[node[x]] = 1
        disc, low, parent, _ = _lowlink(self.adj, 0, gone)
        v = node[c]
        if disc[v] < 0:
            return -1, self.g.flood(1 << c, cells)
        while parent[v] != 0:
            pv = parent[v]
            if low[v] >= disc[pv]:
                door = self.idx[pv - 1]
                return door, self.g.flood(1 << c, cells & ~(1 << door))
            v = pv
        return None


# --------------------------------------------------------------------- tier 3, after the rest:
# the 2x2 squares with what the route and connectivity need (looked at last in tier 3)
def _dominators(parent: list[int], low: list[int], disc: list[int], root: int, k: int) -> int:
    """Room ``k`` and the rooms every way from it to ``root`` passes (root left out), as a
    mask, from a depth-first search of the rooms that are not black (``_lowlink``).

    Such a room is an ancestor ``pv`` of ``k`` whose child ``v`` towards ``k`` has
    ``low[v] >= disc[pv]``: nothing below ``v`` reaches above ``pv`` without it.
    """
    m, v = 1 << k, k
    while parent[v] >= 0:
        pv = parent[v]
        if pv != root and low[v] >= disc[pv]:
            m |= 1 << pv
        v = pv
    return m


@TECHNIQUES.register("square-lifeline", tier=3, name="Square lifeline")
def square_lifeline(view: View):
    """A 2x2 square with no white cell needs a white cell, in one of the rooms of its
    unknown cells; a room that each of those rooms, white, would need to connect to
    the start (it is that room, or every way from it to the start passes it) is white."""
    lay, p = view.layout, view.puzzle
    white, unknown = view.white, view.unknown
    adj = None
    doms: dict[int, int] = {}
    found: dict[int, Step] = {}
    for sq, rooms in lay.squares:
        open_ = sq & unknown
        if not open_ or sq & white:
            continue
        options = view.rooms(open_)
        if options & (options - 1) == 0:
            continue  # one room: squares says it
        if adj is None:
            root, adj, disc, low, parent, _ = _room_search(view)
        common = -1
        for k in bits(options):
            if disc[k] < 0:
                continue  # cut off from the start: it cannot be the white one
            if k not in doms:
                doms[k] = _dominators(parent, low, disc, root, k)
            common &= doms[k]
        if common == -1:
            continue
        for a in bits(common & view.unknown_rooms):
            if a in found:
                continue
            others = options & ~(1 << a)
            walls = 0
            for k in bits(others):  # (what shuts each in, cut off from the start or not)
                walls |= _shut_in(view, adj, k, a)[1]
            where = p.cell_name(_lowest(sq))
            names = [view.room_name(k) for k in bits(options)]
            either = ", ".join(names[:-1]) + " or " + names[-1]
            lost = 0  # those that cannot reach the start at all
            for k in bits(others):
                if disc[k] < 0:
                    lost |= 1 << k
            near = others & ~lost  # those that reach it only through a
            clauses = []
            if near:
                if not (options >> a) & 1 and not lost:
                    who = "each of them could connect"
                elif near & (near - 1):
                    who = f"{view.room_names(near)} could each connect"
                else:
                    who = f"{view.room_name(_lowest(near))} could connect"
                clauses.append(f"{who} to the start only through {view.room_name(a)}")
            if lost:
                clauses.append(f"{view.room_names(lost)} cannot connect to the start at all")
            text = (f"The 2x2 square at {where} needs a white cell, in {either}; "
                    + " and ".join(clauses) + f", so {view.room_name(a)} is white.")
            found[a] = _step("square-lifeline", 3, 1 << a, WHITE,
                             (1 << a) | options | view.rooms(sq & view.black) | (1 << root) | walls,
                             text, [("square", rooms)])
    return list(found.values()) or None


def _square_forced(view: View, k: int, colour: int) -> tuple[int, int, list[int]]:
    """With room ``k`` of ``colour``, the rooms the 2x2 squares at it force the other
    colour at once (squares whose other cells all have ``colour`` and whose unknown
    cells lie in one room), those squares' rooms, and the squares; nothing forced when
    a square would be left all one colour."""
    lay = view.layout
    cells = lay.room_masks[k]
    same = (view.black if colour == BLACK else view.white) | cells
    unknown = view.unknown & ~cells
    forced = why = 0
    which = []
    for s in lay.squares_of_room[k]:
        sq, rooms = lay.squares[s]
        if sq & ~same & ~unknown:
            continue  # it already holds the other colour
        open_ = sq & unknown
        if not open_:
            return 0, 0, []  # all one colour: not this technique's to say
        open_rooms = view.rooms(open_)
        if open_rooms & (open_rooms - 1):
            continue
        forced |= open_rooms
        why |= rooms
        which.append(sq)
    return forced, why, which


def _broken(view: View, black: int, white: int, new: int,
            may_cut: bool = True) -> tuple[str, int, int] | None:
    """What rule a position with these ``black`` and ``white`` cells breaks, looking only
    at what the ``new`` cells change (the rest broke none): (what would happen, the rooms
    it rests on, the area to show), or None. ``may_cut`` False: no white cell is cut off
    from the start (the caller knows)."""
    lay, g, p = view.layout, view.g, view.puzzle
    name = p.mark_name
    shaded = new & black & lay.marked  # (S, G, circles and triangles are white)
    if shaded:
        i = _lowest(shaded)
        return f"{name(i)} would be black", view.rooms(1 << i), 0
    cut = 0
    if may_cut:
        reach = g.flood(1 << lay.start, g.full & ~black)
        cut = (white | lay.marked) & ~reach
    if cut:
        i = _lowest(cut)
        what = name(i) if (lay.marked >> i) & 1 else f"the white cell at {p.cell_name(i)}"
        side = g.flood(1 << i, g.full & ~black)
        walls = view.rooms(g.border(side) & black)
        return (f"{what} could no longer connect to the start", walls | view.rooms(1 << i),
                view.rooms(side) & ~walls)
    for i in bits(new):
        for sq in g.squares_at[i]:
            for colour, mask in ((BLACK, black), (WHITE, white)):
                if sq & mask == sq:
                    return (f"the 2x2 square at {p.cell_name(_lowest(sq))} would be all "
                            f"{WORD[colour]}", view.rooms(sq), 0)
    for x, need in _exits(lay) if new & black & lay.exit_nbrs else ():
        if g.neighbours[x] & new & black:
            free = g.neighbours[x] & ~black & ~lay.triangles
            if free.bit_count() < need:
                return (f"{name(x)} would have fewer than {need} white "
                        f"neighbour{'s' if need > 1 else ''}",
                        view.rooms(g.neighbours[x] | (1 << x)), 0)
    fresh = new & white
    if fresh:
        # (apart from older white cells, the new ones are the whole area)
        area = g.flood(fresh, white) if g.border(fresh) & white else fresh
        for a in g.components(area):
            if _edges(g, a) >= a.bit_count():
                return (f"the white cells at {g.names(a, 4)} would form a loop", view.rooms(a),
                        view.rooms(a))
            problem = route_problem(view, a)
            if problem:
                text, cells = problem
                text = text.replace("the route must", "the route would have to").replace(
                    "is complete and misses", "would be complete and miss")
                return text, view.rooms(cells), view.rooms(cells)
    return None


@TECHNIQUES.register("square-seal", tier=3, name="Square seal")
def square_seal(view: View):
    """A room whose colour would make the 2x2 squares at it force other rooms the other
    colour at once, so that a rule breaks (a white cell cut off from the start, a 2x2
    square of one colour, a circle, S or G short of white neighbours, a white loop, a
    route that branches or passes a triangle), takes the other colour."""
    lay, p = view.layout, view.puzzle
    # which rooms, turned black, would cut a room that must be white off from the start:
    # a depth-first search of the rooms that are not black (as white connectivity does)
    root, _, disc, low, parent, _ = _room_search(view)
    must = view.white_rooms | lay.mark_rooms
    if any(disc[k] < 0 for k in bits(must)):
        return None  # already broken: the rules check says so
    cutters = _cutters(view)  # rooms whose blackening cuts a must room off
    doms: dict[int, int] = {}

    def dominated(by: int, k: int) -> bool:  # every way from room k to the start passes by
        if disc[k] < 0:
            return True
        if k not in doms:
            doms[k] = _dominators(parent, low, disc, root, k)
        return bool((doms[k] >> by) & 1)

    steps = []
    for k in bits(view.unknown_rooms):
        cells = lay.room_masks[k]
        for colour in (WHITE, BLACK):
            forced, why, which = _square_forced(view, k, colour)
            if not forced:
                continue
            made = view.cells(forced)
            if colour == WHITE:
                black, white = view.black | made, view.white | cells
                x = _lowest(forced)
                may_cut = bool(forced & (forced - 1)) or x in cutters or dominated(x, k)
            else:
                black, white = view.black | cells, view.white | made
                may_cut = k in cutters or any(dominated(k, f) for f in bits(forced))
            broken = _broken(view, black, white, cells | made, may_cut)
            if broken is None:
                continue
            alone = (view.black | cells, view.white) if colour == BLACK else \
                (view.black, view.white | cells)
            if _broken(view, *alone, cells):
                continue  # the room's colour alone breaks it: simpler techniques say so
            what, rests, area = broken
            squares = [p.cell_name(_lowest(sq)) for sq in which]
            other = 1 - colour
            text = (f"If {view.room_name(k)} were {WORD[colour]}, the 2x2 "
                    f"square{'s' if len(squares) > 1 else ''} at {listed(squares)} would make "
                    f"{view.room_names(forced, len(view.layout.room_masks))} {WORD[other]}, "
                    f"and {what}; so "
                    f"{view.room_name(k)} is {WORD[other]}.")
            steps.append(_step("square-seal", 3, 1 << k, other,
                               (1 << k) | why | forced | rests, text,
                               [("area", area)] if area else ()))
            break
    return steps or None
