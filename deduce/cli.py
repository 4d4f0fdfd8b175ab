"""deduce: solve, explain and grade grid logic puzzles the way a person would.

Exit codes: 0 solved (or success); 1 the puzzle has no solution (contradiction);
2 bad input; 3 logic got stuck (not solved at the given depth or budget).
"""
from __future__ import annotations

import argparse
import errno
import importlib
import io
import json
import os
import re
import sys
from pathlib import Path

from rich.console import Console

from deduce.errors import InputError
from deduce.kind import kind_named, kind_of, recognisers
from deduce.solver import Solver
from deduce.wording import counted

EXIT = {"solved": 0, "contradiction": 1, "stuck": 3}


DEFAULT_KIND = "nurikabe"  # when --kind is not given and no kind recognises the input


def _load(args, source: str):
    kind = kind_of(source, args.kind, DEFAULT_KIND)
    rid = getattr(args, "id", None)
    if rid is not None and not rid.strip():
        raise InputError("--id '': give the id of a record")
    options = {"id": rid} if rid else {}
    try:
        return kind, kind.load(source, **options)
    except InputError as e:
        others = [k for k in recognisers(source) if k != kind.name] if args.kind else []
        if args.kind and not others and kind.name != DEFAULT_KIND:
            try:  # (the default kind recognises nothing: it reads what is left)
                kind_named(DEFAULT_KIND).load(source, **options)
                others = [DEFAULT_KIND]
            except InputError:
                pass
        if others:  # --kind named another kind than the input plainly is
            raise InputError(f"{e} (this input looks like {' or '.join(others)}, not "
                             f"{kind.name}: --kind {others[0]}, or no --kind)") from None
        raise


def _solver(kind, puzzle, args, narrow: bool = False) -> Solver:
    return Solver(kind, puzzle, depth=args.depth, budget=args.budget, narrow=narrow)


def cmd_solve(args, out: Console) -> int:
    from deduce.explain_cli import solve_extras, solve_options  # --html, --svg, --diagrams, --steps
    solve_options(args)
    kind, puzzle = _load(args, args.puzzle)
    # premises are shown by JSON, HTML and diagrams, not by the plain walkthrough
    shown = args.format == "json" or getattr(args, "html", None) or getattr(args, "diagrams", False)
    result = _solver(kind, puzzle, args, narrow=bool(shown)).solve()
    if solve_extras(args, out, kind, puzzle, result):
        return EXIT[result.verdict]
    if args.format == "json":
        from explain.json_walkthrough import walkthrough
        print(json.dumps(walkthrough(kind, puzzle, result)))
    else:
        from explain.terminal import walkthrough
        out.print(walkthrough(kind, puzzle, result, plain=args.plain, proofs=not args.brief))
    return EXIT[result.verdict]


def cmd_grade(args, out: Console) -> int:
    worst = 0
    rows = []
    for source in args.puzzle:
        kind, puzzle = _load(args, source)
        r = _solver(kind, puzzle, args).solve()
        g = r.grade
        # a grid given as the argument is named as in its errors: its rows would break the line
        name = "<text>" if "\n" in source or "\r" in source else source
        row = {"puzzle": getattr(puzzle, "id", "") or name, "verdict": r.verdict,
               "level": g.level, "name": g.name, "max_tier": g.max_tier,
               "max_depth": g.max_depth, "steps": g.steps, "score": g.score,
               "seconds": round(r.seconds, 4)}
        rows.append(row)
        if args.format == "json":
            print(json.dumps(row))
        else:
            out.print(f"{row['puzzle']}: {r.verdict}, level {g.level} {g.name}, "
                      f"depth {g.max_depth}, {counted(g.steps, 'step')}", highlight=False, soft_wrap=True)
        # (no solution before stuck, as batch: the one an author must act on)
        code = EXIT[r.verdict]
        worst = code if code == EXIT["contradiction"] or worst == 0 else worst
    return worst


def cmd_hint(args, out: Console) -> int:
    # the marks are checked first (and the clues' solvability), then the next
    # step is given: in full, or at --level 1|2|3
    from deduce.explain_cli import hint_level
    return hint_level(args, out)


# Further commands live in their own modules, each with ``add_parser(sub, common)``
# that adds a sub-parser whose ``run(args, console) -> exit code`` is set via
# ``set_defaults(run=...)``.
COMMAND_MODULES: list[str] = ["deduce.check", "deduce.batch", "deduce.explain_cli",
                               "deduce.generate"]


