"""Bitmask geometry against networkx: the hand-written graph code must agree with the library."""
from __future__ import annotations

import random

import networkx as nx

from deduce.state import bits
from rules.nurikabe.geometry import Geometry
from rules.nurikabe.techniques import _articulation_cells


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


def test_border_and_grow():
    g = Geometry.of(3, 4)
    assert g.border(1 << 0) == (1 << 1) | (1 << 4)
    assert g.grow(1 << 5) == (1 << 5) | (1 << 4) | (1 << 6) | (1 << 1) | (1 << 9)
    assert g.border(1 << 3) == (1 << 2) | (1 << 7)  # no wrap to the next row


def test_square_masks_match_a_loop_over_the_squares():
    """any4 / all4 / one4 work on every 2x2 square at once (by its top left cell):
    the same as looking at the squares one by one, on grids of every shape."""
    rng = random.Random(3)
    for _ in range(2000):
        g = Geometry.of(rng.randint(1, 9), rng.randint(1, 9))
        m = rng.getrandbits(g.n) & g.full
        tops = rng.getrandbits(g.n) & g.square_tops
        assert g.any4(m) == sum(sq & -sq for sq in g.squares if sq & m)
        assert g.all4(m) == sum(sq & -sq for sq in g.squares if sq & m == sq)
        one = 0
        for sq in g.squares:
            if sq & -sq & tops and (sq & m).bit_count() == 1:
                one |= sq & m
        assert g.one4(m, tops) == one
