"""Nurikabe: model, rules of the game, formats, and its plug-in for the engine."""
from __future__ import annotations

from deduce.kind import Kind
from deduce.state import State

from puzzles.nurikabe.model import Nurikabe, rows_state, state_rows, violations


def initial_state(puzzle: Nurikabe) -> State:
    return State(puzzle.size, puzzle.black, puzzle.white | puzzle.clue_mask)


def _load(arg: str, **options) -> Nurikabe:
    from puzzles.nurikabe.formats import load
    return load(arg, **options)


def _from_record(record: dict) -> Nurikabe:
    from puzzles.nurikabe.formats import from_record
    return from_record(record)


def _solution(puzzle: Nurikabe) -> State | None:
    return rows_state(puzzle, list(puzzle.solution)) if puzzle.solution else None


def _oracle(puzzle: Nurikabe, limit: int = 2, timeout: float | None = None) -> list[State]:
    from puzzles.nurikabe.asp import solutions
    return [rows_state(puzzle, rows) for rows in solutions(puzzle, limit, timeout)]


def _generator(rows: int, cols: int, level: int, rng, deadline: float):
    from puzzles.nurikabe.generate import generator
    return generator(rows, cols, level, rng, deadline)


def _to_record(puzzle: Nurikabe) -> dict:
    from puzzles.nurikabe.formats import encode_puzzlink
    return {"id": puzzle.id, "rows": puzzle.rows, "cols": puzzle.cols,
            "grid": [" ".join(row) for row in puzzle.tokens()],
            "solution": list(puzzle.solution) if puzzle.solution else None,
            "puzzlink_url": encode_puzzlink(puzzle)}


_LABELS: dict[int, tuple[Nurikabe, dict[int, str]]] = {}  # id -> (puzzle, labels by cell)


def _label(puzzle: Nurikabe, i: int) -> str | None:
    # (diagrams ask for every cell's label: a scan of the clues each time made
    # the HTML of a 50x50 walkthrough take minutes)
    got = _LABELS.get(id(puzzle))
    if got is None or got[0] is not puzzle:
        if len(_LABELS) > 64:
            _LABELS.clear()
        got = _LABELS[id(puzzle)] = (puzzle, {cell: "?" if n is None else str(n)
                                              for cell, n in puzzle.clues})
    return got[1].get(i)


def _around(puzzle: Nurikabe, state: State, cells: int) -> int:
    """``cells``, just decided, and the cells whose standing that changed: the
    ones next to them, and next to the white regions they joined (those now
    touch an island, or a bigger one), for the solver's batches."""
    from rules.nurikabe.geometry import Geometry
    g = Geometry.of(puzzle.rows, puzzle.cols)
    white = cells & state.zeros
    return g.grow(cells | (g.flood(white, state.zeros) if white else 0))


def _kind() -> Kind:
    from rules.nurikabe import TECHNIQUES, View, candidates
    return Kind(
        name="nurikabe",
        techniques=TECHNIQUES,
        initial_state=initial_state,
        view=View,
        violations=violations,
        candidates=candidates,
        cell_name=lambda p, i: p.cell_name(i),
        coords=lambda p, i: p.coords(i),
        load=_load,
        shape=lambda p: (p.rows, p.cols),
        label=_label,
        symbols=(".", "#"),
        words=("white", "black"),
        grid_rows=state_rows,
        from_record=_from_record,
        solution=_solution,
        oracle=_oracle,
        generator=_generator,
        to_record=_to_record,
        to_text=lambda p: p.to_text(),
        around=_around,
    )


KIND = _kind()

__all__ = ["KIND", "Nurikabe", "initial_state", "rows_state", "state_rows", "violations"]
