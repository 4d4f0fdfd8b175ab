"""Reading puzzle files safely: one clear error line for anything that is not a text file."""
from __future__ import annotations

from pathlib import Path

from deduce.errors import InputError

_ONE_LINE = str.maketrans({"\n": " ", "\r": " "})


def read_text(path: str | Path, max_bytes: int) -> str:
    """The file's text, or InputError (missing, a directory, unreadable, too large, binary).

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
    return text
