"""The printable walkthrough of a real janko puzzle that needs hypotheses, checked
for self-containment and a diagram per step, then screenshotted by headless
Chromium (skipped when /usr/bin/chromium is absent).

The screenshot command (also usable by hand)::

    chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \\
      --disable-background-networking --disable-component-update --disable-sync \\
      --user-data-dir=/tmp/deduce-chromium --screenshot=out.png \\
      --window-size=1200,2400 file:///abs/path/walkthrough.html
"""
from __future__ import annotations

import os
import shutil
import struct
import subprocess
from pathlib import Path

import pytest

from deduce.kind import load_kind
from deduce.solver import Solver
from explain.html import walkthrough_html
from tests.conftest import janko_records
from tests.test_explain import _cards, assert_self_contained

CHROMIUM = Path("/usr/bin/chromium")
PUZZLE_ID = "janko-0932"  # 10x10, depth 1: 17 hypotheses (0980, used before, needs none now)


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    kind = load_kind("nurikabe")
    puzzle = kind.from_record(janko_records()[PUZZLE_ID])
    result = Solver(kind, puzzle, depth=1, budget=60).solve()
    assert result.solved
    assert any(s.assumption is not None for s in result.steps)
    path = tmp_path_factory.mktemp("html") / f"{PUZZLE_ID}.html"
    path.write_text(walkthrough_html(kind, puzzle, result), encoding="utf-8")
    return path, result


def test_every_step_has_a_diagram_and_nothing_is_fetched(page):
    path, result = page
    html = path.read_text(encoding="utf-8")
    assert_self_contained(html)
    parsed = _cards(html)
    assert parsed.external == []  # no src= or href= at all
    numbers = [n for card in parsed.cards for n in card["steps"]]
    assert numbers == [str(k) for k in range(1, len(result.steps) + 1)]
    for card in parsed.cards:
        assert card["svgs"] >= 1, card
        if "hypothesis" in card["class"].split():
            assert card["svgs"] >= 2  # the state before and the branch at the contradiction


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


@pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium not installed")
def test_chromium_screenshot(page, tmp_path):
    path, _ = page
    shot = tmp_path / "out.png"
    profile = tmp_path / "profile"
    cmd = [str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
           "--no-first-run", "--disable-background-networking", "--disable-component-update",
           "--disable-sync", f"--user-data-dir={profile}", f"--screenshot={shot}",
           "--window-size=1200,2400", path.resolve().as_uri()]
    env = dict(os.environ, HOME=str(tmp_path))
    try:
        subprocess.run(cmd, capture_output=True, timeout=120, env=env, check=False)
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    assert shot.exists(), "chromium wrote no screenshot"
    data = shot.read_bytes()
    assert _png_size(data) == (1200, 2400)
    assert len(data) > 50_000  # a page of diagrams, not a blank one
