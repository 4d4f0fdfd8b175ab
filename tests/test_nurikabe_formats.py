"""Nurikabe readers and writers: text, janko.at files, puzz.link URLs, JSONL, and load()."""
from __future__ import annotations

import json
import re
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deduce.errors import InputError
from puzzles.nurikabe.formats import (
    decode_puzzlink,
    encode_puzzlink,
    from_record,
    load,
    parse_janko,
    parse_text,
    read_jsonl,
)
from puzzles.nurikabe.model import Nurikabe, violations

JANKO = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "nurikabe" / "janko.jsonl"
needs_janko = pytest.mark.skipif(not JANKO.exists(), reason="shared janko.jsonl not available")


def janko_records() -> list[dict]:
    return [json.loads(line) for line in JANKO.read_text(encoding="utf-8").splitlines() if line.strip()]


def error_of(f, *args, **kwargs) -> str:
    """The message of the InputError f raises, checked to be one line."""
    with pytest.raises(InputError) as info:
        f(*args, **kwargs)
    message = str(info.value)
    assert len(message.splitlines()) == 1 and message.strip() == message, message
    return message


def clues_only(p: Nurikabe) -> Nurikabe:
    """What a puzz.link URL keeps of a puzzle."""
    return attrs.evolve(p, black=0, white=0, id="", solution=None)


# --------------------------------------------------------------------------- text

def test_text_tokens_match_from_tokens():
    p = parse_text("2 . - ?\n. # + *\n10 . . .\n. . . 1\n")
    assert p == Nurikabe.from_tokens([["2", ".", ".", "?"], [".", "#", "+", "+"],
                                      ["10", ".", ".", "."], [".", ".", ".", "1"]])
    assert p.clues == ((0, 2), (3, None), (8, 10), (15, 1))


def test_text_compact_rows_comments_and_blank_lines():
    text = "; a 4x3 puzzle\n\n..2.\n  ; indented comment\n#+*?\n-  .  .  1\r\n"
    p = parse_text(text)
    assert (p.rows, p.cols) == (3, 4)
    assert p.clues == ((2, 2), (7, None), (11, 1))
    assert p.black == 1 << 4 and p.white == (1 << 5) | (1 << 6)


def test_text_all_digit_row_is_one_number():
    # A one-column grid: "12" is the clue 12, not two adjacent (unsolvable) clues.
    p = parse_text("12\n" + ".\n" * 11)
    assert (p.rows, p.cols, p.clues) == (12, 1, ((0, 12),))


def test_partly_solved_text_round_trips_through_to_text():
    p = parse_text("2 # . .\n+ # 3 .\n# # + .\n1 # . .")
    assert p.black == sum(1 << i for i in (1, 5, 8, 9, 13))
    assert p.white == sum(1 << i for i in (4, 10))
    assert parse_text(p.to_text()) == p
    assert parse_text(p.to_text().replace(" ", "")) == p  # no two-digit clues: compact works


def test_large_grid_is_accepted():
    p = parse_text("\n".join(" ".join("#" if (r + c) % 3 else "." for c in range(100)) for r in range(100)))
    assert (p.rows, p.cols) == (100, 100)
    assert p.black.bit_count() == sum((r + c) % 3 != 0 for r in range(100) for c in range(100))
    assert parse_text("\n".join(["." * 1000] * 10)).cols == 1000  # long and thin: 10 000 cells


@pytest.mark.parametrize("source", [
    "\n".join(["." * 101] * 100),
    "\n".join(["." * 1000] * 11),
    "https://puzz.link/p?nurikabe/101/100/",
    "https://puzz.link/p?nurikabe/1000/1000/",
])
def test_grids_past_10000_cells_are_refused(source):
    """The solver's memory grows with the square of the cell count (300x300 took 4 GB)."""
    with pytest.raises(InputError, match=r"cells; at most 10000 \(100x100\) can be solved"):
        load(source)


