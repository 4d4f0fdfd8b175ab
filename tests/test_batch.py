"""``deduce batch`` and its pure per-puzzle function ``rate``.

Records are copied at test time from ../shared/data/nurikabe/janko.jsonl (the
small grids: each takes milliseconds); the tests skip when it is absent.
"""
from __future__ import annotations

import copy
import csv
import json
import pickle
import subprocess
import sys
from functools import partial

import attrs
import pytest

import deduce.batch as batch
from deduce.batch import FIELDS, rate, read_collection, summarize
from deduce.cli import main
from deduce.errors import InputError
from tests.conftest import janko_records

REQUIRED = ("id", "verdict", "level", "name", "max_tier", "max_depth", "steps", "seconds",
            "wrong_cells")


@pytest.fixture(scope="module")
def small() -> list[dict]:
    """Twelve quick records (grids of at most 8x8), in collection order."""
    records = [r for r in janko_records().values() if r["rows"] * r["cols"] <= 64][:12]
    if len(records) < 12:
        pytest.skip("not enough small records in the shared collection")
    return records


def write_jsonl(path, records, extra_lines=()):
    with path.open("w") as f:
        for r in records:
            f.write(json.dumps(r) + "\n")
        for line in extra_lines:
            f.write(line + "\n")
    return path


def lines(path) -> list[dict]:
    return [json.loads(x) for x in path.read_text().splitlines() if x.strip()]


# ------------------------------------------------------------------ the command

def test_batch_two_jobs_out_and_csv(tmp_path, small, capsys):
    src = write_jsonl(tmp_path / "c.jsonl", small)
    out, table = tmp_path / "r.jsonl", tmp_path / "r.csv"
    code = main(["batch", str(src), "--jobs", "2", "--out", str(out), "--csv", str(table),
                 "--plain"])
    assert code == 0
    results = lines(out)
    assert sorted(r["id"] for r in results) == sorted(r["id"] for r in small)
    for r in results:
        assert set(REQUIRED) <= set(r), r
        assert r["verdict"] == "solved" and r["wrong_cells"] == 0, r
        assert r["level"] >= 1 and r["max_depth"] in (0, 1, 2, 3)
    with table.open() as f:
        rows = list(csv.DictReader(f))
    assert [row["id"] for row in rows] == [r["id"] for r in small]  # collection order
    assert list(rows[0]) == list(FIELDS)
    assert all(row["verdict"] == "solved" and row["wrong_cells"] == "0" for row in rows)
    text = capsys.readouterr().out
    assert "solved by depth" in text and "wrong cells" in text


