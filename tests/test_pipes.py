"""Pipes (Net): formats, rules checker, each technique on a small board, soundness
against the independent ASP oracle, the real puzzles against their known solutions,
the diagrams and the CLI."""
from __future__ import annotations

import json
import random
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from conftest import (SHARED, records_in_a_json_file_are_read, redecided_steps,
                      steps_past_a_broken_rule, unreplayed_steps)
from deduce.errors import Contradiction, InputError
from deduce.solver import Solver
from deduce.state import State
from puzzles.pipes import KIND, initial_state
from puzzles.pipes.asp import solutions as oracle_solutions
from puzzles.pipes.formats import (decode_game_id, encode_game_id, from_record, load,
                                   parse_text, to_text)
from puzzles.pipes.model import D, L, R, U, Pipes, answer, rotations, violations
from puzzles.pipes.random import random_tiles_puzzle, random_tree_puzzle
from rules.pipes import TECHNIQUES, View

DATA = SHARED / "pipes" / "sgt-net.jsonl"
# every size, with and without barriers, and the one that needs a hypothesis
SAMPLE = ("sgt-net-5x5-000 sgt-net-5x5-013 sgt-net-7x7b0.2-020 sgt-net-7x7b0.2-033 "
          "sgt-net-7x7b0.2-039 sgt-net-7x7-041 sgt-net-7x7-055 sgt-net-9x9-060 sgt-net-9x9-071 "
          "sgt-net-11x11-080 sgt-net-11x11-095 sgt-net-13x11-100 sgt-net-13x11-111").split()


def records() -> list[dict]:
    if not DATA.exists():
        pytest.skip(f"shared data not found at {DATA}")
    with DATA.open() as f:
        return [json.loads(line) for line in f]


def record(rid: str) -> dict:
    for r in records():
        if r["id"] == rid:
            return r
    raise KeyError(rid)


def edge(p: Pipes, a: tuple[int, int], b: tuple[int, int]) -> int:
    """The edge between tiles ``a`` and ``b`` ((row, col), 0-based)."""
    (r1, c1), (r2, c2) = sorted([a, b])
    t = r1 * p.cols + c1
    return t if r1 == r2 else p.size + t


def position(p: Pipes, opened=(), closed=()) -> State:
    s = initial_state(p)
    for a, b in opened:
        s.assign(edge(p, a, b), 1)
    for a, b in closed:
        s.assign(edge(p, a, b), 0)
    return s


def run(tid: str, p: Pipes, state: State | None = None):
    found = TECHNIQUES.get(tid).apply(View(p, state or initial_state(p)))
    return [found] if found is not None and not isinstance(found, list) else (found or [])


def concluded(steps) -> dict[int, int]:
    return {e: v for s in steps for e, v in s.conclusions}


# ------------------------------------------------------------------ formats
def test_every_game_id_round_trips_and_its_solution_is_valid():
    for r in records():
        p = decode_game_id(r["game_id"])
        assert encode_game_id(p) == r["game_id"], r["id"]
        assert (p.rows, p.cols) == (r["rows"], r["cols"])
        q = from_record(r)
        assert q.tiles == p.tiles and q.barriers == p.barriers and q.id == r["id"]
        sol = KIND.solution(q)
        assert violations(q, sol) == [], r["id"]
        assert answer(q, sol) == r["solution"]


def test_barriers_are_read_and_written():
    p = decode_game_id("3x2:4ba6h58")
    assert p.barriers == (0, 0, 0, 8, 0, 0)
    assert p.edge_name(p.size + 3) == "the border below r2c1"
    q = decode_game_id("2x2b0.5:3v9hca")
    assert q.barriers == (1, 8, 0, 0) and q.params == "b0.5"
    assert encode_game_id(q) == "2x2b0.5:3v9hca"
    assert q.edge_name(0) == "the barrier between r1c1 and r1c2"
    assert (q.walls >> 0) & 1 and (q.walls >> (q.size + 1)) & 1


def test_text_round_trip_with_and_without_barriers():
    for r in records()[:40:3] + [r for r in records() if "b" in r["game_id"].split(":")[0]][:5]:
        p = decode_game_id(r["game_id"])
        q = parse_text(to_text(p))
        assert (q.rows, q.cols, q.tiles, q.barriers) == (p.rows, p.cols, p.tiles, p.barriers)
    p = parse_text("; a comment\n┌ ┬|╴\n    -\n└ ┴ ╴\n")
    assert p.barriers == (0, 1, 8, 0, 0, 0)
    assert to_text(p) == "┌ ┬|╴\n    -\n└ ┴ ╴\n"
    # every shape, one row or one column too: barriers are the only spacing then
    rng = random.Random(5)
    for rows, cols in [(1, 4), (4, 1), (2, 1), (3, 3)] * 10:
        p, _ = random_tree_puzzle(rows, cols, rng, barrier_chance=0.5)
        q = parse_text(to_text(p))
        assert (q.rows, q.cols, q.tiles, q.barriers) == (p.rows, p.cols, p.tiles, p.barriers)
    assert parse_text("╷\n-\n╵\n").barriers == (8, 0)