@pytest.mark.parametrize("text, where", [
    ("", "<text>: "),
    ("\n  \n; only a comment\n", "<text>: "),
    ("1 . .\n. .", "<text>:2:4: "),
    ("1 . .\n. . . .", "<text>:2:7: "),
    (". . x", "<text>:1:5: "),
    ("1 . .\n. [setup] .", "<text>:2:3: "),
    ("1 0 .", "<text>:1:3: "),
    (". . .\n. . 10", "<text>:2:5: "),
    ("1 . " + "9" * 5000, "<text>:1:5: "),
    ("1 -2", "<text>:1:3: "),
    ("1 ² .", "<text>:1:3: "),
    ("..x.", "<text>:1:3: "),
    ("10..\n....", "<text>:1:1: "),
    ("." * 1001, "<text>:1:1001: "),
    ("\n".join(["."] * 1001), "<text>:1001:1: "),
    ("1 .\n. \x00", "<text>:2:3: "),
    (". .\n. \u2028x", "<text>:2:4: "),  # U+2028 is whitespace, not a line end
])
def test_text_errors_name_the_place(text, where):
    assert error_of(parse_text, text).startswith(where)


def test_text_error_messages_say_what():
    assert "expected 3 (as on line 1)" in error_of(parse_text, "1 . .\n; note\n. .")
    # two puzzles in one file (as `generate --count 2` prints) are not one tall grid
    two = "; first\n1 . .\n. . .\n. . 1\n\n; second\n. . 1\n. . .\n1 . .\n"
    assert error_of(parse_text, two) == ("<text>:7:1: a blank line inside the grid, or a "
                                         "second puzzle after it (one puzzle per file; the "
                                         "first grid ends at line 4)")
    assert parse_text("\n\n2 .\n. .\n\n\n").clues == ((0, 2),)
    assert "'x'" in error_of(parse_text, ". . x")
    assert "larger than the grid" in error_of(parse_text, ". . .\n. . 10")
    assert "clue 0" in error_of(parse_text, "1 0 .")
    assert error_of(parse_text, ". . x", source="my.txt").startswith("my.txt:1:5: ")


# --------------------------------------------------------------------------- janko.at

JANKO_FILE = """\
[setup]
author    Someone
puzzle    nurikabe
size      4
[problem]
2 - - -
- - - -
- - ? -
1 - - 1
[solution]
- x x x
- x - x
x x - x
- x x -
[moves]
whatever is here is not read
[moves]
[end]
junk after the end
"""


def test_janko_file_with_solution():
    p = parse_janko(JANKO_FILE, "p.txt")
    assert (p.rows, p.cols) == (4, 4)
    assert p.clues == ((0, 2), (10, None), (12, 1), (15, 1))
    assert p.solution == (".###", ".#.#", "##.#", ".##.")


def test_janko_rows_and_cols_and_no_solution():
    text = "[setup]\npuzzle nurikabe\nrows 2\ncols 3\n\n[problem]\n1 - -\n- . 12\n[end]\n"
    with pytest.raises(InputError, match="larger than the grid"):
        parse_janko(text)
    p = parse_janko(text.replace("12", "2"))
    assert (p.rows, p.cols, p.clues, p.solution) == (2, 3, ((0, 1), (5, 2)), None)


def test_janko_without_setup_uses_the_grid():
    assert parse_janko("[problem]\n1 -\n- -\n").clues == ((0, 1),)


