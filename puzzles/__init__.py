"""Puzzle models, their rules of the game, and their file/URL formats."""