def test_load_dispatch(tmp_path):
    gid = record("sgt-net-5x5-000")["game_id"]
    assert load(gid).tiles == decode_game_id(gid).tiles
    f = tmp_path / "p.txt"
    f.write_text(gid + "\n")
    assert load(str(f)).tiles == decode_game_id(gid).tiles
    g = tmp_path / "p.grid"
    g.write_text(to_text(decode_game_id(gid)))
    assert load(str(g)).tiles == decode_game_id(gid).tiles
    assert load(str(DATA), id="sgt-net-5x5-000").solution == record("sgt-net-5x5-000")["solution"]
    with pytest.raises(InputError, match="--id"):
        load(str(DATA))


BAD = [
    "5x5:4283",  # too few tiles
    "5x5:42838cb4da1deb7c7b38888b1f",  # too many
    "5x5:4283g8cb4da1deb7c7b38888b1",  # not hex
    "5x5:02838cb4da1deb7c7b38888b1",  # an empty tile
    "2x1:f1",  # a cross
    "5x1w:11111",  # wrapping with a single row
    "5x5q:42838cb4da1deb7c7b38888b1",  # unknown parameter
    "0x5:1",  # no width
    "1x1:1",  # one tile
    "5x5#888619900297553",  # a seed
    "v5x5:1",
    "2x1:h12",  # a barrier before any tile
    "┌┼\n└┘",  # a cross in text
    "┌a\n└┘",  # not a tile
    "┌┐\n└",  # ragged rows
    "┌ ┐\n - \n└ ┘",  # a barrier mark between tiles
    "┌.┐\n└ ┘",  # a bad separator
]


@pytest.mark.parametrize("text", BAD)
def test_bad_input_is_one_line(text):
    with pytest.raises(InputError) as e:
        load(text)
    assert "\n" not in str(e.value)


@pytest.mark.parametrize("text, where, says", [
    ("3x1:14f", ":1:7:", "tile 3 (r1c3) is a cross (f)"),  # (every piece error said :1:1:)
    ("3x1:1v4hf", ":1:9:", "tile 3 (r1c3) is a cross (f)"),
    ("3x1:140", ":1:7:", "tile 3 (r1c3) is an empty tile (0)"),
    ("╶─┼\n╶─╴", ":1:3:", "tile r1c3 is a cross (┼)"),
    ("╶ ─\n╶|┼", ":2:3:", "tile r2c2 is a cross (┼)"),
])
def test_a_piece_net_has_no_use_for_is_named_where_it_is_written(text, where, says):
    with pytest.raises(InputError) as e:
        load(text)
    assert where in str(e.value) and says in str(e.value)


@pytest.mark.parametrize("value, says", [
    ("1", "'rows' must be a number"),  # (was: "'rows' is '1', but the game ID has 1")
    (True, "'rows' must be a number"),  # (was accepted: True == 1)
    (2, "'rows' is 2, but the game ID has 1"),
])
def test_a_record_s_declared_size_must_be_a_number(value, says):
    rec = {"id": "p", "game_id": "2x1:14", "rows": value}
    with pytest.raises(InputError, match=says):
        from_record(rec)
    assert from_record({**rec, "rows": 1}).rows == 1


def test_a_file_of_several_game_ids_is_named_as_such(tmp_path):
    """``sgt-net --generate 2 5x5 > ids.txt`` gave "'5' is not a pipe tile"."""
    f = tmp_path / "ids.txt"
    f.write_text("; made by sgt-net\n2x1:14\n2x1:41\n")
    with pytest.raises(InputError, match=r"ids.txt:3:1: one game ID per file \(this one has 2 "
                       r"lines\); put several puzzles in a .jsonl collection"):
        load(str(f))
    f.write_text("2x1:14\n; a comment\n")
    assert load(str(f)).tiles == (1, 4)


def test_cli_bad_input_exits_2(tmp_path):
    for arg in ("5x5q:42838cb4da1deb7c7b38888b1", "5x5:4283", str(tmp_path / "missing.txt")):
        out = subprocess.run([sys.executable, "-m", "deduce.cli", "solve", arg, "--kind", "pipes"],
                             capture_output=True, text=True)
        assert out.returncode == 2, arg
        assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr, out.stderr


