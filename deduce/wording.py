"""Lists in sentences, as steps, verdicts and hints write them."""
from __future__ import annotations


def listed(names: list[str], limit: int | None = None) -> str:
    """'a', 'a and b', 'a, b and c'; past ``limit`` names 'a, b, c and 2 more'.

    >>> listed(["a", "b", "c"]), listed(["a", "b", "c", "d", "e"], 3)
    ('a, b and c', 'a, b, c and 2 more')
    """
    if limit is not None and len(names) > limit:
        return ", ".join(names[:limit]) + f" and {len(names) - limit} more"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def counted(n: int, noun: str) -> str:
    """'1 step', '0 steps', '2 steps' (``noun`` singular, plural with an s).

    >>> counted(1, "step"), counted(0, "step"), counted(12, "step")
    ('1 step', '0 steps', '12 steps')
    """
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
