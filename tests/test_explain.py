"""Explanations: SVG diagrams, printable HTML, terminal diagrams, hints, why, JSON schema.

Fast (a few seconds): the bundled examples and a few small janko puzzles
(skipped when ../shared/data is absent).
"""
from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import attrs
import jsonschema
import pytest

from deduce.cli import main
from deduce.kind import load_kind
from deduce.solver import Result, Solver
from deduce.grade import grade
from deduce.step import Step
from explain.hints import (find_mistakes, focus, givens_state, hint_lines, progressive_hint,
                           reference_solution)
from explain.html import walkthrough_html
from explain.json_walkthrough import walkthrough as json_walkthrough
from explain.runs import branch_state, group_steps, is_trivial, run_summary, states_before
from explain.svg import grid_svg, marks_svg, outline_loops, step_svg
from explain.window import CROP_MARGIN, CROP_MOST, CROP_SIDE, focus_window, step_marks
from explain.why import decided_by, looked_at, parse_cell, why_chain
from tests.conftest import SHARED

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "puzzles" / "examples"
SCHEMA = ROOT / "explain" / "walkthrough.schema.json"
KIND = load_kind("nurikabe")
# small janko puzzles that together use every technique the engine has used on them
# (0393: hypotheses; 0331: a squeezed island; 0112: battleground; 0124: size accounting;
# 0861: N-1 neighbour; 0472: fragment lifeline)
JANKO_IDS = ("janko-0393", "janko-0331", "janko-0112", "janko-0124", "janko-0861", "janko-0101",
             "janko-0472")
SVG_NS = "{http://www.w3.org/2000/svg}"


def _solve(puzzle, depth=1):
    return Solver(KIND, puzzle, depth=depth, budget=20).solve()


@pytest.fixture(scope="module")
def example():
    puzzle = KIND.load(str(EXAMPLES / "nurikabe-7x7.txt"))
    return puzzle, _solve(puzzle)


def _janko(ids=JANKO_IDS):
    path = SHARED / "nurikabe" / "janko.jsonl"
    if not path.exists():
        return []
    wanted = set(ids)
    out = []
    with path.open() as f:
        for line in f:
            record = json.loads(line)
            if record["id"] in wanted:
                out.append(KIND.from_record(record))
    return out


@pytest.fixture(scope="module")
def walkthroughs(example):
    out = [example]
    p10 = KIND.load(str(EXAMPLES / "nurikabe-10x10.txt"))
    out.append((p10, _solve(p10)))
    for puzzle in _janko():
        out.append((puzzle, _solve(puzzle)))
    return out


@pytest.fixture(scope="module")
def hypothesis_case():
    puzzles = _janko(("janko-0393",))
    if not puzzles:
        pytest.skip("shared data not found")
    puzzle = puzzles[0]
    result = _solve(puzzle)
    assert any(s.technique.startswith("hypothesis") for s in result.steps)
    return puzzle, result


# ----------------------------------------------------------------------------- SVG
def _drawn(svg: str):
    """What a diagram tags: {role: set of cells}, regions as [(role, cells)], values."""
    root = ET.fromstring(svg)
    cells: dict[str, set] = {}
    values: dict[str, dict] = {}
    regions = []
    for el in root.iter():
        role = el.get("data-role")
        if role is None:
            continue
        if role == "region":
            listed = el.get("data-cells").split()
            regions.append((el.get("data-region"), [tuple(map(int, c.split(","))) for c in listed]))
            continue
        if el.get("data-cells") is not None:  # one outline path for many cells
            listed = {tuple(map(int, c.split(","))) for c in el.get("data-cells").split()}
            assert listed and not cells.get(role), role  # (one such path per role)
            cells[role] = listed
            continue
        rc = tuple(map(int, el.get("data-cell").split(",")))
        cells.setdefault(role, set()).add(rc)
        if el.get("data-value") is not None:
            values.setdefault(role, {})[rc] = el.get("data-value")
    return cells, regions, values


def _rc(puzzle, i):
    return tuple(KIND.coords(puzzle, i))


def test_step_svg_draws_exactly_what_each_step_records(walkthroughs):
    seen = set()
    for puzzle, result in walkthroughs:
        befores = states_before(KIND, puzzle, result.steps)
        for k, step in enumerate(result.steps):
            seen.add(step.technique)
            cells, regions, values = _drawn(step_svg(KIND, puzzle, befores[k], step))
            assert cells.get("premise", set()) == {_rc(puzzle, i) for i in step.premises}, step
            assert values.get("conclusion", {}) == {
                _rc(puzzle, i): KIND.symbols[v] for i, v in step.conclusions}, step
            assert regions == [(role, [_rc(puzzle, i) for i in region])
                               for role, region in step.regions], step
            if step.assumption is not None:
                i, v = step.assumption
                assert values["assumption"] == {_rc(puzzle, i): KIND.symbols[v]}
            else:
                assert "assumption" not in cells
            # nothing out of thin air
            assert set(cells) <= {"premise", "conclusion", "assumption"}
    expected = {"island-closure", "clue-separation", "pool-prevention", "island-expansion",
                "wall-expansion", "unreachable", "last-cell-neighbour", "wall-chokepoint",
                "island-confinement", "shape-enumeration", "battleground"}
    assert expected <= seen or len(walkthroughs) == 2, expected - seen
    if len(walkthroughs) > 2:
        assert {"size-accounting", "hypothesis-1", "island-squeeze", "fragment-lifeline"} <= seen


