"""Reading and writing Pipes (Net) puzzles.

Every reader returns a :class:`Pipes` or raises :class:`InputError` whose
one-line message names where the problem is (``source:line:col: what``).

- **Tatham Net game IDs** (:func:`decode_game_id`, :func:`encode_game_id`):
  ``WxH[bP][a]:DESC``, one hex digit per tile of the scrambled start in
  row-major order (bits 1 right, 2 up, 4 left, 8 down), each optionally followed
  by ``v`` (a barrier on its right side) and/or ``h`` (on its bottom side).
  ``w`` makes a wrapping grid (the edges of the board meet);
- **plain text** (:func:`parse_text`, :func:`to_text`) with box-drawing
  characters, one per tile (``─│┌┐└┘├┤┬┴`` and ``╴╵╶╷`` for dead ends). With
  barriers, tiles are separated by a space, or ``|`` for a barrier between
  them, and a line of ``-`` under a tile (in its column) puts a barrier below it.
  Lines starting with ``;`` are comments::

      ╴|┐ ╴
          -
      ┌ ┴ ╴

- **JSONL collections** (:func:`read_jsonl`, :func:`from_record`) as in
  ``../shared/data/pipes/sgt-net.jsonl`` (``id``, ``game_id``, ``solution``).
"""
from __future__ import annotations

import re
from pathlib import Path

from deduce.errors import InputError
from deduce.numbers import whole_number
from puzzles.files import error_line as _error
from puzzles.files import only_line, pick_record, read_text, refuse_too_big, wrong_size
from puzzles.files import show as _show
from puzzles.pipes.model import BOX, D, FROM_BOX, R, Pipes

MAX_FILE_BYTES = 4 << 20
MAX_SIDE = 200  # a side; the cells are also at most files.MAX_CELLS

_GAME_ID = re.compile(r"^\s*\d+(?:x\d+)?[^:\s]*:")
_HEX = "0123456789abcdef"


def _check_tiles(tiles, fail, symbols: str = _HEX) -> None:
    """Refuse the pieces Net has no use for (``symbols``: how each is written)."""
    for t, x in enumerate(tiles):
        if x == 0:
            fail(t, f"is an empty tile ({symbols[0]}): every tile of Net holds a pipe")
        if x == 15:
            fail(t, f"is a cross ({symbols[15]}): Net has no four-way tiles")


# --------------------------------------------------------------------------- game IDs

