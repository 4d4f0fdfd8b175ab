"""Pipes (Net, FreeNet): model, rules of the game, formats, and its plug-in for the engine.

The unknowns are the edges between tiles (value 1 open); see
:mod:`puzzles.pipes.model` for the numbering. Walls (the border, barriers) are
unknowns closed from the start, so edge masks and tile masks line up.
"""
from __future__ import annotations

from deduce.kind import Kind
from deduce.state import State
from deduce.wording import listed

from puzzles.pipes.model import Pipes, answer, state_rows, violations


def initial_state(puzzle: Pipes) -> State:
    return State(puzzle.n, 0, puzzle.walls)


def _load(arg: str, **options) -> Pipes:
    from puzzles.pipes.formats import load
    return load(arg, **options)


def _recognises(sample: str) -> bool:
    from puzzles.pipes.formats import recognises
    return recognises(sample)


def _from_record(record: dict) -> Pipes:
    from puzzles.pipes.formats import from_record
    return from_record(record)


def _solution(puzzle: Pipes) -> State | None:
    return puzzle.state_of(puzzle.solution) if puzzle.solution else None


def _oracle(puzzle: Pipes, limit: int = 2, timeout: float | None = None) -> list[State]:
    from puzzles.pipes.asp import solutions
    full = (1 << puzzle.n) - 1
    return [State(puzzle.n, ones, full & ~ones) for ones in solutions(puzzle, limit, timeout)]


def _violations(puzzle: Pipes, state: State) -> list[str]:
    return violations(puzzle, state)


def _label(puzzle: Pipes, e: int) -> str | None:
    # walls are the givens of a Pipes grid (decided from the start)
    if (puzzle.walls >> e) & 1:
        return "border" if puzzle.ends(e)[1] is None else "barrier"
    return None


def _tile(puzzle: Pipes, r: int, c: int, state: State) -> tuple[list[int], str, str | None]:
    """For ``why`` on tile (r, c): the edges on its sides that can open, its name
    ("the corner at r3c4"), and how ``state`` turns it ("to open toward r2c4
    and r3c5", None while it is not decided)."""
    from puzzles.pipes.model import DIRS, rotations, shape_name
    t = r * puzzle.cols + c
    sides = [(d, puzzle.side_edge(t, d)) for d in DIRS if not puzzle.is_wall(t, d)]
    name = f"the {shape_name(puzzle.tiles[t])} at {puzzle.tile_name(t)}"
    if any(state.value(e) is None for _, e in sides) \
            or puzzle.open_sides(t, state.ones) not in rotations(puzzle.tiles[t]):
        # (undecided, or its sides are no way it can turn: a broken position)
        return [e for _, e in sides], name, None
    from rules.pipes import View
    view = View(puzzle, state)  # (names the side too where one tile is on two sides)
    toward = [view.toward(t, d) for d, e in sides if state.value(e)]
    return [e for _, e in sides], name, f"to open toward {listed(toward)}" if toward else "to open nowhere"


def _cells(puzzle: Pipes, e: int) -> list[tuple[int, int]]:
    return [puzzle.coords(t) for t in puzzle.ends(e) if t is not None]


def _generator(rows: int, cols: int, level: int, rng, deadline: float, **options):
    from puzzles.pipes.generate import generator
    return generator(rows, cols, level, rng, deadline, **options)


def _to_record(puzzle: Pipes) -> dict:
    from puzzles.pipes.formats import encode_game_id
    return {"id": puzzle.id, "game_id": encode_game_id(puzzle), "rows": puzzle.rows,
            "cols": puzzle.cols, "solution": puzzle.solution, "n_solutions": 1}


def _to_text(puzzle: Pipes) -> str:
    from puzzles.pipes.formats import to_text
    return to_text(puzzle)


def _kind() -> Kind:
    from rules.pipes import TECHNIQUES, View, candidates
    from puzzles.pipes.draw import DRAWING
    return Kind(
        name="pipes",
        techniques=TECHNIQUES,
        initial_state=initial_state,
        view=View,
        violations=_violations,
        candidates=candidates,
        cell_name=lambda p, e: p.edge_name(e),
        coords=lambda p, e: p.coords(p.ends(e)[0]),
        cells=_cells,
        load=_load,
        shape=lambda p: (p.rows, p.cols),
        label=_label,
        symbols=("0", "1"),
        words=("closed", "open"),
        nouns=("edge", "edges"),
        tile_regions=True,
        grid_rows=state_rows,
        from_record=_from_record,
        recognises=_recognises,
        solution=_solution,
        oracle=_oracle,
        answer=answer,
        tile=_tile,
        drawing=DRAWING,
        generator=_generator,
        to_record=_to_record,
        to_text=_to_text,
    )


def __getattr__(name: str):
    # built on first use: rules.pipes imports puzzles.pipes.model, so building the kind
    # while this package is first imported from rules.pipes would be circular
    if name == "KIND":
        kind = _kind()
        globals()["KIND"] = kind
        return kind
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = ["KIND", "Pipes", "answer", "initial_state", "state_rows", "violations"]
