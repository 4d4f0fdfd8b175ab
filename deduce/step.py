"""A step of a walkthrough: one technique applied once, with its justification."""
from __future__ import annotations

import attrs


@attrs.frozen
class Step:
    """One deduction.

    ``conclusions`` are ``(unknown, value)`` pairs; ``premises`` the unknowns
    (cells) the technique looked at; ``regions`` optional named groups of
    premises (``("island", cells)``) for diagrams. A hypothesis step carries its
    ``assumption``, the sub-steps of its ``proof`` and the ``contradiction``
    that ended it.
    """

    technique: str
    tier: int
    conclusions: tuple[tuple[int, int], ...]
    premises: tuple[int, ...]
    text: str
    depth: int = 0
    regions: tuple[tuple[str, tuple[int, ...]], ...] = ()
    assumption: tuple[int, int] | None = None
    proof: tuple["Step", ...] = ()
    contradiction: str | None = None

    def nested_steps(self) -> int:
        """How many steps this one stands for, counting its proof."""
        return 1 + sum(s.nested_steps() for s in self.proof)
