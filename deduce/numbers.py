"""Reading whole numbers from input text.

``str.isdigit`` accepts characters such as ``²`` that ``int`` refuses, and
``int`` refuses more than 4300 digits: both would end in a traceback instead
of the one-line error bad input gets. :func:`whole_number` reads only ASCII
digits, and a number too long to matter reads as :data:`TOO_BIG`, so the
caller's range check names it.
"""
from __future__ import annotations

TOO_BIG = 10 ** 18  # what a number of more than 18 digits reads as
_DIGITS = frozenset("0123456789")


def whole_number(text: str) -> int | None:
    """``text`` as a whole number (ASCII digits only), None if it is not one.

    >>> whole_number("012"), whole_number("²"), whole_number("-1"), whole_number("9" * 5000) == TOO_BIG
    (12, None, None, True)
    """
    if not text or not _DIGITS.issuperset(text):
        return None
    text = text.lstrip("0") or "0"
    return int(text) if len(text) <= 18 else TOO_BIG


def shown(n: int) -> str:
    """``n`` for a message: :data:`TOO_BIG` stands for a number the user wrote
    with more than 18 digits, not for itself."""
    return "(a number of more than 18 digits)" if n >= TOO_BIG else str(n)