@pytest.mark.parametrize("text, where", [
    ("[setup]\npuzzle nurikabe\nsize 4\n", "f.txt: "),
    ("[setup]\npuzzle sudoku\n[problem]\n1 -\n", "f.txt:2:8: "),
    ("[setup]\nsize ten\n[problem]\n1 -\n", "f.txt:2:6: "),
    ("[setup]\nsize 0\n[problem]\n1 -\n", "f.txt:2:6: "),
    ("[setup]\nsize 2\n[problem]\n1 - -\n- - -\n", "f.txt:4:5: "),
    ("[setup]\nrows 3\ncols 2\n[problem]\n1 -\n- -\n", "f.txt:4:1: "),
    ("[setup]\nsize 2\n[problem]\n1 z\n- -\n", "f.txt:4:3: "),
    ("[setup]\nsize 2\n[problem]\n[solution]\n- x\n", "f.txt:3:1: "),
    ("[problem]\n1 -\n- -\n[solution]\n- x\n", "f.txt:4:1: "),
    ("[problem]\n1 -\n- -\n[solution]\n- x\nx o\n", "f.txt:6:3: "),
    ("[problem]\n1 -\n- -\n[solution]\n- x x\nx x\n", "f.txt:5:5: "),
    ("[problem]\n1 -\n[problem]\n1 -\n", "f.txt:3:1: "),
    ("puzzle nurikabe\n[problem]\n1 -\n", "f.txt:1:1: "),
])
def test_janko_errors_name_the_place(text, where):
    assert error_of(parse_janko, text, "f.txt").startswith(where)


# --------------------------------------------------------------------------- puzz.link

@pytest.mark.parametrize("clue, code", [
    (1, "1"), (15, "f"), (16, "-10"), (255, "-ff"), (256, "+100"), (4095, "+fff"),
    (4096, "=000"), (8191, "=fff"), (8192, "%000"), (12239, "%fcf"), (12240, "*0000"),
    (77776, "$00000"), (None, "."),
])
def test_number16_codes(clue, code):
    p = Nurikabe(300, 300, ((0, clue),))
    url = encode_puzzlink(p)
    assert url.startswith(f"https://puzz.link/p?nurikabe/300/300/{code}z")
    # (read back on a grid the solver takes: clues up to its 10 000 cells)
    small = Nurikabe(100, 100, ((0, clue),))
    if clue is None or clue <= 10_000:
        assert decode_puzzlink(encode_puzzlink(small)) == small
    else:
        with pytest.raises(InputError, match=r"not between 1 and the number of cells \(10000\)"):
            decode_puzzlink(encode_puzzlink(small))


@pytest.mark.parametrize("empty, skips", [
    (1, "g"), (19, "y"), (20, "z"), (21, "zg"), (40, "zz"), (45, "zzk"),
])
def test_runs_of_empty_cells_split_like_pzprjs(empty, skips):
    p = Nurikabe(1, empty + 2, ((0, 1), (empty + 1, 1)))
    assert encode_puzzlink(p) == f"https://puzz.link/p?nurikabe/{empty + 2}/1/1{skips}1"
    tail = Nurikabe(1, empty + 1, ((0, 1),))
    assert encode_puzzlink(tail) == f"https://puzz.link/p?nurikabe/{empty + 1}/1/1{skips}"


def test_width_is_columns_and_trailing_slash():
    p = parse_text(". . 3\n? . .")
    assert encode_puzzlink(p) == "https://puzz.link/p?nurikabe/3/2/h3.h"
    q = parse_text(". 1\n. ?")
    assert encode_puzzlink(q) == "https://puzz.link/p?nurikabe/2/2/g1g./"  # as pzprjs: "/" after "."
    assert decode_puzzlink(encode_puzzlink(q)) == q


@pytest.mark.parametrize("url", [
    "https://puzz.link/p?nurikabe/3/2/h3.h",
    "http://puzz.link/p?nurikabe/3/2/h3.h/",
    "http://pzv.jp/p.html?nurikabe/3/2/h3.h",
    "https://pzprxs.vercel.app/p?nurikabe/3/2/h3.h",
    "https://puzz.link/p?nurikabe_edit/3/2/h3.h",
    "https://puzz.link/p?nurikabe/v:/3/2/h3.h",
    "nurikabe/3/2/h3.h",
    "  nurikabe/3/2/h3.h\n",
    "nurikabe/3/2/h3.",  # a short body leaves the other cells empty, as in pzprjs
])
def test_puzzlink_url_forms(url):
    assert decode_puzzlink(url) == parse_text(". . 3\n? . .")


