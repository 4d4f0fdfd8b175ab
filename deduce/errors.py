"""Errors the command line turns into one clear line and exit code 2."""


class InputError(ValueError):
    """A puzzle could not be read: the message names where and what.

    >>> str(InputError("puzzle.txt:3:5: clue 'x' is not a number"))
    "puzzle.txt:3:5: clue 'x' is not a number"
    """


class Contradiction(Exception):
    """The current state breaks a rule of the puzzle.

    ``rule`` is a short id (``pool``, ``wall-split``...), ``text`` a sentence,
    ``premises`` the cells that show it.
    """

    def __init__(self, rule: str, text: str, premises: tuple[int, ...] = ()):
        super().__init__(text)
        self.rule = rule
        self.text = text
        self.premises = tuple(premises)


class Clash(Contradiction):
    """Two findings of one batch give an unknown both values (raised as the
    second is applied, so that step is not in the walkthrough)."""


class BudgetExceeded(Exception):
    """A search ran past its time or node budget."""
