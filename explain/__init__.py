"""Renderers of walkthroughs: terminal (rich), JSON, and later HTML/SVG."""
