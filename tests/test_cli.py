"""The command line: walkthroughs, JSON, grades, hints, verdict exit codes, bad input."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "puzzles" / "examples" / "nurikabe-7x7.txt"


def run(*args, input=None):
    return subprocess.run([sys.executable, "-m", "deduce.cli", *map(str, args)],
                          capture_output=True, text=True, input=input, timeout=120)


def test_solve_example_text():
    r = run("solve", EXAMPLE, "--plain")
    assert r.returncode == 0, r.stderr
    assert "solved" in r.stdout and "level" in r.stdout
    assert "1. [" in r.stdout


def test_walkthrough_into_a_pipe_keeps_steps_and_grids_whole(tmp_path):
    """Not on a terminal, nothing is wrapped or cut at 80 columns: one line per
    step, and every row of a 41-column diagram and grid in full."""
    f = tmp_path / "wide.txt"
    f.write_text(" ".join(["1", "."] * 20 + ["1"]) + "\n" + " ".join(["."] * 41) + "\n"
                 + " ".join([".", "2"] * 20 + ["."]) + "\n")
    r = run("solve", f, "--plain", "--diagrams", "--depth", "0")
    assert "…" not in r.stdout
    lines = r.stdout.splitlines()
    steps = json.loads(run("solve", f, "--format", "json", "--depth", "0").stdout)["steps"]
    assert len(steps) > 20
    assert sum(1 for line in lines if line[:1].isdigit()) == len(steps)
    # each step's diagram: all 41 columns, or on this wide grid the part around
    # the step named above it; either way every row of it whole
    diagrams, rows = [], None
    for line in lines:
        part = re.match(r" {6}Rows (\d+)–(\d+), columns (\d+)–(\d+) of 3x41:$", line)
        if part or line[:1].isdigit():
            r0, r1, c0, c1 = map(int, part.groups()) if part else (1, 3, 1, 41)
            rows = []
            diagrams.append(((r1 - r0 + 1, c1 - c0 + 1), rows))
        elif line.startswith("      ") and rows is not None:
            rows.append(line)
    diagrams = [d for d in diagrams if d[1]]  # (a header and its step line are one diagram)
    assert len(diagrams) == len(steps)
    assert sum(shape[1] < 41 for shape, _ in diagrams) > len(steps) / 2
    for (height, width), rows in diagrams:
        assert len(rows) == height
        assert all(len(row.split()) == width for row in rows
                   if "[" not in row and ">" not in row and "(" not in row)
    grid = lines[-5:-2]  # the final grid, a blank line and the summary
    assert all(len(row.split()) == 41 for row in grid), grid


def test_walkthrough_without_colour_draws_black_cells_as_symbols():
    """Into a pipe (or with NO_COLOR) colour never arrives, so grids draw black
    and white with symbols, as ``--plain`` does: the black cells of the final
    grid must not print as blanks."""
    grid = json.loads(run("solve", EXAMPLE, "--format", "json").stdout)["grid"]
    piped = run("solve", EXAMPLE).stdout.splitlines()
    drawn = piped[-2 - len(grid):-2]  # the final grid, a blank line and the summary
    for line, row in zip(drawn, grid, strict=True):
        assert line.count("#") == row.count("#"), (line, row)
    hint = run("hint", EXAMPLE, "--level", "3").stdout
    assert "#" in hint or "!" in hint, hint


def test_solve_json_fields():
    r = run("solve", EXAMPLE, "--format", "json")
    assert r.returncode == 0
    out = json.loads(r.stdout)
    assert out["kind"] == "nurikabe" and out["verdict"] == "solved"
    assert out["rows"] == 7 and out["cols"] == 7
    assert all(set(row) <= {"#", "."} and len(row) == 7 for row in out["grid"])
    g = out["grade"]
    assert {"level", "name", "max_tier", "max_depth", "score"} <= set(g)
    for step in out["steps"]:
        assert {"technique", "tier", "depth", "cells", "premises", "text"} <= set(step)
        for r_, c, v in step["cells"]:
            assert 0 <= r_ < 7 and 0 <= c < 7 and v in "#."
            assert out["grid"][r_][c] == v


def test_grade_many(tmp_path):
    r = run("grade", EXAMPLE, ROOT / "puzzles" / "examples" / "nurikabe-10x10.txt")
    assert r.returncode == 0
    assert len(r.stdout.strip().splitlines()) == 2
    assert all("solved, level" in line for line in r.stdout.splitlines())


def test_grade_of_a_grid_argument_is_one_line():
    """A grid given on the command line was named by its rows: one puzzle, three lines."""
    r = run("grade", "1 . .\n. . .\n. . 1", "--plain")
    assert r.returncode == 1
    assert r.stdout == "<text>: contradiction, level 0 Unsolved, depth 0, 3 steps\n"
    r = run("grade", "1 . .\r\n. . .", "--format", "json")
    assert json.loads(r.stdout)["puzzle"] == "<text>"


def test_one_step_is_counted_in_the_singular(tmp_path):
    f = tmp_path / "one.txt"
    f.write_text("1 .\n")  # the 1 is an island of one: one step blackens its neighbour
    r = run("grade", f)
    assert r.returncode == 0 and r.stdout.rstrip().endswith("depth 0, 1 step"), r.stdout
    r = run("solve", f, "--plain")
    assert "· 1 step ·" in r.stdout, r.stdout


def test_hint_on_partly_solved_grid(tmp_path):
    f = tmp_path / "p.txt"
    f.write_text("1 # .\n# . .\n. . 3\n")
    r = run("hint", f, "--plain", "--format", "json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["code"] == 0 and out["mistakes"] == [] and out["step"]["cells"]
    assert out["checked_against"] == "the solution found from the clues"


def test_plain_hint_checks_marks_and_clues(tmp_path):
    # a wrong mark is reported before any step; so is a puzzle without a solution
    f = tmp_path / "w.txt"
    f.write_text("1 + .\n. . .\n. . 3\n")
    r = run("hint", f, "--plain")
    assert r.returncode == 1 and "r1c2 should not be white" in r.stdout
    out = json.loads(run("hint", f, "--format", "json").stdout)
    assert out["step"] is None and out["mistakes"][0]["cell"] == [0, 1]
    f.write_text("1 . .\n. . .\n. . 1\n")
    r = run("hint", f, "--plain")
    assert r.returncode == 1 and "no solution" in r.stdout
    r = run("hint", f, "--plain", "--no-check")  # the next step, as asked
    assert r.returncode == 0 and r.stdout.startswith("Next.")


def test_no_solution_exit_1(tmp_path):
    f = tmp_path / "p.txt"
    f.write_text("1 1\n. .\n")
    r = run("solve", f, "--plain")
    assert r.returncode == 1
    assert "contradiction" in r.stdout


def test_several_solutions_stuck_exit_3(tmp_path):
    f = tmp_path / "p.txt"
    f.write_text("2 . . . 3\n. . . . .\n. 1 . . .\n. . . . 2\n3 . . . .\n")
    r = run("solve", f, "--plain", "--depth", "2")
    assert r.returncode == 3


@pytest.mark.parametrize("content,needle", [
    ("1 . .\n. .\n", ":2:"),               # wrong row length, names the line
    ("99 .\n. .\n", "99"),                  # clue larger than the grid
    ("1 x\n. .\n", ":1:3:"),                # non-numeric token, line and column
    ("", "empty"),                          # empty file
])
def test_bad_files_one_line_exit_2(tmp_path, content, needle):
    f = tmp_path / "bad.txt"
    f.write_text(content)
    r = run("solve", f)
    assert r.returncode == 2
    assert "Traceback" not in r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0]


@pytest.mark.parametrize("arg", [
    "https://puzz.link/p?nurikabe/10/10/zzzzzz!!",
    "https://puzz.link/p?nurikabe/x/10/g",
    "https://example.com/p?sudoku/9/9/abc",
    "/no/such/file.txt",
])
def test_bad_urls_and_paths_exit_2(arg):
    r = run("solve", arg)
    assert r.returncode == 2
    assert "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


def test_bad_option_exit_2():
    assert run("solve", EXAMPLE, "--depth", "-1").returncode == 2
    assert run("solve", EXAMPLE, "--kind", "sudoku").returncode == 2


@pytest.mark.parametrize("args,line", [
    (("solve", EXAMPLE, "--budget", "-1"), "deduce: error: argument --budget: '-1' is not "
     "a number of seconds from 0 to 1000000 (see deduce solve --help)"),
    (("check", EXAMPLE, "--budget", "nan"), "deduce: error: argument --budget: 'nan' is "
     "not a number of seconds from 0 to 1000000 (see deduce check --help)"),
    (("check", EXAMPLE, "--budget", "inf"), "deduce: error: argument --budget: 'inf' is "
     "not a number of seconds from 0 to 1000000 (see deduce check --help)"),
    (("check", EXAMPLE, "--human-depth", "-1"), "deduce: error: argument --human-depth/--depth: "
     "'-1': must be 0 or more (see deduce check --help)"),
    (("check", EXAMPLE, "--depth", "-1"), "deduce: error: argument --human-depth/--depth: "
     "'-1': must be 0 or more (see deduce check --help)"),
    # int() would take these as 10 and 3
    (("render", EXAMPLE, "--svg", "/dev/null", "--step", "1_0"), "deduce: error: argument "
     "--step: '1_0' is not a whole number (digits 0-9) (see deduce render --help)"),
    (("solve", EXAMPLE, "--depth", "\u0663"), "deduce: error: argument "
     "--depth: '\u0663' is not a whole number (digits 0-9) (see deduce solve --help)"),
    # the solver deepens one level at a time: on a 3x3 grid with two solutions,
    # --depth 99999999999999 --budget 0 never ended
    (("grade", EXAMPLE, "--depth", "99999999999999", "--budget", "0"), "deduce: error: argument "
     "--depth: '99999999999999': at most 100 (see deduce grade --help)"),
    (("check", EXAMPLE, "--depth", "101"), "deduce: error: argument --human-depth/--depth: "
     "'101': at most 100 (see deduce check --help)"),
    (("batch", EXAMPLE, "--depth", "101"), "deduce: error: argument "
     "--depth: '101': at most 100 (see deduce batch --help)"),
    (("generate", "nurikabe", "--size", "5x5", "--level", "1", "--budget", "0"),
     "deduce: error: argument --budget: '0' is not a number of seconds more than 0, "
     "up to 1000000 (see deduce generate --help)"),
    (("hint", EXAMPLE, "--level", "4"), "deduce: error: argument --level: invalid choice: "
     "4 (choose from 1, 2, 3) (see deduce hint --help)"),
    (("solve",), "deduce: error: the following arguments are required: puzzle "
     "(see deduce solve --help)"),
    (("solve", EXAMPLE, "--steps", "0"), "deduce: error: --steps '0': steps are numbered from 1"),
    (("solve", EXAMPLE, "--steps", "3..2"),
     "deduce: error: --steps '3..2': the first step comes after the last"),
    (("solve", EXAMPLE, "--steps", "2", "--format", "json"),
     "deduce: error: --steps is for the text walkthrough; the JSON one holds every step"),
    # an empty range is refused too, not taken as no --steps at all
    (("solve", EXAMPLE, "--steps", ""), "deduce: error: --steps '': write N..M, N.., ..M or N"),
])
def test_bad_options_one_line_exit_2(args, line):
    """argparse's own mistakes too: one line, not the usage first."""
    r = run(*args)
    assert r.returncode == 2 and r.stderr.strip() == line


