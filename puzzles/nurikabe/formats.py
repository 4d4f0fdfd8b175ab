"""Read and write Nurikabe puzzles: text grids, janko.at files, puzz.link URLs, JSONL.

Every reader returns a :class:`Nurikabe` or raises :class:`InputError` whose
message is one line, ``SOURCE:LINE:COL: problem`` or ``SOURCE: problem``, where
SOURCE is the file name, ``<text>`` or ``<url>``.

>>> p = parse_text("2 . .\\n. . .\\n. . ?")
>>> encode_puzzlink(p)
'https://puzz.link/p?nurikabe/3/3/2m./'
>>> decode_puzzlink(encode_puzzlink(p)) == p
True
>>> try:
...     parse_text("2 . x")
... except InputError as e:
...     print(e)
<text>:1:5: unknown cell 'x' (use . or - empty, a number, ?, # black, + or * white)
"""
from __future__ import annotations

import json
import re
from itertools import islice
from pathlib import Path
from typing import Callable, Iterable, Iterator

import attrs

from deduce.errors import InputError
from deduce.wording import counted
from puzzles.files import error_line as _error
from puzzles.files import (only_line, pick_record, pzprv3_type, read_text, refuse_too_big,
                           wrong_size)
from puzzles.files import show as _show
from puzzles.nurikabe.model import Nurikabe, violations

MAX_SIDE = 1000  # anything larger is a mistake, not a puzzle (and would only waste memory)
MAX_FILE_BYTES = 64 << 20  # far above any puzzle file; stops /dev/zero and friends from hanging us

# A readable token becomes one of: "." empty, "#" black, "+" white, "?" or a digit string.
_TOKENS = {".": ".", "-": ".", "#": "#", "+": "+", "*": "+", "?": "?"}
_DIGITS = re.compile(r"[0-9]+")  # not str.isdigit: that accepts "²" and "٣", which int() rejects
_DIGIT = frozenset("0123456789")
_CHUNK = re.compile(r"\S+")
_NEWLINE = re.compile(r"\r\n|\r|\n")  # the same line ends as open() in text mode
_MAX_CLUE_DIGITS = 7  # MAX_SIDE**2 has 7 digits; longer numbers are too big for any grid


def _lines(text: str) -> Iterator[str]:
    """The lines of a text, lazily: a reader stops at its first error, however long the input."""
    text = text.removeprefix("\ufeff")
    start = 0
    for end in _NEWLINE.finditer(text):
        yield text[start : end.start()]
        start = end.end()
    yield text[start:]


# --------------------------------------------------------------------------- grids

@attrs.frozen
class _Row:
    """One written row: its cells (tokens), and what it takes to say where cell k was."""

    cells: list[str]
    line: int
    text: str
    col_of: Callable[[int], int]  # column of an offset in ``text``
    compact: bool  # one cell per character

    def col(self, k: int) -> int:
        # Recomputed only for an error: keeping a position per cell would double the parse time.
        if self.compact:
            return self.col_of(len(self.text) - len(self.text.lstrip()) + k)
        found = next(islice(_CHUNK.finditer(self.text), k, None), None)
        return self.col_of(found.start() if found else len(self.text.rstrip()))


def _split_row(text: str, line: int, col_of: Callable[[int], int], source: str) -> _Row:
    """The cells of one written row.

    Cells are separated by whitespace, except in a row without any: there each
    character is a cell (``..2.``). An all-digit row stays one number, and
    digits next to each other are refused, because two adjacent clues could
    never be solved: such a row surely meant a number of several digits.
    """
    # One cell more than a row may hold is enough to report it; the rest is never split.
    cells = text.split(maxsplit=MAX_SIDE)
    if len(cells) != 1 or len(cells[0]) == 1 or _DIGITS.fullmatch(cells[0]):
        return _Row(cells, line, text, col_of, compact=False)
    row = _Row(list(cells[0][: MAX_SIDE + 1]), line, text, col_of, compact=True)
    for k in range(1, len(row.cells)):
        if row.cells[k - 1] in _DIGIT and row.cells[k] in _DIGIT:
            raise _error(source, "a number of several digits in a row without spaces: "
                         "separate the cells with spaces", line, row.col(k - 1))
    return row