def test_violations_name_each_broken_rule():
    p = parse_text("┌┐\n└┘")
    assert violations(p, open_edges=0) != []
    loop = sum(1 << edge(p, a, b) for a, b in (((0, 0), (0, 1)), ((0, 0), (1, 0)),
                                                ((0, 1), (1, 1)), ((1, 0), (1, 1))))
    assert violations(p, open_edges=loop) == ["the open pipes form a loop"]
    q = parse_text("╶─╴")
    assert violations(q, open_edges=0b11) == []
    assert "the tiles form 2 separate groups" in violations(q, open_edges=0b01)


# ------------------------------------------------------------------ techniques
def test_border():
    p = parse_text("┌╴\n└╴")
    found = concluded(run("border", p))
    assert found == {edge(p, (0, 0), (0, 1)): 1, edge(p, (0, 0), (1, 0)): 1,
                     edge(p, (1, 0), (1, 1)): 1}
    assert "cannot point at the border on its top and left" in run("border", p)[0].text
    # a straight along the top edge runs along it
    q = parse_text("╶│╴\n╶─╴")
    found = concluded(run("border", q))
    assert found[edge(q, (0, 0), (0, 1))] == 1 and found[edge(q, (0, 1), (1, 1))] == 0


def test_border_barrier():
    p = decode_game_id("3x2:1dc16v2")  # a corner with a barrier on its right, bottom row
    steps = run("border", p)
    corner = [s for s in steps if "r2c2" in s.text.split(",")[0]]
    # its side toward r1c2 is the T's bottom side: the T's step (first) decides that edge
    assert corner[0].text == ("The corner at r2c2 cannot point at the border on its bottom or "
                              "a barrier on its right, so it opens toward r2c1.")
    assert steps[0].text.startswith("The T at r1c2") and "r2c2" in steps[0].text
    shared = edge(p, (0, 1), (1, 1))
    assert [s for s in steps if shared in dict(s.conclusions)] == [steps[0]]


def test_forced_sides_and_neighbour_agreement():
    p = parse_text("┌─┐\n├─┤\n└─┘")
    s = position(p, opened=[((1, 1), (1, 2))])
    batch = run("forced-sides", p, s)
    around = {edge(p, (1, 0), (1, 1)): 1, edge(p, (0, 1), (1, 1)): 0, edge(p, (1, 1), (2, 1)): 0}
    got = concluded(batch)
    assert {e: got.get(e) for e in around} == around
    # each edge once: the first tile of the batch to force it says so, for both ends
    assert sum(len(x.conclusions) for x in batch) == len(got)
    left = [x for x in batch if x.text.startswith("The T at r2c1")]
    assert "opens toward r2c2 and r3c1 (so r2c2 and r3c1 open toward it too)" in left[0].text
    steps = [x for x in batch if x.text.startswith("The straight at r2c2")]
    assert concluded(steps) == {edge(p, (1, 1), (2, 1)): 0}
    assert steps[0].text == ("The straight at r2c2 is open toward r2c3; every way it can still "
                             "turn, it is closed toward r3c2.")
    assert steps[0].premises == (edge(p, (1, 1), (1, 2)),)


def test_loop_avoidance():
    p = parse_text("┌┐\n└┘")
    s = position(p, opened=[((0, 0), (0, 1)), ((0, 0), (1, 0)), ((0, 1), (1, 1))])
    steps = run("loop-avoidance", p, s)
    assert concluded(steps) == {edge(p, (1, 0), (1, 1)): 0}
    assert "already joined by open pipes through r1c1 and r1c2" in steps[0].text


def test_only_exit():
    p = parse_text("╶┬╴\n╶┴╴")
    s = position(p, opened=[((0, 0), (0, 1))],
                 closed=[((0, 0), (1, 0)), ((0, 1), (1, 1))])
    steps = run("only-exit", p, s)
    assert concluded(steps) == {edge(p, (0, 1), (0, 2)): 1}
    assert steps[0].regions == (("group", (0, 1)),)


def test_isolation_dead_ends():
    p = parse_text("╶╴╴")
    steps = run("isolation", p)
    assert concluded(steps) == {edge(p, (0, 0), (0, 1)): 0, edge(p, (0, 1), (0, 2)): 0}
    assert "dead ends at r1c1 and r1c2 must not face each other" in steps[0].text
    # not when the two make the whole board
    assert run("isolation", parse_text("╶╴")) == []


