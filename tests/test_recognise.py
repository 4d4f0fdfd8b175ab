"""Without ``--kind``, the CLI reads a puzzle as the one kind that plainly
recognises it (``Kind.recognises``), else as Nurikabe; a named kind is obeyed."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from deduce.errors import InputError
from deduce.kind import kind_of, load_kind
from puzzles.nurikabe.formats import encode_puzzlink
from puzzles.nurimeizu.formats import to_pzprv3
from tests.conftest import SHARED

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "puzzles" / "examples").glob("*.txt"))
COLLECTIONS = {"nurikabe": SHARED / "nurikabe" / "janko.jsonl",
               "nurimeizu": SHARED / "nurimeizu" / "janko.jsonl",
               "pipes": SHARED / "pipes" / "sgt-net.jsonl"}


def detected(source: str) -> str:
    return kind_of(source, None, "nurikabe").name


def records(kind: str) -> list[dict]:
    path = COLLECTIONS[kind]
    if not path.exists():
        pytest.skip(f"shared data not found at {path}")
    with path.open() as f:
        return [json.loads(line) for line in f if line.strip()]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_bundled_examples_are_read_as_their_kind(path):
    assert detected(str(path)) == path.name.split("-")[0]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_a_byte_order_mark_changes_nothing(path, tmp_path):
    """Editors on Windows start UTF-8 files with U+FEFF: the same puzzle, the same kind."""
    marked = tmp_path / path.name
    marked.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    kind = load_kind(path.name.split("-")[0])
    assert detected(str(marked)) == kind.name
    assert kind.load(str(marked)) == kind.load(str(path))


@pytest.mark.parametrize("kind", sorted(COLLECTIONS))
def test_collections_are_read_as_their_kind(kind):
    records(kind)  # (skips without the shared data)
    assert detected(str(COLLECTIONS[kind])) == kind


def test_every_nurikabe_puzzle_stays_nurikabe():
    """No other kind claims a janko Nurikabe grid, its janko.at file or its URL."""
    nurikabe = load_kind("nurikabe")
    for r in records("nurikabe"):
        puzzle = nurikabe.from_record(r)
        text = nurikabe.to_text(puzzle)
        janko = "[problem]\n" + "\n".join(" ".join(t if t != "." else "-" for t in line.split())
                                          for line in text.splitlines()
                                          if not line.startswith(";")) + "\n[solution]\n"
        for source in (text, janko, encode_puzzlink(puzzle)):
            assert detected(source) == "nurikabe", (r["id"], source[:60])


def test_every_nurimeizu_puzzle_is_recognised():
    nurimeizu = load_kind("nurimeizu")
    for r in records("nurimeizu"):
        puzzle = nurimeizu.from_record(r)
        for source in (r["puzzlink_url"], r["puzzlink_url"].split("?", 1)[1],
                       nurimeizu.to_text(puzzle), to_pzprv3(puzzle)):
            assert detected(source) == "nurimeizu", (r["id"], source[:60])


def test_every_pipes_puzzle_is_recognised():
    pipes = load_kind("pipes")
    for r in records("pipes"):
        puzzle = pipes.from_record(r)
        for source in (r["game_id"], pipes.to_text(puzzle)):
            assert detected(source) == "pipes", (r["id"], source[:60])


def test_two_claims_ask_for_kind_and_a_name_is_obeyed(tmp_path):
    with pytest.raises(InputError, match="could be nurimeizu or pipes: say which with --kind"):
        kind_of("S G\n┌┐", None, "nurikabe")
    assert kind_of("5x5:42838cb4da1deb7c7b38888b1", "nurikabe", "nurikabe").name == "nurikabe"
    with pytest.raises(InputError, match="unknown puzzle kind 'sudoku'"):
        kind_of("1 .", "sudoku", "nurikabe")
    f = tmp_path / "unreadable.txt"
    f.write_bytes(b"\xff\xfe\x00binary")
    assert detected(str(f)) == "nurikabe"  # (whose loader then says what is wrong)
    assert detected("5x5:zz") == "pipes"  # a game ID's shape: its reader names the bad digit


def test_cli_solves_each_kind_without_kind_option(tmp_path):
    def run(*args):
        return subprocess.run([sys.executable, "-m", "deduce.cli", *map(str, args)],
                              capture_output=True, text=True, timeout=120)

    for path in EXAMPLES:
        if "fiendish" in path.name or "tough" in path.name:
            continue
        r = run("grade", path)
        assert r.returncode == 0 and "solved" in r.stdout, (path.name, r.stderr)
    pipes = next(p for p in EXAMPLES if p.name.startswith("pipes"))
    r = run("solve", pipes, "--kind", "nurikabe")
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "unknown cell" in r.stderr


@pytest.mark.parametrize("source,kind", [
    ("pzprv3/nurimaze/2/3/3/0 0 1/0 2 2/s . o/. t g/", "nurimeizu"),  # pzprv3 on one line
    ("pzprv3\nnurimaze\n2\n3\n", "nurimeizu"),
    ("pzprv3\nnurikabe\n2\n3\n", "nurikabe"),
    ("1 1 2\n1 3 3\n\n. . .\n. . .\n", "nurimeizu"),  # rooms and marks, S and G forgotten
    ("AB\nAC\n\n..\n..\n", "nurimeizu"),
    ("1 . 2\n. . .\n\n. . .\n", "nurikabe"),  # a blank line in a grid: shapes differ
    ("1 . 2\n\n3 . #\n", "nurikabe"),  # '#' is no Nurimeizu mark
    ("5x5#888619900297553", "pipes"),  # a random seed: the game ID's reader explains
])
def test_recognised_forms(source, kind):
    assert detected(source) == kind


def test_forgotten_start_is_named_by_the_nurimeizu_reader(tmp_path):
    f = tmp_path / "x.txt"
    f.write_text("1 1 2\n1 3 3\n\n. . .\n. . .\n")
    r = subprocess.run([sys.executable, "-m", "deduce.cli", "solve", str(f)],
                       capture_output=True, text=True)
    assert r.returncode == 2 and r.stderr.strip().endswith("needs exactly one start (S), not 0")
