"""Reading and writing Nurimeizu puzzles.

Every reader returns a :class:`Nurimeizu` or raises :class:`InputError` whose
one-line message names where the problem is (``file:line:col: what``).

- **Plain text** (:func:`parse_text`): the rooms grid, a blank line, then the
  marks grid. Rooms are labels, one per cell (letters, digits, or any tokens
  separated by spaces); cells with the same label in one connected area form a
  room. Marks are ``S`` start, ``G`` goal, ``o`` circle, ``t`` triangle, ``.``
  or ``-`` nothing. Lines starting with ``;`` are comments::

      AAB
      ACC

      S.o
      .tG

- **puzz.link** (:func:`decode_puzzlink`, :func:`encode_puzzlink`):
  ``https://puzz.link/p?nurimaze/W/H/BODY``;
- **JSONL collections** (:func:`read_jsonl`, :func:`from_record`) as in
  ``../shared/data/nurimeizu/janko.jsonl``;
- **pzprv3 files** (:func:`parse_pzprv3`, :func:`to_pzprv3`), the "file save" format
  of pzprjs / puzz.link.
"""
from __future__ import annotations

import re
from pathlib import Path

import attrs

from deduce.errors import InputError
from deduce.numbers import whole_number
from puzzles.files import error_line as _error
from puzzles.files import (only_line, pick_record, pzprv3_type, read_text, refuse_too_big,
                           too_many_cells, wrong_size)
from puzzles.files import show as _show
from deduce.state import State
from puzzles.nurimeizu.model import MARKS, Nurimeizu, split_rooms, violations

MAX_FILE_BYTES = 4 << 20
MAX_SIDE = 200  # a side; the cells are also at most files.MAX_CELLS

PUZZLINK_HOSTS = ("puzz.link", "pzv.jp", "pzprxs.vercel.app")
_URL = re.compile(r"(?:https?://)?([^/?#\s]+)[^?#\s]*\?(.*)", re.S)
_BARE = re.compile(r"nurimaze/", re.I)
_B32 = "0123456789abcdefghijklmnopqrstuv"


# --------------------------------------------------------------------------- rooms

def _check_marks(puzzle: Nurimeizu, source: str, line: int | None = None) -> Nurimeizu:
    for mark, word in (("S", "start"), ("G", "goal")):
        found = puzzle.cells_marked(mark)
        if len(found) != 1:
            raise _error(source, f"the puzzle needs exactly one {word} ({mark}), not {len(found)}",
                         line)
    return puzzle


# --------------------------------------------------------------------------- plain text

def _grid_lines(text: str):
    for n, raw in enumerate(text.splitlines(), 1):
        yield n, raw


def _tokens(raw: str) -> list[tuple[str, int]]:
    """Tokens of a row with their 1-based columns; no spaces means one per character."""
    stripped = raw.strip()
    if " " not in stripped and "\t" not in stripped:
        lead = len(raw) - len(raw.lstrip())
        return [(ch, lead + k + 1) for k, ch in enumerate(stripped)]
    return [(m.group(), m.start() + 1) for m in re.finditer(r"\S+", raw)]


