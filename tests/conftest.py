"""Shared test set-up: the real-data location and the ``--full`` switch."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data"


def pytest_addoption(parser):
    parser.addoption("--full", action="store_true", default=False,
                     help="also run the real-data sweeps marked 'full' (minutes)")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--full"):
        return
    skip = pytest.mark.skip(reason="real-data sweep: run with --full")
    for item in items:
        if "full" in item.keywords:
            item.add_marker(skip)


def janko_records() -> dict[str, dict]:
    path = SHARED / "nurikabe" / "janko.jsonl"
    if not path.exists():
        pytest.skip(f"shared data not found at {path}", allow_module_level=True)
    with path.open() as f:
        return {r["id"]: r for r in map(json.loads, f)}