def test_big_clue_round_trips():
    # pzprjs writes "=" numbers unpadded ("=5" for 4101); we pad so they read back.
    p = Nurikabe(100, 100, ((0, 4101), (1, 8200)))
    url = encode_puzzlink(p)
    assert "/=005%008" in url
    assert decode_puzzlink(url) == p


def test_puzzlink_keeps_only_clues():
    p = parse_text("2 # .\n. + .")
    assert decode_puzzlink(encode_puzzlink(p)) == clues_only(p)


@pytest.mark.parametrize("url, where", [
    ("https://puzz.link/p?sudoku/9/9/abc", "<url>:1:21: "),
    ("https://example.com/p?nurikabe/3/3/i", "<url>:1:9: "),
    ("https://puzz.link/p", "<url>: "),
    ("ftp://puzz.link/p?nurikabe/3/3/i", "<url>: "),
    ("just words", "<url>: "),
    ("", "<url>: "),
    ("nurikabe", "<url>: "),
    ("nurikabe/3", "<url>:1:"),
    ("nurikabe/three/3/i", "<url>:1:10: "),
    ("nurikabe/3/x/i", "<url>:1:12: "),
    ("nurikabe/3/0/i", "<url>:1:12: "),
    ("nurikabe/3/1001/i", "<url>:1:12: "),
    ("nurikabe/3/99999999999999999999/i", "<url>:1:12: "),
    ("nurikabe/3/3/iii1", "<url>:1:17: "),
    ("nurikabe/3/3/zz", "<url>:1:14: "),
    ("nurikabe/3/3/iA", "<url>:1:15: "),
    ("nurikabe/3/3/i/g", "<url>:1:15: "),
    ("nurikabe/3/3/h#", "<url>:1:15: "),
    ("nurikabe/3/3/0", "<url>:1:14: "),
    ("nurikabe/3/3/a", "<url>:1:14: "),
    ("nurikabe/3/3/-1", "<url>:1:14: "),
    ("nurikabe/3/3/+1xz", "<url>:1:14: "),
    ("nurikabe/3/3/$fffff", "<url>:1:14: "),
])
def test_puzzlink_errors_name_the_place(url, where):
    assert error_of(decode_puzzlink, url).startswith(where)


# --------------------------------------------------------------------------- real data

@needs_janko
def test_every_janko_record_round_trips_through_puzzlink():
    for record in janko_records():
        p = parse_text("\n".join(record["grid"]), record["id"])
        assert (p.rows, p.cols) == (record["rows"], record["cols"])
        url = encode_puzzlink(p)
        assert url.startswith(f"https://puzz.link/p?nurikabe/{p.cols}/{p.rows}/")
        q = decode_puzzlink(url)
        assert q == p, record["id"]
        assert encode_puzzlink(q) == url


@needs_janko
def test_read_jsonl_by_id():
    records = janko_records()
    sample = records[::200] + [r for r in records if r["id"] in ("janko-0726", "janko-0029", "janko-1102")]
    for record in sample:
        p = read_jsonl(JANKO, id=record["id"])
        assert p.id == record["id"]
        assert p.solution == tuple(record["solution"])
        assert p.to_text().split() == " ".join(record["grid"]).split()
        assert violations(p, list(p.solution)) == []
    assert read_jsonl(str(JANKO), "janko-0726").white_total is None  # a "?" clue


@needs_janko
def test_read_jsonl_collection_needs_an_id():
    assert "--id" in error_of(read_jsonl, JANKO)
    message = error_of(read_jsonl, JANKO, id="janko-9999")
    assert message.startswith(f"{JANKO}: ") and "'janko-9999'" in message


