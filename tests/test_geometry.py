"""Bitmask geometry against networkx: the hand-written graph code must agree with the library."""
from __future__ import annotations

import random

import networkx as nx

from deduce.state import bits
from rules.nurikabe.geometry import Geometry
from rules.nurikabe.detour import _blocks, _Cuts
from rules.nurikabe.techniques import _articulation_cells, _open_cuts


def grid_graph(g: Geometry, space: int) -> nx.Graph:
    graph = nx.Graph()
    for i in bits(space):
        graph.add_node(i)
        for j in bits(g.neighbours[i] & space):
            graph.add_edge(i, j)
    return graph


def test_components_and_flood_match_networkx():
    rng = random.Random(1)
    for _ in range(200):
        g = Geometry.of(rng.randint(1, 9), rng.randint(1, 9))
        space = rng.getrandbits(g.n) & g.full
        mine = sorted(tuple(bits(c)) for c in g.components(space))
        theirs = sorted(tuple(sorted(c)) for c in nx.connected_components(grid_graph(g, space)))
        assert mine == theirs


def test_floods_hold_answers_each_flood_as_networkx_does():
    """Floods done together on stacked copies of the grid answer each
    question as networkx's components do: batches of 1 to 80 (past one
    stack), on grids of one row or one column too, with seeds outside the
    allowed cells and empty needs among them."""
    rng = random.Random(4)
    held = 0
    for _ in range(60):
        g = Geometry.of(rng.randint(1, 9), rng.randint(1, 9))
        asks, theirs = [], []
        for _ in range(rng.choice([1, 2, 5, 33, 80])):
            allowed = (rng.getrandbits(g.n) | rng.getrandbits(g.n)) & g.full
            seed = 1 << rng.randrange(g.n)
            needed = rng.getrandbits(g.n) & rng.getrandbits(g.n) & rng.getrandbits(g.n) \
                & allowed if rng.random() < 0.8 else 0
            graph = grid_graph(g, allowed)
            reached = set(nx.node_connected_component(graph, seed.bit_length() - 1)) \
                if seed & allowed else set()
            asks.append((seed, allowed, needed))
            theirs.append(set(bits(needed)) <= reached)
        assert g.floods_hold(asks) == theirs
        held += sum(theirs)
    assert 0 < held


def test_articulation_cells_match_networkx():
    rng = random.Random(2)
    for _ in range(300):
        g = Geometry.of(rng.randint(2, 9), rng.randint(2, 9))
        space = (rng.getrandbits(g.n) | rng.getrandbits(g.n)) & g.full
        if not space:
            continue
        root = (space & -space).bit_length() - 1
        comp = g.flood(1 << root, space)
        mine = set(_articulation_cells(g, comp, root))
        theirs = set(nx.articulation_points(grid_graph(g, comp)))
        assert mine == theirs


def test_open_cuts_match_networkx():
    """The open cells that part the black and open cells joined to the first
    black cell, found with each black group as one node, are the grid graph's
    open articulation cells there."""
    rng = random.Random(3)
    linked = 0
    for k in range(600):
        g = Geometry.of(rng.randint(2, 9), rng.randint(2, 9))
        if k % 2:  # (black cells alone or in small groups: walked cell by cell)
            black = rng.getrandbits(g.n) & rng.getrandbits(g.n) & g.full
        else:  # (big groups: one node each)
            black = (rng.getrandbits(g.n) | rng.getrandbits(g.n)) & g.full
        unknown = (rng.getrandbits(g.n) | rng.getrandbits(g.n)) & g.full & ~black
        linked += black.bit_count() >= 6 * len(g.components(black))
        if not black:
            assert _open_cuts(g, g.components(black), black, unknown) == {}
            continue
        comp = g.flood(black & -black, black | unknown)
        theirs = sorted(i for i in nx.articulation_points(grid_graph(g, comp)) if unknown >> i & 1)
        assert list(_open_cuts(g, g.components(black), black, unknown)) == theirs
    assert linked > 100


def _random_wall(rng):
    """A grid, a random space of black and open cells, and the black cells'
    component ``main`` with its root (a black cell); None when too small."""
    g = Geometry.of(rng.randint(2, 9), rng.randint(2, 9))
    space = (rng.getrandbits(g.n) | rng.getrandbits(g.n) | rng.getrandbits(g.n)) & g.full
    if not space:
        return None
    root = (space & -space).bit_length() - 1
    main = g.flood(1 << root, space)
    black = (1 << root) | (rng.getrandbits(g.n) & rng.getrandbits(g.n) & main)
    return g, main, root, black


def test_blocks_match_networkx_with_the_black_cells_they_carry():
    rng = random.Random(4)
    for _ in range(300):
        drawn = _random_wall(rng)
        if drawn is None:
            continue
        g, main, root, black = drawn
        graph = grid_graph(g, main)
        blocks, _ = _blocks(g, main, root, black)
        theirs = sorted(sorted(b) for b in nx.biconnected_components(graph)) if len(graph) > 1 else []
        assert sorted(sorted(bits(mask)) for mask, _ in blocks) == theirs
        for mask, weight in blocks:
            assert set(weight) == set(bits(mask))
            for c, w in weight.items():
                # the black cells reaching this block only through c (and c itself)
                rest = graph.subgraph(set(graph) - {c})
                inside = set(bits(mask)) - {c}
                hanging = {v for comp in nx.connected_components(rest) if not comp & inside
                           for v in comp} | {c}
                assert w == sum(1 for v in hanging if black >> v & 1)