def test_grid_svg_draws_the_state_and_labels(example):
    puzzle, result = example
    root = ET.fromstring(grid_svg(KIND, puzzle, result.state, title="t"))
    assert root.tag == SVG_NS + "svg"
    labels = [el.text for el in root.iter(SVG_NS + "text")]
    assert sorted(labels) == sorted(str(n) for _, n in puzzle.clues)
    assert not [el for el in root.iter() if el.get("data-role")]
    for v in (0, 1):
        path = root.find(f".//{SVG_NS}path[@class='cells v{v}']")
        drawn = _covered(path.get("d"))
        assert drawn == {KIND.coords(puzzle, i) for i in range(result.state.n)
                         if result.state.value(i) == v}
    dots = _dots(root.find(f".//{SVG_NS}path[@class='dots']"))
    assert dots == {KIND.coords(puzzle, i) for i in range(result.state.n)
                    if result.state.value(i) == 0 and KIND.label(puzzle, i) is None}


def _covered(d: str, margin: float = 3.0) -> set[tuple[int, int]]:
    """The grid cells a cells path (row runs "MxyhWvSh-Wz") covers."""
    out = set()
    for x, y, w, s in re.findall(r"M([\d.]+) ([\d.]+)h([\d.]+)v([\d.]+)h-[\d.]+z", d):
        x, y, w, s = map(float, (x, y, w, s))
        r, c0, k = round((y - margin) / s), round((x - margin) / s), round(w / s)
        assert abs(k * s - w) < 0.02, (w, s)
        out.update((r, c0 + j) for j in range(k))
    assert len(re.findall("M", d)) == len(re.findall("z", d))
    return out


def _dots(el, margin: float = 3.0) -> set[tuple[int, int]]:
    """The cells a dots path marks: a round dot every ``stroke-dasharray`` step."""
    step = float(el.get("stroke-dasharray").split()[1])
    out = set()
    for x, y, h in re.findall(r"M([\d.]+) ([\d.]+)h([\d.]+)", el.get("d")):
        x, y, h = float(x), float(y), float(h)
        r, c0 = round((y - margin - step / 2) / step), round((x - margin - step / 2) / step)
        out.update((r, c0 + j) for j in range(int(h / step) + 1))
    return out


# ------------------------------------------------------- parts of big grids
def _big_puzzle():
    """20x20 with a 1 in every fourth row and column: local steps all over it."""
    rows = [" ".join("1" if r % 4 == 1 and c % 4 == 1 else "." for c in range(20))
            for r in range(20)]
    return KIND.load("\n".join(rows) + "\n")


def test_focus_window_covers_the_marks_and_keeps_a_shape():
    small = KIND.load(str(EXAMPLES / "nurikabe-10x10.txt"))
    assert focus_window(KIND, small, [0]) is None  # small grids are drawn whole
    big = _big_puzzle()
    pipes = load_kind("pipes")
    assert focus_window(pipes, pipes.load("5x5:42838cb4da1deb7c7b38888b1"), [0]) is None
    cases = [[0], [399], [210], [0, 399], [21, 25, 29], [0, 20, 40, 60, 80, 100, 120], [44, 46]]
    for marked in cases:
        window = focus_window(KIND, big, marked)
        spots = [KIND.coords(big, i) for i in marked]
        rs, cs = [r for r, _ in spots], [c for _, c in spots]
        # the box of the marks with CROP_MARGIN around it (within the grid)
        box = (max(0, min(rs) - CROP_MARGIN), max(0, min(cs) - CROP_MARGIN),
               min(19, max(rs) + CROP_MARGIN), min(19, max(cs) + CROP_MARGIN))
        area = (box[2] - box[0] + 1) * (box[3] - box[1] + 1)
        if window is None:
            assert area > CROP_MOST * 400 or max(box[2] - box[0], box[3] - box[1]) + 1 > 10, marked
            continue
        r0, c0, r1, c1 = window
        assert 0 <= r0 <= box[0] and 0 <= c0 <= box[1] and box[2] <= r1 <= 19 and box[3] <= c1 <= 19
        h, w = r1 - r0 + 1, c1 - c0 + 1
        assert min(h, w) >= CROP_SIDE and 2 * min(h, w) >= max(h, w), window
        assert h * w <= CROP_MOST * 400
    assert focus_window(KIND, big, [0]) == (0, 0, 7, 7)
    assert focus_window(KIND, big, [0, 399]) is None


def test_a_part_of_a_big_grid_draws_the_step_and_only_that_part():
    puzzle = _big_puzzle()
    result = _solve(puzzle, depth=0)
    befores = states_before(KIND, puzzle, result.steps)
    cropped = 0
    for k, step in enumerate(result.steps):
        window = focus_window(KIND, puzzle, step_marks(step))
        if window is None:
            continue
        cropped += 1
        r0, c0, r1, c1 = window
        svg = step_svg(KIND, puzzle, befores[k], step, window=window)
        root = ET.fromstring(svg)
        assert root.get("data-window") == f"{r0},{c0},{r1},{c1}"
        cells, regions, values = _drawn(svg)  # every mark the step records, as drawn whole
        assert cells.get("premise", set()) == {_rc(puzzle, i) for i in step.premises}
        assert values.get("conclusion", {}) == {
            _rc(puzzle, i): KIND.symbols[v] for i, v in step.conclusions}
        assert regions == [(role, [_rc(puzzle, i) for i in region]) for role, region in step.regions]
        inside = {(r, c) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)}
        for v in (0, 1):  # the decided cells of the part, and nothing beyond it
            path = root.find(f".//{SVG_NS}path[@class='cells v{v}']")
            drawn = {(r + r0, c + c0) for r, c in _covered(path.get("d"))} if path is not None else set()
            assert drawn == {_rc(puzzle, i) for i in range(befores[k].n)
                             if befores[k].value(i) == v} & inside
        labels = sorted(el.text for el in root.iter(SVG_NS + "text"))
        assert labels == sorted(str(n) for i, n in puzzle.clues if _rc(puzzle, i) in inside)
        assert len(svg) < len(step_svg(KIND, puzzle, befores[k], step))
    assert cropped > 20


