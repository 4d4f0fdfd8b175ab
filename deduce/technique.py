"""Techniques and the registry a puzzle's rule module fills.

A technique is one function ``(view) -> Step | None`` registered with its id,
tier and name::

    TECHNIQUES = Registry()

    @TECHNIQUES.register("island-closure", tier=1, name="Complete-island closure")
    def island_closure(view): ...

``view`` is what the puzzle's kind builds from a state (the state plus cached
analysis); the engine sets ``view.changed`` to the unknowns that changed since
the technique last found nothing, so it can look only there.
"""
from __future__ import annotations

from typing import Callable

import attrs

from deduce.step import Step


@attrs.frozen
class Technique:
    id: str
    tier: int
    name: str
    apply: Callable[[object], Step | None] = attrs.field(repr=False)
    # True: the technique only ever raises Contradiction (a rule check).
    check_only: bool = False
    # True: the technique caps its work (enumeration limits, say) and does
    # more when ``view.thorough`` is set: the engine asks it so once a
    # position of the main line is stuck, before any hypothesis.
    thorough: bool = False
    # True: the technique names every decided cell as its premises (it cannot
    # tell while solving which ones its conclusion rests on): after solving,
    # walkthroughs ask it again on sparser positions to narrow them
    # (deduce.premises).
    wide: bool = False
    # True: what its sentences say of the board stays true as more unknowns
    # are decided ("no island can reach r4c4"), so a step of a batch it found
    # is kept even when an earlier step of the batch decided cells around it
    # (see deduce.kind.Kind.around); only one whose premises were decided is
    # left for the next pass.
    lasting: bool = False

    @property
    def summary(self) -> str:
        doc = (self.apply.__doc__ or "").strip()
        return doc.splitlines()[0] if doc else self.name


class Registry:
    """An ordered collection of techniques, cheapest tier first."""

    def __init__(self) -> None:
        self._items: list[Technique] = []

    def register(self, id: str, *, tier: int, name: str, check_only: bool = False,
                 thorough: bool = False, wide: bool = False, lasting: bool = False):
        def decorate(fn):
            if any(t.id == id for t in self._items):
                raise ValueError(f"technique {id!r} registered twice")
            self._items.append(Technique(id, tier, name, fn, check_only, thorough, wide,
                                         lasting))
            return fn
        return decorate

    def ordered(self, max_tier: int | None = None) -> tuple[Technique, ...]:
        items = sorted(self._items, key=lambda t: t.tier)  # stable: registration order within a tier
        if max_tier is not None:
            items = [t for t in items if t.tier <= max_tier]
        return tuple(items)

    def __iter__(self):
        return iter(self.ordered())

    def __len__(self) -> int:
        return len(self._items)

    def get(self, id: str) -> Technique:
        for t in self._items:
            if t.id == id:
                return t
        raise KeyError(id)
