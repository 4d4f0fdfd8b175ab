"""The solving state: every unknown is two-valued, kept as two int bitmasks.

Bit ``i`` of ``ones`` set means unknown ``i`` has value 1 (Nurikabe: black);
bit ``i`` of ``zeros`` means value 0 (white). Copying is two integer copies,
which is what makes hypotheses cheap.

>>> s = State(4)
>>> s.assign(0, 1); s.assign(3, 0)
1
8
>>> s.value(0), s.value(1), s.value(3), bin(s.unknown)
(1, None, 0, '0b110')
"""
from __future__ import annotations

from deduce.errors import Contradiction


class State:
    __slots__ = ("n", "full", "ones", "zeros")

    def __init__(self, n: int, ones: int = 0, zeros: int = 0):
        self.n = n
        self.full = (1 << n) - 1
        self.ones = ones
        self.zeros = zeros

    def copy(self) -> "State":
        return State(self.n, self.ones, self.zeros)

    @property
    def unknown(self) -> int:
        return self.full & ~(self.ones | self.zeros)

    @property
    def solved(self) -> bool:
        return (self.ones | self.zeros) == self.full

    def value(self, i: int) -> int | None:
        bit = 1 << i
        if self.ones & bit:
            return 1
        if self.zeros & bit:
            return 0
        return None

    def assign(self, i: int, v: int) -> int:
        """Give unknown ``i`` the value ``v``; return the bit if it changed, else 0."""
        bit = 1 << i
        if v:
            if self.zeros & bit:
                raise Contradiction("clash", f"unknown {i} is already 0", (i,))
            if self.ones & bit:
                return 0
            self.ones |= bit
        else:
            if self.ones & bit:
                raise Contradiction("clash", f"unknown {i} is already 1", (i,))
            if self.zeros & bit:
                return 0
            self.zeros |= bit
        return bit

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and (self.n, self.ones, self.zeros) == (
            other.n, other.ones, other.zeros)

    def __hash__(self) -> int:
        return hash((self.n, self.ones, self.zeros))

    def __repr__(self) -> str:
        return f"State(n={self.n}, ones={self.ones:#x}, zeros={self.zeros:#x})"


# the set bits of each byte value, lowest first
_BYTE_BITS = tuple(tuple(k for k in range(8) if b >> k & 1) for b in range(256))


def bits(mask: int):
    """Indices of the set bits of ``mask``, lowest first.

    >>> list(bits(0b10110))
    [1, 2, 4]
    """
    if mask.bit_count() << 4 < mask.bit_length():
        # sparse: jump from one set bit to the next
        while mask:
            low = mask & -mask
            yield low.bit_length() - 1
            mask ^= low
        return
    # dense (a premise that is the whole position): a byte at a time, two to
    # three times faster than taking each bit off a long int
    for j, byte in enumerate(mask.to_bytes((mask.bit_length() + 7) >> 3, "little")):
        if byte:
            base = j << 3
            for k in _BYTE_BITS[byte]:
                yield base + k
