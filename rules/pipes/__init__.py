"""Pipes techniques (``TECHNIQUES``), the view they read, and hypothesis order."""
from rules.pipes.techniques import TECHNIQUES
from rules.pipes.view import View
from rules.pipes.order import candidates

__all__ = ["TECHNIQUES", "View", "candidates"]
