"""How a puzzle plugs into the engine.

A puzzle module exposes a :class:`Kind` (``puzzles.nurikabe.KIND``) and names it
in the ``deduce.kinds`` entry point group; the engine and the CLI find kinds
only through :func:`load_kind`, never by importing a puzzle.
"""
from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any, Callable, Protocol, Sequence

import attrs

from deduce.errors import InputError
from deduce.state import State
from deduce.technique import Registry


@attrs.frozen
class Kind:
    """Everything the engine needs to know about one puzzle type.

    - ``initial_state(puzzle)``: the state with the givens decided;
    - ``view(puzzle, state)``: the object techniques read (state + cached analysis);
    - ``violations(puzzle, state)``: rules a complete state breaks (empty when solved);
    - ``candidates(view)``: unknowns to try in hypotheses, most promising first;
    - ``cell_name(puzzle, i)`` / ``coords(puzzle, i)``: how people and JSON name unknown ``i``;
    - ``symbols``: the characters for value 0 and 1 (Nurikabe ``(".", "#")``);
    - ``words``: the words for value 0 and 1 (Nurikabe ``("white", "black")``);
    - ``nouns``: what an unknown is called, singular and plural (``("cell", "cells")``);
    - ``load(text_or_path, **options)``: read a puzzle, raising InputError;
    - ``shape(puzzle)``: (rows, cols) of the drawing grid; unknown ``i`` sits at ``coords``;
    - ``label(puzzle, i)``: text printed in cell ``i`` (a clue), or None;
    - ``mark(puzzle, r, c)``: text printed in grid cell (r, c) whose unknown has
      no label (Nurimeizu's S, G, o, t in a room), or None;
    - ``from_record(dict)``: a puzzle from a JSONL collection record;
    - ``solution(puzzle)``: the known solution as a State, or None;
    - ``cells(puzzle, i)``: every grid cell unknown ``i`` stands for (a room of
      Nurimeizu); by default the one cell at ``coords``.
    - ``generator(rows, cols, level, rng, deadline)``: a new puzzle of exactly
      that level, see :mod:`deduce.generate`; ``to_record(puzzle)`` its JSONL
      record, ``to_text(puzzle)`` its plain text form.
    - ``answer(puzzle, state)``: the solution in the puzzle's own notation (Pipes:
      Tatham hex digits), written as ``solution`` in the JSON walkthrough;
    - ``drawing``: a :class:`Drawing` for kinds whose unknowns are not cells (Pipes:
      edges); None: the renderers draw one cell per unknown.
    - ``tile_regions``: a step's regions hold tiles, not unknowns (Pipes).
    - ``answered(puzzle)``: the input is a complete, right answer of the player's
      (kept as the known solution, not as marks): ``hint`` says it is solved.
    - ``around(puzzle, state, mask)``: the unknowns whose meaning changed when
      ``mask``'s were decided, for the solver's batches; see the field.
    """

    name: str
    techniques: Registry
    initial_state: Callable[[Any], State]
    view: Callable[[Any, State], Any]
    violations: Callable[[Any, State], list[str]]
    candidates: Callable[[Any], Sequence[int]]
    cell_name: Callable[[Any, int], str]
    coords: Callable[[Any, int], tuple[int, int]]
    load: Callable[..., Any]
    shape: Callable[[Any], tuple[int, int]] = lambda p: (p.rows, p.cols)
    label: Callable[[Any, int], str | None] = lambda p, i: None
    mark: Callable[[Any, int, int], str | None] = lambda p, r, c: None
    symbols: tuple[str, str] = (".", "#")
    words: tuple[str, str] = ("white", "black")
    # what one unknown is called, singular and plural (Pipes: edges, Nurimeizu: rooms)
    nouns: tuple[str, str] = ("cell", "cells")
    grid_rows: Callable[[Any, State], list[str]] | None = None
    # a puzzle from one JSONL record of a collection (raises InputError)
    from_record: Callable[[dict], Any] | None = None
    # the known solution carried by a puzzle (e.g. from its record), or None
    solution: Callable[[Any], State | None] = lambda p: None
    # an independent complete solver: oracle(puzzle, limit, timeout) -> up to
    # ``limit`` solutions as States (raises BudgetExceeded past ``timeout``)
    oracle: Callable[..., list[State]] | None = None
    # the grid cells unknown ``i`` covers, for drawing and JSON (None: [coords])
    cells: Callable[[Any, int], list[tuple[int, int]]] | None = None
    # the solved grid in the puzzle's own notation, for the JSON walkthrough
    answer: Callable[[Any, State], str] | None = None
    # for kinds whose grid cells are decided by several unknowns (a Pipes tile by
    # the edges on its sides): tile(puzzle, r, c, state) -> (those unknowns, the
    # tile's name, how ``state`` turns it or None while undecided); ``why`` on a
    # cell then explains the tile
    tile: Callable[[Any, int, int, State], tuple[list[int], str, str | None]] | None = None
    # kind-specific diagrams (a Drawing); None: one cell per unknown
    drawing: Any = None
    # deduce generate: generator(rows, cols, level, rng, deadline) -> (puzzle, Result)
    # or None once ``deadline`` (time.perf_counter()) passes; raises InputError for a
    # size/level pair it cannot reach
    generator: Callable[..., Any] | None = None
    # a puzzle (with its solution) as a JSONL record in its collection's shape
    to_record: Callable[[Any], dict] | None = None
    # a puzzle in the kind's plain text form (``;`` starts a comment line)
    to_text: Callable[[Any], str] | None = None
    # whether a puzzle argument plainly is this kind: given what the user typed
    # (a URL, a game ID, a grid) or the start of the file it names, True only
    # for marks no other kind's input has (a puzz.link type, box drawing, S/G
    # marks); the CLI picks a kind this way when ``--kind`` is not given
    recognises: Callable[[str], bool] | None = None
    # whether the input is the player's own complete answer, and a right one (a
    # Nurimeizu pzprv3 file's, which becomes the known solution, not marks): ``hint``
    # then says the grid is solved, as for a grid whose marks decide every unknown
    answered: Callable[[Any], bool] = lambda p: False
    # True when a step's regions list tiles rather than unknowns: each tile as
    # the unknown drawn at its coordinates (Pipes, whose unknowns are edges).
    # Such regions are named as tiles, and are not part of a step's reasons.
    tile_regions: bool = False
    # A technique may report several steps found in one position (a batch); the
    # solver applies them in turn. A later step's sentence describes that
    # position, so once earlier steps changed what lies around what it names
    # or concludes, it may no longer read true ("can only grow through r4c7",
    # just after r3c7 joined r4c7 to another island). around(puzzle, state,
    # mask), with ``mask``'s unknowns just decided in ``state``: those unknowns
    # and the ones whose meaning that changed (Nurikabe: the cells next to them,
    # and next to the white regions their white cells joined: those cells now
    # touch an island). A batch step with a conclusion, or a cell of a region
    # it names (of its premises if it names none), among them is left for the
    # next pass to find anew, as is one whose premises the batch decided (all
    # that counts when ``around`` is None, and for techniques registered
    # ``lasting``).
    around: Callable[[Any, State, int], int] | None = None

    def cells_of(self, puzzle: Any, i: int) -> list[tuple[int, int]]:
        """Every (row, col) unknown ``i`` stands for."""
        if self.cells is None:
            return [tuple(self.coords(puzzle, i))]
        return [tuple(rc) for rc in self.cells(puzzle, i)]


