"""benchmarks/compare_sweeps.py: two codes' sweeps, the fastest run of each puzzle."""
from __future__ import annotations

import json

from benchmarks.compare_sweeps import compare, main


def _run(tmp_path, name: str, seconds: dict[str, float], changed: dict | None = None) -> str:
    path = tmp_path / name
    with open(path, "w", encoding="utf-8") as f:
        for pid, s in seconds.items():
            r = {"id": pid, "verdict": "solved", "level": 2, "max_depth": 0, "steps": 10,
                 "seconds": s}
            r.update((changed or {}).get(pid, {}))
            f.write(json.dumps(r) + "\n")
    return str(path)


def test_each_puzzle_takes_its_fastest_run_and_bands_compare_like_with_like():
    old = [{"a": 0.010, "b": 0.30, "c": 2.0}, {"a": 0.012, "b": 0.20, "c": 3.0}]
    new = [{"a": 0.005, "b": 0.25, "c": 1.5}, {"a": 0.020, "b": 0.10, "c": 0.5}]
    def records(run):
        return {k: {"id": k, "verdict": "solved", "seconds": v} for k, v in run.items()}
    result = compare([records(r) for r in old], [records(r) for r in new])
    assert result["old_seconds"] == {"a": 0.010, "b": 0.20, "c": 2.0}
    assert result["new_seconds"] == {"a": 0.005, "b": 0.10, "c": 0.5}
    assert result["old"]["over"] == 1 and result["new"]["over"] == 0
    assert abs(result["old"]["solved total"] - 2.21) < 1e-9
    assert [(name, n) for name, n, _ in result["bands"]] == \
        [("0–0.02 s", 1), ("0.1–0.5 s", 1), ("1–4 s", 1)]
    assert [round(r, 3) for _, _, r in result["bands"]] == [0.5, 0.5, 0.25]
    assert result["slowest"] == ["c", "b", "a"] and result["differences"] == []


def test_a_changed_outcome_fails_and_a_changed_step_count_is_listed(tmp_path, capsys):
    times = {"a": 0.01, "b": 0.5}
    a1 = _run(tmp_path, "a1.jsonl", times)
    b1 = _run(tmp_path, "b1.jsonl", times, {"b": {"steps": 12}})
    assert main(["--old", a1, "--new", b1]) == 0
    out = capsys.readouterr().out
    assert "steps differ: b solved/2/0/10; solved/2/0/12" in out
    b2 = _run(tmp_path, "b2.jsonl", times, {"a": {"max_depth": 1}})
    assert main(["--old", a1, "--new", b1, b2]) == 1
    assert "outcome differ: a" in capsys.readouterr().out


def test_a_missing_or_broken_file_is_one_error_line(tmp_path, capsys):
    a1 = _run(tmp_path, "a1.jsonl", {"a": 0.01})
    assert main(["--old", a1, "--new", str(tmp_path / "missing.jsonl")]) == 2
    broken = tmp_path / "broken.jsonl"
    broken.write_text("{not json\n")
    assert main(["--old", a1, "--new", str(broken)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 2 and all(line.startswith("compare_sweeps: error:") for line in err)