def write_jsonl(tmp_path: Path, *records: dict | str) -> Path:
    path = tmp_path / "c.jsonl"
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in records))
    return path


GOOD = {"id": "a", "rows": 2, "cols": 2, "grid": ["1 .", ". ."], "solution": [".#", "##"]}


def test_read_jsonl_single_record(tmp_path):
    p = read_jsonl(write_jsonl(tmp_path, GOOD, ""))
    assert (p.id, p.clues, p.solution) == ("a", ((0, 1),), (".#", "##"))
    q = read_jsonl(write_jsonl(tmp_path, {"grid": ["1 .", ". ."]}))
    assert (q.id, q.solution) == ("", None)


@pytest.mark.parametrize("lines, where", [
    ([], "c.jsonl: "),
    ([GOOD, dict(GOOD, id="b")], "c.jsonl: "),
    (['{"id": "a", "grid": '], "c.jsonl:1:21: "),
    (["[1, 2]"], "c.jsonl:1:1: "),
    (["{\"n\": " + "9" * 5000 + "}"], "c.jsonl:1:1: "),
    (["[" * 100000], "c.jsonl:1:"),
    ([dict(GOOD, rows=3)], "c.jsonl:1:13: "),
    ([dict(GOOD, cols="2")], "c.jsonl:1:24: "),
    ([dict(GOOD, grid=["1 .", ". x"])], "c.jsonl:1:54: "),
    ([dict(GOOD, grid=["1 .", ". . ."])], "c.jsonl:1:56: "),
    ([dict(GOOD, grid="1 .")], "c.jsonl:1:35: "),
    ([dict(GOOD, grid=[])], "c.jsonl:1:35: "),
    ([dict(GOOD, grid=["1 .", ""])], "c.jsonl:1:"),
    ([dict(GOOD, solution=[".#", "#"])], "c.jsonl:1:"),
    ([dict(GOOD, solution=[".#", "#x"])], "c.jsonl:1:"),
    ([dict(GOOD, id=7)], "c.jsonl:1:2: "),
])
def test_read_jsonl_errors_name_the_place(tmp_path, lines, where):
    path = write_jsonl(tmp_path, *lines)
    assert error_of(read_jsonl, path).startswith(str(tmp_path / where))


def test_a_grid_row_with_a_line_break_is_refused(tmp_path):
    """A grid written as one string was read as one long row (a 3x3 puzzle solved as 1x9)."""
    path = write_jsonl(tmp_path, {"id": "x", "grid": ["2 . .\n. . .\n. . 1"]})
    assert error_of(read_jsonl, path) == (f"{path}:1:22: a 'grid' row holds a line break: "
                                          "give each row as its own string")
    assert "line break" in error_of(from_record, {"grid": ["1 .", ". .\r"]})
    assert from_record({"grid": ["1 .\u2028. ."]}).cols == 4  # (whitespace, as in a text grid)


def test_a_repeated_id_is_refused(tmp_path):
    """As in batch, each record needs its own id: --id picked the first of two
    different puzzles with one id and said nothing."""
    other = dict(GOOD, grid=["2 .", ". ."], solution=None)
    path = write_jsonl(tmp_path, GOOD, "{broken", dict(GOOD, id="b"), other)
    assert error_of(read_jsonl, path, "a") == (f"{path}:4:2: id 'a' repeats line 1 "
                                               "(each record needs its own id)")
    assert read_jsonl(write_jsonl(tmp_path, GOOD, dict(GOOD, id="b")), "a").clues == ((0, 1),)
    # written with an escape, it is still the same id
    escaped = json.dumps(other).replace('"a"', '"\\u0061"')
    assert "repeats line 1" in error_of(read_jsonl, write_jsonl(tmp_path, GOOD, escaped), "a")


# --------------------------------------------------------------------------- load