def test_cuts_after_one_white_cell_match_a_fresh_walk():
    """wall-detour asks, for every open cell x, which open cells every connection
    of the black cells passes once x is white: the block shortcut (_Cuts) and a
    walk over the whole space without x agree."""
    rng = random.Random(5)
    seen = 0
    for _ in range(400):
        drawn = _random_wall(rng)
        if drawn is None:
            continue
        g, main, root, black = drawn
        unknown = main & ~black
        cuts = _Cuts(g, main, root, black, unknown)
        for x in bits(unknown):
            core = g.flood(1 << root, main & ~(1 << x))
            if black & ~core:
                continue
            plain = 0
            for c in _articulation_cells(g, core, root, {i: black >> i & 1 for i in bits(core)}):
                plain |= 1 << c
            assert cuts.without(x, core) == plain & unknown
            seen += plain & unknown & ~cuts.always != 0
    assert seen > 100  # cells x that make new cuts: the shortcut is really tested


def test_border_and_grow():
    g = Geometry.of(3, 4)
    assert g.border(1 << 0) == (1 << 1) | (1 << 4)
    assert g.grow(1 << 5) == (1 << 5) | (1 << 4) | (1 << 6) | (1 << 1) | (1 << 9)
    assert g.border(1 << 3) == (1 << 2) | (1 << 7)  # no wrap to the next row


def test_square_masks_match_a_loop_over_the_squares():
    """any4 / all4 / many4 / one4 work on every 2x2 square at once (by its top left cell):
    the same as looking at the squares one by one, on grids of every shape."""
    rng = random.Random(3)
    for _ in range(2000):
        g = Geometry.of(rng.randint(1, 9), rng.randint(1, 9))
        m = rng.getrandbits(g.n) & g.full
        tops = rng.getrandbits(g.n) & g.square_tops
        assert g.any4(m) == sum(sq & -sq for sq in g.squares if sq & m)
        assert g.all4(m) == sum(sq & -sq for sq in g.squares if sq & m == sq)
        assert g.many4(m) == sum(sq & -sq for sq in g.squares if (sq & m).bit_count() >= 2)
        one = 0
        for sq in g.squares:
            if sq & -sq & tops and (sq & m).bit_count() == 1:
                one |= sq & m
        assert g.one4(m, tops) == one


def test_square_of_is_the_square_at_its_top_left_cell():
    for rows, cols in ((2, 2), (3, 5), (6, 4)):
        g = Geometry.of(rows, cols)
        assert [g.square_of(t) for t in bits(g.square_tops)] == g.squares


def test_keeps_connected_never_says_so_when_a_cell_splits_its_area():
    """The rules check skips its flood of the wall when each new white cell
    keeps the black and open cells around it connected (Geometry.keeps_connected):
    whenever it says so, taking the cell out leaves the components as they were
    (networkx); and it does say so often, or the shortcut would never be taken."""
    rng = random.Random(4)
    said = split = 0
    for _ in range(3000):
        g = Geometry.of(rng.randint(1, 7), rng.randint(1, 7))
        space = (rng.getrandbits(g.n) | rng.getrandbits(g.n)) & g.full
        i = rng.randrange(g.n)
        with_cell = nx.number_connected_components(grid_graph(g, space | 1 << i))
        after = nx.number_connected_components(grid_graph(g, space & ~(1 << i)))
        if g.keeps_connected(i, space & ~(1 << i)):
            said += 1
            # the other cells are as connected as with the cell: one component
            # fewer only when the cell stood alone
            alone = not g.neighbours[i] & space
            assert after == with_cell - alone
        elif after > with_cell:
            split += 1  # (it said no, and rightly)
    assert said > 1000 and split > 100


def test_keeps_connected_reads_the_cells_round_the_cell():
    """``keeps_connected`` reads the 3x3 block round a cell off shifted bits: the
    same answer as looking up each of the 8 cells round it by its row and
    column (off the grid: not there), on random grids and cell sets."""
    from rules.nurikabe.geometry import _ROUND_ABOUT
    rng = random.Random(5)
    for _ in range(5000):
        g = Geometry.of(rng.randint(1, 9), rng.randint(1, 9))
        space = rng.getrandbits(g.n)
        i = rng.randrange(g.n)
        r, c = divmod(i, g.cols)
        pattern = 0
        for k, (dr, dc) in enumerate(((-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0),
                                      (1, -1), (0, -1))):
            rr, cc = r + dr, c + dc
            if 0 <= rr < g.rows and 0 <= cc < g.cols and space >> (rr * g.cols + cc) & 1:
                pattern |= 1 << k
        assert g.keeps_connected(i, space) == _ROUND_ABOUT[pattern], (g.rows, g.cols, i, space)