def parse_text(text: str, source: str = "<text>") -> Nurimeizu:
    """The rooms grid, a blank line, the marks grid.

    >>> p = parse_text("AB\\nAC\\n\\nS.\\nG.")
    >>> p.n_rooms, p.start, p.goal
    (3, 0, 2)
    """
    blocks: list[list[tuple[int, list[tuple[str, int]]]]] = [[]]
    for n, raw in _grid_lines(text):
        if raw.lstrip().startswith(";"):
            continue
        if not raw.strip():
            if blocks[-1]:
                blocks.append([])
            continue
        blocks[-1].append((n, _tokens(raw)))
    blocks = [b for b in blocks if b]
    if not blocks:
        raise _error(source, "empty: expected a rooms grid, a blank line and a marks grid")
    if len(blocks) == 1:
        raise _error(source, "only one grid: expected the rooms grid, a blank line and the "
                     "marks grid", blocks[0][-1][0])
    if len(blocks) > 2:
        raise _error(source, "more than two grids (rooms, then marks)", blocks[2][0][0])
    rooms, marks = blocks
    width = len(rooms[0][1])
    for what, block in (("rooms", rooms), ("marks", marks)):
        for n, toks in block:
            if len(toks) != width:
                raise _error(source, f"this {what} row has {len(toks)} cells, the first rooms row "
                             f"{width}", n, toks[-1][1] if toks else 1)
    if len(marks) != len(rooms):
        raise _error(source, f"the marks grid has {len(marks)} rows, the rooms grid "
                     f"{len(rooms)}", marks[-1][0])
    if len(rooms) > MAX_SIDE or width > MAX_SIDE:
        raise _error(source, f"larger than {MAX_SIDE}x{MAX_SIDE}")
    refuse_too_big(len(rooms), width, source, 1)
    clue_rows = []
    for n, toks in marks:
        row = []
        for tok, col in toks:
            if tok == "-":
                tok = "."
            if tok not in MARKS and tok != ".":
                raise _error(source, f"mark {_show(tok)} is not S, G, o, t or .", n, col)
            row.append(tok)
        clue_rows.append("".join(row))
    labels = [[t for t, _ in toks] for _, toks in rooms]
    room_of = split_rooms(labels, len(rooms), width)
    puzzle = Nurimeizu(len(rooms), width, tuple(room_of),
                       tuple((r * width + c, ch) for r, row in enumerate(clue_rows)
                             for c, ch in enumerate(row) if ch in MARKS))
    return _check_marks(puzzle, source, marks[0][0])


def to_text(puzzle: Nurimeizu) -> str:
    """The plain text form (rooms as base-36 labels recycled per neighbourhood)."""
    width = len(str(puzzle.n_rooms - 1))
    rooms = "\n".join(" ".join(str(k).rjust(width) for k in row) for row in puzzle.room_rows())
    return rooms + "\n\n" + "\n".join(puzzle.clue_rows()) + "\n"


# --------------------------------------------------------------------------- puzz.link

def decode_puzzlink(url: str, source: str = "<url>", line: int = 1) -> Nurimeizu:
    """A puzz.link URL, or its ``nurimaze/W/H/BODY`` part (W columns, H rows).

    The body is pzprjs's ``decodeBorder`` (walls between cells as base-32 digits
    of 5 bits, first the (W-1)*H vertical walls row by row, then the W*(H-1)
    horizontal ones) followed by ``decodeCell_nurimaze`` (``1`` S, ``2`` G,
    ``3`` circle, ``4`` triangle, ``5``-``z`` skip 1-31 cells).

    Errors name ``line`` (of the file the URL is on) and columns of ``url``.

    >>> p = decode_puzzlink("https://puzz.link/p?nurimaze/2/2/00162")
    >>> p.n_rooms, p.marks
    (1, ((0, 'S'), (3, 'G')))
    """
    lead = len(url) - len(url.lstrip())  # (columns count from the start of the line)
    text = url.strip()
    if "://" in text:
        m = _URL.fullmatch(text)
        if not m:
            raise _error(source, "not a puzz.link URL (expected https://puzz.link/p?nurimaze/W/H/BODY)")
        host = m.group(1).lower().removeprefix("www.")
        if host not in PUZZLINK_HOSTS:
            raise _error(source, f"{_show(host)} is not a puzz.link host")
        query = m.group(2)
        offset = text.find("?") + 1
    else:
        query, offset = text, 0
    parts = query.split("/")
    if parts[0].lower() != "nurimaze":
        raise _error(source, f"the puzzle type is {_show(parts[0])}, not nurimaze", line,
                     lead + offset + 1)
    if len(parts) < 4:
        raise _error(source, "expected nurimaze/W/H/BODY", line, lead + len(text))
    at = offset + len(parts[0]) + 1
    sides = []
    for what, part in (("width", parts[1]), ("height", parts[2])):
        n = whole_number(part)
        if n is None or not 1 <= n <= MAX_SIDE:
            raise _error(source, f"the {what} {_show(part)} is not a number from 1 to {MAX_SIDE}",
                         line, lead + at + 1)
        sides.append(n)
        at += len(part) + 1
    cols, rows = sides
    refuse_too_big(rows, cols, source, line, lead + offset + len(parts[0]) + 2)
    body = "/".join(parts[3:]).rstrip("/")
    body_at = at + 1

    def fail(problem: str, k: int) -> InputError:
        return _error(source, problem, line, lead + body_at + k)

    n_vert, n_horiz = (cols - 1) * rows, cols * (rows - 1)
    pos1 = (n_vert + 4) // 5
    pos2 = pos1 + (n_horiz + 4) // 5
    if len(body) < pos2:
        raise fail(f"the walls need {pos2} characters, the body has {len(body)}", len(body))
    walls = []
    for k in range(pos2):
        ch = body[k].lower()
        if ch not in _B32:
            raise fail(f"invalid wall character {_show(body[k])}", k)
        v = _B32.index(ch)
        walls.extend((v >> (4 - b)) & 1 for b in range(5))
    vert = walls[:n_vert]
    horiz = walls[pos1 * 5:pos1 * 5 + n_horiz]
    # rooms: flood through the sides that have no wall
    room = [-1] * (rows * cols)
    n = 0
    for start in range(rows * cols):
        if room[start] >= 0:
            continue
        room[start] = n
        todo = [start]
        while todo:
            i = todo.pop()
            r, c = divmod(i, cols)
            for j, open_ in ((i + 1, c < cols - 1 and not vert[r * (cols - 1) + c]),
                             (i - 1, c > 0 and not vert[r * (cols - 1) + c - 1]),
                             (i + cols, r < rows - 1 and not horiz[r * cols + c]),
                             (i - cols, r > 0 and not horiz[(r - 1) * cols + c])):
                if open_ and room[j] < 0:
                    room[j] = n
                    todo.append(j)
        n += 1
    marks = []
    c = 0
    k = pos2
    size = rows * cols
    while k < len(body) and c < size:
        ch = body[k]
        if ch in "1234":
            marks.append((c, "SGot"[int(ch) - 1]))
        elif ch in "56789" or "a" <= ch <= "z":
            c += int(ch, 36) - 5
            if c >= size:
                raise fail(f"{ch!r} skips past the last cell", k)
        else:
            raise fail(f"invalid mark character {_show(ch)}", k)
        c += 1
        k += 1
    if k < len(body):
        raise fail(f"the body is too long: {len(body) - k} characters after the last cell", k)
    # S and G twice: pzprjs keeps the last; we refuse, as for a text grid
    puzzle = Nurimeizu(rows, cols, tuple(room), tuple(sorted(marks)))
    return _check_marks(puzzle, source)