def test_html_of_a_big_grid_draws_parts_with_every_mark_inside():
    puzzles = _janko(("janko-1114",))  # 12x20, one hypothesis
    if not puzzles:
        pytest.skip("shared data not found")
    puzzle = puzzles[0]
    result = _solve(puzzle)
    assert any(s.assumption is not None for s in result.steps)
    html = walkthrough_html(KIND, puzzle, result)
    svgs = re.findall(r"<svg.*?</svg>", html, re.S)
    parts = 0
    for svg in svgs:
        root = ET.fromstring(svg.replace("<svg ", f'<svg xmlns="{SVG_NS[1:-1]}" ', 1))
        if root.get("data-window") is None:
            continue
        parts += 1
        r0, c0, r1, c1 = map(int, root.get("data-window").split(","))
        for el in root.iter():
            listed = (el.get("data-cells") or "").split() + [el.get("data-cell")] * bool(el.get("data-cell"))
            for rc in listed:
                r, c = map(int, rc.split(","))
                assert r0 <= r <= r1 and c0 <= c <= c1, (root.get("data-window"), rc)
    assert parts > len(svgs) / 3
    # each part is named in its caption; a hypothesis's figures (the step and
    # its branches) all show the same part, or all the whole grid (a wall
    # split rests on every black cell)
    for figure in re.findall(r"<figure.*?</figure>", html, re.S):
        window = re.search(r'data-window="(\d+),(\d+),(\d+),(\d+)"', figure)
        if window:
            r0, c0, r1, c1 = map(int, window.groups())
            assert f"Rows {r0 + 1}–{r1 + 1}, columns {c0 + 1}–{c1 + 1}" in figure
    for card in html.split('class="hyp-body"')[1:]:
        card = card[:card.index('<div class="text">')]
        assert len(set(re.findall(r'data-window="([^"]*)"', card) or [""])) == 1


def test_branch_diagram_marks_branch_assumption_and_contradiction(hypothesis_case):
    puzzle, result = hypothesis_case
    befores = states_before(KIND, puzzle, result.steps)
    k, step = next((k, s) for k, s in enumerate(result.steps) if s.assumption is not None)
    branch = branch_state(befores[k], step)
    i, v = step.assumption
    assert branch.value(i) == v
    for sub in step.proof:
        for j, w in sub.conclusions:
            assert branch.value(j) == w
    decided = {j: branch.value(j) for j in range(branch.n)
               if befores[k].value(j) is None and branch.value(j) is not None}
    svg = marks_svg(KIND, puzzle, branch, branch=decided, assumption=step.assumption,
                    contradiction=step.premises[1:])
    cells, _, _ = _drawn(svg)
    assert cells["branch"] == {_rc(puzzle, j) for j in decided}
    assert cells.get("contradiction", set()) == {_rc(puzzle, j) for j in step.premises[1:]}


def test_outline_loops_are_closed_and_follow_the_shape():
    # an L of three cells: one loop with 6 corners (+ points where sides go straight on)
    loops = outline_loops([(0, 0), (1, 0), (1, 1)], size=10, inset=1, margin=0)
    assert len(loops) == 1
    xs = sorted({round(x, 2) for x, _ in loops[0]})
    ys = sorted({round(y, 2) for _, y in loops[0]})
    assert xs[0] == 1 and xs[-1] == 19 and ys[0] == 1 and ys[-1] == 19
    # two cells touching at a corner only: two loops
    assert len(outline_loops([(0, 0), (1, 1)], 10, 1, 0)) == 2
    # a ring has an outer and an inner loop
    ring = [(r, c) for r in range(3) for c in range(3) if (r, c) != (1, 1)]
    assert len(outline_loops(ring, 10, 1, 0)) == 2


# ----------------------------------------------------------------------------- runs / HTML
class _Cards(HTMLParser):
    """Top-level step cards: their data-steps, the data-step of their sub-steps, their SVGs."""

    def __init__(self):
        super().__init__()
        self.cards = []
        self.depth = 0  # li nesting inside the current card
        self.external = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "li":
            if self.depth == 0 and "step" in (a.get("class") or "").split():
                self.cards.append({"class": a["class"], "steps": a["data-steps"].split(),
                                   "subs": [], "svgs": 0})
                self.depth = 1
                return
            if self.depth:
                self.depth += 1
                if "substep" in (a.get("class") or "").split():
                    self.cards[-1]["subs"].append(a["data-step"])
        if tag == "svg" and self.depth:
            self.cards[-1]["svgs"] += 1
        for key in ("src", "href"):
            if key in a:
                self.external.append(a[key])

    def handle_endtag(self, tag):
        if tag == "li" and self.depth:
            self.depth -= 1


def _cards(html: str) -> _Cards:
    parser = _Cards()
    parser.feed(html)
    return parser


def assert_self_contained(html: str) -> None:
    low = html.lower()
    assert "http://" not in low and "https://" not in low
    assert "@import" not in low and "<script" not in low and "<link" not in low
    assert not re.search(r"""(src|href)\s*=\s*["']?//""", low)
    for m in re.finditer(r"url\(\s*['\"]?([^)'\"]*)", low):
        assert m.group(1).startswith("data:"), m.group(0)