def test_load_dispatches(tmp_path):
    grid = ". . 3\n? . ."
    expected = parse_text(grid)
    assert load(grid) == expected
    assert load("https://puzz.link/p?nurikabe/3/2/h3.h") == expected
    assert load("nurikabe/3/2/h3.h") == expected
    (tmp_path / "p.txt").write_text(grid)
    assert load(str(tmp_path / "p.txt")) == expected
    (tmp_path / "u.url").write_text("\nhttps://puzz.link/p?nurikabe/3/2/h3.h\n")
    assert load(str(tmp_path / "u.url")) == expected
    (tmp_path / "j.txt").write_text(JANKO_FILE)
    assert load(str(tmp_path / "j.txt")) == parse_janko(JANKO_FILE)
    jsonl = write_jsonl(tmp_path, GOOD, dict(GOOD, id="b", grid=["2 .", ". ."], solution=None))
    assert load(str(jsonl), id="b").clues == ((0, 2),)


def test_load_a_file_named_like_a_url_part(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "nurikabe").mkdir()
    (tmp_path / "nurikabe" / "one.txt").write_text("1")
    assert load("nurikabe/one.txt").clues == ((0, 1),)


def test_a_file_of_several_urls_is_named_as_such(tmp_path):
    """Two URLs in a file were read as a text grid: "unknown cell 'h'" at 1:1."""
    url = "https://puzz.link/p?nurikabe/3/2/h3.h"
    f = tmp_path / "urls.txt"
    f.write_text(f"{url}\n\n; another\n{url}\n")
    assert error_of(load, str(f)) == (f"{f}:4:1: one puzz.link URL per file (this one has 2 "
                                      "lines); put several puzzles in a .jsonl collection")
    f.write_text(f"; a comment\n{url}\n")
    assert load(str(f)) == parse_text(". . 3\n? . .")


def test_records_in_a_file_not_named_jsonl_are_a_collection(tmp_path):
    """A record saved as .json was read as a URL (its source field holds "://"): "not a
    puzz.link URL", or else as a text grid: "unknown cell '{"id":'"."""
    f = tmp_path / "one.json"
    f.write_text(json.dumps(dict(GOOD, source="https://www.janko.at/")) + "\n")
    assert load(str(f)) == read_jsonl(write_jsonl(tmp_path, GOOD))
    f.write_text(json.dumps(GOOD) + "\n" + json.dumps(dict(GOOD, id="b", grid=["2 .", ". ."],
                                                         solution=None)) + "\n")
    assert load(str(f), id="b").clues == ((0, 2),)
    assert "holds 2 puzzles" in error_of(load, str(f))


def test_a_problem_header_in_a_comment_is_no_janko_file(tmp_path):
    """A text grid whose comment named [problem] was read as a janko.at file:
    "expected a section header such as [setup] or [problem]"."""
    f = tmp_path / "p.txt"
    f.write_text("; converted from the [problem] section of a janko.at file\n. . 3\n? . .\n")
    assert load(str(f)) == parse_text(". . 3\n? . .")
    f.write_text("; a janko.at file after a comment\n\n[problem]\n- - 3\n? - -\n")
    assert load(str(f)) == parse_text(". . 3\n? . .")


@needs_janko
def test_load_jsonl_with_id():
    assert load(str(JANKO), id="janko-0001") == read_jsonl(JANKO, "janko-0001")


