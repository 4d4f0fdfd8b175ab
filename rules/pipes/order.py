"""Which edges to try first in a hypothesis.

Contradictions come fastest where tiles have few ways left to turn: an edge
between two tiles with two orientations each settles both, and often their
neighbours, at once.
"""
from __future__ import annotations

from deduce.state import bits

from rules.pipes.view import View


def candidates(view: View) -> list[int]:
    p = view.puzzle
    count: dict[int, int] = {}

    def ways(t: int) -> int:
        if t not in count:
            count[t] = len(view.orientations(t))
        return count[t]

    out = []
    for e in bits(view.state.unknown):
        a, b = p.ends(e)
        out.append((ways(a) * ways(b), e))
    out.sort()
    return [e for _, e in out]