class Drawing(Protocol):
    """How a kind draws itself when its unknowns are not cells.

    ``svg`` takes the same marks as :func:`explain.svg.marks_svg` (conclusions,
    premises, regions, assumption, branch, contradiction, agreement, title,
    size, css_class, standalone; and ``window``, the part of a big grid to
    draw, when the drawing says ``windows = True``) and returns the SVG text; ``text`` returns a
    rich ``Text`` of the grid with a step's marks (as
    :func:`explain.terminal.step_diagram`).
    """

    def svg(self, kind: Kind, puzzle: Any, state: State, **marks: Any) -> str: ...

    def text(self, kind: Kind, puzzle: Any, state: State, step: Any = None,
             plain: bool = False, indent: int = 0) -> Any: ...


def available_kinds() -> list[str]:
    return list(_kind_names())


@cache
def _kind_names() -> tuple[str, ...]:
    return tuple(sorted(ep.name for ep in entry_points(group="deduce.kinds")))


@cache
def load_kind(name: str) -> Kind:
    for ep in entry_points(group="deduce.kinds"):
        if ep.name == name:
            return ep.load()
    raise KeyError(name)


def kind_named(name: str) -> Kind:
    """The kind called ``name``, or InputError listing the known ones."""
    try:
        return load_kind(name)
    except KeyError:
        raise InputError(f"unknown puzzle kind {name!r} "
                         f"(known: {', '.join(available_kinds())})") from None


SAMPLE_BYTES = 1 << 16  # how much of a file kinds look at to recognise it


def _sample(source: str) -> str:
    """What kinds look at: the start of the file ``source`` names, else ``source`` itself."""
    if "\n" in source or "\r" in source:
        return source
    try:
        path = Path(source)
        if not path.is_file():
            return source
        with open(path, "rb") as f:
            return f.read(SAMPLE_BYTES).decode("utf-8", errors="replace")
    except (OSError, ValueError):
        return source  # the kind's loader gives the one-line error


def recognisers(source: str) -> list[str]:
    """The names of the kinds that recognise ``source`` as theirs."""
    sample = _sample(source)
    claimed = []
    for other in available_kinds():
        try:
            kind = load_kind(other)
        except Exception:  # a broken plug-in is not this input's problem
            continue
        if kind.recognises is not None and kind.recognises(sample):
            claimed.append(kind.name)
    return claimed


def kind_of(source: str, name: str | None, default: str) -> Kind:
    """The kind ``name``; or, without a name, the one kind that recognises
    ``source`` (a puzzle argument, or the file it names), else ``default``.

    Two kinds recognising one input is an InputError asking for ``--kind``.
    """
    if name is not None:
        return kind_named(name)
    claimed = recognisers(source)
    if len(claimed) > 1:
        where = "<text>" if "\n" in source or "\r" in source else source
        raise InputError(f"{where}: could be {' or '.join(claimed)}: say which with --kind")
    return kind_named(claimed[0] if claimed else default)
