"""Nurikabe techniques (``TECHNIQUES``), the view they read, and hypothesis order."""
from rules.nurikabe.techniques import TECHNIQUES
from rules.nurikabe import budget  # noqa: F401  (registers the wall-budget techniques)
from rules.nurikabe import detour  # noqa: F401  (registers wall-pocket and wall-detour)
from rules.nurikabe import trial  # noqa: F401  (registers shape-trial)
from rules.nurikabe.view import View
from rules.nurikabe.order import candidates

__all__ = ["TECHNIQUES", "View", "candidates"]