def test_group_steps_partition_and_runs_are_trivial_same_technique(walkthroughs):
    for puzzle, result in walkthroughs:
        groups = group_steps(result.steps)
        flat = [s for g in groups for s in g.steps]
        assert flat == list(result.steps)
        assert [g.first for g in groups] == \
            [sum(len(h.steps) for h in groups[:k]) for k in range(len(groups))]
        for g in groups:
            if g.is_run:
                assert all(is_trivial(s) and s.technique == g.technique for s in g.steps)
        # no two neighbouring groups could have been one run
        for a, b in zip(groups, groups[1:]):
            if is_trivial(a.steps[-1]) and is_trivial(b.steps[0]):
                assert a.technique != b.technique


def test_summarised_runs_expand_to_exactly_their_steps(walkthroughs):
    some_run = False
    for puzzle, result in walkthroughs:
        html = walkthrough_html(KIND, puzzle, result)
        cards = _cards(html).cards
        numbers = [n for c in cards for n in c["steps"]]
        assert numbers == [str(k) for k in range(1, len(result.steps) + 1)]
        groups = group_steps(result.steps)
        assert len(cards) == len(groups)
        for card, group in zip(cards, groups):
            assert card["svgs"] >= 1  # every step has a diagram
            if "run" in card["class"].split():
                some_run = True
                assert card["subs"] == card["steps"]  # the details list exactly these steps
                assert card["svgs"] == 1 + len(group.steps)  # summary + one per step
                assert len(card["steps"]) == len(group.steps) >= 2
                summary = run_summary(KIND, group)
                assert f"({len(group.steps)} steps)" in summary
                assert str(len(group.conclusions)) in summary
            else:
                assert card["subs"] == [] and len(card["steps"]) == 1
        assert_self_contained(html)
    assert some_run


def test_html_hypothesis_card(hypothesis_case):
    puzzle, result = hypothesis_case
    html = walkthrough_html(KIND, puzzle, result)
    cards = _cards(html).cards
    hyps = [c for c in cards if "hypothesis" in c["class"].split()]
    assert hyps and all(c["svgs"] == 2 for c in hyps)  # before + the branch
    k = next(k for k, s in enumerate(result.steps) if s.assumption is not None)
    step = result.steps[k]
    name = KIND.cell_name(puzzle, step.assumption[0])
    assert f"Suppose {name} is {KIND.words[step.assumption[1]]}" in html
    assert f"So {name} is {KIND.words[1 - step.assumption[1]]}" in html
    if step.proof:
        assert f'<span class="pnum">{k + 1}.1</span>' in html
    assert "Level 4" in html and "<table class=\"histogram\">" in html
    assert_self_contained(html)


def _nested_result(puzzle):
    """A synthetic walkthrough with a depth-2 hypothesis holding a depth-1 one, and an
    either-way step, to exercise the recursive rendering and the JSON schema."""
    inner_proof = (Step("island-closure", 1, ((2, 1),), (1,), "inner closure.",
                        regions=(("island", (1,)),)),)
    inner = Step("hypothesis-1", 5, ((3, 1),), (3, 2), "If r1c4 were white... so black.",
                 depth=1, assumption=(3, 0), proof=inner_proof, contradiction="a pool")
    outer = Step("hypothesis-2", 6, ((4, 0),), (4, 3), "If r1c5 were black... so white.",
                 depth=2, assumption=(4, 1), proof=(inner,), contradiction="a split wall")
    either = Step("either-way-1", 5, ((5, 1),), (6,), "Whether r1c7 ... either way.", depth=1,
                  proof=(Step("assume", 5, ((6, 0),), (6,), "Suppose r1c7 is white.", depth=1,
                              assumption=(6, 0), proof=inner_proof),
                         Step("assume", 5, ((6, 1),), (6,), "Suppose r1c7 is black.", depth=1,
                              assumption=(6, 1), proof=())))
    steps = (outer, either)
    return Result("stuck", KIND.initial_state(puzzle), steps, grade(steps, False), "test")


def test_html_nested_hypothesis_and_either_way(example):
    puzzle, _ = example
    result = _nested_result(puzzle)
    html = walkthrough_html(KIND, puzzle, result)
    assert '<span class="pnum">1.1</span>' in html and '<span class="pnum">1.1.1</span>' in html
    assert html.count('<ol class="proof">') >= 3
    cards = _cards(html).cards
    assert cards[0]["svgs"] == 2 and cards[1]["svgs"] == 3  # either-way: before + 2 branches
    assert "Suppose r1c7 is white." in html and "Suppose r1c7 is black." in html
    assert_self_contained(html)


# ----------------------------------------------------------------------------- terminal / CLI
def test_solve_diagrams_and_step_range(capsys, tmp_path):
    path = str(EXAMPLES / "nurikabe-7x7.txt")
    assert main(["solve", path, "--plain", "--diagrams", "--steps", "3..5"]) == 0
    out = capsys.readouterr().out
    numbers = re.findall(r"^(\d+)\. \[", out, re.M)
    assert numbers == ["3", "4", "5"]
    assert ">#<" in out and "[" in out  # a conclusion and premises are marked
    assert main(["solve", path, "--plain"]) == 0
    plain = capsys.readouterr().out
    assert len(re.findall(r"^\d+\. \[", plain, re.M)) > 5 and ">#<" not in plain


def test_solve_html_and_svg_files(capsys, tmp_path):
    html, svg = tmp_path / "w.html", tmp_path / "g.svg"
    path = str(EXAMPLES / "nurikabe-7x7.txt")
    assert main(["solve", path, "--html", str(html), "--svg", str(svg)]) == 0
    out = capsys.readouterr().out
    assert "Wrote" in out and "level 3" in out
    text = html.read_text()
    assert text.startswith("<!DOCTYPE html>") and "@page" in text and "page-break-inside: avoid" in text
    assert_self_contained(text)
    ET.fromstring(svg.read_text())