KIND_HELP = ("puzzle kind (default: the kind the input plainly is, a puzz.link type, box "
             f"drawing or S/G marks; else {DEFAULT_KIND})")


class _Parser(argparse.ArgumentParser):
    """Usage mistakes in one line (argparse prints the whole usage first)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # no option starts with a digit: "-1,2" (a cell), "-1e3" and "-0.5" are
        # values for the command's own checks to refuse, not unknown options
        self._negative_number_matcher = re.compile(r"^-\.?[0-9]")

    def error(self, message: str):
        self.exit(2, f"deduce: error: {message} (see {self.prog} --help)\n")


MAX_SECONDS = 10 ** 6  # (11 days) above this, timers and timestamps overflow


def seconds(text: str, above_zero: bool = False) -> float:
    """An argparse type: seconds from 0 to MAX_SECONDS (callers say what 0 means)."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    low_ok = value > 0 if above_zero else value >= 0
    if not (low_ok and value <= MAX_SECONDS):  # (NaN and inf too)
        least = "more than 0, up" if above_zero else "from 0"
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds {least} "
                                         f"to {MAX_SECONDS}")
    return value


def positive_seconds(text: str) -> float:
    """As :func:`seconds`, but more than 0."""
    return seconds(text, above_zero=True)


def whole(text: str, least: int = 0) -> int:
    """An argparse type: a whole number in ASCII digits (``int`` would also take
    ``1_0`` as 10 and other scripts' digits); past 18 digits it reads as
    :data:`deduce.numbers.TOO_BIG`, for the option's own range check."""
    from deduce.numbers import whole_number
    digits = text.strip()
    n = whole_number(digits)
    if n is None and digits.startswith("-") and whole_number(digits[1:]) is not None:
        raise argparse.ArgumentTypeError(f"{text!r}: must be {least} or more")
    if n is None:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number (digits 0-9)")
    return n


MAX_DEPTH = 100  # far past any puzzle's need (the hardest janko ones: 3); see hypothesis_depth


def hypothesis_depth(text: str) -> int:
    """An argparse type: a hypothesis nesting from 0 to :data:`MAX_DEPTH`. The solver deepens
    one level at a time while no assumption decides anything, so --depth 10**14 on a 3x3 grid
    with several solutions ran until the budget ended (with --budget 0, for ever)."""
    value = whole(text)
    if value > MAX_DEPTH:
        raise argparse.ArgumentTypeError(f"{text!r}: at most {MAX_DEPTH}")
    return value


def seed(text: str) -> int:
    """An argparse type: a random seed, a whole number of at most 18 digits."""
    from deduce.numbers import TOO_BIG
    value = whole(text)
    if value >= TOO_BIG:
        raise argparse.ArgumentTypeError(f"{text!r}: at most 18 digits")
    return value