def decode_game_id(text: str, source: str = "<game id>", line: int = 1) -> Pipes:
    """A Net game ID such as ``3x2:4ba6h58`` (W columns, H rows).

    >>> p = decode_game_id("3x2:4ba6h58")
    >>> p.tiles, p.barriers
    ((4, 11, 10, 6, 5, 8), (0, 0, 0, 8, 0, 0))
    >>> encode_game_id(p)
    '3x2:4ba6h58'

    Errors name ``line`` (of the file the game ID is on) and columns of ``text``.
    """
    lead = len(text) - len(text.lstrip())  # (columns count from the start of the line)
    raw = text.strip()
    if ":" not in raw:
        if "#" in raw:
            raise _error(source, "this is a random seed (WxH#SEED), not a game ID; "
                         "ask sgt-net for the game ID (WxH:DESC)")
        raise _error(source, "not a Net game ID (expected WxH:DESC, e.g. 5x5:42838cb4...)")
    head, desc = raw.split(":", 1)
    upper = re.match(r"[0-9]+X", head)
    if upper:  # (Tatham's reader takes only a small x: "2X1" would be a 2x2 grid)
        raise _error(source, f"{_show(head)} is not a size WxH: the x must be lower case "
                     f"({_show(head[:upper.end() - 1] + 'x' + head[upper.end():])})",
                     line, lead + upper.end())
    m = re.fullmatch(r"([0-9]+)(?:x([0-9]+))?(.*)", head)
    if not m:
        raise _error(source, f"{_show(head)} is not a size WxH", line, lead + 1)
    cols = whole_number(m.group(1))
    rows = whole_number(m.group(2)) if m.group(2) is not None else cols
    params = m.group(3)
    for what, n, written in (("width", cols, m.group(1)), ("height", rows, m.group(2))):
        if not 1 <= n <= MAX_SIDE:
            raise _error(source, f"the {what} {_show(written)} is not from 1 to {MAX_SIDE}", line,
                         lead + 1)
    refuse_too_big(rows, cols, source, line, lead + 1)
    if cols * rows < 2:
        raise _error(source, "a Net grid needs at least two tiles", line, lead + 1)
    if not re.fullmatch(r"(?:b\d*\.?\d*|a|w)*", params):
        raise _error(source, f"unknown game parameters {_show(params)} (expected w, bP, a)",
                     line, lead + len(head) - len(params) + 1)
    wrapping = "w" in params
    if wrapping and min(rows, cols) < 2:
        raise _error(source, "a wrapping grid needs at least two rows and two columns", line,
                     lead + 1)
    tiles: list[int] = []
    barriers: list[int] = []
    at: list[int] = []  # each tile's column
    k, n = 0, rows * cols
    base = len(head) + 2
    while k < len(desc):
        ch = desc[k]
        low = ch.lower()
        if low in _HEX:
            if len(tiles) == n:
                raise _error(source, f"the description is longer than the {n} tiles of a "
                             f"{cols}x{rows} grid", line, lead + base + k)
            tiles.append(_HEX.index(low))
            barriers.append(0)
            at.append(lead + base + k)
        elif ch in "vh":
            if not tiles:
                raise _error(source, f"{ch!r} before the first tile", line, lead + base + k)
            barriers[-1] |= R if ch == "v" else D
        else:
            raise _error(source, f"unexpected character {_show(ch)} in the description "
                         "(hex digits, v and h only)", line, lead + base + k)
        k += 1
    if len(tiles) != n:
        raise _error(source, f"the description has {len(tiles)} tiles, a {cols}x{rows} grid "
                     f"needs {n}", line, lead + base + len(desc))

    def fail(t: int, problem: str):
        raise _error(source, f"tile {t + 1} (r{t // cols + 1}c{t % cols + 1}) {problem}", line,
                     at[t])
    _check_tiles(tiles, fail)
    return Pipes(rows, cols, tuple(tiles), tuple(barriers) if any(barriers) else (), params,
                 wrapping=wrapping)


def encode_game_id(puzzle: Pipes) -> str:
    """The Net game ID of ``puzzle`` (barriers written ``v`` then ``h``, as Net does)."""
    out = []
    for t, x in enumerate(puzzle.tiles):
        out.append(_HEX[x])
        b = puzzle.barrier(t)
        if b & R:
            out.append("v")
        if b & D:
            out.append("h")
    return f"{puzzle.cols}x{puzzle.rows}{puzzle.params}:{''.join(out)}"


# --------------------------------------------------------------------------- plain text

