"""Command-line glue for the explanations (issue 4).

New commands: ``deduce render PUZZLE --svg FILE [--step K | --solved]`` and
``deduce why PUZZLE r,c``. Options added to existing commands (here, so that
deduce/cli.py stays as it is): ``solve --html FILE --svg FILE --diagrams
--steps N..M --expand`` and ``hint --level 1|2|3``; cmd_solve and cmd_hint call
:func:`solve_extras` and :func:`hint_level`.

Everything drawn comes through the Kind; this module imports no puzzle.
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from rich.console import Console

from deduce.errors import InputError
from deduce.numbers import shown, whole_number
from deduce.solver import Solver
from deduce.wording import counted

EXIT = {"solved": 0, "contradiction": 1, "stuck": 3}
_RANGE = re.compile(r"^\s*([0-9]*)\s*(?:(\.\.|-|:)\s*([0-9]*))?\s*$")


def parse_range(text: str) -> tuple[int | None, int | None]:
    """``N..M``, ``N..``, ``..M`` or ``N`` (1-based, inclusive)."""
    m = _RANGE.match(text or "")
    if not m or not (m.group(1) or m.group(3)):
        raise InputError(f"--steps {text!r}: write N..M, N.., ..M or N")
    a = whole_number(m.group(1)) if m.group(1) else None
    b = a if m.group(2) is None else whole_number(m.group(3)) if m.group(3) else None
    if a == 0 or b == 0:
        raise InputError(f"--steps {text!r}: steps are numbered from 1")
    if a is not None and b is not None and a > b:
        raise InputError(f"--steps {text!r}: the first step comes after the last")
    return a, b


def _load(args):
    from deduce.cli import _load as load  # (the one place --kind is resolved)
    return load(args, args.puzzle)


def _solve(kind, puzzle, args):
    return Solver(kind, puzzle, depth=args.depth, budget=args.budget, narrow=True).solve()


def check_outputs(args) -> None:
    """Refuse, before any solving, output files that cannot be written: a
    missing folder, the puzzle's own file, ``--html`` and ``--svg`` naming one
    file (the second would overwrite the first)."""
    from deduce.cli import same_file, writable
    paths = [(option, getattr(args, option, None)) for option in ("html", "svg")]
    paths = [(option, path) for option, path in paths if path and path != "-"]
    for option, path in paths:
        writable(path)
        if same_file(path, args.puzzle):
            raise InputError(f"{path}: is the puzzle's own file; give --{option} another")
    if len(paths) == 2 and same_file(paths[0][1], paths[1][1]):
        raise InputError(f"--html and --svg both name {paths[1][1]}: give them different files")


def _write(path: str, text: str, out: Console, what: str) -> None:
    """Write ``text`` to ``path`` (``-``: standard output) and say so on ``out``
    (the path was checked by :func:`check_outputs`)."""
    if path == "-":
        sys.stdout.write(text)
        return
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as e:
        raise InputError(f"{path}: cannot write ({e.strerror or e})")
    out.print(f"Wrote {what} to {path}", highlight=False, soft_wrap=True)


# -- solve --html / --svg / --diagrams / --steps ----------------------------------
def solve_options(args) -> None:
    """Refuse, before solving, explanation options of ``solve`` that cannot
    go together, and output files that cannot be written."""
    html = getattr(args, "html", None)
    svg = getattr(args, "svg", None)
    diagrams = getattr(args, "diagrams", False)
    steps = getattr(args, "steps", None)
    wants_steps = steps is not None  # (an empty --steps is refused, not ignored)
    if getattr(args, "expand", False) and not html:
        raise InputError("--expand opens the summarised runs of the HTML walkthrough: "
                         "give --html FILE too")
    if args.format == "json" and (wants_steps or diagrams):
        raise InputError(f"{'--steps' if wants_steps else '--diagrams'} is for the text "
                         "walkthrough; the JSON one holds every step")
    if html == "-" or svg == "-":
        # standard output holds one document alone
        other = ("--svg -" if html == svg == "-" else "--format json" if args.format == "json"
                 else "--steps" if wants_steps else "--diagrams" if diagrams else None)
        if other:
            raise InputError(f"{'--html' if html == '-' else '--svg'} - and {other} both "
                             "write to standard output: give one of them a file")
    if wants_steps:
        parse_range(steps)
    check_outputs(args)


def solve_extras(args, out: Console, kind, puzzle, result) -> bool:
    """Handle the explanation options of ``solve`` (checked by
    :func:`solve_options`); True when the output is done."""
    html = getattr(args, "html", None)
    svg = getattr(args, "svg", None)
    diagrams = getattr(args, "diagrams", False)
    steps = getattr(args, "steps", None)
    if not (html or svg or diagrams or steps is not None):
        return False
    quiet = html == "-" or svg == "-"
    if quiet or args.format == "json":
        # what was written is said on stderr
        out = Console(stderr=True, no_color=True, highlight=False, markup=False)
    if html:
        from explain.html import walkthrough_html
        _write(html, walkthrough_html(kind, puzzle, result, expand=getattr(args, "expand", False)), out,
               "the printable walkthrough")
    if svg:
        from explain.svg import grid_svg
        _write(svg, grid_svg(kind, puzzle, result.state, title="Final grid"), out,
               "the final grid")
    if args.format == "json":
        from explain.json_walkthrough import walkthrough
        if not quiet:
            print(json.dumps(walkthrough(kind, puzzle, result)))
        return True
    if diagrams or steps is not None:
        from explain.terminal import walkthrough
        rng = parse_range(steps) if steps is not None else None
        out.print(walkthrough(kind, puzzle, result, plain=args.plain,
                              proofs=not getattr(args, "brief", False), diagrams=diagrams, steps=rng))
    elif not quiet:
        from explain.terminal import summary
        out.print(summary(result))
    return True


# -- hint [--level] -----------------------------------------------------------------
def hint_level(args, out: Console) -> int:
    """``hint``: the marks are checked first (unless --no-check); then the next
    step in full, or at ``--level`` 1, 2 or 3."""
    from explain.hints import progressive_hint
    kind, puzzle = _load(args)
    level = args.level or 3
    hint = progressive_hint(kind, puzzle, level, depth=args.depth, budget=args.budget,
                            check=not args.no_check)
    if args.format == "json":
        from explain.json_walkthrough import step_record
        record = {"level": level, "code": hint.code, "hint": list(hint.lines),
                  "checked_against": hint.checked_against,
                  "mistakes": [{"cell": list(kind.coords(puzzle, m.cell)),
                                "marked": kind.symbols[m.marked],
                                "expected": kind.symbols[m.expected], "text": m.text}
                               for m in hint.mistakes],
                  "step": None}
        if hint.step is not None and level >= 3:
            record["step"] = step_record(kind, puzzle, hint.step)
        print(json.dumps(record))
        return hint.code
    if hint.step is not None and not args.level:  # the step itself, on the grid
        from rich.console import Group
        from explain.terminal import grid_text, step_line
        out.print(step_line("Next", hint.step))
        # (in a Group: a grid wider than the terminal is printed in bands, see GridText)
        out.print(Group(grid_text(kind, puzzle, kind.initial_state(puzzle), hint.step,
                                  plain=args.plain)))
        if hint.note:
            out.print(hint.note, highlight=False)
        return hint.code
    for line in hint.lines[:-1] if hint.note else hint.lines:
        out.print(line, highlight=False)
    if hint.step is not None and level >= 3:
        from rich.console import Group
        from explain.terminal import step_diagram
        # (in a Group, as in walkthroughs: a bare Text is printed as plain text, its rows
        # folded at the terminal's width instead of cut)
        out.print(Group(step_diagram(kind, puzzle, kind.initial_state(puzzle), hint.step,
                                     plain=args.plain, indent=2)))
    if hint.note:  # (after the step's diagram)
        out.print(hint.note, highlight=False)
    return hint.code


# -- render ------------------------------------------------------------------------
def cmd_render(args, out: Console) -> int:
    from explain.runs import states_before
    from explain.svg import grid_svg, step_svg
    if args.svg == "-" and args.format == "json":
        raise InputError("--svg - and --format json both write to standard output: "
                         "give --svg a file")
    check_outputs(args)
    kind, puzzle = _load(args)
    if args.svg == "-" or args.format == "json":
        out = Console(stderr=True, no_color=True, highlight=False, markup=False)  # (stdout: the SVG, or JSON)

    def drawn(svg: str, what: str, result=None, step=None, code: int = 0) -> int:
        _write(args.svg, svg, out, what)
        if args.format == "json":  # what was drawn, for a script
            from explain.json_walkthrough import step_record
            print(json.dumps({"svg": args.svg, "drawn": what,
                              "verdict": result.verdict if result else None,
                              "step": step_record(kind, puzzle, step) if step else None}))
        return code

    if args.step is None and not args.solved:
        return drawn(grid_svg(kind, puzzle, kind.initial_state(puzzle), title="The puzzle"),
                     "the puzzle")
    result = _solve(kind, puzzle, args)
    if args.solved:
        code = drawn(grid_svg(kind, puzzle, result.state, title="Final grid"), "the final grid",
                     result, code=EXIT[result.verdict])
        if result.verdict == "stuck":  # (the grid drawn is not a solution: say why)
            print(f"deduce: note: logic got stuck ({result.reason}); the grid drawn is where "
                  "it stopped", file=sys.stderr)
        _no_solution_notice(result)
        return code
    if args.step > len(result.steps):
        n = len(result.steps)
        if result.verdict == "stuck":
            # (not a bad --step: logic stopped before it, e.g. at the budget)
            print(f"deduce: --step {shown(args.step)}: logic got stuck after "
                  f"{counted(n, 'step')} ({result.reason})", file=sys.stderr)
            return EXIT["stuck"]
        if result.verdict == "contradiction":
            # (not a bad --step either: the puzzle has no solution, found after n steps)
            print(f"deduce: --step {shown(args.step)}: the puzzle has no solution, found after "
                  f"{counted(n, 'step')} ({result.reason})", file=sys.stderr)
            return EXIT["contradiction"]
        raise InputError(f"--step {shown(args.step)}: the walkthrough has "
                         + ("no steps" if n == 0 else f"only {counted(n, 'step')}"))
    step = result.steps[args.step - 1]
    before = states_before(kind, puzzle, result.steps[:args.step])[args.step - 1]
    svg = step_svg(kind, puzzle, before, step, title=f"Step {args.step}: {step.text}")
    return drawn(svg, f"step {args.step}", result, step, code=_no_solution_notice(result))


def _no_solution_notice(result) -> int:
    """0, or 1 with a line on stderr when the walkthrough ended in a contradiction:
    the puzzle has no solution, so what its steps decided holds in no solution."""
    if result.verdict != "contradiction":
        return 0
    print(f"deduce: note: this puzzle has no solution ({result.reason}); its steps "
          "decide cells of a grid that cannot be completed", file=sys.stderr)
    return EXIT["contradiction"]


# -- why ---------------------------------------------------------------------------
def cmd_why(args, out: Console) -> int:
    from explain.why import asked_cell, parse_cell, why_chain
    kind, puzzle = _load(args)
    cell = parse_cell(kind, puzzle, args.cell)
    if kind.tile is not None:
        return _why_tile(args, out, kind, puzzle)
    # the cell asked, and every cell of what decides it (a Nurimeizu room has several)
    where = {"cell": list(asked_cell(args.cell)),
             "cells": [list(rc) for rc in kind.cells_of(puzzle, cell)]}
    name = kind.cell_name(puzzle, cell)
    start = kind.initial_state(puzzle)
    if start.value(cell) is not None:
        label = kind.label(puzzle, cell)
        # (a word is a given of its own, a Pipes board's border or barrier)
        what = "a mark in the input" if label is None else \
            f"a {label}" if label.isalpha() else f"a clue ({label})"
        msg = f"{name} is {kind.words[start.value(cell)]} from the start: it is {what}."
        if msg.startswith("the "):  # (a Pipes edge: "the border right of r1c5")
            msg = "The" + msg[3:]
        if args.format == "json":
            # (nothing is solved for a given: its verdict is not known)
            print(json.dumps({**where, "given": True,
                              "value": kind.symbols[start.value(cell)], "text": msg,
                              "steps": [], "verdict": None}))
        else:
            out.print(msg, highlight=False)
        return 0
    result = _solve(kind, puzzle, args)
    chain = why_chain(result.steps, start, cell, regions=not kind.tile_regions)
    if not chain:
        msg = (f"The walkthrough does not decide {name} ({result.verdict}"
               + (f": {result.reason}" if result.reason else "") + ").")
        if args.format == "json":
            print(json.dumps({**where, "given": False,
                              "value": None, "text": msg, "steps": [],
                              "verdict": result.verdict}))
        else:
            out.print(msg, highlight=False)
        return EXIT[result.verdict] or 3
    value = result.state.value(cell)
    msg = _why_intro(f"{name} {kind.words[value]}", len(chain), len(result.steps))
    if args.format == "json":
        from explain.json_walkthrough import step_record
        print(json.dumps({**where, "given": False,
                          "value": kind.symbols[value], "text": msg,
                          "steps": [dict(step_record(kind, puzzle, result.steps[k]),
                                         number=k + 1) for k in chain],
                          "verdict": result.verdict}))
        return _no_solution_notice(result)
    out.print(msg, highlight=False)
    _print_chain(out, result, chain, args.brief)
    return _no_solution_notice(result)


def _why_intro(what: str, steps: int, total: int) -> str:
    """'Why is r2c3 black? 4 of the 30 steps lead to it:'."""
    return f"Why is {what}? " + (
        f"{steps} of the {total} steps {'leads' if steps == 1 else 'lead'} to it:"
        if total > 1 else "The walkthrough's one step decides it:")


def _print_chain(out: Console, result, chain: list[int], brief: bool) -> None:
    """The steps of a why chain, numbered as in the walkthrough (with their proofs
    unless ``brief``)."""
    from explain.terminal import proof_lines, step_line
    for k in chain:
        step = result.steps[k]
        out.print(step_line(k + 1, step))
        if step.proof and not brief:
            for line in proof_lines(step, 6, f"{k + 1}."):
                out.print(line)


def _why_tile(args, out: Console, kind, puzzle) -> int:
    """``why`` on a tile decided by several unknowns (a Pipes tile by its sides):
    the steps that decided any of them."""
    from explain.why import asked_cell, why_chain
    r, c = asked_cell(args.cell)
    where = {"cell": [r, c], "cells": [[r, c]]}
    start = kind.initial_state(puzzle)
    units, name, _ = kind.tile(puzzle, r, c, start)
    result = _solve(kind, puzzle, args)
    if not units:
        # a tile holds a pipe, so one walled in on every side has no way to turn: the
        # puzzle has no solution, and nothing decides the tile (exit 1, as on a cell
        # the walkthrough of a puzzle without a solution leaves open)
        msg = (f"{name[0].upper()}{name[1:]} cannot turn: every side is a wall, so the "
               "puzzle has no solution.")
        if args.format == "json":
            print(json.dumps({**where, "given": False, "value": None, "text": msg, "steps": [],
                              "verdict": result.verdict}))
        else:
            out.print(msg, highlight=False)
        return EXIT[result.verdict] or 1
    _, _, turned = kind.tile(puzzle, r, c, result.state)
    chain = sorted(set().union(*(why_chain(result.steps, start, u, regions=not kind.tile_regions)
                                 for u in units)))
    value = None
    if turned is None:
        msg = (f"The walkthrough does not decide how {name} turns ({result.verdict}"
               + (f": {result.reason}" if result.reason else "") + ")"
               + (f"; {len(chain)} of its steps decide some of its sides:" if chain else "."))
    else:
        msg = _why_intro(f"{name} turned {turned}", len(chain), len(result.steps))
        if kind.answer is not None:
            value = kind.answer(puzzle, result.state)[r * kind.shape(puzzle)[1] + c]
    if args.format == "json":
        from explain.json_walkthrough import step_record
        print(json.dumps({**where, "given": False, "value": value, "text": msg,
                          "steps": [dict(step_record(kind, puzzle, result.steps[k]), number=k + 1)
                                    for k in chain],
                          "verdict": result.verdict}))
    else:
        out.print(msg, highlight=False)
        _print_chain(out, result, chain, args.brief)
    if turned is None:
        return EXIT[result.verdict] or 3
    return _no_solution_notice(result)


def add_parser(sub, common) -> None:
    from deduce.cli import counting, file_name, whole
    r = sub.add_parser("render", help="draw the puzzle, a step or the solution as SVG")
    common(r)
    r.add_argument("--svg", type=file_name, required=True, metavar="FILE",
                   help="where to write (- for stdout)")
    group = r.add_mutually_exclusive_group()
    group.add_argument("--step", type=counting, metavar="K",
                       help="draw step K of the walkthrough (1-based) on the grid before it")
    group.add_argument("--solved", action="store_true", help="draw the final grid")
    r.set_defaults(run=cmd_render)

    w = sub.add_parser("why", help="the chain of steps that decided one cell")
    common(w)
    w.add_argument("cell", help="the cell, r,c 1-based (e.g. 3,4 or r3c4)")
    w.add_argument("--brief", action="store_true", help="hide hypothesis sub-proofs")
    w.set_defaults(run=cmd_why)

    # options of existing commands (argparse keeps its sub-parsers in ``choices``)
    solve = sub.choices.get("solve")
    if solve is not None:
        solve.add_argument("--html", type=file_name, metavar="FILE",
                           help="also write a printable, self-contained HTML walkthrough")
        solve.add_argument("--svg", type=file_name, metavar="FILE", help="also write the final grid as SVG")
        solve.add_argument("--diagrams", action="store_true",
                           help="a small grid under each step, premises and conclusions marked")
        solve.add_argument("--steps", metavar="N..M", help="show only steps N to M")
        solve.add_argument("--expand", action="store_true",
                           help="with --html: open the summarised runs of easy steps")
    hint = sub.choices.get("hint")
    if hint is not None:
        hint.add_argument("--level", type=whole, choices=(1, 2, 3),
                          help="progressive hint: 1 where to look and which technique, "
                               "2 what it concludes, 3 the full step; marks are checked first")
        hint.add_argument("--no-check", action="store_true",
                          help="do not check the marks (and the clues) against a solution first")