def test_json_output_stays_json(tmp_path):
    """--format json: standard output holds JSON only, whatever else is asked."""
    solved = tmp_path / "solved.txt"
    solved.write_text("1 # 2\n# # +\n")
    broken = tmp_path / "broken.txt"
    broken.write_text("1 + 1\n# # #\n")
    for args, code in ((("hint", str(solved)), 0), (("hint", str(broken)), 1)):
        r = run(*args, "--format", "json")
        assert r.returncode == code, r.stderr
        data = json.loads(r.stdout)
        assert data["step"] is None and data["code"] == code and data["hint"]
    page = tmp_path / "w.html"
    r = run("solve", EXAMPLE, "--format", "json", "--html", str(page))
    assert r.returncode == 0 and json.loads(r.stdout)["verdict"] == "solved"
    assert page.exists() and str(page) in r.stderr


@pytest.mark.parametrize("args", [
    ("check", "--format", "json"),
    ("check",),  # text goes through rich, which has its own broken-pipe exit (1: "not unique")
    ("solve",),
    ("grade",),
])
def test_reader_gone_stops_quietly(args):
    """``deduce ... | head``: the reader closes the pipe; no traceback, exit 141."""
    p = subprocess.Popen([sys.executable, "-m", "deduce.cli", args[0], str(EXAMPLE), *args[1:]],
                         cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    p.stdout.close()  # before the command writes anything
    err = p.stderr.read().decode()
    assert p.wait(timeout=60) == 141, err
    assert err == ""


@pytest.mark.parametrize("args", [
    ("solve", EXAMPLE, "--html", ""),
    ("solve", EXAMPLE, "--svg", " "),
    ("render", EXAMPLE, "--svg", ""),
    ("batch", EXAMPLE, "--out", ""),
    ("batch", EXAMPLE, "--csv", ""),
    ("generate", "nurikabe", "--size", "5x5", "--level", "1", "--out", ""),
    ("solve", EXAMPLE, "--expand"),  # (opens runs of an HTML walkthrough not asked for)
])
def test_empty_output_names_and_idle_options_are_refused(args):
    r = run(*args)
    assert r.returncode == 2 and r.stdout == ""
    assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr


def test_plain_grid_tells_an_unknown_size_clue_from_an_unknown_cell(tmp_path):
    f = tmp_path / "q.txt"
    f.write_text("? . .\n. . .\n. . 3\n")
    r = run("solve", f, "--plain", "--depth", "0")
    assert r.returncode == 3
    assert "?? ? ?\n ? # ?\n ? ? 3\n" in r.stdout


def test_hint_keeps_to_its_budget(tmp_path):
    # an open 10x10 grid with one clue of unknown size: no step comes quickly
    f = tmp_path / "open.txt"
    f.write_text("? " + ". " * 9 + "\n" + (". " * 10 + "\n") * 9)
    r = run("hint", f, "--budget", "1", "--no-check")
    assert r.returncode == 3 and "within the budget (1 s" in r.stdout


def test_hint_has_time_for_its_step_after_a_long_check(tmp_path):
    # the check's solve runs out of budget on the open grid; the step (the 1) is quick
    f = tmp_path / "open.txt"
    f.write_text("? " + ". " * 9 + "\n" + (". " * 10 + "\n") * 8 + ". " * 9 + "1\n")
    r = run("hint", f, "--budget", "1", "--plain")
    assert r.returncode == 0 and "The 1 at r10c10 is an island of one" in r.stdout


def test_hint_reports_a_wrong_mark_against_the_records_solution(tmp_path):
    f = tmp_path / "c.jsonl"
    f.write_text(json.dumps({"id": "x", "grid": ["1 +", ". ."],
                             "solution": [".#", "##"]}) + "\n")
    r = run("hint", f, "--id", "x")
    assert r.returncode == 1, r.stderr
    assert "checked against the puzzle's known solution" in r.stdout
    assert "r1c2 should not be white" in r.stdout


@pytest.mark.parametrize("args,says", [
    (("solve", "https://puzz.link/p?nurimaze/\u00b2/2/00"), "the width '\u00b2' is not a number"),
    (("solve", "https://puzz.link/p?nurimaze/" + "9" * 5000 + "/2/00"), "is not a number from 1"),
    (("solve", "9" * 5000 + "x5:0"), "the width '9"),
    (("solve", "nurimaze/10/10/" + "0" * 5000), "<url>:1:"),  # (no file of that name)
    (("generate", "nurikabe", "--size", "9" * 5000 + "x5", "--level", "1"), "sides from 2"),
    (("why", EXAMPLE, "9" * 5000 + ",1"), "no such cell in this 7x7 grid"),
    (("grade", EXAMPLE, "--id", ""), "--id '': give the id of a record"),
    (("render", EXAMPLE, "--svg", "-", "--format", "json"), "both write to standard output"),
    (("solve", "https://puzz.link/p?nurikabe/3/3/2m1", "--kind", "pipes"),
     "looks like nurikabe, not pipes"),
    (("batch", ROOT / "tests" / "data" / "none.jsonl", "--csv", "a" * 5000 + ".csv"),
     "cannot write"),
])
def test_odd_numbers_names_and_options_get_one_line(args, says):
    r = run(*args)
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr[-300:]
    assert len(r.stderr.strip().splitlines()) == 1 and says in r.stderr


def test_pzprv3_numbers_python_reads_but_int_does_not(tmp_path):
    f = tmp_path / "p.txt"
    f.write_text("pzprv3\nnurimaze\n\u00b2\n2\n")
    r = run("solve", f)
    assert r.returncode == 2 and "the number of rows '\u00b2'" in r.stderr


def test_results_never_overwrite_the_puzzle_or_each_other(tmp_path):
    collection = tmp_path / "c.jsonl"
    collection.write_text(json.dumps({"id": "a", "grid": ["1 .", ". ."]}) + "\n")
    before = collection.read_text()
    for args, says in ((("batch", collection, "--out", collection), "is the collection itself"),
                       (("batch", collection, "--csv", collection), "is the collection itself"),
                       (("batch", collection, "--out", tmp_path / "r", "--csv",
                         tmp_path / "." / "r"), "both"),
                       (("solve", collection, "--id", "a", "--html", collection),
                        "the puzzle's own file")):
        r = run(*args)
        assert r.returncode == 2 and says in r.stderr, r.stderr
    assert collection.read_text() == before


def test_a_write_that_fails_midway_is_one_line(tmp_path):
    full = "/dev/full"
    if not Path(full).exists():
        pytest.skip("no /dev/full here")
    collection = tmp_path / "c.jsonl"
    collection.write_text(json.dumps({"id": "a", "grid": ["1 .", ". ."]}) + "\n")
    for args in (("batch", collection, "--out", full, "--jobs", "1", "--plain"),
                 ("generate", "nurikabe", "--size", "5x5", "--level", "1", "--out", full)):
        r = run(*args)
        assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr[-300:]
        assert "cannot write" in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_generate_out_dash_is_standard_output(tmp_path):
    r = subprocess.run([sys.executable, "-m", "deduce.cli", "generate", "nurikabe", "--size",
                        "5x5", "--level", "1", "--out", "-"], capture_output=True, text=True,
                       cwd=tmp_path, timeout=120)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["rows"] == 5 and "standard output" in r.stderr
    assert not (tmp_path / "-").exists()


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
@pytest.mark.parametrize("args", [("grade",), ("solve",), ("solve", "--format", "json"),
                                  ("why", "2,2"), ("check",), ("render", "--svg", "-")])
def test_standard_output_that_cannot_be_written_is_one_error_line(args):
    with open("/dev/full", "w") as full:
        r = subprocess.run([sys.executable, "-m", "deduce.cli", args[0], str(EXAMPLE), *args[1:]],
                           stdout=full, stderr=subprocess.PIPE, text=True, timeout=120)
    assert r.returncode == 2, r.stderr
    assert r.stderr == "deduce: error: cannot write the output: No space left on device\n"


@pytest.mark.parametrize("cell", ["-1,2", "1,-2", "r-1c2"])
def test_why_a_negative_cell_says_rows_count_from_1(cell):
    r = run("why", EXAMPLE, cell)
    assert r.returncode == 2
    assert r.stderr == f"deduce: error: '{cell}': rows and columns count from 1 (e.g. 3,4 or r3c4)\n"


def test_a_negative_number_is_a_value_not_an_unknown_option():
    r = run("solve", EXAMPLE, "--budget", "-1e3")
    assert r.returncode == 2 and "'-1e3' is not a number of seconds" in r.stderr


@pytest.mark.parametrize("value,says", [("1_0", "is not a whole number"), ("-3", "must be 0 or more"),
                                        ("9" * 19, "at most 18 digits")])
def test_generate_seed_is_a_whole_number(value, says):
    r = run("generate", "nurikabe", "--size", "4x4", "--level", "1", "--seed", value)
    assert r.returncode == 2 and says in r.stderr and len(r.stderr.splitlines()) == 1


def test_grade_of_several_puzzles_puts_no_solution_before_stuck(tmp_path):
    """As batch does: a puzzle with no solution (1) is not hidden by a stuck one (3)."""
    none, stuck = tmp_path / "none.txt", tmp_path / "stuck.txt"
    none.write_text("1 1\n. .\n")
    stuck.write_text("2 . .\n. . .\n. . 2\n")
    assert run("grade", none, stuck).returncode == 1
    assert run("grade", stuck, none).returncode == 1
    assert run("grade", stuck, EXAMPLE).returncode == 3
    assert run("grade", EXAMPLE, EXAMPLE).returncode == 0


def test_render_step_past_the_walkthrough(tmp_path):
    """--step K beyond the last step: a bad K (exit 2) only when the walkthrough
    is complete; when logic got stuck first (at --depth, or at the budget), step
    K may well exist, so it says so and exits 3, as ``why`` does."""
    svg = tmp_path / "a.svg"
    stuck = tmp_path / "stuck.txt"
    stuck.write_text("? . .\n. . .\n. . 3\n")
    r = run("render", stuck, "--svg", svg, "--step", "99", "--depth", "0")
    assert r.returncode == 3 and r.stdout == "" and not svg.exists()
    assert r.stderr == ("deduce: --step 99: logic got stuck after 1 step "
                        "(no technique applies at depth <= 0)\n")
    solved = tmp_path / "solved.txt"
    solved.write_text("1 # 2\n# # +\n")
    r = run("render", solved, "--svg", svg, "--step", "1")
    assert r.returncode == 2 and r.stderr == "deduce: error: --step 1: the walkthrough has no steps\n"
    # marks that break a rule: no solution (exit 1, as a step of such a walkthrough), not bad input
    pool = tmp_path / "pool.txt"
    pool.write_text("# # . . 1 .\n# # . . . .\n. . 2 . . 4\n. 4 . . . .\n. . . 4 . .\n. . . . . .\n")
    r = run("render", pool, "--svg", svg, "--step", "1")
    assert r.returncode == 1 and not svg.exists()
    assert r.stderr == ("deduce: --step 1: the puzzle has no solution, found after 0 steps "
                        "(the 2x2 square at r1c1 is all black)\n")
    r = run("render", EXAMPLE, "--svg", svg, "--step", "999")
    assert r.returncode == 2 and "the walkthrough has only" in r.stderr
    # --solved draws where logic stopped, and says so when that is not a solution
    # (it said "Wrote the final grid" alone, with exit 3 or 1)
    r = run("render", stuck, "--svg", svg, "--solved", "--depth", "0")
    assert r.returncode == 3 and svg.exists()
    assert r.stderr == ("deduce: note: logic got stuck (no technique applies at depth <= 0); "
                        "the grid drawn is where it stopped\n")
    r = run("render", pool, "--svg", svg, "--solved")
    assert r.returncode == 1 and r.stderr.startswith("deduce: note: this puzzle has no solution "
                                                     "(the 2x2 square at r1c1 is all black)")
    r = run("render", EXAMPLE, "--svg", svg, "--solved")
    assert r.returncode == 0 and r.stderr == ""