def parse_text(text: str, source: str = "<text>") -> Pipes:
    """Box-drawing tiles, one per character (spaced when there are barriers).

    >>> p = parse_text("┌┬╴\\n└┴╴")
    >>> p.rows, p.cols, p.tiles
    (2, 3, (9, 13, 4, 3, 7, 4))
    >>> parse_text("╴|┐ ╴\\n    -\\n┌ ┴ ╴").barriers
    (1, 0, 8, 0, 0, 0)
    """
    lines = [(n, raw.rstrip()) for n, raw in enumerate(text.splitlines(), 1)
             if not raw.lstrip().startswith(";")]
    while lines and not lines[0][1].strip():
        lines.pop(0)
    while lines and not lines[-1][1].strip():
        lines.pop()
    if not lines:
        raise _error(source, "empty: expected rows of box-drawing tiles such as ┌─┐")
    # (a line of only '-' marks barriers: on a one-column board it is the only sign)
    spaced = any(" " in raw.strip() or "|" in raw or set(raw.strip()) == {"-"}
                 for _, raw in lines)
    rows: list[list[int]] = []
    barriers: list[list[int]] = []
    at: list[int] = []  # each tile's column
    for n, raw in lines:
        body = raw
        if spaced and body.strip() and set(body) <= set(" -"):
            if not rows:
                raise _error(source, "a barrier line before the first row of tiles", n)
            for k, ch in enumerate(body):
                if ch == "-":
                    if k % 2 or k // 2 >= len(rows[-1]):
                        raise _error(source, "a barrier mark '-' must sit under a tile", n, k + 1)
                    barriers[-1][k // 2] |= D
            continue
        if not body.strip():
            raise _error(source, "a blank line inside the grid", n)
        tiles, walls = [], []
        if spaced:
            for k, ch in enumerate(body):
                if k % 2 == 0:
                    tiles.append(_tile(ch, source, n, k + 1))
                    walls.append(0)
                    at.append(k + 1)
                elif ch == "|":
                    walls[-1] |= R
                elif ch != " ":
                    raise _error(source, f"between tiles only a space or '|' (a barrier), "
                                 f"not {_show(ch)}", n, k + 1)
            if len(body) % 2 == 0:
                raise _error(source, "the row ends with a separator instead of a tile", n,
                             len(body))
        else:
            for k, ch in enumerate(body):
                tiles.append(_tile(ch, source, n, k + 1))
                walls.append(0)
                at.append(k + 1)
        if rows and len(tiles) != len(rows[0]):
            raise _error(source, f"this row has {len(tiles)} tiles, the first row "
                         f"{len(rows[0])}", n)
        rows.append(tiles)
        barriers.append(walls)
    h, w = len(rows), len(rows[0])
    if h > MAX_SIDE or w > MAX_SIDE:
        raise _error(source, f"larger than {MAX_SIDE}x{MAX_SIDE}")
    refuse_too_big(h, w, source, 1)
    if h * w < 2:
        raise _error(source, "a Net grid needs at least two tiles")
    flat = [x for row in rows for x in row]
    line_of = [n for (n, raw) in lines if not (spaced and set(raw) <= set(" -"))]

    def fail(t: int, problem: str):
        raise _error(source, f"tile r{t // w + 1}c{t % w + 1} {problem}", line_of[t // w],
                     at[t])
    _check_tiles(flat, fail, "".join(BOX[x] for x in range(16)))
    walls = tuple(x for row in barriers for x in row)
    return Pipes(h, w, tuple(flat), walls if any(walls) else ())


def _tile(ch: str, source: str, line: int, col: int) -> int:
    if ch in FROM_BOX:
        return FROM_BOX[ch]
    raise _error(source, f"{_show(ch)} is not a pipe tile (use ─│┌┐└┘├┤┬┴ and ╴╵╶╷)",
                 line, col)


def to_text(puzzle: Pipes, tiles: list[int] | tuple[int, ...] | None = None) -> str:
    """The plain text form (``tiles``: other orientations to show, e.g. a solution).

    The text form has no wrapping: write a wrapping puzzle as a game ID.
    """
    tiles = puzzle.tiles if tiles is None else tiles
    w = puzzle.cols
    out = []
    for r in range(puzzle.rows):
        row = [BOX[tiles[r * w + c]] for c in range(w)]
        if not puzzle.barriers:
            out.append("".join(row))
            continue
        seps = ["|" if puzzle.barrier(r * w + c) & R and c < w - 1 else " "
                for c in range(w - 1)]
        out.append("".join(a + b for a, b in zip(row, seps + [""])))
        if r < puzzle.rows - 1 and any(puzzle.barrier(r * w + c) & D for c in range(w)):
            out.append(" ".join("-" if puzzle.barrier(r * w + c) & D else " "
                                for c in range(w)).rstrip())
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------- JSONL

def from_record(record: dict, source: str = "<record>", line: int = 1) -> Pipes:
    """A puzzle from one JSONL record: ``game_id``, optional ``id``, ``rows``, ``cols``,
    ``solution`` (hex digits of the solved orientations)."""
    if not isinstance(record, dict):
        raise _error(source, "a record must be a JSON object", line)

    def fail(problem: str) -> InputError:
        return _error(source, problem, line)

    rid = record.get("id", "")
    if not isinstance(rid, str):
        raise fail("'id' must be a string")
    gid = record.get("game_id")
    if not isinstance(gid, str):
        raise fail("'game_id' must be a Net game ID string")
    p = decode_game_id(gid, f"{source}:{line}: game_id")
    wrong = wrong_size(record, (("rows", p.rows), ("cols", p.cols)), "game ID")
    if wrong:
        raise fail(wrong[1])
    solution = record.get("solution")
    if solution is not None:
        if (not isinstance(solution, str) or len(solution) != p.size
                or any(ch not in _HEX for ch in solution.lower())):
            raise fail(f"'solution' must be {p.size} hex digits")
        from puzzles.pipes.model import rotations
        for t, ch in enumerate(solution.lower()):
            if int(ch, 16) not in rotations(p.tiles[t]):
                raise fail(f"'solution' tile {t + 1} is not a rotation of the given tile")
        solution = solution.lower()
    puzzle = Pipes(p.rows, p.cols, p.tiles, p.barriers, p.params, id=rid, solution=solution,
                   wrapping=p.wrapping)
    if solution is not None:  # (hints and batch checks trust it)
        from puzzles.pipes.model import violations
        broken = violations(puzzle, puzzle.state_of(solution))
        if broken:
            raise fail(f"'solution' breaks a rule: {broken[0]}")
    return puzzle


def read_jsonl(path: str | Path, id: str | None = None) -> Pipes:
    """One record of a JSONL collection: the one named ``id``, or the only one."""
    record, line, _ = pick_record(path, id, MAX_FILE_BYTES)
    return from_record(record, str(path), line)


# --------------------------------------------------------------------------- dispatch

def recognises(sample: str) -> bool:
    """Whether a puzzle argument (or the start of its file) is plainly Pipes: a
    Net game ID, a grid of box-drawing tiles, or a collection record with a game ID.

    >>> recognises("5x5:42838cb4da1deb7c7b38888b1"), recognises("┌┬╴\\n└┴╴")
    (True, True)
    >>> recognises("https://puzz.link/p?nurikabe/3/3/g1h"), recognises("1 . .")
    (False, False)
    """
    lines = [t.strip() for t in sample.removeprefix("\ufeff").splitlines()
             if t.strip() and not t.lstrip().startswith(";")]
    if not lines:
        return False
    first = lines[0]
    if first.startswith("{"):
        return '"game_id"' in first
    if "://" not in first and re.match(r"\d+[xX]\d+[^:#\s]*[:#]", first):
        return True  # (a bad description, a capital X or a seed is then named by the game ID's reader)
    return any(ch in FROM_BOX for line in lines[:3] for ch in line)


def load(arg: str, id: str | None = None) -> Pipes:
    """A game ID, a box-drawing grid, or a file (``.jsonl`` collection, a game ID, a grid)."""
    if "\n" in arg or "\r" in arg:
        return _no_id(parse_text(arg), id, "<text>")
    if not arg.strip():
        raise InputError("<argument>: empty: give a file, a Net game ID or a grid")
    path = Path(arg)
    try:
        exists = path.exists()
    except (OSError, ValueError):
        exists = False
    if not exists:
        if _GAME_ID.match(arg) or re.match(r"^\s*\d+[xX]\d+", arg):
            return _no_id(decode_game_id(arg), id, "<game id>")
        if any(ch in FROM_BOX for ch in arg):
            return _no_id(parse_text(arg), id, "<text>")
        raise _error(arg, "no such file")
    if path.suffix.lower() == ".jsonl":
        return read_jsonl(path, id)
    text = _read_text(path)
    if text.lstrip().startswith("{"):  # records in a file not named .jsonl (a .json, a .txt)
        return read_jsonl(path, id)
    lines = [(n, t) for n, t in enumerate(text.splitlines(), 1)
             if t.strip() and not t.lstrip().startswith(";")]
    if lines and _GAME_ID.match(lines[0][1]):
        # (several, as ``sgt-net --generate 5`` prints them, are refused)
        n, gid = only_line(arg, lines, "game ID", ", a game_id each")
        return _no_id(decode_game_id(gid, arg, n), id, arg)
    return _no_id(parse_text(text, arg), id, arg)


def _no_id(puzzle: Pipes, id: str | None, source: str) -> Pipes:
    if id is not None:
        raise _error(source, "--id only applies to a .jsonl collection")
    return puzzle


def _read_text(path: str | Path) -> str:
    return read_text(path, MAX_FILE_BYTES)


__all__ = ["BOX", "decode_game_id", "encode_game_id", "from_record", "load", "parse_text",
           "read_jsonl", "recognises", "to_text"]
