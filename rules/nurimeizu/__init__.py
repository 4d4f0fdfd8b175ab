"""Nurimeizu techniques (``TECHNIQUES``), the view they read, and hypothesis order."""
from rules.nurimeizu.techniques import TECHNIQUES
from rules.nurimeizu.view import View
from rules.nurimeizu.order import candidates

__all__ = ["TECHNIQUES", "View", "candidates"]
