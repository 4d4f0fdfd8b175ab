"""deduce: a human-style deduction engine with explanations for grid logic puzzles.

The engine knows nothing about any particular puzzle: puzzles plug in through
:class:`deduce.kind.Kind` and the ``deduce.kinds`` entry point group.
"""
