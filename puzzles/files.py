"""Reading puzzle files safely: one clear error line for anything that is not a text file."""
from __future__ import annotations

import json
import re
from pathlib import Path

from deduce.errors import InputError

_ONE_LINE = str.maketrans({"\n": " ", "\r": " "})


def read_text(path: str | Path, max_bytes: int) -> str:
    """The file's text without a byte order mark, or InputError (missing, a
    directory, unreadable, too large, binary).

    >>> read_text("/no/such/file", 10)
    Traceback (most recent call last):
    ...
    deduce.errors.InputError: /no/such/file: no such file
    """
    source = str(path)

    def error(problem: str) -> InputError:
        return InputError(f"{source}: {problem}".translate(_ONE_LINE))

    try:
        with open(path, "rb") as f:
            data = f.read(max_bytes + 1)
    except FileNotFoundError:
        raise error("no such file") from None
    except IsADirectoryError:
        raise error("is a directory, not a puzzle file") from None
    except PermissionError:
        raise error("cannot be read: permission denied") from None
    except (OSError, ValueError) as e:
        raise error(f"cannot be read: {getattr(e, 'strerror', None) or e}") from None
    if len(data) > max_bytes:
        raise error(f"larger than {max_bytes >> 20} MiB: not a puzzle file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise error(f"not a UTF-8 text file (byte 0x{data[e.start]:02x} at offset {e.start})") from None
    if "\x00" in text:
        raise error("a binary file, not a puzzle")
    return text.removeprefix("\ufeff")  # a byte order mark is no part of the puzzle


# Characters that would break a message into several lines, shown escaped instead.
_ESCAPE = str.maketrans({c: repr(c)[1:-1] for c in "\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"})


def error_line(source: str, problem: str, line: int | None = None, col: int = 1) -> InputError:
    """``source:line:col: problem`` as an InputError, always one line."""
    where = source if line is None else f"{source}:{line}:{col}"
    return InputError(f"{where}: {problem}".translate(_ESCAPE))


# The solvers keep sets of cells as bitmasks, one per cell for its neighbours and
# squares (rooms, sides), so their memory grows with the square of the cell count:
# 100x100 takes tens of MB, 300x300 gigabytes, and single technique calls run past
# any budget (a 200x200 Nurimeizu of one-cell rooms: 3 s and 730 MB to set up).
MAX_CELLS = 10_000  # 100x100, twice the largest published grids (50x50)


def pzprv3_type(first: str, second: str = "") -> str | None:
    """The puzzle type a pzprjs file names ("" if none), when ``first`` (its first
    line) opens one (``pzprv3``, or the one-line form ``pzprv3/TYPE/...``); else None.
    ``second``: the line after it, where the type stands in the usual form.

    >>> pzprv3_type("pzprv3", "nurimaze"), pzprv3_type("pzprv3.1/nurikabe/2/2"), pzprv3_type("1 2")
    ('nurimaze', 'nurikabe', None)
    """
    first = first.removeprefix("\ufeff").strip()
    m = re.match(r"pzprv3(?:\.\d+)?\s*(/|$)", first)
    if not m:
        return None
    return (first[m.end():] if m.group(1) else second).split("/")[0].strip()


def too_many_cells(rows: int, cols: int) -> str | None:
    """Why a grid is too large to solve, or None."""
    if rows * cols <= MAX_CELLS:
        return None
    return (f"the grid is {rows}x{cols} = {rows * cols} cells; at most {MAX_CELLS} (100x100) "
            "can be solved")


def refuse_too_big(rows: int, cols: int, source: str, line: int | None = None,
                   col: int = 1) -> None:
    """Raise InputError for a grid of more than ``MAX_CELLS`` cells."""
    problem = too_many_cells(rows, cols)
    if problem:
        raise error_line(source, problem, line, col)


def show(token: str) -> str:
    """A token quoted for a message, cut short so a megabyte of junk stays one readable line."""
    return repr(token) if len(token) <= 20 else repr(token[:20]) + "..."


def pick_record(path: str | Path, id: str | None, max_bytes: int) -> tuple[dict, int, str]:
    """One record of a JSONL collection: the one named ``id`` (which no other record
    may have), or the only one.

    Returns the record, its line number and its raw text (for error columns).

    >>> pick_record("/no/such.jsonl", None, 10)
    Traceback (most recent call last):
    ...
    deduce.errors.InputError: /no/such.jsonl: no such file
    """
    source = str(path)
    text = read_text(path, max_bytes).removeprefix("\ufeff")
    count, first_id, chosen = 0, None, None
    # the line ends of open() in text mode: U+2028 inside a JSON string is no break
    for line, raw in enumerate(re.split(r"\r\n|\r|\n", text), 1):
        if not raw.strip():
            continue
        if chosen is not None and id is not None:  # only a record with the same id matters now
            if id not in raw and "\\" not in raw:  # (cheap: most lines cannot hold it)
                continue
            try:
                again = json.loads(raw)
            except (ValueError, RecursionError):
                continue
            if isinstance(again, dict) and again.get("id") == id:
                # (as batch: results are keyed by id, and --id could not tell them apart)
                raise error_line(source, f"id {show(id)} repeats line {chosen[1]} (each record "
                                 "needs its own id)", line, max(raw.find('"id"'), 0) + 1)
            continue
        try:
            record = json.loads(raw)
        except json.JSONDecodeError as e:
            raise error_line(source, f"invalid JSON: {e.msg}", line, e.colno) from None
        except (ValueError, RecursionError) as e:  # a 5000-digit number, [[[[...]]]]
            raise error_line(source, f"invalid JSON: {e}", line) from None
        if not isinstance(record, dict):
            raise error_line(source, "a record must be a JSON object", line,
                             len(raw) - len(raw.lstrip()) + 1)
        count += 1
        if count == 1:
            first_id = record.get("id")
        if chosen is None and (id is None or record.get("id") == id):
            chosen = (record, line, raw)
    if count == 0:
        raise error_line(source, "no records: the file is empty")
    if id is None and count > 1:
        example = f" (e.g. --id {first_id})" if isinstance(first_id, str) else ""
        raise error_line(source, f"holds {count} puzzles: choose one with --id{example}")
    if chosen is None:
        raise error_line(source, f"no puzzle with id {show(id)}")
    return chosen


def wrong_size(record: dict, sizes: tuple[tuple[str, int], ...], what: str) -> tuple[str, str] | None:
    """What is wrong with a record's declared ``rows``/``cols`` (``sizes``: each key
    and the count ``what`` has): (the key, the problem), or None when nothing is.

    >>> wrong_size({"rows": "2"}, (("rows", 2), ("cols", 3)), "grid")
    ('rows', "'rows' must be a number")
    >>> wrong_size({"rows": 2, "cols": 4}, (("rows", 2), ("cols", 3)), "grid")
    ('cols', "'cols' is 4, but the grid has 3")
    """
    for key, n in sizes:
        declared = record.get(key)
        if declared is None:
            continue
        if not isinstance(declared, int) or isinstance(declared, bool):
            return key, f"'{key}' must be a number"
        if declared != n:
            return key, f"'{key}' is {declared}, but the {what} has {n}"
    return None


def only_line(source: str, lines: list[tuple[int, str]], what: str, each: str = "") -> tuple[int, str]:
    """The line of a file that holds a one-line puzzle (a URL, a game ID), as
    (line number, text); ``lines``: the file's lines that say something. A second
    one is refused: such files hold one puzzle, collections hold several.

    >>> only_line("f", [(2, "a")], "game ID")
    (2, 'a')
    """
    if len(lines) > 1:
        raise error_line(source, f"one {what} per file (this one has {len(lines)} lines); put "
                         f"several puzzles in a .jsonl collection{each}", lines[1][0])
    return lines[0]
