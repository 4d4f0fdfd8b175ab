"""The human techniques, one package per puzzle."""