def test_isolation_group_and_dead_end():
    # r1c1-r1c2 are joined; the corner r1c2 has one side left to open, and below it
    # is a dead end: joined, the three would be sealed
    p = parse_text("╶┐╴\n╶╵╴")
    s = position(p, opened=[((0, 0), (0, 1))], closed=[((0, 0), (1, 0))])
    steps = run("isolation", p, s)
    e = edge(p, (0, 1), (1, 1))
    assert concluded(steps)[e] == 0
    step = next(x for x in steps if x.conclusions == ((e, 0),))
    assert "the 3 tiles at r1c1, r1c2 and r2c2 would form a group" in step.text


def test_area_bridge():
    p = parse_text("┌┐\n└┘")
    s = position(p, closed=[((0, 0), (1, 0))])
    found = concluded(run("area-bridge", p, s))
    assert found == {edge(p, (0, 0), (0, 1)): 1, edge(p, (0, 1), (1, 1)): 1,
                     edge(p, (1, 0), (1, 1)): 1}


@pytest.mark.parametrize("grid,opened,closed,rule", [
    ("╶─╴", [((0, 0), (0, 1))], [((0, 1), (0, 2))], "tile"),
    ("┌┐\n└┘", [((0, 0), (0, 1)), ((0, 0), (1, 0)), ((0, 1), (1, 1)), ((1, 0), (1, 1))], [],
     "loop"),
    ("┌┐╷\n└┘╵", [], [((0, 1), (0, 2)), ((1, 1), (1, 2))], "cut-off"),
])
def test_rules_check(grid, opened, closed, rule):
    p = parse_text(grid)
    with pytest.raises(Contradiction) as e:
        TECHNIQUES.get("rules").apply(View(p, position(p, opened, closed)))
    assert e.value.rule == rule


def test_loop_names_only_the_ring():
    p = parse_text("┌┬╴\n└┘╶")
    s = position(p, opened=[((0, 0), (0, 1)), ((0, 0), (1, 0)), ((0, 1), (1, 1)),
                            ((1, 0), (1, 1)), ((0, 1), (0, 2))])
    with pytest.raises(Contradiction) as e:
        TECHNIQUES.get("rules").apply(View(p, s))
    assert e.value.text == "the open pipes through r1c1, r1c2, r2c1 and r2c2 close a loop"
    assert edge(p, (0, 1), (0, 2)) not in e.value.premises


def test_every_technique_has_a_test():
    names = {t.id for t in TECHNIQUES}
    src = open(__file__, encoding="utf-8").read()
    for tid in names:
        assert f'"{tid}"' in src, tid


# ------------------------------------------------------------------ soundness
def _check_walkthrough(p: Pipes, state: State, depth: int) -> None:
    sols = oracle_solutions(p, limit=5000)
    if len(sols) >= 5000:
        return
    ok = [o for o in sols if not o & state.zeros and o & state.ones == state.ones]
    result = Solver(KIND, p, depth=depth).solve(state)
    if result.verdict == "contradiction":
        assert not ok, f"claimed no solution: {result.reason}"
        return
    for step in result.steps:
        for e, v in step.conclusions:
            assert all((o >> e) & 1 == v for o in ok), (step.technique, step.text)
    if result.solved:
        assert len(ok) == 1


@given(st.integers(0, 2 ** 32), st.integers(2, 4), st.integers(2, 4), st.booleans(),
       st.floats(0, 0.3), st.booleans())
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_steps_hold_in_every_oracle_solution(seed, rows, cols, barriers, given_share, wrapping):
    rng = random.Random(seed)
    p, solved = random_tree_puzzle(rows, cols, rng, 0.25 if barriers else 0.0, wrapping)
    state = initial_state(p)
    truth = p.state_of(solved)
    for e in range(p.n):  # some edges given as in one solution
        if (state.unknown >> e) & 1 and rng.random() < given_share:
            state.assign(e, truth.value(e))
    _check_walkthrough(p, state, depth=1)


@given(st.integers(0, 2 ** 32))
@settings(max_examples=25, deadline=None)
def test_contradictions_only_without_solutions(seed):
    rng = random.Random(seed)
    p = random_tiles_puzzle(rng.randint(2, 3), rng.randint(2, 4), rng)
    _check_walkthrough(p, initial_state(p), depth=1)


# ------------------------------------------------------------------ wrapping
WRAPPING = "7x7w:8cd49a1ee6722d8d57c68d7176822a3eee5818bdb5441259a"  # made by sgt-net --generate 1 7x7w