def _problem_token(token: str, source: str, line: int, col: int) -> str:
    if token in _TOKENS:
        return _TOKENS[token]
    if _DIGITS.fullmatch(token):
        if not token.strip("0"):
            raise _error(source, "clue 0: an island has at least one cell", line, col)
        return token  # the grid's size is not known yet; _puzzle checks the range
    raise _error(source, f"unknown cell {_show(token)} "
                 "(use . or - empty, a number, ?, # black, + or * white)", line, col)


def _solution_token(token: str, source: str, line: int, col: int) -> str:
    if token in ("x", "X", "#"):
        return "#"
    if token in ("-", ".", "?") or _DIGITS.fullmatch(token):
        return "."
    raise _error(source, f"unknown solution cell {_show(token)} "
                 "(use x or # black; -, . or a number white)", line, col)


RowText = tuple[str, int, Callable[[int], int]]  # (text, line, column of a 0-based offset)


def _plain_rows(lines: Iterable[tuple[int, str]]) -> Iterator[RowText]:
    return ((text, line, lambda k: k + 1) for line, text in lines)


def _read_grid(rows: Iterable[RowText], source: str, normalize: Callable[[str, str, int, int], str],
               width: int | None = None, why: str = "", first: str | None = None) -> list[_Row]:
    """Tokenize rows in reading order; every row as wide as ``width``, else as the first row.

    ``why`` says where ``width`` comes from, ``first`` how to name the first row.
    """
    grid: list[_Row] = []
    seen: dict[str, str] = {}  # token -> normalized; a grid repeats a handful of tokens
    for text, line, col_of in rows:
        row = _split_row(text, line, col_of, source)
        cells = row.cells
        if len(grid) == MAX_SIDE:
            raise _error(source, f"the grid has more than {MAX_SIDE} rows", line, row.col(0))
        if not cells:
            raise _error(source, "the row has no cells", line, col_of(0))
        if len(cells) > MAX_SIDE:
            raise _error(source, f"the row has more than {MAX_SIDE} cells", line, row.col(MAX_SIDE))
        for tok in sorted(set(cells).difference(seen), key=cells.index):  # in reading order
            seen[tok] = normalize(tok, source, line, row.col(cells.index(tok)))
        row = attrs.evolve(row, cells=[seen[tok] for tok in cells])
        if width is None:
            width, why = len(cells), first or f"as on line {line}"
        if len(cells) != width:
            # Point at the first cell too many, or just past the row's end for a cell missing.
            got = f"{len(cells)} cell{'s' * (len(cells) != 1)}"
            raise _error(source, f"the row has {got}, expected {width} ({why})", line,
                         row.col(min(width, len(cells))))
        grid.append(row)
    return grid


def _mask(cells: list[int], size: int) -> int:
    # int(bits, 2) is linear; OR-ing 1 << i per cell is quadratic on a large grid.
    if not cells:
        return 0
    bits = bytearray(b"0" * size)
    for i in cells:
        bits[size - 1 - i] = ord("1")
    return int(bits, 2)


