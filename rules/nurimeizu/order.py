"""Which rooms to try first in a hypothesis.

Contradictions come fastest next to what is already white (loops, cut-offs,
route rules), and from small rooms with many decided neighbours.
"""
from __future__ import annotations

from deduce.state import bits

from rules.nurimeizu.view import View


def candidates(view: View) -> list[int]:
    lay = view.layout
    decided = view.white_rooms | view.black_rooms
    white = view.white

    def key(k: int):
        touches = bool(lay.room_border[k] & white)
        return (not touches, -(lay.room_nbrs[k] & decided).bit_count(),
                lay.room_masks[k].bit_count(), k)
    return sorted(bits(view.unknown_rooms), key=key)