def file_name(text: str) -> str:
    """An argparse type: a path to write, not empty (``-`` where the option
    allows standard output)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty file name (give a path)")
    return text


def writable(path: str | None) -> None:
    """InputError unless a file can be written at ``path`` (checked before the
    work, without touching an existing file)."""
    if path is None:
        return
    p = Path(path)
    try:
        if p.is_dir():
            raise InputError(f"{path}: is a directory, not a file to write")
        folder = p.parent if str(p.parent) else Path(".")
        if not folder.is_dir():
            raise InputError(f"{path}: cannot write: no folder {folder}")
        if not os.access(p if p.exists() else folder, os.W_OK):
            raise InputError(f"{path}: cannot write: permission denied")
    except OSError as e:  # (a name too long for the file system)
        raise InputError(f"{path}: cannot write: {e.strerror or e}") from None


def same_file(a: str, b: str) -> bool:
    """Whether paths ``a`` and ``b`` name one file (existing or not)."""
    try:
        if os.path.exists(a) and os.path.exists(b):
            return os.path.samefile(a, b)
        return os.path.realpath(a) == os.path.realpath(b)
    except (OSError, ValueError):
        return False


def counting(text: str) -> int:
    """An argparse type: a whole number, 1 or more."""
    value = whole(text, least=1)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: must be 1 or more")
    return value


def parser() -> argparse.ArgumentParser:
    p = _Parser(prog="deduce", description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="command", required=True)

    def common(sp, many=False, depth=True):
        sp.add_argument("puzzle", nargs="+" if many else None,
                        help="a file (text grid, janko.at file, .jsonl collection), "
                             "a puzz.link URL, or a text grid")
        sp.add_argument("--kind", help=KIND_HELP)
        sp.add_argument("--id", help="record id inside a .jsonl collection")
        if depth:
            sp.add_argument("--depth", type=hypothesis_depth, default=3,
                            help="deepest hypothesis nesting (default 3)")
        sp.add_argument("--budget", type=seconds, default=60.0,
                        help="seconds per puzzle before giving up (default 60; 0 = none)")
        sp.add_argument("--format", choices=("text", "json"), default="text")
        sp.add_argument("--plain", action="store_true", help="no colour")

    s = sub.add_parser("solve", help="solve and print the walkthrough")
    common(s)
    s.add_argument("--brief", action="store_true", help="hide hypothesis sub-proofs")
    s.set_defaults(run=cmd_solve)
    g = sub.add_parser("grade", help="one line per puzzle: verdict, level, depth, steps")
    common(g, many=True)
    g.set_defaults(run=cmd_grade)
    h = sub.add_parser("hint", help="the next step only (PUZZLE may be partly solved)")
    common(h)
    h.set_defaults(run=cmd_hint)
    for name in COMMAND_MODULES:
        importlib.import_module(name).add_parser(sub, common)
    return p


UNBOUNDED = 1 << 16  # the width of a walkthrough that does not go to a terminal
WALKTHROUGHS = ("solve", "hint", "why", "check")  # commands that print steps or grids


class Output(Console):
    """rich's console, except when the reader has left (``deduce ... | head``).

    rich stops the program itself then, with exit code 1 (which ``check``
    uses for "not unique"); here the broken pipe ends the command as it does
    for plain ``print``: quietly, with the shell's 141.
    """

    def on_broken_pipe(self) -> None:
        self.quiet = True  # write nothing more
        raise BrokenPipeError


def main(argv: list[str] | None = None) -> int:
    if sys.stdout is None:
        sys.stdout = _ClosedOutput()
    try:
        args = parser().parse_args(argv)  # (imports every command's module)
    except KeyboardInterrupt:
        print("deduce: interrupted", file=sys.stderr)
        return 130
    # markup=False: record ids, file names and paths are printed as they are
    # ("[/b]" in a name is text, not a rich tag)
    out = Output(no_color=args.plain or None, highlight=False, markup=False)  # None: NO_COLOR decides
    if out.color_system is None or out.no_color:
        # colour will not reach the reader (a file, a pipe, NO_COLOR): draw
        # grids with symbols, or black cells would print as blanks
        args.plain = True
    if args.command in WALKTHROUGHS and not out.is_terminal:
        # into a file or a pipe: one line per step, and grids whole (not cut
        # at 80 columns); a terminal wraps and crops to its own width
        out.width = UNBOUNDED
    try:
        return args.run(args, out)
    except InputError as e:
        print(f"deduce: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("deduce: interrupted", file=sys.stderr)
        return 130
    except UnicodeEncodeError as e:
        # an output that cannot carry the grid's symbols (PYTHONIOENCODING=ascii,
        # a C locale): say so, rather than print a traceback or drop them
        print(f"deduce: error: the output's encoding ({e.encoding}) cannot show "
              f"{ascii(e.object[e.start:e.start + 1])}; use a UTF-8 locale or PYTHONIOENCODING=utf-8",
              file=sys.stderr)
        return 2
    except BrokenPipeError:
        # the reader left (``deduce ... | head``): stop quietly, as a shell
        # command killed by SIGPIPE would; flushing at exit must not fail again
        _drop_stdout()
        return 141
    except OSError as e:
        if e.filename is not None:  # (files are read and written through InputError)
            raise
        # standard output cannot be written (a full disk, ``> /dev/full``)
        _drop_stdout()
        print(f"deduce: error: cannot write the output: {e.strerror or e}", file=sys.stderr)
        return 2


def _drop_stdout() -> None:
    """Send what is left of standard output nowhere: flushing it at exit must not
    fail a second time."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # (no file behind it: see _ClosedOutput)
        sys.stdout = os.fdopen(devnull, "w")


class _ClosedOutput(io.TextIOBase):
    """Standard output when the shell closed it (``deduce ... >&-``): Python
    then sets ``sys.stdout`` to None, and ``print`` quietly writes nothing, so
    a walkthrough or a JSON record would be lost with exit code 0. Writing
    here fails as writing to a full disk does: one error line, exit code 2."""

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "standard output is closed")


if __name__ == "__main__":
    sys.exit(main())
