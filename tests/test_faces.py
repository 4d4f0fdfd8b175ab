"""Separation pairs read off the faces of a block's drawing, against taking
every pair of cells out and looking (networkx) on random grids."""
from __future__ import annotations

import random

import networkx as nx
import pytest

from deduce.state import bits
from rules.nurikabe.faces import Faces
from rules.nurikabe.geometry import Geometry


def _graph(g: Geometry, space: int) -> nx.Graph:
    graph = nx.Graph()
    for i in bits(space):
        graph.add_node(i)
        graph.add_edges_from((i, j) for j in g.neighbour_cells[i] if (space >> j) & 1)
    return graph


def _by_brute_force(g: Geometry, block: int, x: int) -> int:
    found = 0
    for c in bits(block & ~(1 << x)):
        rest = block & ~(1 << x) & ~(1 << c)
        if g.flood(rest & -rest, rest) != rest:
            found |= 1 << c
    return found


@pytest.mark.parametrize("seed", range(4))
def test_separation_partners_match_brute_force(seed):
    rng = random.Random(seed)
    checked = 0
    for _ in range(120):
        g = Geometry.of(rng.randint(1, 9), rng.randint(1, 9))
        share = rng.choice([0.6, 0.75, 0.85, 0.95])
        space = sum(1 << i for i in range(g.n) if rng.random() < share)
        graph = _graph(g, space)
        for cells in nx.biconnected_components(graph):
            if len(cells) <= 2:
                continue
            block = sum(1 << i for i in cells)
            faces = Faces(g, block)
            for x in cells:
                assert faces.separation_partners(x) == _by_brute_force(g, block, x), \
                    (g.rows, g.cols, bin(space), x)
                checked += 1
    assert checked > 1000


def test_a_ring_round_a_hole_and_a_full_square():
    g = Geometry.of(4, 4)
    # a ring of 12 cells round the middle 2x2 (the hole): any two ring cells that
    # are not neighbours part it; neighbours do not
    ring = g.full & ~((1 << 5) | (1 << 6) | (1 << 9) | (1 << 10))
    faces = Faces(g, ring)
    assert faces.separation_partners(0) == ring & ~(1 | (1 << 1) | (1 << 4))
    # a full 3x3: an edge's middle parts it with the middles of the edges
    # beside it (a corner cut off), a corner or the centre with nothing
    g3 = Geometry.of(3, 3)
    assert [Faces(g3, g3.full).separation_partners(x) for x in range(9)] == [
        0, 1 << 3 | 1 << 5, 0, 1 << 1 | 1 << 7, 0, 1 << 1 | 1 << 7, 0, 1 << 3 | 1 << 5, 0]


def _random_wall_space(rng: random.Random, least: int, open_share: float):
    """A random grid with at least ``least`` black cells (up to a third of it)
    and open cells: (geometry, black, open, the first black cell, the black and
    open cells joined to it)."""
    g = Geometry.of(rng.randint(2, 8), rng.randint(2, 8))
    cells = list(range(g.n))
    rng.shuffle(cells)
    black = sum(1 << i for i in cells[: rng.randint(least, max(least, g.n // 3))])
    unknown = sum(1 << i for i in cells[g.n // 3:] if rng.random() < open_share) & ~black
    seed = black & -black
    return g, black, unknown, seed, g.flood(seed, black | unknown)


@pytest.mark.parametrize("few", [0, 4, 10 ** 6])
def test_wall_detour_cuts_match_brute_force(few, monkeypatch):
    """What a white cell leaves the wall: the open cells every connection of the
    black cells would then pass (by the weighted walk, or by floods from the
    separation partners)."""
    from rules.nurikabe import detour
    monkeypatch.setattr(detour, "FEW_PARTNERS", few)
    rng = random.Random(few)
    checked = 0
    for _ in range(300):
        g, black, unknown, seed, main = _random_wall_space(rng, 2, 0.8)
        if black & ~main:
            continue
        cuts = detour._Cuts(g, main, seed.bit_length() - 1, black, unknown)
        for x in bits(unknown & main):
            rest = main & ~(1 << x)
            core = g.flood(seed, rest)
            if black & ~core:
                continue
            expected = 0
            for c in bits(unknown & rest):
                without = rest & ~(1 << c)
                if black & ~g.flood(seed, without):
                    expected |= 1 << c
            assert cuts.without(x, core) == expected, (g.rows, g.cols, bin(black), bin(unknown), x)
            checked += 1
    assert checked > 2000


def test_wall_detour_parting_cells_are_the_cells_that_part_the_space():
    """wall-detour floods the space without a cell only for the cells that part
    it (``_Cuts.parting``); any other cell leaves the rest joined. Checked
    against a flood without each cell, on random grids."""
    from rules.nurikabe import detour
    rng = random.Random(7)
    parting_seen = 0
    for _ in range(400):
        g, black, unknown, seed, main = _random_wall_space(rng, 1, 0.7)
        cuts = detour._Cuts(g, main, seed.bit_length() - 1, black, unknown)
        for x in bits(main):
            rest = main & ~(1 << x)
            parts = bool(rest) and g.flood(rest & -rest, rest) != rest
            assert bool(cuts.parting >> x & 1) == parts, (g.rows, g.cols, bin(main), x)
            parting_seen += parts
    assert parting_seen > 300
