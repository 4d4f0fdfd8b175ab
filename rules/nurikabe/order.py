"""Which cells to try first in a hypothesis.

Contradictions come fastest next to unfinished islands with few ways out, so
their liberties go first (fewest liberties first), then cells with many
decided neighbours.
"""
from __future__ import annotations

from deduce.state import bits

from rules.nurikabe.view import View


def candidates(view: View) -> list[int]:
    g = view.g
    unknown = view.unknown
    first: dict[int, int] = {}
    for region in view.regions:
        if region.complete:
            continue
        libs = view.liberties(region)
        count = libs.bit_count()
        for i in bits(libs):
            if i not in first or count < first[i]:
                first[i] = count
    ordered = sorted(first, key=lambda i: (first[i], i))
    decided = g.full & ~unknown
    rest = sorted((i for i in bits(unknown) if i not in first),
                  key=lambda i: (-(g.neighbours[i] & decided).bit_count(), i))
    return ordered + rest