def test_wrapping_game_id_solves_like_the_oracle():
    p = decode_game_id(WRAPPING)
    assert p.wrapping and encode_game_id(p) == WRAPPING
    assert p.neighbour(6, 1) == 0 and p.neighbour(0, 2) == 42
    assert p.edge_name(6) == "the edge between r1c7 and r1c1 (around the edge of the board)"
    result = Solver(KIND, p, depth=3).solve()
    assert result.solved
    assert KIND.oracle(p, 2, 60) == [result.state]
    assert violations(p, result.state) == []
    svg = __import__("explain.svg", fromlist=["grid_svg"]).grid_svg(KIND, p, result.state)
    assert 'class="edge open"' in svg


def _brute_force(p: Pipes) -> list[int]:
    """Every set of open edges that breaks no rule (the rules checker's word)."""
    return [o for o in range(1 << p.n) if not violations(p, open_edges=o)]


@pytest.mark.parametrize("rows,cols", [(2, 2), (2, 3), (3, 2)])
def test_oracle_counts_like_brute_force_on_small_wrapping_boards(rows, cols):
    """Two tiles 2 apart on a wrapping board share two edges: both open is a
    loop, which the oracle once took for a tree (2x2w:84be, no solution)."""
    rng = random.Random(rows * 10 + cols)
    boards = [decode_game_id("2x2w:84be"), decode_game_id("2x2w:ad5hd")] if rows == cols else []
    boards += [random_tree_puzzle(rows, cols, rng, 0.2, True)[0] for _ in range(12)]
    boards += [Pipes(rows, cols, tuple(rng.randrange(1, 15) for _ in range(rows * cols)),
                     wrapping=True) for _ in range(12)]
    for p in boards:
        assert sorted(oracle_solutions(p, limit=50)) == _brute_force(p), p.tiles


# ------------------------------------------------------------------ real puzzles
def _solve_and_compare(r: dict, depth: int = 3) -> None:
    p = from_record(r)
    result = Solver(KIND, p, depth=depth, budget=60).solve()
    known = KIND.solution(p)
    wrong = (result.state.ones & known.zeros) | (result.state.zeros & known.ones)
    assert wrong == 0, r["id"]
    assert result.solved, (r["id"], result.reason)
    assert answer(p, result.state) == r["solution"]
    # a step names only edges it decides
    assert redecided_steps(KIND, p, result.steps) == [], r["id"]
    assert steps_past_a_broken_rule(KIND, p, result.steps, where=r["id"]) == []


@pytest.mark.parametrize("rid", SAMPLE)
def test_sgt_sample_solves_with_no_wrong_tile(rid):
    _solve_and_compare(record(rid))


@pytest.mark.parametrize("rid", SAMPLE)
def test_premises_are_the_whole_reason(rid):
    """Given only the barriers and the edges a step names as premises, decided as they
    were, the same technique concludes the same again, in hypothesis proofs too."""
    p = from_record(record(rid))
    result = Solver(KIND, p, depth=2, budget=60).solve()
    assert unreplayed_steps(KIND, p, result.steps, {t.id for t in TECHNIQUES}) == []


@pytest.mark.full
def test_all_sgt_puzzles_no_wrong_tile():
    for r in records():
        _solve_and_compare(r)


def test_oracle_agrees_with_known_solutions():
    for rid in SAMPLE[:6]:
        r = record(rid)
        p = from_record(r)
        found = KIND.oracle(p, 2, 60)
        assert found == [KIND.solution(p)], rid


def test_hypothesis_grades_and_oracle():
    p = from_record(record("sgt-net-13x11-111"))
    shallow = Solver(KIND, p, depth=0).solve()
    assert shallow.verdict == "stuck"
    deep = Solver(KIND, p, depth=1).solve()
    assert deep.solved and deep.grade.max_depth == 1 and deep.grade.level == 4