def test_standard_output_holds_one_document(capsys, tmp_path):
    """``-`` for --html or --svg: stdout holds that document alone; a second
    claim on stdout is refused (one line, exit 2), and what was written to
    files is said on stderr."""
    path = str(EXAMPLES / "nurikabe-7x7.txt")
    svg = tmp_path / "g.svg"
    assert main(["solve", path, "--html", "-", "--svg", str(svg)]) == 0
    got = capsys.readouterr()
    assert got.out.rstrip().endswith("</html>") and f"Wrote the final grid to {svg}" in got.err
    for extra, says in ((["--svg", "-"], "--html - and --svg - both write"),
                        (["--format", "json"], "--html - and --format json both write"),
                        (["--diagrams"], "--html - and --diagrams both write"),
                        (["--steps", "1..2"], "--html - and --steps both write")):
        assert main(["solve", path, "--html", "-", *extra]) == 2
        got = capsys.readouterr()
        assert got.out == "" and got.err.count("\n") == 1 and says in got.err
    assert main(["render", path, "--svg", "-"]) == 0
    got = capsys.readouterr()
    assert got.out.startswith("<svg") and "Wrote" not in got.out
    assert main(["render", path, "--svg", str(svg), "--format", "json"]) == 0
    got = capsys.readouterr()
    assert json.loads(got.out) == {"svg": str(svg), "drawn": "the puzzle", "verdict": None,
                                   "step": None}
    assert "Wrote the puzzle" in got.err


def test_render_command(tmp_path, capsys):
    path = str(EXAMPLES / "nurikabe-7x7.txt")
    out = tmp_path / "s.svg"
    assert main(["render", path, "--svg", str(out), "--step", "3"]) == 0
    cells, regions, _ = _drawn(out.read_text())
    puzzle = KIND.load(path)
    step = _solve(puzzle).steps[2]
    assert cells["premise"] == {_rc(puzzle, i) for i in step.premises}
    assert main(["render", path, "--svg", str(out)]) == 0
    assert "data-role" not in out.read_text()
    assert main(["render", path, "--svg", str(out), "--step", "999"]) == 2


# ----------------------------------------------------------------------------- hints
PARTLY = """\
. 6 # . . . .
. . # 6 . . .
. . . . . . .
. . . . 2 . .
. 4 . . . 4 .
. . . 6 . . .
. . . . . . .
"""
WRONG = PARTLY.replace(". 6 #", "# 6 #", 1).replace(". . . . . . .", ". . + . . . .", 1)


def test_hints_three_levels():
    puzzle = KIND.load(PARTLY)
    hints = [progressive_hint(KIND, puzzle, level) for level in (1, 2, 3)]
    step = hints[0].step
    assert all(h.code == 0 and h.step == step for h in hints)
    one, two, three = (list(h.lines) for h in hints)
    assert one == ["Look at the 2 at r4c5: try Clue separation."]
    assert two[0] == one[0] and len(two) > len(one)
    assert "You can decide one cell black." in two
    concluded = [KIND.cell_name(puzzle, i) for i, _ in step.conclusions]
    assert not any(name in " ".join(two) for name in concluded)  # level 2 names no cell
    assert three[:len(two)] == two and step.text in three
    assert all(name in three[-1] for name in concluded)


def test_hint_focus_comes_from_regions_and_premises(walkthroughs):
    for puzzle, result in walkthroughs:
        for step in result.steps:
            where = focus(KIND, puzzle, step)
            assert where
            line = hint_lines(KIND, puzzle, step, 1)[0]
            assert line.startswith(f"Look at {where}: try ")
            if step.regions and step.assumption is None:
                cells = {i for _, r in step.regions for i in r}
                clue = [i for i in cells if KIND.label(puzzle, i) is not None]
                if clue:
                    assert where.endswith(KIND.cell_name(puzzle, clue[0])) or "at r" in where


def test_mistakes_against_the_solved_clues():
    puzzle = KIND.load(WRONG)
    solution, source = reference_solution(KIND, puzzle)
    assert solution is not None and "clues" in source
    mistakes = find_mistakes(KIND, puzzle, KIND.initial_state(puzzle), solution)
    assert [m.text for m in mistakes] == ["r1c1 should not be black", "r3c3 should not be white"]
    hint = progressive_hint(KIND, puzzle, 1)
    assert hint.code == 1 and hint.step is None
    assert "  r1c1 should not be black" in hint.lines
    # the givens alone exclude the player's marks
    givens = givens_state(KIND, puzzle)
    assert givens.ones == 0 and givens.zeros == puzzle.clue_mask


def test_mistakes_against_a_known_solution(example):
    puzzle, result = example
    solved_rows = KIND.grid_rows(puzzle, result.state)
    # mark one black cell white: the record's solution catches it
    i = next(i for i in range(result.state.n) if result.state.value(i) == 1)
    marked = attrs.evolve(puzzle, white=1 << i, solution=tuple(solved_rows))
    hint = progressive_hint(KIND, marked, 2)
    assert hint.code == 1 and hint.checked_against == "the puzzle's known solution"
    assert hint.lines[-1].strip() == f"{KIND.cell_name(puzzle, i)} should not be white"


