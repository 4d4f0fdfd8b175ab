"""Nurimeizu: formats, rules checker, techniques, soundness against known solutions
and against the independent ASP oracle, and the CLI."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from conftest import (SHARED, records_in_a_json_file_are_read, redecided_steps,
                      steps_past_a_broken_rule, unreplayed_steps)
from deduce.errors import Contradiction, InputError
from deduce.solver import Solver
from deduce.state import State
from puzzles.nurimeizu import KIND
from puzzles.nurimeizu.asp import solutions as oracle_solutions
from puzzles.nurimeizu.formats import (decode_puzzlink, encode_puzzlink, from_record, load,
                                       parse_pzprv3, parse_text, recognises, to_pzprv3, to_text)
from puzzles.nurimeizu.model import Nurimeizu, rows_state, violations
from rules.nurimeizu import TECHNIQUES, View

DATA = SHARED / "nurimeizu" / "janko.jsonl"
SAMPLE = ("001 002 004 005 008 010 011 012 018 019 021 023 024 025 027 030 035 039 045 046 "
          "047 053 054 057 060 061 062 063 064 065").split()
SINGLES = "abcd\nefgh\nijkl\nmnop"  # a 4x4 grid of one-cell rooms


def records() -> list[dict]:
    if not DATA.exists():
        pytest.skip(f"shared data not found at {DATA}")
    with DATA.open() as f:
        return [json.loads(line) for line in f]


def puzzle(rooms: str, marks: str) -> Nurimeizu:
    return parse_text(rooms + "\n\n" + marks)


def view(p: Nurimeizu, grid: str) -> View:
    """A view of ``p`` with rooms coloured as in ``grid`` (``#``, ``.``, ``?`` per cell)."""
    return View(p, rows_state(p, grid.split()))


def run(tid: str, v: View):
    found = TECHNIQUES.get(tid).apply(v)
    return [found] if found is not None and not isinstance(found, list) else found


def concluded(steps, p: Nurimeizu) -> dict[str, str]:
    """{"r2c2": "#"} for every room a list of steps decides, named by its first cell."""
    return {p.cell_name(p.room_cells[k][0]): ".#"[val] for s in steps or () for k, val in s.conclusions}


# ------------------------------------------------------------------ formats
def test_puzzlink_round_trips_every_janko_record():
    for r in records():
        p = decode_puzzlink(r["puzzlink_url"])
        assert encode_puzzlink(p) == r["puzzlink_url"], r["id"]
        q = from_record(r)
        assert p.room_of == q.room_of and p.marks == q.marks, r["id"]
        assert p.clue_rows() == r["clues"], r["id"]


def test_record_rooms_and_solution():
    for r in records():
        p = from_record(r)
        flat = [x for row in r["rooms"] for x in row]
        # same partition as the record (a record id reused for far-apart pieces is split)
        for i in range(p.size):
            for j in (i + 1, i + p.cols):
                if j < p.size and (j == i + p.cols or j % p.cols):
                    if p.room_of[i] == p.room_of[j]:
                        assert flat[i] == flat[j]
        assert violations(p, r["solution"]) == [], r["id"]
        assert KIND.violations(p, KIND.solution(p)) == []


def test_violations_name_each_broken_rule():
    r = records()[0]
    p = from_record(r)
    sol = list(r["solution"])
    all_white = ["." * p.cols] * p.rows
    broken = violations(p, all_white)
    assert any("all white" in b for b in broken) and any("loop" in b for b in broken)
    flipped = [("." if ch == "#" else "#") for ch in sol[0]]
    assert violations(p, ["".join(flipped)] + sol[1:])


def test_text_format_round_trip_and_doc_example():
    p = parse_text("AAB\nACC\n\nS.o\n.tG")
    assert p.n_rooms == 3 and p.start == 0 and p.goal == 5
    assert p.mark_at == {0: "S", 2: "o", 4: "t", 5: "G"}
    q = from_record(records()[5])
    back = parse_text(to_text(q))
    assert back.room_of == q.room_of and back.marks == q.marks


def test_load_dispatch(tmp_path):
    r = records()[3]
    assert load(r["puzzlink_url"]).room_of == from_record(r).room_of
    f = tmp_path / "one.txt"
    f.write_text(r["puzzlink_url"] + "\n")
    assert load(str(f)).marks == from_record(r).marks
    assert load(str(DATA), id=r["id"]).id == r["id"]


@pytest.mark.parametrize("text", [
    "AB\nAC\n\nS.\nX.",  # bad mark
    "AB\nAC\n\nS.\n..",  # no goal
    "AB\nAC\n\nS.G\n...",  # marks grid of another width
    "AB\nAC",  # no marks grid
    "https://puzz.link/p?nurimaze/2/2/0",  # walls cut short
    "https://puzz.link/p?nurimaze/2/2/00162zz",  # too long
    "https://puzz.link/p?nurikabe/2/2/00162",  # another puzzle
    "https://example.com/p?nurimaze/2/2/00162",
])
def test_bad_input_is_one_line(text):
    with pytest.raises(InputError) as e:
        load(text)
    assert "\n" not in str(e.value)


def test_a_file_of_several_urls_is_named_as_such(tmp_path):
    """Two URLs in a file were read as a text grid: "only one grid: expected the rooms
    grid, a blank line and the marks grid"."""
    url = "https://puzz.link/p?nurimaze/2/2/00162"
    f = tmp_path / "urls.txt"
    f.write_text(f"{url}\n\n{url}\n")
    with pytest.raises(InputError, match=r"urls.txt:3:1: one puzz.link URL per file \(this one "
                       r"has 2 lines\); put several puzzles in a .jsonl collection"):
        load(str(f))
    f.write_text(f"; a comment\n{url}\n")
    assert load(str(f)).marks == ((0, "S"), (3, "G"))


def test_cli_bad_input_exits_2(tmp_path):
    f = tmp_path / "bad.txt"
    f.write_text("AB\nAC\n\nS.\nX.\n")
    out = subprocess.run([sys.executable, "-m", "deduce.cli", "solve", str(f), "--kind",
                          "nurimeizu"], capture_output=True, text=True)
    assert out.returncode == 2
    assert f"{f}:5:1" in out.stderr + out.stdout


# pzprjs's own nurimaze test script (robx/pzprjs test/script/nurimaze.js): its URL
# 6/6/6efjsstsvjun1e374i2547 and the file of the correct answer, "/" for line breaks
PZPRJS_URL = "https://puzz.link/p?nurimaze/6/6/6efjsstsvjun1e374i2547"
PZPRJS_FILE = ("pzprv3/nurimaze/6/6/17/0 0 0 1 2 2 /3 3 4 1 5 5 /6 6 4 1 7 8 /9 10 10 10 7 8 "
               "/11 12 13 14 14 14 /11 15 13 16 16 16 /s . . . . . /. . . . . o /. . . t . . "
               "/. . . . . . /. . . . . . /g . t . . . /+ + + + # # /# # # + + + /+ + # + # + "
               "/+ # # # # + /+ + + + + + /+ # + # # # /")
# the same layout as pzprjs's "file save" writes it, with its trailing line-mark rows
PZPRJS_NEWER = ("pzprv3/nurimaze/3/4/8/0 1 2 3 /0 1 2 3 /4 5 6 7 /s . . . /. . o . /. t . g "
                "/. # . # /. # . # /# . # . /0 0 0 /0 0 0 /0 0 0 /0 0 0 0 /0 0 0 0 /")


def test_pzprv3_round_trips_every_janko_record():
    for r in records():
        p = from_record(r)
        text = to_pzprv3(p)
        assert text.startswith("pzprv3\nnurimaze\n"), r["id"]
        q = parse_pzprv3(text)
        assert q.room_of == p.room_of and q.marks == p.marks, r["id"]
        assert q.solution is None
        # with the known solution as a state, the answer comes back as the solution
        s = parse_pzprv3(to_pzprv3(p, rows_state(p, r["solution"])))
        assert s.room_of == p.room_of and s.marks == p.marks, r["id"]
        assert list(s.solution) == r["solution"], r["id"]


def test_pzprv3_reads_pzprjs_test_fixtures(tmp_path):
    p = parse_pzprv3(PZPRJS_FILE)
    url = decode_puzzlink(PZPRJS_URL)
    assert (p.rows, p.cols) == (6, 6)
    assert p.room_of == url.room_of and p.marks == url.marks
    assert p.mark_at == {0: "S", 11: "o", 15: "t", 30: "G", 32: "t"}
    assert p.solution is not None and violations(p, list(p.solution)) == []
    # the same file with real line breaks, through load() as a file and as text
    f = tmp_path / "nurimaze.txt"
    f.write_text(PZPRJS_FILE.replace("/", "\n"))
    for q in (load(str(f)), load(PZPRJS_FILE), load(PZPRJS_FILE.replace("/", "\n"))):
        assert q.room_of == p.room_of and q.marks == p.marks and q.solution == p.solution
    n = parse_pzprv3(PZPRJS_NEWER)
    assert n.n_rooms == 8 and n.mark_at == {0: "S", 6: "o", 9: "t", 11: "G"}
    assert n.solution is None  # an answer that breaks the rules is not kept


def test_pzprv3_partial_state_and_puzzle_only_file():
    r = records()[0]
    p = from_record(r)
    state = rows_state(p, r["solution"])
    partial = State(state.n, state.ones, 0)  # the black rooms only
    text = to_pzprv3(p, partial)
    answer = text.splitlines()[5 + 2 * p.rows:]
    assert len(answer) == p.rows and all(set(row) <= set("#. ") for row in answer)
    marked = parse_pzprv3(text)
    assert marked.solution is None
    # a partial answer is the player's marks: the black rooms here, and they come back out
    assert marked.shaded == tuple((k, 1) for k in range(state.n) if state.value(k) == 1)
    assert KIND.initial_state(marked).ones == state.ones
    assert to_pzprv3(marked) == text
    # a file that stops after the marks is a puzzle with no answer
    head = "\n".join(to_pzprv3(p).splitlines()[:5 + 2 * p.rows])
    assert parse_pzprv3(head).marks == p.marks and parse_pzprv3(head).shaded == ()


def test_hint_checks_a_players_pzprv3_marks(tmp_path):
    """The answer rows of a pzprv3 file are marks: a wrong one is reported (exit 1),
    right ones are where the next step starts from."""
    r = records()[0]
    p = from_record({k: v for k, v in r.items() if k != "solution"})
    rows = [list(row) for row in r["solution"]]
    rows[0][0] = "." if rows[0][0] == "#" else "#"  # the room at r1c1 the wrong way
    wrong = [["?" if (i + j) % 3 and (i, j) != (0, 0) else ch for j, ch in enumerate(row)]
             for i, row in enumerate(rows)]
    f = tmp_path / "wrong.txt"
    f.write_text(to_pzprv3(p, ["".join(row) for row in wrong]))
    out = subprocess.run([sys.executable, "-m", "deduce.cli", "hint", str(f), "--format", "json",
                          "--budget", "30"], capture_output=True, text=True)
    assert out.returncode == 1, out.stderr
    got = json.loads(out.stdout)
    room = p.room_of[0]
    assert [m["cell"] for m in got["mistakes"]] == [list(KIND.coords(p, room))]
    # the right marks alone: a step, and never one that decides a marked room again
    right = [["?" if (i + j) % 3 else ch for j, ch in enumerate(row)]
             for i, row in enumerate(r["solution"])]
    f.write_text(to_pzprv3(p, ["".join(row) for row in right]))
    marked = load(str(f))
    assert marked.shaded
    out = subprocess.run([sys.executable, "-m", "deduce.cli", "hint", str(f), "--format", "json",
                          "--budget", "30"], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    step = json.loads(out.stdout)["step"]
    start = KIND.initial_state(marked)
    for rr, cc, _ in step["cells"]:
        assert start.value(marked.room_of[rr * marked.cols + cc]) is None


def test_hint_on_a_pzprv3_file_whose_complete_answer_is_right_says_solved(tmp_path, capsys):
    """A complete, right answer is the known solution: ``hint`` says the grid is
    solved, as for a Nurikabe grid marked to the end (it gave the first step from
    scratch); a complete wrong answer, or a partial one, is still checked and hinted."""
    from deduce.cli import main
    example = Path(__file__).resolve().parents[1] / "puzzles" / "examples" / "nurimeizu-10x10-medium.txt"
    p = KIND.load(str(example))
    result = Solver(KIND, p).solve()
    solved = KIND.grid_rows(p, result.state)
    f = tmp_path / "answered.pzprv3"
    f.write_text(to_pzprv3(p, solved))
    assert main(["hint", str(f), "--plain"]) == 0
    assert capsys.readouterr().out == "The grid is already solved.\n"
    for options in ([], ["--no-check"], ["--level", "1"]):
        assert main(["hint", str(f), "--format", "json", *options]) == 0
        got = json.loads(capsys.readouterr().out)
        assert (got["code"], got["hint"], got["step"]) == (0, ["The grid is already solved."], None)
    # solve still walks through it from scratch
    assert main(["solve", str(f), "--format", "json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["steps"]) == len(result.steps)
    # the room at r1c1 the wrong way: a complete answer that breaks a rule is marks
    flip = {"#": ".", ".": "#"}
    wrong = ["".join(flip[ch] if p.room_of[r * p.cols + c] == p.room_of[0] else ch
                     for c, ch in enumerate(row)) for r, row in enumerate(solved)]
    f.write_text(to_pzprv3(p, wrong))
    assert main(["hint", str(f), "--format", "json"]) == 1
    got = json.loads(capsys.readouterr().out)
    assert [m["cell"] for m in got["mistakes"]] == [list(KIND.coords(p, p.room_of[0]))]
    # a partial answer, right as far as it goes: the next step
    f.write_text(to_pzprv3(p, [row if r < 3 else "?" * p.cols for r, row in enumerate(solved)]))
    assert main(["hint", str(f), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["step"] is not None


def test_a_room_marked_both_ways_is_one_error_line(tmp_path):
    f = tmp_path / "mixed.txt"
    f.write_text("pzprv3\nnurimaze\n2\n2\n2\n0 1 \n0 1 \ns . \n. g \n# . \n+ . \n")
    out = subprocess.run([sys.executable, "-m", "deduce.cli", "solve", str(f)],
                         capture_output=True, text=True)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr
    assert f"{f}:11:1: the answer marks one room both shaded and unshaded (r1c1 and r2c1)" \
        in out.stderr


GOOD = "pzprv3\nnurimaze\n2\n2\n2\n0 1 \n0 1 \ns . \n. g \n. . \n. . \n"


@pytest.mark.parametrize("text, where, words", [
    (GOOD.replace("nurimaze", "nurikabe"), ":2:1:", "not nurimaze"),
    (GOOD.replace("\n2\n2\n2\n", "\nx\n2\n2\n"), ":3:1:", "number of rows"),
    (GOOD.replace("0 1 \n0 1 \n", "0 1 \n0 1 3 \n"), ":7:1:", "3 cells, expected 2"),
    (GOOD.replace("0 1 \n0 1 \n", "0 1 \n0 2 \n"), ":7:3:", "room number '2'"),
    (GOOD.replace("0 1 \n0 1 \n", "0 1 \n0 -1 \n"), ":7:3:", "room number '-1'"),
    (GOOD.replace("s . \n", "s x \n"), ":8:3:", "mark 'x'"),
    (GOOD.replace(". g \n", ". . \n"), ":8:", "exactly one goal"),
    (GOOD.replace(". . \n. . \n", "# ? \n. . \n"), ":10:3:", "answer '?'"),
    (GOOD.replace(". . \n. . \n", ". . \n"), ":10:", "ends where answer row 2"),
    ("pzprv3\nnurimaze\n2\n2\n2\n0 1 \n", ":6:", "ends where room row 2"),
    ("pzprv3/nurimaze/2/2/2/0 1 /0 1 /s . /. t /", ":1:", "exactly one goal"),
    ("pzprv3/nurimaze/2/2/2/0 1 /0 1 /s . /. Q /", ":1:40:", "mark 'Q'"),
])
def test_pzprv3_bad_input_is_one_line(tmp_path, text, where, words):
    f = tmp_path / "bad.pzprv3"
    f.write_text(text)
    for arg, source in ((str(f), str(f)), (text, "<pzprv3>")):
        with pytest.raises(InputError) as e:
            load(arg)
        message = str(e.value)
        assert "\n" not in message and message.startswith(source + where), message
        assert words in message, message


# ------------------------------------------------------------------ techniques
def test_icons():
    p = puzzle(SINGLES, "S...\n..o.\n.t..\n...G")
    assert set(concluded(run("icons", view(p, "????\n????\n????\n????")), p)) == \
        {"r1c1", "r2c3", "r3c2", "r4c4"}
    assert run("icons", view(p, ".???\n??.?\n?.??\n???.")) is None


def test_squares():
    p = puzzle(SINGLES, "S...\n....\n....\n...G")
    assert concluded(run("squares", view(p, "##??\n#???\n????\n????")), p) == {"r2c2": "."}
    assert run("squares", view(p, "##??\n????\n????\n????")) is None
    # two known white cells and the other two in one room
    q = puzzle("abcd\neffg\nhijk\nlmno", "S...\n....\n....\n...G")
    assert concluded(run("squares", view(q, ".??.\n????\n????\n????")), q) == {}
    assert concluded(run("squares", view(q, "?..?\n????\n????\n????")), q) == {"r2c2": "#"}


def test_exits():
    p = puzzle(SINGLES, "S...\n....\n....\n...G")
    assert concluded(run("exits", view(p, ".#??\n????\n????\n???.")), p) == {"r2c1": "."}
    assert run("exits", view(p, ".???\n????\n????\n???.")) is None
    c = puzzle(SINGLES, "S...\n.o..\n....\n...G")
    assert concluded(run("exits", view(c, ".???\n#.#?\n????\n???.")), c) == \
        {"r1c2": ".", "r3c2": "."}


def test_loop_prevention():
    p = puzzle(SINGLES, "S...\n....\n....\n...G")
    assert concluded(run("loop-prevention", view(p, "...?\n.#.?\n..??\n???.")), p) == \
        {"r3c3": "#"}
    assert run("loop-prevention", view(p, "...?\n.#.?\n.???\n???.")) is None


def test_loop_prevention_room_wrapping_one_white_cell():
    p = puzzle("aab\nacd\nefg", "S..\n...\n..G")
    steps = run("loop-prevention", view(p, "???\n?.?\n???"))
    assert concluded(steps, p) == {"r1c1": "#"}
    assert "close a loop" in steps[0].text


def test_loop_prevention_looks_only_near_what_changed():
    p = puzzle(SINGLES, "S...\n....\n....\n...G")
    v = view(p, "...?\n.#.?\n..??\n???.")
    v.changed = 1 << p.room_of[15]  # only G's room changed: the loop at r3c3 is old news
    assert run("loop-prevention", v) is None
    v.changed = 1 << p.room_of[9]  # r3c2 turned white: look again
    assert concluded(run("loop-prevention", v), p) == {"r3c3": "#"}


def test_white_connectivity():
    p = puzzle(SINGLES, "S...\n....\n....\n...G")
    assert concluded(run("white-connectivity", view(p, ".#??\n??#?\n????\n???.")), p) == \
        {"r2c1": "."}
    assert run("white-connectivity", view(p, ".???\n????\n????\n???.")) is None


def test_white_connectivity_cut_off_rooms_are_black():
    p = puzzle(SINGLES, "S...\n....\n....\n...G")
    steps = run("white-connectivity", view(p, ".?#?\n???#\n????\n???."))
    assert concluded(steps, p) == {"r1c4": "#"}
    assert "can no longer connect to the start" in steps[0].text
    assert {p.cell_name(p.room_cells[k][0]) for k in steps[0].premises} == {"r1c4", "r1c3", "r2c4"}
    # two rooms shut off together, in one step
    q = puzzle(SINGLES, "S...\n....\n....\n...G")
    steps = run("white-connectivity", view(q, ".#??\n??##\n????\n???."))
    black = [s for s in steps if s.conclusions[0][1] == 1]
    assert len(black) == 1 and concluded(black, q) == {"r1c3": "#", "r1c4": "#"}


def test_route_shape():
    p = puzzle(SINGLES, "S.G.\n....\n....\n...o")
    assert concluded(run("route-shape", view(p, ".?.?\n????\n????\n???.")), p) == {"r1c2": "#"}
    q = puzzle(SINGLES, "S.G.\n....\n....\n....")
    assert run("route-shape", view(q, ".?.?\n????\n????\n????")) is None
    t = puzzle(SINGLES, "S.G.\n.t..\n....\n....")
    assert concluded(run("route-shape", view(t, "...?\n?.??\n????\n????")), t) == {}
    # joining S and G through the triangle's room would put it on the route
    u = puzzle("abcd\nefgh\nijkl\nmnop", "S.G.\n....\n....\n....")
    v = puzzle("abbd\nefgh\nijkl\nmnop", "StG.\n....\n....\n....")
    assert run("route-shape", view(u, ".?.?\n????\n????\n????")) is None
    assert concluded(run("route-shape", view(v, ".?.?\n????\n????\n????")), v) == {}


def test_route_chokepoint():
    p = puzzle(SINGLES, "S...\n....\n....\n...G")
    assert concluded(run("route-chokepoint", view(p, ".#??\n.#??\n????\n.#?.")), p) == \
        {"r3c1": ".", "r3c2": ".", "r3c3": "."}
    assert run("route-chokepoint", view(p, ".???\n????\n????\n???.")) is None
    # a triangle blocks a way the route could take (but the white tree may pass it)
    t = puzzle(SINGLES, "S...\n....\n.t..\n...G")
    assert concluded(run("route-chokepoint", view(t, ".#??\n.#??\n?.??\n.#?.")), t) == {}


def test_route_chokepoint_room():
    # every route from S to G passes the tall room at r1c2, through one cell or the other
    p = puzzle("abc\ndbf\nghi", "S.G\n...\n...")
    steps = run("route-chokepoint", view(p, "???\n???\n###"))
    assert concluded(steps, p) == {"r1c2": "."}
    assert "the room at r1c2" in steps[0].text
    # why: that room and the black cell closing the start's side
    assert {p.cell_name(p.room_cells[k][0]) for k in steps[0].premises} == {"r1c2", "r3c1"}
    assert run("route-chokepoint", view(p, "???\n???\n???")) is None


@pytest.mark.parametrize("marks, grid, words", [
    # the circle sits in a pocket behind r1c2, away from G: the route would pass r1c2 twice
    ("S.o\n...\nG..", "???\n?##\n?##", "twice"),
    # the circle can only be reached through G, where the route ends
    ("S.o\n..G\n...", "?#?\n???\n???", "where the route ends"),
    # G and the circle on two sides of S
    ("oSG\n...", "???\n###", "two different sides"),
])
def test_route_chokepoint_contradictions(marks, grid, words):
    rows = marks.split("\n")
    rooms = "\n".join("".join(chr(97 + r * len(rows[0]) + c) for c in range(len(rows[0])))
                      for r in range(len(rows)))
    p = puzzle(rooms, marks)
    with pytest.raises(Contradiction) as e:
        run("route-chokepoint", view(p, grid))
    assert e.value.rule == "route" and words in e.value.text
    # with a second way out of the pocket there is nothing wrong
    if "twice" in words:
        assert run("route-chokepoint", view(p, "???\n?#?\n???")) is None


def test_circle_pocket():
    p = puzzle("abc\ndef\nghi", "o..\n...\nS.G")
    steps = run("circle-pocket", view(p, "???\n?#?\n.?."))
    assert concluded(steps, p) == {"r1c2": ".", "r1c3": ".", "r2c1": ".", "r2c3": "."}
    r1c3 = next(s for s in steps if s.conclusions[0][0] == p.room_of[2])
    assert "only be reached through r2c1" in r1c3.text
    # why: the room itself, the black cell beside the pocket, and its one way out
    assert {p.cell_name(p.room_cells[k][0]) for k in r1c3.premises} == {"r1c3", "r2c2", "r2c1"}
    # a circle in the open has two ways out whatever single room is shaded
    q = puzzle(SINGLES, "S...\n.o..\n....\n...G")
    assert run("circle-pocket", view(q, ".???\n????\n????\n???.")) is None
    # S or G as the only way in: the route ends there
    t = puzzle("abc\ndef", "oG.\n..S")
    steps = run("circle-pocket", view(t, "?.?\n??."))
    assert concluded(steps, t) == {"r2c1": ".", "r2c2": "."}
    assert "through the goal at r1c2, an end of the route" in steps[-1].text


# a 3x10 open block with the circle at its left end; its two ways out are at the far
# end, 11 steps away: r1c11 (towards S) and r3c11 (towards G)
BLOCK = puzzle("\n".join(" ".join(str(r * 12 + c) for c in range(12)) for r in range(3)),
               "...........S\no...........\n...........G")
BLOCK_GRID = "??????????" + "?.\n" + "." + "?" * 9 + "##\n" + "?" * 10 + ".."


def test_circle_pocket_sees_a_door_eleven_steps_away():
    """Shading r1c11 leaves r3c10 the block's one way out: the route would have to go
    in to the circle and come back out through it. The doors are 10 and more steps
    from the circle, beyond the 6 steps the technique used to look (and beyond 10)."""
    steps = run("circle-pocket", view(BLOCK, BLOCK_GRID))
    far = [s for s in steps if s.conclusions == ((BLOCK.room_of[10], 0),)]
    assert far and "could only be reached through r3c10" in far[0].text
    # and the two corners of the block that lead to those ways out
    assert concluded(steps, BLOCK) == {"r1c11": ".", "r1c10": ".", "r3c10": "."}


def test_circle_pocket_looks_again_only_after_a_room_turned_black():
    """Only a black room can close a pocket: after rooms turned white (and nothing
    else) the technique does not look again; after one turned black near the circle it
    does. (When it is asked, ``changed`` holds every room decided since it last found
    nothing.)"""
    white = view(BLOCK, BLOCK_GRID)
    white.changed = (1 << BLOCK.room_of[35]) | (1 << BLOCK.room_of[34])  # G and r3c11
    assert run("circle-pocket", white) is None
    shaded = view(BLOCK, BLOCK_GRID[:17] + "#" + BLOCK_GRID[18:])  # r2c5 black
    assert shaded.black >> 16 & 1
    shaded.changed = 1 << BLOCK.room_of[16]
    # round r2c5, rows 1 and 3 are now the only ways past: each cell beside it must stay
    near = {f"r{r}c{c}": "." for r in (1, 3) for c in (4, 5, 6)}
    assert concluded(run("circle-pocket", shaded), BLOCK) == {
        "r1c11": ".", "r1c10": ".", "r3c10": ".", **near}


@pytest.mark.parametrize("grid, rule", [
    ("?##?\n?##?\n????\n???.", "square-black"),
    ("..??\n..??\n????\n???.", "square-white"),
    ("...?\n.#.?\n...?\n???.", "loop"),
    ("#???\n????\n????\n????", "mark-black"),
    (".#??\n#???\n????\n????", "cut-off"),
    (".?#.\n#??#\n????\n???.", "cut-off"),
])
def test_rules_check(grid, rule):
    p = puzzle(SINGLES, "S...\n....\n....\n...G")
    with pytest.raises(Contradiction) as e:
        TECHNIQUES.get("rules").apply(view(p, grid))
    assert e.value.rule == rule


def test_rules_check_route():
    p = puzzle(SINGLES, "S.G.\n....\n....\n...o")
    with pytest.raises(Contradiction) as e:
        TECHNIQUES.get("rules").apply(view(p, "...?\n????\n????\n???."))
    assert e.value.rule == "route"
    t = puzzle(SINGLES, "StG.\n....\n....\n....")
    with pytest.raises(Contradiction):
        TECHNIQUES.get("rules").apply(view(t, "...?\n????\n????\n????"))
    assert TECHNIQUES.get("rules").apply(view(t, ".?.?\n????\n????\n????")) is None


def test_square_lifeline():
    p = puzzle(SINGLES, "S..G\n....\n....\n....")
    # the 2x2 square at r2c2 needs r2c3 or r3c3 white; r3c3 reaches S only through r2c3
    steps = run("square-lifeline", view(p, "..?.\n?#??\n?#?#\n??#?"))
    got = concluded(steps, p)
    assert got["r2c3"] == "." and set(got.values()) == {"."}
    step = next(s for s in steps if concluded([s], p) == {"r2c3": "."})
    assert step.text == ("The 2x2 square at r2c2 needs a white cell, in the room at r2c3 or the "
                         "room at r3c3; the room at r3c3 could connect to the start only through "
                         "the room at r2c3, so the room at r2c3 is white.")
    # a room walled in on every side cannot be the square's white cell
    step = next(s for s in steps if concluded([s], p) == {"r3c3": "."})
    assert "the room at r4c4 cannot connect to the start at all" in step.text
    # with r3c4 open, r3c3 has another way: nothing about r2c3 from that square
    assert "r2c3" not in concluded(run("square-lifeline", view(p, "..?.\n?#??\n?#??\n??#?")), p)
    # a square holding a white cell needs nothing
    assert run("square-lifeline", view(p, ".???\n????\n????\n????")) is None


def test_square_seal():
    p = puzzle(SINGLES, "S..G\n....\n....\n....")
    # white, r4c2 would make the 2x2 square at r3c2 force r4c3 black, cutting r4c4 off
    steps = run("square-seal", view(p, "????\n????\n?..#\n???."))
    assert concluded(steps, p) == {"r4c2": "#"}
    assert steps[0].text == ("If the room at r4c2 were white, the 2x2 square at r3c2 would make "
                             "the room at r4c3 black, and the white cell at r4c4 could no longer "
                             "connect to the start; so the room at r4c2 is black.")
    assert run("square-seal", view(p, "????\n????\n?..?\n???.")) is None  # r4c4 has r3c4
    # black, r4c2 would make the square at r3c1 force r4c1 white, and shut it in
    steps = run("square-seal", view(p, "????\n????\n##??\n????"))
    assert concluded(steps, p) == {"r4c2": "."}
    assert "would make the room at r4c1 white" in steps[0].text
    # a room holding a mark is white (icons says so): never "the goal could no longer
    # connect" when the goal's own room is the one assumed black
    m = puzzle("ABC\nDEC\nFHI", "SG.\n...\nt..")
    assert run("square-seal", view(m, ".??\n##?\n??.")) is None
    # the forced room breaking another rule: a 2x2 square of one colour
    q = puzzle(SINGLES, "S...\n....\n....\n...G")
    steps = run("square-seal", view(q, "...?\n???#\n??##\n???."))
    step = next(s for s in steps if concluded([s], q) == {"r2c2": "#"})
    assert step.text.endswith("would make the room at r2c1 and the room at r2c3 black, and the "
                              "2x2 square at r2c3 would be all black; so the room at r2c2 is black.")


def test_every_technique_has_a_test():
    tested = {"rules", "icons", "squares", "exits", "loop-prevention", "white-connectivity",
              "route-shape", "route-chokepoint", "circle-pocket", "square-lifeline",
              "square-seal"}
    assert {t.id for t in TECHNIQUES} == tested


# ------------------------------------------------------------------ soundness
def _sound(p: Nurimeizu, sol: State, steps) -> int:
    return sum(1 for s in steps for k, v in s.conclusions if sol.value(k) != v)


@pytest.mark.parametrize("pid", SAMPLE)
def test_janko_sample_solves_with_no_wrong_cell(pid):
    r = next(x for x in records() if x["id"] == f"janko-{pid}")
    p = from_record(r)
    res = Solver(KIND, p, depth=3, budget=60).solve()
    assert res.verdict == "solved" and res.grade.max_depth <= 3
    assert res.state == KIND.solution(p)
    assert _sound(p, KIND.solution(p), res.steps) == 0
    assert redecided_steps(KIND, p, res.steps) == [], pid  # a step names only rooms it decides
    assert steps_past_a_broken_rule(KIND, p, res.steps, where=pid) == []


@pytest.mark.parametrize("pid", SAMPLE[::3] + ["076", "119"])
def test_premises_are_the_whole_reason(pid):
    """Given only the icons and the rooms a step names as premises, coloured as they were,
    the same technique concludes the same again, in hypothesis proofs too."""
    r = next(x for x in records() if x["id"] == f"janko-{pid}")
    p = from_record(r)
    res = Solver(KIND, p, depth=2, budget=60).solve()
    assert res.steps
    assert unreplayed_steps(KIND, p, res.steps, {t.id for t in TECHNIQUES}) == []


@pytest.mark.parametrize("pid", ["007", "076", "119", "156"])
def test_formerly_stuck_janko_solve_quickly(pid):
    # these needed depth 2-3 or ran out of time before the route chokepoint worked on rooms
    r = next(x for x in records() if x["id"] == f"janko-{pid}")
    p = from_record(r)
    res = Solver(KIND, p, depth=3, budget=20).solve()
    assert res.verdict == "solved" and res.state == KIND.solution(p)
    assert _sound(p, KIND.solution(p), res.steps) == 0


# janko ids with published times of a C++ contradiction algorithm (seconds); issue 6
PUBLISHED = {"065": 0.04, "156": 0.22, "076": 17.9, "158": 0.82, "169": 0.25, "069": 0.87,
             "111": 1.75, "109": 0.82, "119": 117.9, "160": 2080.7}


@pytest.mark.full
@pytest.mark.parametrize("pid", sorted(PUBLISHED))
def test_published_janko_within_budget(pid):
    # the target is 5 s each; 10 s leaves room for a loaded machine
    r = next(x for x in records() if x["id"] == f"janko-{pid}")
    p = from_record(r)
    res = Solver(KIND, p, depth=3, budget=10).solve()
    assert res.verdict == "solved" and res.state == KIND.solution(p), res.reason


@pytest.mark.full
def test_all_janko_no_wrong_cell():
    solved = 0
    for r in records():
        p = from_record(r)
        res = Solver(KIND, p, depth=3, budget=60).solve()
        assert res.verdict != "contradiction", r["id"]
        assert _sound(p, KIND.solution(p), res.steps) == 0, r["id"]
        assert steps_past_a_broken_rule(KIND, p, res.steps, where=r["id"]) == []
        solved += res.solved
    assert solved == 180


@st.composite
def small_puzzles(draw):
    rows = draw(st.integers(3, 4))
    cols = draw(st.integers(3, 5))
    n = rows * cols
    label = list(range(n))

    def find(x):
        while label[x] != x:
            x = label[x]
        return x
    for _ in range(draw(st.integers(0, n))):
        i = draw(st.integers(0, n - 1))
        j = i + 1 if draw(st.booleans()) and (i + 1) % cols else i + cols
        if j < n:
            label[find(i)] = find(j)
    rooms = [[find(r * cols + c) for c in range(cols)] for r in range(rows)]
    cells = draw(st.lists(st.integers(0, n - 1), min_size=2, max_size=6, unique=True))
    kinds = ["S", "G"] + [draw(st.sampled_from("ot")) for _ in cells[2:]]
    clues = [["."] * cols for _ in range(rows)]
    for i, m in zip(cells, kinds):
        clues[i // cols][i % cols] = m
    return Nurimeizu.from_grids(rooms, ["".join(r) for r in clues])


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_puzzles())
def test_steps_hold_in_every_oracle_solution(p):
    sols = [rows_state(p, s) for s in oracle_solutions(p, limit=200, timeout=10)]
    res = Solver(KIND, p, depth=1, budget=10).solve()
    if not sols:
        return  # no solution: any conclusion is vacuously true
    assert res.verdict != "contradiction", res.reason
    for s in res.steps:
        for k, v in s.conclusions:
            assert all(sol.value(k) == v for sol in sols), s.text
    if len(sols) == 1 and res.solved:
        assert res.state == sols[0]


def test_oracle_agrees_with_janko_solutions():
    for r in records()[:12]:
        p = from_record(r)
        assert oracle_solutions(p, 2, 30) == [r["solution"]], r["id"]


def test_oracle_keeps_a_players_marks():
    # three solutions without marks; the marks leave one, or none when they
    # shade the room of S
    p = Nurimeizu.from_grids([[0, 1], [0, 2]], ["S.", "G."])
    assert len(oracle_solutions(p, 5)) == 3
    marked = Nurimeizu.from_grids([[0, 1], [0, 2]], ["S.", "G."], shaded=((1, 1), (2, 0)))
    assert oracle_solutions(marked, 5) == [[".#", ".."]]
    wrong = Nurimeizu.from_grids([[0, 1], [0, 2]], ["S.", "G."], shaded=((0, 1),))
    assert oracle_solutions(wrong, 5) == []


def test_check_verify_agrees_on_a_pzprv3_file_with_marks(tmp_path):
    # the same puzzle with a player's answer rows: the engine and the oracle
    # both take the marks as given
    f = tmp_path / "marked.pzprv3"
    f.write_text("pzprv3\nnurimaze\n2\n2\n3\n0 1\n0 2\ns .\ng .\n. #\n. +\n")
    out = subprocess.run([sys.executable, "-m", "deduce.cli", "check", str(f), "--verify"],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "agrees: 1 solution" in out.stdout


# ------------------------------------------------------------------ CLI and JSON
def test_solve_json_matches_nurikabe_fields():
    records()  # (skips without the shared data)
    def solve(*args):
        out = subprocess.run([sys.executable, "-m", "deduce.cli", "solve", *args,
                              "--format", "json"], capture_output=True, text=True)
        return out.returncode, json.loads(out.stdout)
    code, nm = solve(str(DATA), "--id", "janko-001", "--kind", "nurimeizu")
    assert code == 0 and nm["kind"] == "nurimeizu" and nm["verdict"] == "solved"
    nk_path = SHARED / "nurikabe" / "janko.jsonl"
    if nk_path.exists():
        _, nk = solve(str(nk_path), "--id", "janko-0001", "--depth", "1")
        assert set(nk) == set(nm)
        assert set(nk["steps"][0]) <= set(nm["steps"][0]) | {"regions"}
    r = next(x for x in records() if x["id"] == "janko-001")
    assert nm["grid"] == r["solution"]
    p = from_record(r)
    for step in nm["steps"]:  # a concluded room lists every one of its cells
        rooms = {p.room_of[rr * p.cols + cc] for rr, cc, _ in step["cells"]}
        assert sum(len(p.room_cells[k]) for k in rooms) == len(step["cells"])


def test_check_verify_uses_the_oracle():
    records()  # (skips without the shared data)
    out = subprocess.run([sys.executable, "-m", "deduce.cli", "check", str(DATA), "--id",
                          "janko-001", "--kind", "nurimeizu", "--verify"],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "agrees" in out.stdout


# ------------------------------------------------------------------ diagrams
def test_svg_draws_room_borders_marks_and_route():
    import re
    from explain.svg import grid_svg, marks_svg
    from puzzles.nurimeizu.draw import room_walls
    rec = next(r for r in records() if r["id"] == "janko-001")
    p = from_record(rec)
    solved = KIND.solution(p)
    svg = grid_svg(KIND, p, solved)
    # one border segment per pair of side-by-side cells in different rooms
    rooms = rec["rooms"]
    h, w = rec["rows"], rec["cols"]
    walls = sum(rooms[r][c] != rooms[r][c + 1] for r in range(h) for c in range(w - 1)) + \
        sum(rooms[r][c] != rooms[r + 1][c] for r in range(h - 1) for c in range(w))
    assert walls == len(room_walls(p))
    border = re.search(r'<path class="room-borders" data-walls="(\d+)" d="([^"]*)"', svg)
    assert int(border.group(1)) == walls and border.group(2).count("M") == walls
    # one element per mark, at its cell
    drawn = re.findall(r'class="mark" data-mark="(\w)" data-cell="(\d+),(\d+)"', svg)
    expected = [(ch, str(r), str(c)) for r, row in enumerate(rec["clues"])
                for c, ch in enumerate(row) if ch in "SGot"]
    assert sorted(drawn) == sorted(expected)
    assert re.search(r"<text [^>]*data-mark=\"S\"[^>]*>S</text>", svg)
    assert len(re.findall(r'<circle class="mark"', svg)) == sum(e[0] == "o" for e in expected)
    assert len(re.findall(r'<polygon class="mark"', svg)) == sum(e[0] == "t" for e in expected)
    # the route: the path from S to G through the white cells of the known solution
    sol = rec["solution"]
    (s,), (g,) = ([(r, c) for r, row in enumerate(rec["clues"]) for c, ch in enumerate(row)
                   if ch == m] for m in "SG")
    parent = {s: None}
    todo = [s]
    while todo:
        r, c = todo.pop()
        for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= n[0] < h and 0 <= n[1] < w and sol[n[0]][n[1]] != "#" and n not in parent:
                parent[n] = (r, c)
                todo.append(n)
    path, x = [], g
    while x is not None:
        path.append(x)
        x = parent[x]
    route = re.findall(r'<polyline class="route" data-cells="([^"]*)" points="([^"]*)"', svg)
    assert len(route) == 1
    cells = [tuple(map(int, rc.split(","))) for rc in route[0][0].split()]
    assert cells == path[::-1] and len(route[0][1].split()) == len(cells)
    # every circle on it, no triangle
    assert all(((ch == "o") == ((int(r), int(c)) in cells)) for ch, r, c in drawn if ch in "ot")
    # no route while a room is undecided; a step keeps its highlighting
    start = KIND.initial_state(p)
    assert 'class="route"' not in grid_svg(KIND, p, start)
    step = marks_svg(KIND, p, start, conclusions=[(0, 0)], premises=[1],
                     regions=[("area", [0, 1])], assumption=(2, 1))
    for role in ("conclusion", "premise", "region", "assumption"):
        assert f'data-role="{role}"' in step
    assert step.count('class="mark"') == len(expected) and 'class="room-borders"' in step


def test_html_and_terminal_walkthrough_with_the_drawing():
    from explain.html import walkthrough_html
    from explain.terminal import grid_text, step_diagram
    p = from_record(next(r for r in records() if r["id"] == "janko-001"))
    result = Solver(KIND, p, depth=3, budget=60).solve()
    page = walkthrough_html(KIND, p, result)
    assert page.count('class="room-borders"') > len(result.steps) // 2
    assert 'class="route"' in page and "thick lines divide the rooms" in page
    rows = grid_text(KIND, p, result.state, plain=True).plain.splitlines()
    assert len(rows) == p.rows and all(len(r) == 2 * p.cols for r in rows)
    diagram = step_diagram(KIND, p, KIND.initial_state(p), result.steps[0], plain=True)
    assert diagram.plain.startswith(" " * 6)


def test_a_step_diagram_keeps_the_marks_of_the_rooms_it_concludes():
    """A concluded room's cells showed '>.<', so the S, G or circle that the step's
    sentence names was gone from its own diagram (janko-065, steps 1-3)."""
    from explain.terminal import step_diagram
    p = from_record(next(r for r in records() if r["id"] == "janko-065"))
    result = Solver(KIND, p, depth=0, budget=60).solve()
    state = KIND.initial_state(p)
    seen = 0
    for step in result.steps[:12]:
        rows = step_diagram(KIND, p, state, step, plain=True, crop=False).plain.splitlines()
        for room, value in step.conclusions:
            for r, c in KIND.cells_of(p, room):
                cell = rows[r][6 + 3 * c:9 + 3 * c]
                mark = KIND.mark(p, r, c)
                assert cell == (f">{mark}<" if mark else f">{KIND.symbols[value]}<"), (step.text, r, c)
                seen += bool(mark)
        for i, v in step.conclusions:
            state.assign(i, v)
    assert seen >= 3


def test_why_names_a_room_by_any_of_its_cells(capsys):
    from pathlib import Path
    from deduce.cli import main
    from explain.why import parse_cell
    path = Path(__file__).parents[1] / "puzzles" / "examples" / "nurimeizu-10x10-medium.txt"
    p = load(str(path))
    for r in range(p.rows):
        for c in range(p.cols):
            room = parse_cell(KIND, p, f"{r + 1},{c + 1}")
            assert (r, c) in KIND.cells_of(p, room)
    assert main(["why", str(path), "10,10", "--plain"]) == 0
    assert capsys.readouterr().out.startswith("Why is")
    assert main(["why", str(path), "11,1", "--plain"]) == 2


def test_check_counts_rooms_not_cells():
    from deduce.check import check
    p = load("ABB\nACC\nDDE\n\nS..\n...\n..G\n")
    c = check(KIND, p, budget=30)
    assert c.verdict == "multiple"
    a, b = c.solutions[:2]
    rooms = ((a.ones ^ b.ones) | (a.zeros ^ b.zeros)).bit_count()
    assert c.summary.endswith(f"they differ in {rooms} room{'s' if rooms != 1 else ''}")


def test_a_solution_that_breaks_the_givens_is_refused():
    rec = next(r for r in records() if r["id"] == "janko-001")
    circle = [rec["solution"][0].replace(".", "#", 1)] + rec["solution"][1:]  # r1c1 holds 'o'
    split = list(rec["solution"])
    split[0] = split[0][:5] + "." + split[0][6:]  # r1c6 shares its black room with r1c5
    for solution, says in ((circle, "makes the circle at r1c1 black"),
                           (split, "splits the room at r1c6")):
        with pytest.raises(InputError, match=says):
            from_record({**rec, "solution": solution})


def test_big_grid_diagrams_show_the_part_around_the_step():
    """A Nurimeizu step on a 35x50 grid is drawn as the part around its marks
    (as Nurikabe's), with only the marks and room borders inside that part."""
    import re
    from explain.svg import marks_svg
    from explain.window import focus_window
    from puzzles.nurimeizu.draw import room_walls
    p = from_record(next(r for r in records() if r["id"] == "janko-160"))
    state = KIND.initial_state(p)
    room = p.room_of[20 * p.cols + 30]
    window = focus_window(KIND, p, [room])
    assert window is not None
    r0, c0, r1, c1 = window

    def inside(i):
        return r0 <= i // p.cols <= r1 and c0 <= i % p.cols <= c1
    svg = marks_svg(KIND, p, state, conclusions=[(room, 0)], window=window)
    assert f'data-window="{r0},{c0},{r1},{c1}"' in svg and 'class="cut"' in svg
    assert svg.count('class="mark"') == sum(inside(i) for i, _ in p.marks) > 0
    walls = [w for w in room_walls(p) if inside(w[0]) and inside(w[1])]
    assert f'data-walls="{len(walls)}"' in svg
    drawn = {tuple(map(int, rc.split(","))) for rc in re.findall(r'data-cell="(\d+,\d+)"', svg)}
    assert drawn and all(r0 <= r <= r1 and c0 <= c <= c1 for r, c in drawn)


def test_a_label_in_two_separate_areas_makes_two_rooms():
    """A room is connected, as every technique assumes: ``from_grids`` splits a
    label used in separate areas, as the file readers do (the engine called
    the one-solution puzzle below a contradiction when it kept one room)."""
    p = Nurimeizu.from_grids([[0, 1, 2, 0, 1, 2, 2, 1]], ["....GS.."])
    assert p.room_of == (0, 1, 2, 3, 4, 5, 5, 6)
    r = Solver(KIND, p).solve()
    sols = [rows_state(p, s) for s in oracle_solutions(p, limit=10, timeout=10)]
    assert r.verdict != "contradiction" and sols
    decided = r.state.ones | r.state.zeros
    assert all(s.ones & decided == r.state.ones and s.zeros & decided == r.state.zeros
               for s in sols)


def test_terminal_grids_and_diagrams_show_the_marks():
    """S, G, circles and triangles print in their cells (the rooms' values in
    the others), in the final grid and in each step's diagram."""
    example = Path(__file__).resolve().parents[1] / "puzzles" / "examples" / "nurimeizu-10x10-medium.txt"
    p = KIND.load(str(example))
    out = subprocess.run([sys.executable, "-m", "deduce.cli", "solve", str(example), "--plain",
                          "--diagrams"], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "marks: S start, G goal, o circle, t triangle" in out.stdout.splitlines()[0]
    grid = [line.split() for line in out.stdout.split("\n\n")[-2].strip().splitlines()]
    assert len(grid) == p.rows
    solved = KIND.solution(p) or Solver(KIND, p).solve().state
    for r in range(p.rows):
        for c in range(p.cols):
            i = r * p.cols + c
            want = p.mark_at.get(i) or KIND.symbols[solved.value(p.room_of[i])]
            assert grid[r][c] == want, (r, c)
    first = out.stdout.split("\n\n")[0].splitlines()[2:]  # step 1's diagram
    cells = [re.findall(r".(.).", line[6:]) for line in first]  # (indent 6, 3 a cell)
    s, g = p.start, p.cells_marked("G")[0]
    assert cells[s // p.cols][s % p.cols] == "S" and cells[g // p.cols][g % p.cols] == "G"


def test_a_plain_grid_shows_a_mark_whose_room_is_black():
    """A black mark (the grid breaks a rule) printed as its mark alone looked white."""
    from explain.terminal import grid_text
    p = puzzle(SINGLES, "S...\n.o..\n....\n...G")
    state = rows_state(p, ["....", ".#..", "....", "...."])
    rows = [line.split() for line in grid_text(KIND, p, state, plain=True).plain.splitlines()]
    assert rows[1] == [".", "#o", ".", "."] and rows[0][0] == "S"


def test_grids_past_10000_cells_are_refused():
    """As for Nurikabe: a 200x200 grid of one-cell rooms took 3 s and 730 MB to set up."""
    with pytest.raises(InputError, match=r"the grid is 101x100 = 10100 cells; at most 10000"):
        load("https://puzz.link/p?nurimaze/100/101/0")
    rooms = "\n".join("A" * 101 for _ in range(100))
    marks = "\n".join(("S" + "." * 99 + "G") if r == 0 else "." * 101 for r in range(100))
    with pytest.raises(InputError, match=r"100x101 = 10100 cells"):
        load(rooms + "\n\n" + marks)
    with pytest.raises(InputError, match=r":4:1: the grid is 101x100 = 10100 cells"):
        load("pzprv3\nnurimaze\n101\n100\n1\n")


def test_errors_of_a_url_in_a_file_name_its_line(tmp_path):
    """A URL after a comment line was reported on line 1, the size limit too."""
    f = tmp_path / "big.txt"
    f.write_text("; a comment\n  https://puzz.link/p?nurimaze/101/100/0\n")
    with pytest.raises(InputError, match=rf"^{re.escape(str(f))}:2:32: the grid is 100x101 = 10100 cells"):
        load(str(f))
    f.write_text("; a comment\nhttps://puzz.link/p?nurimaze/5/5/!\n")
    with pytest.raises(InputError, match=rf"^{re.escape(str(f))}:2:35: the walls need"):
        load(str(f))


def test_records_past_the_size_limits_are_refused():
    """A JSONL record is held to the limits of the other formats (it was read and
    solved: a 1x250 grid, a 110x110 one)."""
    wide = {"rooms": [list(range(250))], "clues": ["S" + "." * 248 + "G"]}
    with pytest.raises(InputError, match=r"'rooms' is larger than 200x200"):
        from_record(wide)
    n = 101
    big = {"rooms": [[0] * 100 for _ in range(n)],
           "clues": ["S" + "." * 99] + ["." * 100] * (n - 2) + ["." * 99 + "G"]}
    with pytest.raises(InputError, match=r"the grid is 101x100 = 10100 cells"):
        from_record(big)


@pytest.mark.parametrize("value, says", [
    ("2", "'rows' must be a number"),  # (was: "'rows' is '2', but the grid has 2")
    (True, "'rows' must be a number"),
    (3, "'rows' is 3, but the grid has 2"),
])
def test_a_record_s_declared_size_must_be_a_number(value, says):
    rec = {"rooms": [[0, 1], [2, 3]], "clues": ["S.", ".G"], "rows": value}
    with pytest.raises(InputError, match=says):
        from_record(rec)
    assert from_record({**rec, "rows": 2}).rows == 2


def test_a_solution_that_breaks_a_rule_is_refused():
    # hint checks marks against a record's solution, and batch counts wrong cells
    # by it: one that keeps the givens but breaks a rule is bad input
    rec = next(r for r in records() if r["id"] == "janko-001")
    p = from_record(rec)
    room = next(room for i, room in enumerate(p.room_of)
                if rec["solution"][i // p.cols][i % p.cols] == "#")
    flipped = ["".join("." if p.room_of[r * p.cols + c] == room else ch
                       for c, ch in enumerate(row)) for r, row in enumerate(rec["solution"])]
    assert violations(p, flipped)
    with pytest.raises(InputError, match=r"'solution' breaks a rule: "):
        from_record({**rec, "solution": flipped})


def test_the_format_examples_in_the_docs_are_one_puzzle_with_one_solution():
    """docs/nurimeizu.md's plain-text and pzprv3 examples (a 2x3 one had no solution:
    every room held a mark, so all were white and made a white 2x2 square)."""
    doc = (Path(__file__).resolve().parents[1] / "docs" / "nurimeizu.md").read_text()
    blocks = re.findall(r"\n  ```\n(.*?)\n  ```", doc, re.S)
    text = next(b for b in blocks if b.lstrip().startswith("; a 3x4 example"))
    pzprv3 = next(b for b in blocks if b.lstrip().startswith("pzprv3"))
    plain = load("\n".join(line[2:] for line in text.splitlines()))
    # (the pzprv3 block notes what each line is after three spaces or more)
    saved = load("\n".join(re.split(r" {3,}", line[2:])[0] for line in pzprv3.splitlines()))
    assert (saved.room_of, saved.marks) == (plain.room_of, plain.marks)
    sols = oracle_solutions(plain, 2)
    assert len(sols) == 1
    result = Solver(KIND, plain, depth=3, budget=60).solve()
    assert result.solved and rows_state(plain, sols[0]) == result.state


def test_records_in_a_file_not_named_jsonl_are_a_collection(tmp_path):
    """A record saved as .json was read as a puzz.link URL (its puzzlink_url):
    "not a puzz.link URL", as Nurikabe reads it since long."""
    records_in_a_json_file_are_read(tmp_path, KIND, load(PZPRJS_URL))


@pytest.mark.parametrize("text", ["\n" + GOOD, GOOD.replace("\n", "\r"),
                                  "; saved from puzz.link\n" + GOOD,
                                  "\ufeff\n\n" + GOOD.replace("\n", "\r\n")])
def test_a_pzprv3_file_after_blank_lines_or_comments_or_with_cr_endings(tmp_path, text):
    """The detector passed over leading blank lines but the reader did not ("not
    a pzprv3 file: the first line is ''"); with CR line endings or a ; comment
    first, the file was not recognised at all."""
    f = tmp_path / "p.txt"
    f.write_text(text, newline="")
    assert recognises(text)
    assert load(str(f)) == load(GOOD)
    assert KIND.load(str(f)) == load(GOOD)