def test_load_errors(tmp_path):
    missing = str(tmp_path / "missing.txt")
    assert error_of(load, missing) == f"{missing}: no such file"
    assert error_of(load, str(tmp_path)).startswith(f"{tmp_path}: ")
    assert error_of(load, "")
    assert error_of(load, "x" * 5000).endswith("no such file")
    assert error_of(load, "a\x00b").endswith("no such file")
    (tmp_path / "bin.txt").write_bytes(b"\xff\xfe\x00\x01")
    assert error_of(load, str(tmp_path / "bin.txt")).startswith(f"{tmp_path / 'bin.txt'}: ")
    (tmp_path / "nul.txt").write_bytes(b"1 .\x00")
    assert error_of(load, str(tmp_path / "nul.txt")).startswith(f"{tmp_path / 'nul.txt'}: ")
    (tmp_path / "bad.txt").write_text("1 .\n. x\n")
    assert error_of(load, str(tmp_path / "bad.txt")).startswith(f"{tmp_path / 'bad.txt'}:2:3: ")
    (tmp_path / "bad.url").write_text("\n\nnurikabe/2/2/1x\n")
    assert error_of(load, str(tmp_path / "bad.url")).startswith(f"{tmp_path / 'bad.url'}:3:15: ")
    assert "--id" in error_of(load, "1 .\n. .", id="x")
    (tmp_path / "dir.jsonl").mkdir()
    assert error_of(load, str(tmp_path / "dir.jsonl")).startswith(f"{tmp_path / 'dir.jsonl'}: ")


# --------------------------------------------------------------------------- fuzz

# Token grids: cells, separators and line ends in any order (a flat list is quicker to draw than rows).
GRIDS = st.lists(st.sampled_from([".", "-", "#", "+", "*", "?", "0", "1", "2", "7", "10", "99", "x",
                                  "1.", "[p]", " ", " ", " ", "\n", "\n"]), max_size=40).map("".join)
# Mostly characters that mean something to a reader, sometimes any text at all
# (one_of over whole strings: one_of per character makes hypothesis several times slower).
TEXTY = st.text(alphabet=list(".-#+*?;0123456789xz []\n\r\t\x00é²"), max_size=60) | st.text(max_size=40)


@settings(max_examples=300, deadline=None, database=None)
@given(TEXTY | GRIDS)
def test_fuzz_text_raises_only_input_error(text):
    try:
        p = parse_text(text)
    except InputError as e:
        assert len(str(e).splitlines()) == 1
    else:
        assert parse_text(p.to_text()) == p


@settings(max_examples=150, deadline=None, database=None)
@given(st.tuples(st.sampled_from(["", "[problem]\n", "[setup]\nsize 3\n[problem]\n"]), TEXTY).map("".join))
def test_fuzz_janko_raises_only_input_error(text):
    try:
        parse_janko(text)
    except InputError as e:
        assert len(str(e).splitlines()) == 1


BODY = st.text(alphabet=list("0123456789abcdefghijklmnopqrstuvwxyz.-+=%*$/ABF#"), max_size=30)
HEAD = st.sampled_from([
    "https://puzz.link/p?nurikabe/3/3/", "http://pzv.jp/p.html?nurikabe/4/2/", "nurikabe/1/1/",
    "nurikabe_edit/12/12/", "https://puzz.link/p?nurikabe/v:/2/5/", "nurikabe/5/20/", "nurikabe/0/3/",
    "nurikabe/x/3/", "nurikabe/1001/2/", "nurikabe/07/", "https://puzz.link/p?sudoku/3/3/", "",
])


@settings(max_examples=300, deadline=None, database=None)
@given(st.tuples(HEAD, BODY | TEXTY).map("".join))
def test_fuzz_puzzlink_raises_only_input_error(url):
    try:
        p = decode_puzzlink(url)
    except InputError as e:
        assert len(str(e).splitlines()) == 1
        assert re.match(r"<url>(:\d+:\d+)?: ", str(e))
    else:
        assert decode_puzzlink(encode_puzzlink(p)) == p


def test_marks_that_break_the_solution_load_for_hint_to_report():
    # a player's marks are checked by hint (a mistake, exit 1), not refused as bad input
    p = from_record({"id": "x", "grid": ["1 .", "+ ."], "solution": [".#", "##"]})
    assert p.white == 1 << 2


