"""benchmarks/soundness.py stops a puzzle at its hard limit and says so."""
from __future__ import annotations

from benchmarks.soundness import judge, main


def test_a_puzzle_past_the_limit_is_stopped_and_reported(capsys):
    # seed 2167: a 7x7 with several solutions that depth 2 searches for seconds
    r = judge(2167, depth=2, limit=0.3)
    assert r["class"] == "over the limit" and 0.3 <= r["seconds"] < 1.5
    assert main(["--count", "1", "--seed", "2167", "--jobs", "1", "--limit", "0.3"]) == 1
    out = capsys.readouterr().out
    assert "seeds over the 0.3 s limit: [2167]" in out and "slowest seeds: 2167" in out


def test_within_the_limit_the_verdict_is_checked():
    r = judge(2162, depth=2, limit=30)
    assert r["class"] == "multiple" and r["verdict"] == "stuck" and r["unsound"] == 0