def _puzzle(grid: list[_Row], source: str, solution_at: Callable[[int], tuple[int, int]] | None = None,
            **fields) -> Nurikabe:
    """The puzzle of a tokenized grid (rows of equal width), checking clue sizes.

    ``solution_at``: where the written solution has cell i, as (line, column),
    for an error about it."""
    rows, cols = len(grid), len(grid[0].cells)
    refuse_too_big(rows, cols, source)
    size = rows * cols
    clues: list[tuple[int, int | None]] = []
    black: list[int] = []
    white: list[int] = []
    for r, row in enumerate(grid):
        for c, tok in enumerate(row.cells):
            if tok == ".":
                continue
            i = r * cols + c
            if tok == "#":
                black.append(i)
            elif tok == "+":
                white.append(i)
            elif tok == "?":
                clues.append((i, None))
            elif len(tok.lstrip("0")) > _MAX_CLUE_DIGITS or int(tok) > size:
                raise _error(source, f"clue {_show(tok)} is larger than the grid "
                             f"({rows}x{cols} = {counted(size, 'cell')})", row.line, row.col(c))
            else:
                clues.append((i, int(tok)))
    p = Nurikabe(rows, cols, tuple(clues), _mask(black, size), _mask(white, size), **fields)
    if p.solution is not None:  # a known solution must keep the clues
        # (black and white marks are a player's: ``hint`` checks them against it)
        for i, _ in clues:
            if p.solution[i // cols][i % cols] == "#":
                line, col = solution_at(i) if solution_at else (None, 1)
                raise _error(source, f"the solution makes the clue at {p.cell_name(i)} black", line, col)
        # (hints and batch checks trust it: one that breaks a rule would call right marks wrong)
        broken = violations(p, list(p.solution))
        if broken:
            line, col = solution_at(0) if solution_at else (None, 1)
            raise _error(source, f"the solution breaks a rule: {broken[0]}", line, col)
    return p


# --------------------------------------------------------------------------- plain text

def parse_text(text: str, source: str = "<text>") -> Nurikabe:
    """A grid written as rows of cells: ``.``/``-`` empty, a number, ``?``, ``#`` black, ``+``/``*`` white.

    Cells are separated by whitespace; a row without whitespace has one cell per
    character. Lines starting with ``;`` are ignored, and blank lines around the
    grid; a blank line followed by more rows is refused (a second puzzle).

    >>> parse_text("; a comment\\n..2.\\n# . . +").clues
    ((2, 2),)
    """
    lines, gap = [], False
    for n, t in enumerate(_lines(text), 1):
        if t.lstrip().startswith(";"):
            continue
        if not t.strip():
            gap = bool(lines)  # a blank line ends the grid
            continue
        if gap:
            raise _error(source, "a blank line inside the grid, or a second puzzle after it "
                         f"(one puzzle per file; the first grid ends at line {lines[-1][0]})", n)
        lines.append((n, t))
    kind = pzprv3_type(lines[0][1], lines[1][1] if len(lines) > 1 else "") if lines else None
    if kind is not None:
        # (pzprjs's file form: "unknown cell 'p'" said nothing of what it is)
        if kind == "nurimaze":
            raise _error(source, "a pzprv3 file of a nurimaze puzzle, not a Nurikabe one",
                         lines[0][0], 1)
        raise _error(source, f"a pzprv3 file{f' of puzzle type {kind!r}' if kind else ''}: deduce "
                     "reads that form for nurimaze (Nurimeizu) only; give a Nurikabe puzzle as a "
                     "grid or a puzz.link URL", lines[0][0], 1)
    grid = _read_grid(_plain_rows(lines), source, _problem_token)
    if not grid:
        raise _error(source, "no grid rows: the input is empty")
    return _puzzle(grid, source)


# --------------------------------------------------------------------------- janko.at

_SECTION = re.compile(r"\[\s*(\w+)\s*\]")


def parse_janko(text: str, source: str = "<text>") -> Nurikabe:
    """A janko.at puzzle file.

    Sections ``[setup]`` (``key value`` lines: ``puzzle nurikabe``, ``size N`` or
    ``rows R`` / ``cols C``, each at most once; other keys ignored), ``[problem]`` (rows of ``-``
    empty, numbers, ``?``), optional ``[solution]`` (``x``/``#`` black, ``-``/``.``/
    numbers white) and ``[end]``, after which nothing is read. Other sections
    (``[moves]``, ``[comment]``...) are skipped.

    >>> p = parse_janko("[setup]\\nsize 2\\n[problem]\\n1 -\\n- -\\n[solution]\\n- x\\nx x\\n[end]")
    >>> p.clues, p.solution
    (((0, 1),), ('.#', '##'))
    """
    sections: dict[str, tuple[int, list[tuple[int, str]]]] = {}
    setup: dict[str, tuple[int, int, int]] = {}  # key -> (value, line, col)
    current: list[tuple[int, str]] | None = None
    name = ""
    for line, raw in enumerate(_lines(text), 1):
        stripped = raw.strip()
        if not stripped or (current is None and stripped.startswith(";")):
            continue  # (comments may come first, as in the other formats)
        header = _SECTION.fullmatch(stripped)
        if header:
            name = header.group(1).lower()
            if name == "end":
                break
            if name in sections and name in ("setup", "problem", "solution"):
                raise _error(source, f"a second [{name}] section", line, raw.index("[") + 1)
            current = []
            sections[name] = (line, current)
        elif current is None:
            raise _error(source, "expected a section header such as [setup] or [problem]",
                         line, len(raw) - len(raw.lstrip()) + 1)
        elif name == "setup":
            _setup_line(raw, line, source, setup)
        elif name in ("problem", "solution"):
            if len(current) == MAX_SIDE:  # stop here: the rest of a huge file can wait
                raise _error(source, f"the grid has more than {MAX_SIDE} rows", line)
            current.append((line, raw))

    if "problem" not in sections:
        raise _error(source, "no [problem] section")
    header_line, problem = sections["problem"]
    if not problem:
        raise _error(source, "the [problem] section has no rows", header_line)

    width, width_why = _declared(setup, "cols")
    grid = _read_grid(_plain_rows(problem), source, _problem_token, width, width_why)
    height, height_why = _declared(setup, "rows")
    if height is not None and len(grid) != height:
        raise _error(source, f"[problem] has {len(grid)} rows, expected {height} ({height_why})",
                     header_line)

    if "solution" in sections and sections["solution"][1]:
        sol_line, sol_rows = sections["solution"]
        sol = _read_grid(_plain_rows(sol_rows), source, _solution_token,
                         len(grid[0].cells), "as wide as [problem]")
        if len(sol) != len(grid):
            raise _error(source, f"[solution] has {len(sol)} rows, [problem] has {len(grid)}", sol_line)
        solution = tuple("".join(row.cells) for row in sol)
        cols = len(grid[0].cells)
        return _puzzle(grid, source, solution=solution,
                       solution_at=lambda i: (sol[i // cols].line, sol[i // cols].col(i % cols)))
    return _puzzle(grid, source)


def _is_header(raw: str, name: str) -> bool:
    header = _SECTION.fullmatch(raw.strip())
    return bool(header) and header.group(1).lower() == name


def _declared(setup: dict[str, tuple[int, int, int]], key: str) -> tuple[int | None, str]:
    """The declared number of rows or cols, and where it was said; ``rows``/``cols`` beat ``size``."""
    said = key if key in setup else "size"
    if said not in setup:
        return None, ""
    value, line, _ = setup[said]
    return value, f"{said} {value} on line {line}"


def _setup_line(raw: str, line: int, source: str, setup: dict[str, tuple[int, int, int]]) -> None:
    parts = [(m.group(), m.start() + 1) for m in _CHUNK.finditer(raw)]
    key = parts[0][0].lower()
    if key not in ("puzzle", "size", "rows", "cols"):
        return  # author, solver, source...: not ours to check
    if len(parts) < 2:
        raise _error(source, f"'{key}' has no value", line, parts[0][1])
    if key in setup:  # (the second would silently win: refuse it, as a second [setup])
        raise _error(source, f"a second '{key}' in [setup] (the first is on line "
                     f"{setup[key][1]})", line, parts[0][1])
    value, col = parts[1]
    if key == "puzzle":
        if value.lower() != "nurikabe":
            raise _error(source, f"the puzzle is {_show(value)}, not nurikabe", line, col)
        setup[key] = (0, line, col)  # (only to find a second one)
        return
    setup[key] = (_side(value, key, source, line, col), line, col)


def _side(text: str, what: str, source: str, line: int | None, col: int = 1) -> int:
    if not _DIGITS.fullmatch(text):
        raise _error(source, f"{what} {_show(text)} is not a number", line, col)
    digits = text.lstrip("0")
    if len(digits) > 4 or not 1 <= int(digits or "0") <= MAX_SIDE:
        raise _error(source, f"{what} {_show(text)} is not between 1 and {MAX_SIDE}", line, col)
    return int(text)


# --------------------------------------------------------------------------- puzz.link

PUZZLINK_HOSTS = ("puzz.link", "pzv.jp", "pzprxs.vercel.app")
_URL = re.compile(r"(?i:https?)://([^/?#\s]+)(?:/[^?#\s]*)?\?(.*)", re.S)
_BARE = re.compile(r"[\w+-]+/")  # "nurikabe/W/H/BODY" without the address (any type, to name it)
_NURIKABE = re.compile(r"nurikabe(?:_edit|_test|_play)?/")  # pzprjs drops these mode suffixes
_HEX = re.compile(r"[0-9a-fA-F]+")

# pzprjs writeNumber16 / readNumber16: a number n >= LOW is PREFIX + (n - OFFSET) in DIGITS hex digits.
_NUMBER16 = [  # (low, prefix, digits, offset)
    (77776, "$", 5, 77776), (12240, "*", 4, 12240), (8192, "%", 3, 8192), (4096, "=", 3, 4096),
    (256, "+", 3, 0), (16, "-", 2, 0), (0, "", 1, 0),
]
_NUMBER16_END = 77776 + 16**5
_PREFIXES = {prefix: (digits, offset) for _, prefix, digits, offset in _NUMBER16 if prefix}


def decode_puzzlink(url: str, source: str = "<url>") -> Nurikabe:
    """A puzz.link / pzv.jp / pzprxs URL, or its ``nurikabe/W/H/BODY`` part (W columns, H rows).

    The body is pzprjs's ``decodeNumber16``: ``0``-``f`` a clue, ``-xx``, ``+xxx``,
    ``=xxx`` (+4096), ``%xxx`` (+8192), ``*xxxx`` (+12240), ``$xxxxx`` (+77776) longer
    clues in hex, ``.`` a ``?`` clue, ``g``-``z`` 1-20 empty cells. Columns in
    errors count characters of the URL (line 1).

    >>> decode_puzzlink("https://puzz.link/p?nurikabe/2/2/1i").clues
    ((0, 1),)
    """
    return _decode_puzzlink(url, source)


def _decode_puzzlink(url: str, source: str, line: int = 1, col0: int = 0) -> Nurikabe:
    def fail(problem: str, offset: int | None = None) -> InputError:
        if offset is None:
            return _error(source, problem)
        return _error(source, problem, line, col0 + offset + 1)

    start = len(url) - len(url.lstrip())
    text = url.strip()
    if "://" in text:
        m = _URL.fullmatch(text)
        if not m:
            raise fail("not a puzz.link URL (expected https://puzz.link/p?nurikabe/W/H/BODY)")
        host = m.group(1).lower().rpartition("@")[2].partition(":")[0].removeprefix("www.")
        if host not in PUZZLINK_HOSTS and "pzprxs" not in host:
            raise fail(f"{_show(host)} is not a puzz.link host ({', '.join(PUZZLINK_HOSTS)})",
                       start + m.start(1))
        begin = m.start(2)
    elif _BARE.match(text):
        begin = 0
    else:
        raise fail("not a puzz.link URL (expected https://puzz.link/p?nurikabe/W/H/BODY)")

    # Split into "/"-separated parts, each with its offset in the URL, for error columns.
    parts: list[tuple[str, int]] = []
    at = start + begin
    for part in text[begin:].split("/"):
        parts.append((part, at))
        at += len(part) + 1
    pid, pid_at = parts.pop(0)
    if not _NURIKABE.fullmatch(pid + "/"):
        raise fail(f"the puzzle type is {_show(pid)}, not nurikabe", pid_at)
    # pzprjs allows flags before the size ("nurikabe/FLAGS/W/H/..."); Nurikabe defines none,
    # so take a flag part only when a size follows it, else "nurikabe/ten/10" would say "height".
    if (len(parts) >= 3 and not _DIGITS.fullmatch(parts[0][0])
            and _DIGITS.fullmatch(parts[1][0]) and _DIGITS.fullmatch(parts[2][0])):
        parts.pop(0)
    if len(parts) < 2 or not parts[1][0]:
        raise fail("the size is missing (expected nurikabe/W/H/BODY)", at - 1)
    cols = _side(parts[0][0], "width", source, line, col0 + parts[0][1] + 1)
    rows = _side(parts[1][0], "height", source, line, col0 + parts[1][1] + 1)
    refuse_too_big(rows, cols, source, line, col0 + parts[0][1] + 1)  # (at the width)
    body, body_at = "/".join(p for p, _ in parts[2:]), parts[2][1] if len(parts) > 2 else at
    if body.endswith("/"):  # pzprjs ends a URL with "/" when its last character is not alphanumeric
        body = body[:-1]

    size, clues, c, i = rows * cols, [], 0, 0
    while i < len(body):
        ch = body[i]
        if c >= size:
            extra = len(body) - i
            raise fail(f"the body is too long: {extra} character{'s' * (extra > 1)} after the last cell",
                       body_at + i)
        if "g" <= ch <= "z":
            skip = ord(ch) - ord("f")
            if c + skip > size:
                raise fail(f"{ch!r} skips {skip} cells, but only {size - c} {'is' if size - c == 1 else 'are'} left", body_at + i)
            c, i = c + skip, i + 1
            continue
        if ch == ".":
            value, width = None, 1
        elif ch in "0123456789abcdef":
            value, width = int(ch, 16), 1
        elif ch in _PREFIXES:
            digits, offset = _PREFIXES[ch]
            hex_part = body[i + 1 : i + 1 + digits]
            if len(hex_part) < digits or not _HEX.fullmatch(hex_part):
                raise fail(f"{ch!r} must be followed by {digits} hex digits, not {_show(hex_part)}",
                           body_at + i)
            value, width = int(hex_part, 16) + offset, 1 + digits
        else:
            raise fail(f"invalid character {_show(ch)} in the puzzle body", body_at + i)
        if value is not None and not 1 <= value <= size:
            raise fail(f"clue {value} at r{c // cols + 1}c{c % cols + 1} is not between 1 and "
                       f"the number of cells ({size})", body_at + i)
        clues.append((c, value))
        c, i = c + 1, i + width
    return Nurikabe(rows, cols, tuple(clues))


def encode_puzzlink(puzzle: Nurikabe) -> str:
    """The puzz.link URL of the clues, as pzprjs's ``encodeNumber16`` writes it.

    Given black and white cells, an id and a solution are not part of a puzz.link
    puzzle and are left out.

    >>> encode_puzzlink(parse_text("1 .\\n. ."))
    'https://puzz.link/p?nurikabe/2/2/1i'
    """
    clue = dict(puzzle.clues)
    out: list[str] = []
    run = 0  # empty cells not yet written
    for i in range(puzzle.size):
        if i not in clue:
            run += 1
            if run == 20:  # "z", the longest skip
                out.append("z")
                run = 0
            continue
        if run:
            out.append(chr(ord("f") + run))
            run = 0
        out.append(_number16(clue[i], puzzle, i))
    if run:
        out.append(chr(ord("f") + run))
    body = "".join(out)
    url = f"https://puzz.link/p?nurikabe/{puzzle.cols}/{puzzle.rows}/{body}"
    # Like pzprjs: a URL ending in "." loses it when pasted into many chat and link tools.
    return url if url[-1].isalnum() else url + "/"


def _number16(n: int | None, puzzle: Nurikabe, i: int) -> str:
    if n is None:
        return "."
    if not 0 <= n < _NUMBER16_END:
        raise InputError(f"<puzzle>: clue {n} at {puzzle.cell_name(i)} has no puzz.link encoding")
    for low, prefix, digits, offset in _NUMBER16:
        if n >= low:
            # pzprjs writes "=" and "%" numbers without leading zeros, which its own reader
            # (always 3 digits) then misreads; padding keeps every URL readable.
            return prefix + format(n - offset, f"0{digits}x")
    raise AssertionError("unreachable")


# --------------------------------------------------------------------------- JSONL

def read_jsonl(path: str | Path, id: str | None = None) -> Nurikabe:
    """One record of a JSONL collection (``id``, ``rows``, ``cols``, ``grid``, optional ``solution``).

    ``grid`` is a list of row strings (cells as in :func:`parse_text`), ``solution``
    rows of ``#``/``.``. Without ``id`` the file must hold exactly one record.
    """
    record, line, raw = pick_record(path, id, MAX_FILE_BYTES)
    return _record(line, raw, record, str(path))


def _record(line: int, raw: str, record: dict, source: str) -> Nurikabe:
    def at(key: str) -> int:
        found = raw.find(json.dumps(key))
        return found + 1 if found >= 0 else 1

    def fail(problem: str, key: str) -> InputError:
        return _error(source, problem, line, at(key))

    rid = record.get("id", "")
    if not isinstance(rid, str):
        raise fail("'id' must be a string", "id")
    grid = record.get("grid")
    if not isinstance(grid, list) or not grid or not all(isinstance(r, str) for r in grid):
        raise fail("'grid' must be a non-empty list of row strings", "grid")
    # Columns point into the row's JSON string when it is written without escapes.
    rows: list[RowText] = []
    search = at("grid")
    for text in grid:
        if _NEWLINE.search(text):  # (split() takes it for a space: the rows ran into one)
            raise _error(source, "a 'grid' row holds a line break: give each row as its own string",
                         line, raw.find(json.dumps(text, ensure_ascii=False), at("grid")) + 1
                         or at("grid"))
        quoted = json.dumps(text, ensure_ascii=False)
        found = raw.find(quoted, search)
        if found >= 0 and quoted == f'"{text}"':
            rows.append((text, line, lambda k, base=found + 2: base + k))
            search = found + len(quoted)
        else:
            rows.append((text, line, lambda k, base=at("grid"): base))
    cells = _read_grid(rows, source, _problem_token, first="as in the first grid row")
    wrong = wrong_size(record, (("rows", len(cells)), ("cols", len(cells[0].cells))), "grid")
    if wrong:
        raise fail(wrong[1], wrong[0])

    solution = record.get("solution")
    if solution is not None:
        height, width = len(cells), len(cells[0].cells)
        if (not isinstance(solution, list) or len(solution) != height
                or not all(isinstance(r, str) and len(r) == width and not r.strip("#.")
                           for r in solution)):
            raise fail(f"'solution' must be {height} strings of {width} '#' or '.'", "solution")
        solution = tuple(solution)
    return _puzzle(cells, source, id=rid, solution=solution,
                   solution_at=lambda i: (line, at("solution")))


# --------------------------------------------------------------------------- dispatch

def load(arg: str, id: str | None = None) -> Nurikabe:
    """Read a puzzle from what a user typed: grid text, a puzz.link URL or a file.

    - text with a line break is a grid (:func:`parse_text`);
    - ``...://...`` is a URL (:func:`decode_puzzlink`);
    - an existing file: ``.jsonl`` is a collection (:func:`read_jsonl`, ``id`` picks
      the record), and so is one starting with ``{``; one holding ``[problem]`` a
      janko.at file, one holding just a URL a URL, anything else a text grid;
    - ``nurikabe/W/H/BODY`` that is not a file is the URL's puzzle part.
    """
    if "\n" in arg or "\r" in arg:
        return _no_id(parse_text(arg), id, "<text>")
    if "://" in arg:
        return _no_id(decode_puzzlink(arg), id, "<url>")
    if not arg.strip():
        raise InputError("<argument>: empty: give a file, a puzz.link URL or a grid")
    path = Path(arg)
    try:
        exists = path.exists()
    except (OSError, ValueError):  # a name too long for the file system, a NUL byte
        exists = False
    if not exists:
        if _NURIKABE.match(arg):
            return _no_id(decode_puzzlink(arg), id, "<url>")
        raise _error(arg, "no such file")
    if path.suffix.lower() == ".jsonl":
        return read_jsonl(path, id)
    text = _read_text(path)
    if text.lstrip().startswith("{"):  # records in a file not named .jsonl (a .json, a .txt)
        return read_jsonl(path, id)
    # the lines that say something (not blank, not a ; comment)
    lines = [(n, t) for n, t in enumerate(_lines(text), 1)
             if t.strip() and not t.lstrip().startswith(";")]
    # a [problem] header anywhere (not the words in a ; comment), or a file starting with a section
    if ((lines and lines[0][1].lstrip().startswith("["))
            or any(_is_header(t, "problem") for t in _lines(text))):
        puzzle = parse_janko(text, arg)  # (one without [problem] is told so)
    else:
        if lines and ("://" in lines[0][1] or _NURIKABE.match(lines[0][1].strip())):
            line, url = only_line(arg, lines, "puzz.link URL")  # (no grid's first row is a URL)
            puzzle = _decode_puzzlink(url, arg, line)
        else:
            puzzle = parse_text(text, arg)
    return _no_id(puzzle, id, arg)


def _no_id(puzzle: Nurikabe, id: str | None, source: str) -> Nurikabe:
    if id is not None:
        raise _error(source, "--id only applies to a .jsonl collection")
    return puzzle


def _read_text(path: str | Path) -> str:
    return read_text(path, MAX_FILE_BYTES)


def from_record(record: dict, source: str = "<record>", line: int = 1) -> Nurikabe:
    """A puzzle from one already-parsed JSONL record (as in :func:`read_jsonl`)."""
    if not isinstance(record, dict):
        raise _error(source, "a record must be a JSON object", line)
    return _record(line, json.dumps(record, ensure_ascii=False), record, source)