def test_batch_json_summary(tmp_path, small, capsys):
    src = write_jsonl(tmp_path / "c.jsonl", small[:4])
    assert main(["batch", str(src), "--jobs", "1", "--format", "json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["puzzles"] == summary["solved"] == 4
    assert summary["stuck"] == summary["contradiction"] == summary["errors"] == 0
    assert sum(summary["solved_by_depth"].values()) == 4
    assert set(summary["solved_by_depth"]) >= {"0", "1", "2", "3"}
    assert summary["wrong_cells"] == 0 and summary["with_solution"] == 4
    assert set(summary["seconds"]) >= {"median", "p90", "p99", "max"}
    assert summary["not_solved"] == []


def test_resume_skips_done_ids(tmp_path, small, capsys):
    src = write_jsonl(tmp_path / "c.jsonl", small)
    out = tmp_path / "r.jsonl"
    assert main(["batch", str(src), "--jobs", "1", "--limit", "5", "--out", str(out)]) == 0
    first = lines(out)
    assert [r["id"] for r in first] == [r["id"] for r in small[:5]]
    # a line cut short by a hard kill is ignored, and that puzzle runs again
    with out.open("a") as f:
        f.write('{"id": "' + small[5]["id"] + '", "verd')
    capsys.readouterr()
    assert main(["batch", str(src), "--jobs", "2", "--out", str(out), "--resume",
                 "--format", "json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["resumed"] == 5 and summary["puzzles"] == 12
    # the cut line is gone: the file is JSONL again (it stayed in the middle)
    results = [json.loads(x) for x in out.read_text().splitlines()]
    ids = [r["id"] for r in results]
    assert ids[:5] == [r["id"] for r in small[:5]]
    assert sorted(ids) == sorted(r["id"] for r in small)  # each once: nothing re-run
    # resuming a finished run does nothing
    assert main(["batch", str(src), "--jobs", "2", "--out", str(out), "--resume",
                 "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["resumed"] == 12
    assert len([json.loads(x) for x in out.read_text().splitlines()]) == 12


def test_resume_keeps_a_whole_last_line_that_lost_its_newline(tmp_path, small, capsys):
    src = write_jsonl(tmp_path / "c.jsonl", small[:3])
    out = tmp_path / "r.jsonl"
    assert main(["batch", str(src), "--jobs", "1", "--limit", "2", "--out", str(out)]) == 0
    out.write_bytes(out.read_bytes().rstrip(b"\n"))  # killed between a line and its newline
    capsys.readouterr()
    assert main(["batch", str(src), "--jobs", "1", "--out", str(out), "--resume",
                 "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["resumed"] == 2
    assert [json.loads(x)["id"] for x in out.read_text().splitlines()] == \
        [r["id"] for r in small[:3]]


def test_ids_and_limit(tmp_path, small, capsys):
    src = write_jsonl(tmp_path / "c.jsonl", small)
    out = tmp_path / "r.jsonl"
    wanted = [small[3]["id"], small[7]["id"]]
    assert main(["batch", str(src), "--jobs", "1", "--ids", ",".join(wanted),
                 "--out", str(out)]) == 0
    assert sorted(r["id"] for r in lines(out)) == sorted(wanted)
    assert main(["batch", str(src), "--jobs", "1", "--ids", "no-such-id"]) == 2
    assert "no-such-id" in capsys.readouterr().err


def test_bad_record_gives_error_verdict(tmp_path, small, capsys):
    bad = {"id": "bad-cell", "grid": ["1 z", ". ."]}
    src = write_jsonl(tmp_path / "c.jsonl", [small[0], bad, {"id": "no-grid"}],
                      extra_lines=["this line is not JSON", "[1, 2]"])
    out = tmp_path / "r.jsonl"
    code = main(["batch", str(src), "--jobs", "2", "--out", str(out), "--plain"])
    assert code == 2  # everything else solved; some records could not be read
    by_id = {r["id"]: r for r in lines(out)}
    assert by_id[small[0]["id"]]["verdict"] == "solved"
    for rid in ("bad-cell", "no-grid", "line-4", "line-5"):
        assert by_id[rid]["verdict"] == "error", by_id[rid]
        assert by_id[rid]["reason"]
    assert "'z'" in by_id["bad-cell"]["reason"]
    assert "JSON" in by_id["line-4"]["reason"]
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.parametrize("make", [
    lambda p: p / "missing.jsonl",                                     # no such file
    lambda p: p,                                                       # a directory
    lambda p: (p / "x.jsonl").write_text("just words\nmore words\n") and p / "x.jsonl",
    lambda p: (p / "e.jsonl").write_text("\n\n") and p / "e.jsonl",  # empty
    lambda p: (p / "b.jsonl").write_bytes(b"\xff\xfe\x00bin") and p / "b.jsonl",
])
def test_unreadable_collection_is_one_line_exit_2(tmp_path, make, capsys):
    path = make(tmp_path)
    assert main(["batch", str(path), "--jobs", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("deduce: error: ") and str(path) in err


def test_a_repeated_id_is_refused(tmp_path, small, capsys):
    """Results, --out and --resume are keyed by id: a repeated id would count
    one result for two records (a resumed run said 2 puzzles, a fresh one 3)."""
    path = write_jsonl(tmp_path / "dup.jsonl", small[:2] + small[:1])
    out = tmp_path / "out.jsonl"
    assert main(["batch", str(path), "--jobs", "1", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err == (f"deduce: error: {path}:3: id {small[0]['id']!r} repeats line 1 "
                   "(each record needs its own id)\n")
    assert not out.exists()


def test_missing_file_subprocess(tmp_path):
    done = subprocess.run([sys.executable, "-m", "deduce.cli", "batch",
                           str(tmp_path / "nope.jsonl")], capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "nope.jsonl" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.fixture(scope="module")
def hard() -> dict:
    """A small record that needs a hypothesis: the techniques alone (depth 0) get stuck."""
    found = next((r for r in janko_records().values()
                  if r["rows"] * r["cols"] <= 64 and rate("nurikabe", r, 3, 5)["max_depth"] >= 1),
                 None)
    if found is None:
        pytest.skip("no small record needs a hypothesis")
    return found


def test_stuck_and_exit_3(tmp_path, hard, capsys):
    src = write_jsonl(tmp_path / "c.jsonl", [hard])
    assert main(["batch", str(src), "--jobs", "1", "--depth", "0", "--format", "json"]) == 3
    summary = json.loads(capsys.readouterr().out)
    assert summary["stuck"] == 1 and summary["not_solved"] == [hard["id"]]


TWO = ["2 . . . 3", ". . . . .", ". 1 . . .", ". . . . 2", "3 . . . ."]  # two solutions


def test_check_settles_uniqueness(tmp_path, small, hard, capsys):
    # solved by the techniques: unique without a search; stuck at depth 0: searched
    two = {"id": "two", "rows": 5, "cols": 5, "grid": TWO}
    none = {"id": "none", "rows": 3, "cols": 3, "grid": ["4 . .", ". . .", ". . 4"]}
    src = write_jsonl(tmp_path / "c.jsonl", [small[0], hard, two, none])
    out = tmp_path / "r.jsonl"
    code = main(["batch", str(src), "--jobs", "1", "--depth", "0", "--check",
                 "--check-budget", "60", "--out", str(out), "--format", "json"])
    assert code == 1  # a puzzle with two solutions, one with none
    got = {r["id"]: r for r in lines(out)}
    assert got[small[0]["id"]]["uniqueness"] == "unique"
    assert "search_nodes" not in got[small[0]["id"]]  # the techniques settled it
    assert got[hard["id"]]["verdict"] == "stuck"
    assert got[hard["id"]]["uniqueness"] == "unique" and got[hard["id"]]["search_nodes"] >= 1
    assert "search_covered" not in got[hard["id"]]  # (only when the budget ran out)
    assert got["two"]["uniqueness"] == "multiple"
    assert got["none"]["uniqueness"] == "none"
    u = json.loads(capsys.readouterr().out)["uniqueness"]
    assert (u["unique"], u["multiple"], u["none"], u["unknown"]) == (2, 1, 1, 0)
    assert sorted(u["not_unique"]) == ["none", "two"]


def test_check_budget_runs_out_as_unknown(tmp_path, capsys):
    records = janko_records()
    if "janko-0687" not in records:
        pytest.skip("shared data absent")
    src = write_jsonl(tmp_path / "c.jsonl", [records["janko-0687"]])
    out = tmp_path / "r.jsonl"
    code = main(["batch", str(src), "--jobs", "1", "--depth", "0", "--budget", "1",
                 "--check", "--check-budget", "1", "--format", "json", "--out", str(out)])
    assert code == 3
    u = json.loads(capsys.readouterr().out)["uniqueness"]
    assert u["unknown"] == 1 and u["unknown_ids"] == ["janko-0687"]
    # how much of its space the search settled in that second (well under 1 %)
    (line,) = lines(out)
    assert line["search_nodes"] >= 1 and 0 <= line["search_covered"] < 0.01


def test_compare_oracle_without_oracle_is_skipped(tmp_path, small, capsys, monkeypatch):
    kind = batch._kind("nurikabe")
    monkeypatch.setattr(batch, "_kind", lambda name: attrs.evolve(kind, oracle=None))
    src = write_jsonl(tmp_path / "c.jsonl", small[:2])
    assert main(["batch", str(src), "--jobs", "1", "--compare-oracle", "--format", "json"]) == 0
    captured = capsys.readouterr()
    assert "no oracle" in captured.err
    assert json.loads(captured.out)["oracle"]["skipped"] == 2


def test_compare_oracle_with_clingo(tmp_path, small, monkeypatch):
    pytest.importorskip("clingo")
    from puzzles.nurikabe import asp, rows_state

    def oracle(puzzle, limit, timeout):
        return [rows_state(puzzle, s) for s in asp.solutions(puzzle, limit, timeout)]

    kind = attrs.evolve(batch._kind("nurikabe"), oracle=oracle)
    monkeypatch.setattr(batch, "_kind", lambda name: kind)
    r = rate("nurikabe", small[0], 3, 10, oracle=True)
    assert r["oracle_solutions"] == 1 and r["oracle_agrees"] is True
    assert r["oracle_seconds"] >= 0
    s = summarize([r], 1.0)
    assert s["oracle"]["unique"] == 1 and s["oracle"]["ratio_median"] is not None


def test_compare_oracle_in_worker_processes(tmp_path, small):
    """With --jobs 2 (the default on two cores) every record went without
    the oracle: batch's workers are daemonic processes, and clingo's child
    was a multiprocessing.Process, which they may not start (bug hunt 15)."""
    pytest.importorskip("clingo")
    src = write_jsonl(tmp_path / "c.jsonl", small[:3])
    out = tmp_path / "r.jsonl"
    r = subprocess.run([sys.executable, "-m", "deduce.cli", "batch", str(src), "--jobs", "2",
                        "--compare-oracle", "--out", str(out), "--plain"],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(lines) == 3
    assert all(x.get("oracle_agrees") is True and x["oracle_solutions"] == 1 for x in lines), lines
    assert "3 compared" in r.stdout


def test_oracle_agreement_follows_the_verdict():
    """A wrong 'no solution' or a 'solved' puzzle with two solutions is a
    disagreement too, not only a solution the oracle does not have."""
    from deduce.state import State
    one, other = State(2, 0b01, 0b10), State(2, 0b10, 0b01)

    def result(verdict, state):
        return attrs.make_class("R", ["verdict", "state", "solved"])(
            verdict, state, verdict == "solved")
    assert batch._agrees(result("solved", one), [one])
    assert not batch._agrees(result("solved", one), [one, other])
    assert not batch._agrees(result("solved", one), [other])
    assert batch._agrees(result("contradiction", one), [])
    assert not batch._agrees(result("contradiction", one), [one])
    part = State(2, 0b01, 0)
    assert batch._agrees(result("stuck", part), [one])
    assert not batch._agrees(result("stuck", part), [one, other])


def test_bad_options_stop_before_any_work(tmp_path, small, capsys):
    src = write_jsonl(tmp_path / "c.jsonl", small[:2])
    for args, says in ((["--csv", str(tmp_path / "no" / "r.csv")], "cannot write: no folder"),
                       (["--csv", str(tmp_path)], "is a directory"),
                       (["--limit", "0"], "must be 1 or more"),
                       (["--budget", "inf"], "not a number of seconds"),
                       (["--timeout", "-1"], "not a number of seconds"),
                       (["--oracle-timeout", "nan", "--compare-oracle"], "not a number of seconds")):
        try:
            code = main(["batch", str(src), "--jobs", "1", "--plain", *args])
        except SystemExit as e:  # (argparse's own checks exit from parse_args)
            code = e.code
        err = capsys.readouterr()
        assert code == 2 and err.out == "" and err.err.count("\n") == 1 and says in err.err, \
            (args, err)


def test_a_bad_record_is_named_by_its_line(tmp_path, small):
    src = write_jsonl(tmp_path / "c.jsonl", [small[0]], extra_lines=[
        '{"id": "bad1", "grid": ["1 x", ". ."]}'])
    out = tmp_path / "r.jsonl"
    main(["batch", str(src), "--jobs", "1", "--out", str(out), "--plain"])
    bad = next(r for r in lines(out) if r["id"] == "bad1")
    assert bad["reason"].startswith(f"{src}:2: unknown cell 'x'"), bad


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_bad_record_without_an_id_is_named_by_its_line(tmp_path, small, jobs):
    # (its id is filled in as line-N after rating: the reason said "the record: ...")
    src = write_jsonl(tmp_path / "c.jsonl", [small[0]], extra_lines=[
        '{"grid": ["1 x", ". ."]}', '{"id": 7, "grid": ["1 .", ". ."]}'])
    out = tmp_path / "r.jsonl"
    assert main(["batch", str(src), "--jobs", jobs, "--out", str(out), "--plain"]) == 2
    by_id = {r["id"]: r for r in lines(out)}
    assert by_id["line-2"]["reason"].startswith(f"{src}:2: unknown cell 'x'"), by_id["line-2"]
    assert by_id["line-3"]["reason"] == f"{src}:3: 'id' must be a string", by_id["line-3"]


def test_the_kind_is_that_of_the_first_record_not_of_a_bad_line_before_it(tmp_path):
    # a first line that is no record is one error result; it used to make the
    # collection Nurikabe, so that every Pipes record after it was an error too
    pipes = {"id": "p1", "game_id": "5x5:6daa4272211eedd9d34a4d143"}
    src = write_jsonl(tmp_path / "c.jsonl", [], extra_lines=["not JSON", json.dumps(pipes)])
    out = tmp_path / "r.jsonl"
    assert main(["batch", str(src), "--jobs", "1", "--out", str(out), "--plain"]) == 2
    by_id = {r["id"]: r for r in lines(out)}
    assert by_id["line-1"]["verdict"] == "error"
    assert by_id["p1"]["verdict"] == "solved", by_id["p1"]


@pytest.mark.parametrize("ids", [",", "", " , "])
def test_ids_naming_no_id_is_refused(tmp_path, small, ids, capsys):
    # (--ids , rated nothing and exited 0, --ids '' rated everything)
    src = write_jsonl(tmp_path / "c.jsonl", small[:2])
    out = tmp_path / "r.jsonl"
    assert main(["batch", str(src), "--jobs", "1", "--ids", ids, "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--ids" in err and "no id" in err
    assert not out.exists()


def test_resume_after_a_line_cut_inside_a_character(tmp_path, small, capsys):
    # results are written as UTF-8 (ensure_ascii=False): a hard kill can cut the
    # last line inside a character, and --resume refused the whole file
    src = write_jsonl(tmp_path / "c.jsonl", small[:3])
    out = tmp_path / "r.jsonl"
    assert main(["batch", str(src), "--jobs", "1", "--limit", "1", "--out", str(out)]) == 0
    with out.open("ab") as f:
        f.write(('{"id": "' + small[1]["id"] + '", "verdict": "error", "reason": "é').encode()[:-1])
    capsys.readouterr()
    assert main(["batch", str(src), "--jobs", "1", "--out", str(out), "--resume",
                 "--format", "json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["resumed"] == 1 and summary["solved"] == 3
    done = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    assert sorted(r["id"] for r in done) == sorted(r["id"] for r in small[:3])
    # a results file that is not UTF-8 before its last line is still refused
    out.write_bytes(b"\xff\xfe\n")
    assert main(["batch", str(src), "--jobs", "1", "--out", str(out), "--resume"]) == 2
    assert "cannot read the results to resume" in capsys.readouterr().err


# ------------------------------------------------------------------ rate itself

def test_rate_is_pure_and_picklable(small):
    record = small[2]
    before = copy.deepcopy(record)
    assert pickle.loads(pickle.dumps(rate)) is rate
    a = rate("nurikabe", record, 3, 10)
    b = rate("nurikabe", record, 3, 10)
    assert record == before  # the record is not changed
    a.pop("seconds"), b.pop("seconds")
    assert a == b
    assert pickle.loads(pickle.dumps(a)) == a and json.loads(json.dumps(a)) == a


def test_rate_does_not_depend_on_what_the_process_rated_before():
    # The same 7x5 grid but for one number: the techniques' "looked here in
    # vain" memory once outlived a puzzle, and after 'six' the fragment
    # lifeline skipped a step in 'five' (level 3 instead of 2)
    five = [". . . . .", ". . . . .", ". . . . 5", ". 3 . . .", ". . 1 . .", ". 1 . 1 .", ". . . . 1"]
    six = five[:2] + [". . . . 6"] + five[3:]
    records = [{"id": name, "rows": 7, "cols": 5, "grid": grid}
               for name, grid in (("five", five), ("six", six))]
    alone = rate("nurikabe", records[0], 3, 10)
    rate("nurikabe", records[1], 3, 10)
    after = rate("nurikabe", records[0], 3, 10)
    alone.pop("seconds"), after.pop("seconds")
    assert alone["level"] == 2 and after == alone


def test_rate_wrong_cells_counts_differences(small):
    record = copy.deepcopy(small[0])
    solution = record["solution"]
    flipped = "." if solution[0][0] == "#" else "#"
    record["solution"] = [flipped + solution[0][1:]] + solution[1:]
    r = rate("nurikabe", record, 3, 10)
    if r["verdict"] == "error":  # the reader may reject an inconsistent solution
        pytest.skip(r["reason"])
    assert r["wrong_cells"] == 1
    del record["solution"]
    assert "wrong_cells" not in rate("nurikabe", record, 3, 10)


def test_rate_bad_record():
    r = rate("nurikabe", {"id": "x", "grid": "not a list"}, 3, 10)
    assert r["id"] == "x" and r["verdict"] == "error" and "grid" in r["reason"]
    # called directly, rate names the record (the reader's "<record>:1:1" place is batch's to fill)
    assert r["reason"].startswith("record 'x': ") and "<record>" not in r["reason"]
    assert rate("nurikabe", {"grid": []})["reason"].startswith("the record: ")
    with pytest.raises(ValueError, match="must be 0 or more"):
        rate("nurikabe", {"id": "x", "grid": ["1"]}, depth=-1)


def test_read_collection_rejects_non_jsonl(tmp_path):
    path = tmp_path / "x.jsonl"
    path.write_text("[1]\n")
    with pytest.raises(InputError):
        read_collection(str(path))


SLOW = "janko-0687"  # stuck at depth 3 after many seconds (17x17; unfinished after 400 s)


def slow_record() -> dict:
    record = janko_records().get(SLOW)
    if record is None:
        pytest.skip(f"{SLOW} not in the shared collection")
    return record


def test_hard_timeout_kills_a_silent_worker(small):
    # budget 0 = no solver budget, no in-worker alarm: only the parent can stop it
    slow = slow_record()
    pool = batch._Pool(2, hard=0.2, grace=0.2, alarm=False)
    try:
        tasks = [(0, ("nurikabe", slow, 3, 0, False, None)),
                 (1, ("nurikabe", small[0], 3, 0, False, None))]
        got = dict(pool.run(tasks))
    finally:
        pool.close()
    assert got[1]["verdict"] == "solved"
    assert got[0]["verdict"] == "stuck" and "hard timeout" in got[0]["reason"]
    # the line says how long it ran before the kill, and the grid's size
    assert got[0]["seconds"] >= 0.4 and got[0]["size"] == f"{slow['rows']}x{slow['cols']}"


def test_in_process_alarm_timeout():
    r = batch.guarded_rate(("nurikabe", slow_record(), 3, 0, False, None), 0.2)
    assert r["verdict"] == "stuck" and "hard timeout" in r["reason"]
    assert r["id"] == SLOW and r["seconds"] == 0.2 and "x" in r["size"]


# ------------------------------------------------------------------ the same on Dask

def test_rate_on_dask_bag(small):
    """The docs/batch.md example: ``rate`` mapped over a ``dask.bag`` on Dask's
    local ``processes`` scheduler (the records and results cross process lines)."""
    bag = pytest.importorskip("dask.bag")

    records = small[:4]
    results = bag.from_sequence(records, npartitions=2).map(
        partial(rate, "nurikabe", depth=3, budget=10)).compute(scheduler="processes")
    assert [r["id"] for r in results] == [r["id"] for r in records]
    assert all(r["verdict"] == "solved" and r["wrong_cells"] == 0 for r in results)
    summary = batch.summarize(results, wall=0)
    assert summary["solved"] == 4


def test_rate_marks_against_the_records_own_solution(small):
    # a record whose marks contradict its solution is an error line, not wrong cells
    record = copy.deepcopy(small[0])
    rows = [row.split() for row in record["grid"]]
    r_, c = next((r_, c) for r_, row in enumerate(record["solution"])
                 for c, v in enumerate(row) if v == "#")
    rows[r_][c] = "+"
    record["grid"] = [" ".join(row) for row in rows]
    r = rate("nurikabe", record, 3, 10)
    assert r["verdict"] == "error"
    assert r["reason"] == (f"record {record['id']!r}: the solution makes r{r_ + 1}c{c + 1} "
                           "black, given white")
    batch._locate(r, "c.jsonl", 7)  # (as run() does: the collection's line, not the record's id)
    assert r["reason"] == f"c.jsonl:7: the solution makes r{r_ + 1}c{c + 1} black, given white"
    rows[r_][c] = "#"  # a right mark is fine
    record["grid"] = [" ".join(row) for row in rows]
    assert rate("nurikabe", record, 3, 10)["verdict"] == "solved"


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_second_ctrl_c_still_gets_the_summary_and_the_csv(tmp_path, jobs):
    # ``timeout -s INT`` signals the process and then its group: two SIGINTs a
    # millisecond apart. The first stops the run; the second must not cut short
    # the CSV and the summary of what finished.
    import os
    import signal
    import time
    records = janko_records()
    quick = [records[f"janko-{k:04d}"] for k in (1, 2)]
    slow = [records[f"janko-{k}"] for k in ("0962", "0940", "0950", "0975")]
    collection = tmp_path / "c.jsonl"
    collection.write_text("".join(json.dumps(r) + "\n" for r in quick + slow))
    out, table = tmp_path / "r.jsonl", tmp_path / "r.csv"
    p = subprocess.Popen([sys.executable, "-m", "deduce.cli", "batch", str(collection), "--jobs", jobs,
                          "--out", str(out), "--csv", str(table), "--budget", "60", "--plain",
                          "--format", "json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True)
    give_up = time.monotonic() + 60
    while time.monotonic() < give_up and (not out.exists() or len(out.read_text().splitlines()) < 2):
        time.sleep(0.05)
    os.kill(p.pid, signal.SIGINT)
    time.sleep(0.001)
    os.kill(p.pid, signal.SIGINT)
    stdout, stderr = p.communicate(timeout=60)
    # (130, or killed by the second SIGINT as the interpreter shuts down, which
    # the shell also shows as 130)
    assert p.returncode in (130, -signal.SIGINT), stderr
    assert "Traceback" not in stderr and "deduce: interrupted" in stderr
    summary = json.loads(stdout)
    assert summary["interrupted"] is True
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert 2 <= len(lines) < 6 and summary["puzzles"] == len(lines)
    # the CSV holds the same results in the collection's order (--out: as they finished,
    # which with two workers may be 0002 before 0001)
    order = [r["id"] for r in quick + slow]
    with table.open(newline="") as f:
        assert [row["id"] for row in csv.DictReader(f)] == sorted((r["id"] for r in lines),
                                                                 key=order.index)