def encode_puzzlink(puzzle: Nurimeizu) -> str:
    """The puzz.link URL, as pzprjs's ``encodeBorder`` + ``encodeCell_nurimaze`` write it."""
    rows, cols, room = puzzle.rows, puzzle.cols, puzzle.room_of
    bits_: list[int] = []
    out = []

    def flush(values: list[int]) -> None:
        for k in range(0, len(values), 5):
            chunk = values[k:k + 5] + [0] * (5 - len(values[k:k + 5]))
            out.append(_B32[sum(b << (4 - j) for j, b in enumerate(chunk))])

    bits_ = [int(room[r * cols + c] != room[r * cols + c + 1])
             for r in range(rows) for c in range(cols - 1)]
    flush(bits_)
    bits_ = [int(room[r * cols + c] != room[(r + 1) * cols + c])
             for r in range(rows - 1) for c in range(cols)]
    flush(bits_)
    code = {"S": "1", "G": "2", "o": "3", "t": "4"}
    mark = puzzle.mark_at
    count = 0
    for i in range(rows * cols):
        p = code.get(mark.get(i, ""), "")
        if not p:
            count += 1
        if count == 0:
            out.append(p)
        elif p or count == 31:
            out.append(_to36(4 + count) + p)
            count = 0
    if count:
        out.append(_to36(4 + count))
    return f"https://puzz.link/p?nurimaze/{cols}/{rows}/{''.join(out)}"


def _to36(n: int) -> str:
    return "0123456789abcdefghijklmnopqrstuvwxyz"[n]


# --------------------------------------------------------------------------- JSONL