def test_hint_says_when_the_marks_cannot_be_checked(tmp_path, capsys):
    """No solution to check the marks against (logic stuck from the clues): the
    hint says so, rather than hint from marks that may be wrong as if they were
    checked; without marks there is nothing to say."""
    marked = KIND.load("? + .\n. . .\n. . 3")
    hint = progressive_hint(KIND, marked, 2, depth=0)
    assert hint.code == 0 and hint.step is not None
    assert hint.note == hint.lines[-1] == ("Your marks are not checked: the clues alone do "
                                           "not solve (stuck: no technique applies at depth <= 0); "
                                           "they fit at least one solution.")
    assert not progressive_hint(KIND, KIND.load("? . .\n. . .\n. . 3"), 2, depth=0).note
    assert not progressive_hint(KIND, KIND.load(PARTLY), 2).note  # (checked)
    f = tmp_path / "marked.txt"
    f.write_text("? + .\n. . .\n. . 3\n")
    for level in ([], ["--level", "3"]):  # after the step's grid or diagram
        assert main(["hint", str(f), "--depth", "0", "--plain", *level]) == 0
        assert capsys.readouterr().out.rstrip().endswith(hint.note)


def test_hint_says_when_no_solution_keeps_the_marks(monkeypatch):
    """The clues alone have several solutions, so there is none to check the marks
    against; but no solution keeps the white r3c3 (the 2 cannot reach it without
    growing to 3 cells, and it cannot be a lone white cell). The hint gave a step
    resting on that mark, with "your marks are not checked"."""
    import explain.hints as hints
    marked = KIND.load(". . .\n. 2 .\n. . +")
    hint = progressive_hint(KIND, marked, 3)
    assert hint.code == 1 and hint.step is None and not hint.mistakes
    assert hint.lines == ("Your marks cannot all be right: no solution of the clues keeps "
                          "them all (a complete search finds none).",)
    unmarked = progressive_hint(KIND, KIND.load(". . .\n. 2 .\n. . ."), 3)
    assert unmarked.step is not None and not unmarked.note  # (nothing marked: nothing to say)
    # when the clues themselves have no solution (and logic did not show it), that is said
    monkeypatch.setattr(hints, "_reference", lambda *a: (None, "stuck (pretended)", None))
    hint = progressive_hint(KIND, KIND.load("3 . 3\n. . +"), 3)
    assert hint.code == 1 and hint.lines == ("This puzzle has no solution: a complete search "
                                             "of the clues alone finds none.",)


def test_hint_diagram_is_cut_not_folded_on_a_narrow_terminal(tmp_path):
    """hint --level 3 on a terminal narrower than its diagram: each row is cut at
    the edge, as the walkthrough's diagrams are, not folded into pieces that no
    longer line up."""
    import io
    from rich.console import Console
    from deduce.cli import parser
    from deduce.explain_cli import hint_level
    f = tmp_path / "partly.txt"
    f.write_text(PARTLY)
    args = parser().parse_args(["hint", str(f), "--level", "3", "--plain"])
    out = Console(file=io.StringIO(), width=16, force_terminal=True, no_color=True,
                  highlight=False, markup=False)
    assert hint_level(args, out) == 0
    text = out.file.getvalue()
    rows = len(PARTLY.strip().splitlines())
    diagram = text[text.index("Cells:"):].splitlines()[-rows - 1:]
    assert diagram[-1] == ""  # (a diagram ends with a blank line)
    assert all(line.endswith("…") and len(line) <= 16 for line in diagram[:-1]), text


def test_hint_cli_levels_and_mistakes(tmp_path, capsys):
    good, bad = tmp_path / "good.txt", tmp_path / "bad.txt"
    good.write_text(PARTLY)
    bad.write_text(WRONG)
    assert main(["hint", str(good), "--level", "1"]) == 0
    assert capsys.readouterr().out.strip() == "Look at the 2 at r4c5: try Clue separation."
    assert main(["hint", str(good), "--level", "3", "--plain"]) == 0
    out = capsys.readouterr().out
    assert "r4c6 touches both" in out and ">#<" in out
    assert main(["hint", str(bad), "--level", "2"]) == 1
    out = capsys.readouterr().out
    assert "r1c1 should not be black" in out and "r3c3 should not be white" in out
    assert main(["hint", str(bad), "--level", "1", "--format", "json"]) == 1
    record = json.loads(capsys.readouterr().out)
    assert [m["cell"] for m in record["mistakes"]] == [[0, 0], [2, 2]]
    assert main(["hint", str(good)]) == 0  # without --level: the old one-step hint
    assert "Next" in capsys.readouterr().out


# ----------------------------------------------------------------------------- why
def test_why_chain_is_closed_ordered_and_ends_with_the_decider(example):
    puzzle, result = example
    start = KIND.initial_state(puzzle)
    by = decided_by(result.steps, start)
    for cell in range(start.n):
        if cell not in by:
            assert start.value(cell) is not None
            continue
        chain = why_chain(result.steps, start, cell)
        assert chain == sorted(set(chain)) and chain[-1] == by[cell]
        for k in chain:
            for i in looked_at(result.steps[k]):
                if i in by and by[i] < k:
                    assert by[i] in chain