@pytest.mark.parametrize("solution,says", [
    (["##", "#."], "the solution makes the clue at r1c1 black"),
    # hint and batch compare marks and steps with it: it must be a solution
    ([".#", ".."], "the solution breaks a rule: the 1 at r1c1 has 3 cells"),
    ([".#", "#."], "the solution breaks a rule: the white region at r2c2 holds no number"),
])
def test_a_solution_that_breaks_the_givens_is_refused(solution, says):
    # named where it is written: the record's "solution" key, the janko file's cell
    with pytest.raises(InputError, match=f"^<record>:1:37: {says}$"):
        from_record({"id": "x", "grid": ["1 .", ". #"], "solution": solution})
    rows = "\n".join(s.replace("#", "x").replace(".", "-") for s in solution)
    with pytest.raises(InputError, match=f":7:1: {says}$"):
        parse_janko(f"[setup]\nsize 2\n[problem]\n1 -\n- #\n[solution]\n{rows}\n[end]")


def test_files_are_told_apart_past_comments(tmp_path):
    url = tmp_path / "url.txt"
    url.write_text("; my puzzle\nhttps://puzz.link/p?nurikabe/2/2/1i\n")
    assert load(str(url)).clues == ((0, 1),)
    setup = tmp_path / "janko.txt"
    setup.write_text("; from janko.at\n[setup]\nsize 3\n")
    with pytest.raises(InputError, match=r"janko.txt: no \[problem\] section"):
        load(str(setup))


def test_a_too_big_grid_from_a_url_in_a_file_names_the_line(tmp_path):
    """The size limit named the file alone (``f.txt: the grid is ...``), unlike every
    other error of a URL in a file: it names the line and the width's column now."""
    f = tmp_path / "big.txt"
    f.write_text("; a comment\n  https://puzz.link/p?nurikabe/101/100/g\n")
    assert error_of(load, str(f)) == (f"{f}:2:32: the grid is 100x101 = 10100 cells; at most "
                                      "10000 (100x100) can be solved")
    assert error_of(load, "https://puzz.link/p?nurikabe/101/100/").startswith("<url>:1:30: ")


@pytest.mark.parametrize("setup, where, first", [
    ("size 4\nsize 5\n", ":3:1:", "size' in [setup] (the first is on line 2)"),
    ("rows 4\ncols 4\nROWS 4\n", ":4:1:", "rows' in [setup] (the first is on line 2)"),
    ("puzzle nurikabe\n  puzzle nurikabe\n", ":3:3:", "puzzle' in [setup] (the first is on line 2)"),
])
def test_a_repeated_setup_key_is_refused(setup, where, first):
    """A second ``size`` silently overrode the first; a repeated key the reader uses is
    one error line naming the file, line and column. Other keys may repeat."""
    text = f"[setup]\n{setup}[problem]\n1 - - -\n- - - -\n- - - -\n- - - 1\n"
    assert error_of(parse_janko, text, "f.txt") == f"f.txt{where} a second '{first}"
    author = "[setup]\nauthor A\nauthor B\nsize 4\n[problem]\n1 - - -\n- - - -\n- - - -\n- - - 1\n"
    assert parse_janko(author).clues == ((0, 1), (15, 1))



@pytest.mark.parametrize("text, says", [
    ("pzprv3\nnurikabe\n2\n2\n1 .\n. .\n", "a pzprv3 file of puzzle type 'nurikabe': deduce reads "
                                            "that form for nurimaze (Nurimeizu) only"),
    ("pzprv3/nurikabe/2/2/1 ./. ./\n.\n", "a pzprv3 file of puzzle type 'nurikabe'"),
    ("; saved\npzprv3.1\nnurimaze\n1\n2\n", "a pzprv3 file of a nurimaze puzzle, not a Nurikabe one"),
    ("pzprv3\n", "a pzprv3 file: deduce reads that form"),
])
def test_a_pzprv3_file_is_named_as_such(text, says):
    """Read as a grid it was "unknown cell 'p'", which said nothing of what it is."""
    with pytest.raises(InputError) as e:
        parse_text(text, "f.txt")
    assert says in str(e.value) and "\n" not in str(e.value)