def from_record(record: dict, source: str = "<record>", line: int = 1) -> Nurimeizu:
    """A puzzle from one JSONL record: ``rooms`` (int grid), ``clues`` (rows), optional
    ``id``, ``solution``; or only ``puzzlink_url``."""
    if not isinstance(record, dict):
        raise _error(source, "a record must be a JSON object", line)

    def fail(problem: str) -> InputError:
        return _error(source, problem, line)

    rid = record.get("id", "")
    if not isinstance(rid, str):
        raise fail("'id' must be a string")
    rooms, clues = record.get("rooms"), record.get("clues")
    if rooms is None and clues is None and isinstance(record.get("puzzlink_url"), str):
        p = decode_puzzlink(record["puzzlink_url"], f"{source}:{line}: puzzlink_url")
        return _with(p, rid, record, fail)
    if (not isinstance(rooms, list) or not rooms or not all(isinstance(r, list) for r in rooms)
            or not rooms[0]):
        raise fail("'rooms' must be a non-empty list of rows of room numbers")
    h, w = len(rooms), len(rooms[0])
    if h > MAX_SIDE or w > MAX_SIDE:
        raise fail(f"'rooms' is larger than {MAX_SIDE}x{MAX_SIDE}")
    refuse_too_big(h, w, source, line)
    for r, row in enumerate(rooms):
        if len(row) != w:
            raise fail(f"'rooms' row {r + 1} has {len(row)} cells, the first {w}")
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in row):
            raise fail(f"'rooms' row {r + 1} holds something that is not a room number")
    if (not isinstance(clues, list) or len(clues) != h
            or not all(isinstance(r, str) and len(r) == w for r in clues)):
        raise fail(f"'clues' must be {h} strings of {w} marks")
    for r, row in enumerate(clues):
        for c, ch in enumerate(row):
            if ch not in MARKS and ch != ".":
                raise fail(f"'clues' row {r + 1} column {c + 1}: {ch!r} is not S, G, o, t or .")
    wrong = wrong_size(record, (("rows", h), ("cols", w)), "grid")
    if wrong:
        raise fail(wrong[1])
    room_of = split_rooms(rooms, h, w)
    p = Nurimeizu(h, w, tuple(room_of),
                  tuple((r * w + c, ch) for r, row in enumerate(clues)
                        for c, ch in enumerate(row) if ch in MARKS))
    _check_marks(p, source, line)
    return _with(p, rid, record, fail)