def test_why_small_puzzle_exact_chain(example, capsys):
    puzzle, result = example
    path = str(EXAMPLES / "nurikabe-7x7.txt")
    cell = parse_cell(KIND, puzzle, "7,1")
    assert cell == parse_cell(KIND, puzzle, "r7c1")
    chain = why_chain(result.steps, KIND.initial_state(puzzle), cell)
    assert main(["why", path, "7,1", "--plain"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Why is r7c1 {KIND.words[result.state.value(cell)]}?")
    assert re.findall(r"^(\d+)\. \[", out, re.M) == [str(k + 1) for k in chain]
    assert main(["why", path, "1,2"]) == 0
    assert "from the start" in capsys.readouterr().out
    assert main(["why", path, "9,9"]) == 2


def test_why_json_names_the_cell_asked_and_the_room_it_lies_in(capsys):
    maze = str(EXAMPLES / "nurimeizu-10x10-medium.txt")  # r2c2 lies in the room at r1c1
    assert main(["why", maze, "2,2", "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["cell"] == [1, 1] and [0, 0] in out["cells"] and [1, 1] in out["cells"]
    assert main(["why", str(EXAMPLES / "nurikabe-7x7.txt"), "r2c2", "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["cell"] == [1, 1] and out["cells"] == [[1, 1]]


def test_why_and_render_step_say_when_the_puzzle_has_no_solution(tmp_path, capsys):
    # the steps of a puzzle without a solution decide cells of no solution: exit 1, a note
    f = tmp_path / "none.txt"
    f.write_text("1 . .\n. . .\n. . 1\n")
    assert main(["why", str(f), "2,2", "--plain"]) == 1
    captured = capsys.readouterr()
    assert "Why is r2c2 black?" in captured.out
    assert "no solution (the 2x2 square at r1c2 is all black)" in captured.err
    assert main(["why", str(f), "2,2", "--format", "json"]) == 1
    assert json.loads(capsys.readouterr().out)["verdict"] == "contradiction"
    assert main(["render", str(f), "--step", "1", "--svg", str(tmp_path / "s.svg")]) == 1
    assert "no solution" in capsys.readouterr().err
    good = str(EXAMPLES / "nurikabe-7x7.txt")
    assert main(["render", good, "--step", "1", "--svg", str(tmp_path / "t.svg")]) == 0
    assert capsys.readouterr().err == ""



def test_why_on_a_cell_logic_leaves_open_says_stuck_exit_3(capsys):
    # r1c6 stays unknown when the tough example is solved without hypotheses
    tough = str(EXAMPLES / "nurikabe-10x10-tough.txt")
    assert main(["why", tough, "1,6", "--depth", "0", "--plain"]) == 3
    assert "does not decide r1c6 (stuck" in capsys.readouterr().out
    assert main(["why", tough, "1,6", "--plain"]) == 0  # with hypotheses it does


# ----------------------------------------------------------------------------- JSON schema
@pytest.fixture(scope="module")
def validator():
    schema = json.loads(SCHEMA.read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_schema_validates_real_walkthroughs(validator, walkthroughs, capsys):
    for puzzle, result in walkthroughs:
        validator.validate(json.loads(json.dumps(json_walkthrough(KIND, puzzle, result))))
    assert main(["solve", str(EXAMPLES / "nurikabe-10x10.txt"), "--format", "json"]) == 0
    validator.validate(json.loads(capsys.readouterr().out))


def test_schema_validates_nested_proofs_and_rejects_junk(validator, example):
    puzzle, _ = example
    record = json.loads(json.dumps(json_walkthrough(KIND, puzzle, _nested_result(puzzle))))
    validator.validate(record)
    assert record["steps"][0]["proof"][0]["proof"]  # recursive proof reached the schema
    bad = json.loads(json.dumps(record))
    bad["steps"][0]["proof"][0]["cells"] = [[0, 0]]
    with pytest.raises(jsonschema.ValidationError):
        validator.validate(bad)
    bad = json.loads(json.dumps(record))
    del bad["steps"][0]["contradiction"]
    with pytest.raises(jsonschema.ValidationError):
        validator.validate(bad)


# ------------------------------------------------------------ from the explanation bug hunt

def test_grid_text_keeps_every_digit_of_a_long_clue():
    from explain.terminal import grid_text
    p = KIND.load("100 " + ". " * 100 + "1\n")
    text = grid_text(KIND, p, KIND.initial_state(p), plain=True).plain
    assert text.startswith(" 100   ?   ?") and text.rstrip().endswith("   1")


def test_step_diagram_draws_an_unknown_size_clue_apart_from_an_unknown_cell():
    from explain.terminal import step_diagram
    p = KIND.load("? . .\n. . .\n. . 1")
    text = step_diagram(KIND, p, KIND.initial_state(p), None, plain=True, indent=0).plain
    first = text.splitlines()[0].split()
    assert first[:2] == ["??", "?"]


def test_a_grid_wider_than_the_console_is_printed_in_bands_of_columns():
    from rich.console import Console, Group
    from explain.terminal import grid_text
    p = KIND.load("\n".join(" ".join(["1"] + ["."] * 14) for _ in range(3)))
    console = Console(width=20, record=True, color_system=None)
    # (in a Group, as walkthroughs print it: Console.print joins bare Text as text)
    console.print(Group(grid_text(KIND, p, KIND.initial_state(p), plain=True)))
    lines = console.export_text().splitlines()
    assert lines[0] == "columns 1-10 of 15:" and lines[4] == "columns 11-15 of 15:"
    assert lines[1] == " 1" + " ?" * 9 and lines[5] == " ?" * 5


def test_pipes_plain_diagram_marks_open_premise_edges_and_has_its_own_legend():
    from explain.terminal import diagram_legend
    pipes = load_kind("pipes")
    p = pipes.load(str(EXAMPLES / "pipes-10x10-easy.txt"))
    result = Solver(pipes, p, depth=1).solve()
    befores = states_before(pipes, p, result.steps)
    seen = 0
    for before, step in zip(befores, result.steps):
        open_premises = [e for e in step.premises if before.value(e) == 1]
        if not open_premises:
            continue
        text = pipes.drawing.text(pipes, p, before, step, plain=True).plain
        assert "═" in text or "║" in text, step.text
        seen += 1
    assert seen
    assert "edges it rests on" in diagram_legend(True, pipes).plain
    assert "[x] a premise" in diagram_legend(True, KIND).plain


def test_why_json_has_one_shape_and_hint_json_names_its_level(capsys):
    keys = []
    for cell in ("1,5", "1,4"):  # a clue, a decided cell
        assert main(["why", str(EXAMPLES / "nurikabe-7x7-hard.txt"), cell, "--format", "json"]) == 0
        got = json.loads(capsys.readouterr().out)
        keys.append(sorted(got))
        assert got["text"]
    assert keys[0] == keys[1]
    main(["hint", str(EXAMPLES / "nurikabe-7x7-hard.txt"), "--format", "json"])
    got = json.loads(capsys.readouterr().out)
    assert got["level"] == 3 and got["step"] is not None


def test_nurimeizu_square_hint_does_not_name_a_room_as_the_square():
    kind = load_kind("nurimeizu")
    p = kind.load(str(EXAMPLES / "nurimeizu-10x10-medium.txt"))
    steps = [s for s in Solver(kind, p, depth=1).solve().steps if s.technique == "squares"]
    assert steps
    for s in steps:
        where = focus(kind, p, s)
        assert where.startswith("a 2×2 square across the room"), where
        concluded = kind.cell_name(p, s.conclusions[0][0])
        assert concluded not in where  # (the hint must not give the answer away)


def test_output_that_cannot_carry_the_symbols_is_one_error_line():
    import subprocess
    import sys
    r = subprocess.run([sys.executable, "-m", "deduce.cli", "solve",
                        str(EXAMPLES / "nurikabe-7x7-hard.txt")], capture_output=True,
                       text=True, env={**__import__("os").environ, "PYTHONIOENCODING": "ascii"})
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.strip().splitlines() == [
        "deduce: error: the output's encoding (ascii) cannot show '\\xb7'; use a UTF-8 locale "
        "or PYTHONIOENCODING=utf-8"]


def test_window_names_a_single_row_or_column_once():
    from explain.window import window_name
    assert window_name((0, 2, 0, 5)) == "Row 1, columns 3–6"
    assert window_name((1, 2, 4, 2)) == "Rows 2–5, column 3"


def test_output_mistakes_are_refused_before_solving(tmp_path, capsys, monkeypatch):
    path = str(EXAMPLES / "nurikabe-7x7.txt")
    import deduce.solver

    def never(self):
        raise AssertionError("solved before the output options were checked")

    monkeypatch.setattr(deduce.solver.Solver, "solve", never)
    same = str(tmp_path / "same.out")
    for argv, says in (
            (["solve", path, "--html", same, "--svg", same], "--html and --svg both name"),
            (["solve", path, "--html", str(tmp_path / "no" / "w.html")], "cannot write: no folder"),
            (["solve", path, "--svg", path], "is the puzzle's own file"),
            (["solve", path, "--steps", "0..2"], "steps are numbered from 1"),
            (["render", path, "--step", "2", "--svg", str(tmp_path / "no" / "s.svg")],
             "cannot write: no folder"),
            (["render", path, "--step", "0", "--svg", str(tmp_path / "s.svg")], "must be 1 or more"),
            (["render", path, "--step", "-1", "--svg", str(tmp_path / "s.svg")], "must be 1 or more")):
        try:
            code = main(argv)
        except SystemExit as e:  # (argparse's own refusals)
            code = e.code
        assert code == 2, argv
        got = capsys.readouterr()
        assert got.out == "" and got.err.count("\n") == 1 and says in got.err, (argv, got.err)
    assert not (tmp_path / "same.out").exists()


def test_output_names_are_printed_as_written(tmp_path, capsys):
    # "[/b]" in a path or record id is text, not one of rich's style tags
    path = str(EXAMPLES / "nurikabe-7x7.txt")
    (tmp_path / "[").mkdir()
    for name in ("[/bold].svg", "[bold]b.svg"):
        assert main(["render", path, "--svg", str(tmp_path / name)]) == 0
        assert f"Wrote the puzzle to {tmp_path / name}" in capsys.readouterr().out
    jsonl = tmp_path / "c.jsonl"  # (grade names a record by its id)
    jsonl.write_text(json.dumps({"id": "a[/b]", "rows": 1, "cols": 3, "grid": ["1 . 1"]}) + "\n")
    assert main(["grade", str(jsonl)]) == 0
    assert capsys.readouterr().out.startswith("a[/b]: solved")


def test_render_step_as_json_and_long_step_numbers(tmp_path, capsys):
    path = str(EXAMPLES / "nurikabe-7x7.txt")
    svg = tmp_path / "s.svg"
    assert main(["render", path, "--svg", str(svg), "--step", "3", "--format", "json"]) == 0
    got = capsys.readouterr()
    record = json.loads(got.out)
    step = _solve(KIND.load(path)).steps[2]
    assert record["drawn"] == "step 3" and record["verdict"] == "solved"
    assert record["step"]["text"] == step.text and svg.exists() and "Wrote step 3" in got.err
    assert main(["render", path, "--svg", str(svg), "--step", "9" * 20]) == 2
    err = capsys.readouterr().err
    assert "more than 18 digits" in err and "1000000000000000000" not in err


def test_closed_standard_output_is_an_error(capsys, monkeypatch):
    path = str(EXAMPLES / "nurikabe-7x7.txt")
    for argv in (["solve", path, "--format", "json"], ["render", path, "--svg", "-"],
                 ["solve", path, "--plain"]):
        monkeypatch.setattr("sys.stdout", None)  # (what Python makes of ">&-")
        code = main(argv)
        monkeypatch.undo()
        assert code == 2, argv
        err = capsys.readouterr().err
        assert err == "deduce: error: cannot write the output: standard output is closed\n"


def test_plain_grid_keeps_two_digit_clues_apart():
    puzzle = KIND.load("10 12 . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . 3")
    from explain.terminal import grid_text
    lines = grid_text(KIND, puzzle, KIND.initial_state(puzzle), plain=True).plain.splitlines()
    assert lines[0].split() == ["10", "12", "?", "?", "?", "?"]
    assert len({len(line) for line in lines}) == 1