# ------------------------------------------------------------------ explanations and CLI
def test_solve_json_has_nurikabe_fields_and_solution():
    import jsonschema
    from pathlib import Path
    r = record("sgt-net-7x7b0.2-020")
    out = subprocess.run([sys.executable, "-m", "deduce.cli", "solve", r["game_id"], "--kind",
                          "pipes", "--format", "json"], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    schema = json.loads((Path(__file__).parents[1] / "explain" /
                         "walkthrough.schema.json").read_text())
    jsonschema.validate(data, schema)
    assert {"kind", "id", "rows", "cols", "verdict", "reason", "grid", "grade", "steps",
            "seconds", "solution"} <= set(data)
    assert data["solution"] == r["solution"]
    assert (data["rows"], data["cols"]) == (7, 7)
    assert all("?" not in row for row in data["grid"])


def test_other_kinds_json_has_no_solution_field():
    from pathlib import Path
    from deduce.kind import load_kind
    from explain.json_walkthrough import walkthrough
    kind = load_kind("nurikabe")
    example = Path(__file__).parents[1] / "puzzles" / "examples" / "nurikabe-7x7.txt"
    puzzle = kind.load(str(example))
    data = walkthrough(kind, puzzle, Solver(kind, puzzle, depth=1).solve())
    assert "solution" not in data and kind.drawing is None and kind.answer is None


def test_diagrams_draw_edges_and_step_marks():
    from explain.svg import grid_svg, step_svg
    from explain.terminal import step_diagram
    p = parse_text("┌┐\n└┘")
    s = position(p, closed=[((0, 0), (1, 0))])
    step = next(x for x in run("area-bridge", p, s) if x.conclusions == ((0, 1),))
    assert step.text.startswith("Every way between the tile at r1c1 and the rest")
    svg = step_svg(KIND, p, s, step)
    assert svg.count('data-role="conclusion"') == 1
    assert 'data-edge="0,0 0,1"' in svg or 'data-edge' in svg
    assert 'data-role="region"' in svg
    assert 'class="edge closed"' in svg and 'class="edge unknown"' in svg
    full = grid_svg(KIND, p, KIND.initial_state(p))
    assert full.count('class="piece"') == 4
    text = step_diagram(KIND, p, s, step, plain=True, indent=0).plain
    assert text.splitlines()[0] == "?o?"


def test_check_verify_and_html(tmp_path):
    r = record("sgt-net-9x9-060")
    out = subprocess.run([sys.executable, "-m", "deduce.cli", "check", r["game_id"], "--kind",
                          "pipes", "--verify"], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "unique" in out.stdout and "agrees" in out.stdout
    html = tmp_path / "w.html"
    out = subprocess.run([sys.executable, "-m", "deduce.cli", "solve", r["game_id"], "--kind",
                          "pipes", "--html", str(html)], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    page = html.read_text()
    assert "closed edges a short tick" in page and 'data-role="conclusion"' in page


def test_multiple_solutions_are_reported():
    gid = "4x4:2b56172a41796574"  # a random tree that turns two ways
    p = decode_game_id(gid)
    sols = oracle_solutions(p, limit=10)
    assert len(sols) == 2
    assert all(violations(p, open_edges=o) == [] for o in sols)
    out = subprocess.run([sys.executable, "-m", "deduce.cli", "check", gid, "--kind", "pipes",
                          "--verify"], capture_output=True, text=True)
    assert out.returncode == 1, out.stdout + out.stderr
    assert "multiple solutions" in out.stdout and "agrees" in out.stdout
    assert rotations(p.tiles[0])
    diff = sols[0] ^ sols[1]
    assert f"they differ in {diff.bit_count()} edges" in out.stdout


def test_hint_names_tiles_and_why_follows_premises():
    """A Pipes step's regions hold tiles (each as the edge on its right): the hint
    names them as tiles, and a why chain follows the premises, not those edges."""
    from explain.hints import progressive_hint
    from explain.why import looked_at
    p = decode_game_id("3x3w:18a76b1a8")
    hint = progressive_hint(KIND, p, 3)
    (e, _), = hint.step.conclusions
    assert KIND.cell_name(p, e) == "the edge between r1c1 and r1c2"
    assert hint.lines[0] == "Look at the tiles at r1c1 and r1c2: try No isolated group."
    assert hint.lines[2] == "You can decide one edge closed."
    assert hint.lines[4].startswith("Edges: the edge between r1c1 and r1c2 closed")
    result = Solver(KIND, p, depth=3).solve()
    for step in result.steps:
        assert looked_at(step, regions=False) == set(step.premises).union(
            *(looked_at(sub, regions=False) for sub in step.proof)) - (
            {step.assumption[0]} if step.assumption else set())
    # no solution: the hint says so (exit code 1) instead of hinting
    stuck = progressive_hint(KIND, decode_game_id("2x2w:84be"), 1)
    assert stuck.code == 1 and stuck.lines[0].startswith("This puzzle has no solution: ")


def test_sides_are_told_apart_on_two_wide_wrapping_boards():
    """On a 2x2 wrapping board a tile's left and right neighbour are one tile:
    sentences name the side too, so they never read 'open toward r2c1 and r2c1'."""
    p = decode_game_id("2x2w:3373")
    view = View(p, initial_state(p))
    assert view.toward(0, R) == "r1c2 on the right" and view.toward(0, L) == "r1c2 on the left"
    assert view.toward(0, U) == "r2c1 above" and view.toward(0, D) == "r2c1 below"
    wide = decode_game_id(record("sgt-net-5x5-000")["game_id"])
    assert View(wide, initial_state(wide)).toward(6, R) == "r2c3"
    r = Solver(KIND, p).solve()
    assert "r2c1 above and r2c1 below" in r.reason


def test_why_on_a_tile_explains_how_it_turns(capsys):
    """``why`` names a tile and its open sides, and its chain holds the step that
    decided each side (it used to explain only the edge on the tile's right)."""
    from pathlib import Path
    from deduce.cli import main
    from explain.why import why_chain
    from puzzles.pipes.model import DIRS
    example = Path(__file__).resolve().parents[1] / "puzzles" / "examples" / "pipes-10x10-easy.txt"
    p = KIND.load(str(example))
    result = Solver(KIND, p).solve()
    digits = answer(p, result.state)
    decider = {e: k for k, step in enumerate(result.steps) for e, _ in step.conclusions}
    for r, c in ((0, 0), (2, 3), (9, 9), (4, 7)):
        assert main(["why", str(example), f"{r + 1},{c + 1}", "--format", "json"]) == 0
        got = json.loads(capsys.readouterr().out)
        t = r * p.cols + c
        assert got["value"] == digits[t] and got["cell"] == [r, c]
        sides = [p.side_edge(t, d) for d in DIRS if not p.is_wall(t, d)]
        opened = [p.tile_name(p.neighbour(t, d)) for d in DIRS
                  if not p.is_wall(t, d) and result.state.value(p.side_edge(t, d))]
        assert got["text"].startswith("Why is the ") and f" at r{r + 1}c{c + 1} turned to open toward " in got["text"]
        assert all(name in got["text"].split("?")[0] for name in opened)
        numbers = [s["number"] for s in got["steps"]]
        assert {decider[e] + 1 for e in sides} <= set(numbers)
        assert [n - 1 for n in numbers] == sorted(set().union(*(
            why_chain(result.steps, KIND.initial_state(p), e, regions=False) for e in sides)))


def test_why_on_a_tile_walled_in_on_every_side_says_there_is_no_solution(capsys):
    """Such a tile can never turn, so the puzzle has no solution: exit 1 (it said
    "cannot turn" and exited 0, as for a puzzle that can be solved), as ``why`` does
    on a Nurikabe cell that the walkthrough of a puzzle without a solution leaves open."""
    from deduce.cli import main
    gid = "3x1:1v84"  # a barrier right of r1c1: the dead end there has no open side
    assert main(["why", gid, "1,1", "--plain"]) == 1
    out = capsys.readouterr().out
    assert out == ("The dead end at r1c1 cannot turn: every side is a wall, so the puzzle "
                   "has no solution.\n")
    assert main(["why", gid, "r1c1", "--format", "json"]) == 1
    got = json.loads(capsys.readouterr().out)
    assert (got["cell"], got["given"], got["value"], got["steps"], got["verdict"]) == \
        ([0, 0], False, None, [], "contradiction")
    assert main(["why", gid, "1,2", "--plain"]) == 1  # (the other tiles: left open, as before)
    assert "does not decide how the dead end at r1c2 turns (contradiction" in capsys.readouterr().out
    assert main(["why", gid, "1,4"]) == 2  # (and a tile off the board is bad input)
    assert "no cell r1c4 in this 1x3 grid" in capsys.readouterr().err


def test_a_tile_whose_sides_fit_no_turn_of_its_piece_is_shown_undecided(capsys):
    """Where a rule broke, a dead end open on two sides was drawn as a straight, given
    as a straight (5) in the JSON ``solution`` and "turned to open toward r1c3 and
    r1c1" by ``why``: a piece the puzzle does not have."""
    from deduce.cli import main
    gid = "3x1:141"  # the two outer dead ends both open into the middle one
    assert main(["solve", gid, "--format", "json"]) == 1
    got = json.loads(capsys.readouterr().out)
    # (the walkthrough ends at its first step: with r1c1 open toward it, the middle
    # dead end and the one at r1c3 disagree about the side between them)
    assert (got["verdict"], got["grid"], got["solution"]) == ("contradiction", ["╶??"], "1??")
    assert len(got["steps"]) == 1 and "disagree about the edge between r1c2 and r1c3" in \
        got["reason"]
    assert main(["why", gid, "1,2", "--format", "json"]) == 1
    got = json.loads(capsys.readouterr().out)
    assert got["value"] is None and "does not decide how the dead end at r1c2 turns" in got["text"]
    p = decode_game_id(gid)
    state = KIND.initial_state(p)
    for e in range(p.n):  # every side that is not a wall open
        if state.value(e) is None:
            state.assign(e, 1)
    assert p.orientations(state) == [1, None, 4] and answer(p, state) == "1?4"


def test_a_barrier_around_the_edge_is_drawn_on_both_sides_over_the_frame():
    from explain.svg import grid_svg
    p = decode_game_id("2x2w:39vcah")  # barriers right of r1c2 and below r2c2: both wrap
    svg = grid_svg(KIND, p, KIND.initial_state(p), size=26)
    bar = re.search(r'<path class="barrier" d="([^"]*)"', svg).group(1)
    # right of r1c2 on the right frame and on the left; below r2c2 at the bottom and the top
    assert bar.split("M")[1:] == ["55 3v26", "3 3v26", "29 55h26", "29 3h26"]
    assert svg.index('class="frame"') < svg.index('class="barrier"')


def test_boards_past_10000_tiles_are_refused():
    """As for Nurikabe: a 200x200 board spent seconds before its budget could act."""
    with pytest.raises(InputError, match=r"101x100 = 10100 cells; at most 10000 \(100x100\)"):
        load("100x101:" + "1" * 10100)
    with pytest.raises(InputError, match=r"the grid is 101x100 = 10100 cells"):
        load("\n".join(["─" * 100] * 101))
    assert load("100x100:" + "1" * 10000).size == 10000


def test_a_capital_x_is_a_malformed_game_id_not_a_missing_file(tmp_path, capsys):
    """``2X1:14`` (Tatham's reader takes only a small x) was read as a Nurikabe file
    name: "no such file". It is Pipes now, and its reader names the problem."""
    from deduce.cli import main
    from deduce.kind import kind_of
    assert kind_of("2X1:14", None, "nurikabe").name == "pipes"
    for args in (["2X1:14"], ["2X1:14", "--kind", "pipes"]):
        assert main(["solve", *args]) == 2
        err = capsys.readouterr().err
        assert err == ("deduce: error: <game id>:1:2: '2X1' is not a size WxH: the x must be "
                       "lower case ('2x1')\n")
    f = tmp_path / "capital.txt"
    f.write_text("; from a forum post\n10X10w:" + "1" * 100 + "\n")
    with pytest.raises(InputError, match=r"capital.txt:2:3: '10X10w' is not a size WxH: the x must "
                                         r"be lower case \('10x10w'\)$"):
        load(str(f))
    assert load("2x1:14").tiles == (1, 4)


def test_errors_of_a_game_id_in_a_file_name_its_line(tmp_path):
    """A game ID after a comment line was reported on line 1, the size limit too."""
    f = tmp_path / "big.txt"
    f.write_text("; a comment\n  100x101:1\n")
    with pytest.raises(InputError, match=r"big.txt:2:3: the grid is 101x100 = 10100 cells"):
        load(str(f))
    f.write_text("; a comment\n3x2:4ba6z58\n")
    with pytest.raises(InputError, match=r"big.txt:2:9: unexpected character 'z'"):
        load(str(f))


def test_a_solution_that_breaks_a_rule_is_refused():
    # each tile a rotation of the given one, but not a solution: hint and batch
    # would judge marks and steps by it
    rec = record("sgt-net-5x5-000")
    sol = rec["solution"]
    p = from_record(rec)
    t = next(t for t in range(p.size) if len(set(rotations(p.tiles[t]))) > 1)
    other = next(x for x in rotations(p.tiles[t]) if x != int(sol[t], 16))
    turned = sol[:t] + format(other, "x") + sol[t + 1:]
    with pytest.raises(InputError, match=r"'solution' breaks a rule: "):
        from_record({**rec, "solution": turned})


def test_the_documented_barrier_example_has_one_solution():
    # docs/pipes.md shows the plain text form on a board a reader may try
    docs = (Path(__file__).resolve().parents[1] / "docs" / "pipes.md").read_text()
    block = docs.split("  ; a 3x2 board with a barrier", 1)[1].split("```", 1)[0]
    p = parse_text(textwrap.dedent("  ; a 3x2 board with a barrier" + block))
    assert (p.rows, p.cols) == (2, 3) and any(p.barriers)
    result = Solver(KIND, p).solve()
    assert result.verdict == "solved"
    assert len(oracle_solutions(p, 2)) == 1


def test_records_in_a_file_not_named_jsonl_are_a_collection(tmp_path):
    """A record saved as .json was read as a grid of tiles: "'{' is not a pipe
    tile", as Nurikabe reads it since long."""
    records_in_a_json_file_are_read(tmp_path, KIND, decode_game_id(WRAPPING))