def _with(p: Nurimeizu, rid: str, record: dict, fail) -> Nurimeizu:
    solution = record.get("solution")
    if solution is not None:
        if (not isinstance(solution, list) or len(solution) != p.rows
                or not all(isinstance(r, str) and len(r) == p.cols and not r.strip("#.")
                           for r in solution)):
            raise fail(f"'solution' must be {p.rows} strings of {p.cols} '#' or '.'")
        solution = tuple(solution)
        colour: dict[int, str] = {}  # a room is all one colour, a marked room white
        for i, room in enumerate(p.room_of):
            ch = solution[i // p.cols][i % p.cols]
            if colour.setdefault(room, ch) != ch:
                raise fail(f"'solution' splits the room at {p.cell_name(i)} "
                           "into black and white cells")
        for i, _ in p.marks:
            if solution[i // p.cols][i % p.cols] == "#":
                raise fail(f"'solution' makes {p.mark_name(i)} black")
        broken = violations(p, list(solution))  # (hints and batch checks trust it)
        if broken:
            raise fail(f"'solution' breaks a rule: {broken[0]}")
    return Nurimeizu(p.rows, p.cols, p.room_of, p.marks, id=rid, solution=solution)


def read_jsonl(path: str | Path, id: str | None = None) -> Nurimeizu:
    """One record of a JSONL collection: the one named ``id``, or the only one."""
    record, line, _ = pick_record(path, id, MAX_FILE_BYTES)
    return from_record(record, str(path), line)


# --------------------------------------------------------------------------- pzprv3

_PZPRV3 = re.compile(r"pzprv3(?:\.\d+)?")
_PZPR_MARKS = {"s": "S", "g": "G", "o": "o", "t": "t"}


def _pzprv3_lines(text: str) -> list[tuple[str, int, int]]:
    """(content, line, column) of every line; a one-line file is split at ``/`` as
    pzprjs's own test scripts and URL-like dumps write it."""
    text = text.removeprefix("\ufeff")
    raw = text.splitlines()
    # (blank lines and ; comments before the header are passed over, as the
    # detector does)
    start = next((n for n, r in enumerate(raw) if r.strip() and not r.lstrip().startswith(";")),
                 len(raw))
    nonblank = [r for r in raw[start:] if r.strip()]
    if len(nonblank) == 1 and "/" in nonblank[0]:
        line = raw.index(nonblank[0], start) + 1
        out, col = [], 1
        for part in nonblank[0].split("/"):
            out.append((part, line, col))
            col += len(part) + 1
        while out and not out[-1][0].strip():
            out.pop()
        return out
    return [(r, n, 1) for n, r in enumerate(raw[start:], start + 1)]


def parse_pzprv3(text: str, source: str = "<pzprv3>") -> Nurimeizu:
    """A pzprjs file ("file save" on puzz.link) of a nurimaze puzzle.

    The layout is pzprjs's (``src/variety/nurimaze.js``, ``FileIO.decodeData``), one
    item per line: ``pzprv3``, ``nurimaze``, rows, cols; then ``decodeAreaRoom``: the
    number of rooms and ``rows`` lines of room numbers (same number and connected =
    one room); then ``decodeCellQues_nurimaze``: ``rows`` lines of ``s`` ``g`` ``o``
    ``t`` ``.``; then ``decodeCellAns``: ``rows`` lines of ``#`` shaded, ``+`` marked
    unshaded, ``.`` nothing. Cells are separated by spaces. Whatever follows
    (line marks, trial data, history) is ignored. A complete answer (every cell ``#``
    or ``+``) that breaks no rule becomes the puzzle's ``solution``.

    >>> p = parse_pzprv3("pzprv3/nurimaze/2/2/2/0 1 /0 1 /s . /. g /")
    >>> p.n_rooms, p.marks
    (2, ((0, 'S'), (3, 'G')))
    """
    lines = _pzprv3_lines(text)
    at = 0

    def fail(problem: str, k: int | None = None, offset: int = 0) -> InputError:
        if k is None or k >= len(lines):
            k = len(lines) - 1
        if k < 0:
            return _error(source, problem)
        return _error(source, problem, lines[k][1], lines[k][2] + offset)

    def next_line(what: str) -> tuple[str, int]:
        nonlocal at
        if at >= len(lines):
            raise fail(f"the file ends where {what} should be")
        at += 1
        return lines[at - 1][0].strip(), at - 1

    def cells(what: str, k: int, width: int) -> list[tuple[str, int]]:
        raw = lines[k][0]
        toks = [(m.group(), m.start()) for m in re.finditer(r"\S+", raw)]
        if len(toks) != width:
            raise fail(f"this {what} row has {len(toks)} cells, expected {width} (the "
                       f"header says {width} columns)", k)
        return toks

    head, k = next_line("the 'pzprv3' header")
    if not _PZPRV3.fullmatch(head):
        raise fail(f"not a pzprv3 file: the first line is {_show(head)}, not 'pzprv3'", k)
    pid, k = next_line("the puzzle type")
    if pid != "nurimaze":
        raise fail(f"the puzzle type is {_show(pid)}, not nurimaze", k)
    sides = []
    for what in ("rows", "cols"):
        value, k = next_line(f"the number of {what}")
        n = whole_number(value)
        if n is None or not 1 <= n <= MAX_SIDE:
            raise fail(f"the number of {what} {_show(value)} is not a number from 1 to "
                       f"{MAX_SIDE}", k)
        sides.append(n)
    rows, cols = sides
    problem = too_many_cells(rows, cols)
    if problem:
        raise fail(problem, k)
    value, k = next_line("the number of rooms")
    n_rooms = whole_number(value)
    if n_rooms is None or not 1 <= n_rooms <= rows * cols:
        raise fail(f"the number of rooms {_show(value)} is not a number from 1 to "
                   f"{rows * cols} (the cells of a {rows}x{cols} grid)", k)
    labels = []
    for r in range(rows):
        _, k = next_line(f"room row {r + 1} of {rows}")
        row = []
        for tok, col in cells("room", k, cols):
            room = whole_number(tok)
            if room is None or room >= n_rooms:
                raise fail(f"room number {_show(tok)} is not a number from 0 to "
                           f"{n_rooms - 1} (the file declares {n_rooms} rooms)", k, col)
            row.append(room)
        labels.append(row)
    marks = []
    for r in range(rows):
        _, k = next_line(f"mark row {r + 1} of {rows}")
        for c, (tok, col) in enumerate(cells("mark", k, cols)):
            if tok in _PZPR_MARKS:
                marks.append((r * cols + c, _PZPR_MARKS[tok]))
            elif tok != ".":
                raise fail(f"mark {_show(tok)} is not s, g, o, t or .", k, col)
    first_mark_line = lines[at - rows][1]
    answer: list[str] | None = []
    answer_at: list[tuple[int, int]] = []  # (line, column) of each answer cell
    for r in range(rows):
        if r == 0 and (at >= len(lines) or not lines[at][0].strip()):
            answer = None  # a file with the puzzle only
            break
        _, k = next_line(f"answer row {r + 1} of {rows}")
        row = []
        for tok, col in cells("answer", k, cols):
            if tok not in ("#", "+", "."):
                raise fail(f"answer {_show(tok)} is not # (shaded), + (unshaded) or .", k, col)
            row.append(tok)
            answer_at.append((k, col))
        answer.append("".join(row))
    room_of = split_rooms(labels, rows, cols)
    puzzle = _check_marks(Nurimeizu(rows, cols, tuple(room_of), tuple(marks)), source,
                          first_mark_line)
    if answer and not any("." in row for row in answer):
        solution = [row.replace("+", ".") for row in answer]
        if not violations(puzzle, solution):
            return Nurimeizu(rows, cols, puzzle.room_of, puzzle.marks, solution=tuple(solution),
                             answered=True)
    if answer:  # a partial answer, or one that breaks a rule: the player's marks
        shaded: dict[int, tuple[int, int, int]] = {}  # room -> (value, row, col)
        for r, row in enumerate(answer):
            for c, tok in enumerate(row):
                if tok == ".":
                    continue
                room, value = puzzle.room_of[r * cols + c], int(tok == "#")
                if room in shaded and shaded[room][0] != value:
                    r0, c0 = shaded[room][1:]
                    raise fail(f"the answer marks one room both shaded and unshaded "
                               f"(r{r0 + 1}c{c0 + 1} and r{r + 1}c{c + 1}): a room is all "
                               "one colour", *answer_at[r * cols + c])
                shaded.setdefault(room, (value, r, c))
        if shaded:
            puzzle = attrs.evolve(puzzle, shaded=tuple(sorted(
                (room, v[0]) for room, v in shaded.items())))
    return puzzle


def to_pzprv3(puzzle: Nurimeizu, state: State | list[str] | tuple[str, ...] | None = None) -> str:
    """The pzprv3 file of ``puzzle``, as pzprjs's ``encodeData`` writes it (lines of
    cells each followed by a space). ``state`` (a room state, or rows of ``#``/``.``/``?``)
    fills the answer: ``#`` black, ``+`` white, ``.`` undecided; without it the answer
    is empty.

    >>> to_pzprv3(parse_text("AB\\nAB\\n\\nS.\\n.G")).split("\\n")[4:8]
    ['2', '0 1 ', '0 1 ', 's . ']
    """
    rows, cols = puzzle.rows, puzzle.cols
    out = ["pzprv3", "nurimaze", str(rows), str(cols), str(puzzle.n_rooms)]
    out += ["".join(f"{k} " for k in row) for row in puzzle.room_rows()]
    code = {"S": "s", "G": "g", "o": "o", "t": "t", ".": "."}
    out += ["".join(f"{code[ch]} " for ch in row) for row in puzzle.clue_rows()]
    if state is None and puzzle.shaded:  # (the player's marks go back where they came from)
        from puzzles.nurimeizu import initial_state
        state = initial_state(puzzle)
    if state is None:
        grid = ["?" * cols] * rows
    elif isinstance(state, State):
        grid = []
        for r in range(rows):
            row = []
            for c in range(cols):
                v = state.value(puzzle.room_of[r * cols + c])
                row.append("?" if v is None else ("#" if v else "."))
            grid.append("".join(row))
    else:
        grid = list(state)
        if len(grid) != rows or any(len(row) != cols for row in grid):
            raise ValueError(f"the answer must be {rows} rows of {cols} cells")
    answer = {"#": "# ", ".": "+ ", "+": "+ "}
    out += ["".join(answer.get(ch, ". ") for ch in row) for row in grid]
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------- dispatch

def _is_pzprv3(text: str) -> bool:
    """Whether the first line that says something (not blank, not a ; comment)
    opens a pzprjs file."""
    for line in text.removeprefix("\ufeff").splitlines():
        if line.strip() and not line.lstrip().startswith(";"):
            return pzprv3_type(line) is not None
    return False


def recognises(sample: str) -> bool:
    """Whether a puzzle argument (or the start of its file) is plainly Nurimeizu:
    a ``nurimaze`` puzz.link URL or pzprv3 file, a collection record with rooms,
    or a marks grid (a row of ``S``, ``G``, ``o``, ``t`` and ``.`` only, with S or G).

    >>> recognises("https://puzz.link/p?nurimaze/2/2/0g1g"), recognises("AB\\nAC\\n\\nS.\\nG.")
    (True, True)
    >>> recognises("1 . .\\n. . 2")
    False
    """
    text = sample.removeprefix("\ufeff")
    lines = [t.strip() for t in text.splitlines() if t.strip() and not t.lstrip().startswith(";")]
    if not lines:
        return False
    if _is_pzprv3(sample):  # (the type follows, on the next line or after a slash)
        return bool(re.match(r"pzprv3(?:\.\d+)?\s*[/\n]\s*nurimaze\b", "\n".join(lines[:2]), re.I))
    first = lines[0]
    if _BARE.search(first) or (first.startswith("{") and '"rooms"' in first):
        return True
    marks = set(MARKS) | {".", "-"}
    for line in lines:
        tokens = [t for t, _ in _tokens(line)]
        if set(tokens) <= marks and ("S" in tokens or "G" in tokens):
            return True
    # a rooms grid and, after a blank line, a marks grid of the same shape (one
    # that forgot S or G is still this kind's, and its reader says what is missing)
    blocks = [[_tokens(t) for t in b.splitlines() if t.strip() and not t.lstrip().startswith(";")]
              for b in re.split(r"\n[ \t]*\r?\n", text.replace("\r\n", "\n"))]
    blocks = [b for b in blocks if b]
    if len(blocks) == 2 and len(blocks[0]) == len(blocks[1]) > 0:
        rooms, grid = blocks
        return ([len(r) for r in rooms] == [len(r) for r in grid]
                and all(t in marks for row in grid for t, _ in row)
                and all(t.isalnum() for row in rooms for t, _ in row))
    return False


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except (OSError, ValueError):  # (a name too long for a file, a NUL byte)
        return False


def load(arg: str, id: str | None = None) -> Nurimeizu:
    """A grid text, a pzprv3 text, a puzz.link URL, or a file (``.jsonl`` collection,
    a pzprv3 file, a URL, or a text grid)."""
    if _is_pzprv3(arg):
        return _no_id(parse_pzprv3(arg), id, "<pzprv3>")
    if "\n" in arg or "\r" in arg:
        return _no_id(parse_text(arg), id, "<text>")
    if "://" in arg or (_BARE.match(arg) and not _exists(Path(arg))):
        return _no_id(decode_puzzlink(arg), id, "<url>")
    if not arg.strip():
        raise InputError("<argument>: empty: give a file, a puzz.link URL or a grid")
    path = Path(arg)
    if not _exists(path):
        raise _error(arg, "no such file")
    if path.suffix.lower() == ".jsonl":
        return read_jsonl(path, id)
    text = _read_text(path)
    if text.lstrip().startswith("{"):  # records in a file not named .jsonl (a .json, a .txt)
        return read_jsonl(path, id)
    if _is_pzprv3(text):
        return _no_id(parse_pzprv3(text, arg), id, arg)
    lines = [(n, t.strip()) for n, t in enumerate(text.splitlines(), 1)
             if t.strip() and not t.lstrip().startswith(";")]
    if lines and ("://" in lines[0][1] or _BARE.match(lines[0][1])):
        n, _ = only_line(arg, lines, "puzz.link URL", ", a puzzlink_url each")
        return _no_id(decode_puzzlink(text.splitlines()[n - 1], arg, n), id, arg)
    return _no_id(parse_text(text, arg), id, arg)


def _no_id(puzzle: Nurimeizu, id: str | None, source: str) -> Nurimeizu:
    if id is not None:
        raise _error(source, "--id only applies to a .jsonl collection")
    return puzzle


def _read_text(path: str | Path) -> str:
    return read_text(path, MAX_FILE_BYTES)
