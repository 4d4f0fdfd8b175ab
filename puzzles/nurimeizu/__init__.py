"""Nurimeizu (Nurimaze): model, rules of the game, formats, and its plug-in for the engine.

The unknowns are the rooms (value 1 black); ``grid_rows`` and ``cells`` expand
a room to its cells for drawing and JSON.
"""
from __future__ import annotations

from deduce.kind import Kind
from deduce.state import State

from puzzles.nurimeizu.model import Nurimeizu, rows_state, state_rows, violations


def initial_state(puzzle: Nurimeizu) -> State:
    """No room is decided by the rules alone; a player's marks are."""
    state = State(puzzle.n_rooms)
    for room, value in puzzle.shaded:
        state.assign(room, value)
    return state


def _load(arg: str, **options) -> Nurimeizu:
    from puzzles.nurimeizu.formats import load
    return load(arg, **options)


def _recognises(sample: str) -> bool:
    from puzzles.nurimeizu.formats import recognises
    return recognises(sample)


def _from_record(record: dict) -> Nurimeizu:
    from puzzles.nurimeizu.formats import from_record
    return from_record(record)


def _solution(puzzle: Nurimeizu) -> State | None:
    return rows_state(puzzle, list(puzzle.solution)) if puzzle.solution else None


def _oracle(puzzle: Nurimeizu, limit: int = 2, timeout: float | None = None) -> list[State]:
    from puzzles.nurimeizu.asp import solutions
    return [rows_state(puzzle, rows) for rows in solutions(puzzle, limit, timeout)]


def _violations(puzzle: Nurimeizu, state: State) -> list[str]:
    return violations(puzzle, state)


def _generator(rows: int, cols: int, level: int, rng, deadline: float):
    from puzzles.nurimeizu.generate import generator
    return generator(rows, cols, level, rng, deadline)


def _to_record(puzzle: Nurimeizu) -> dict:
    from puzzles.nurimeizu.formats import encode_puzzlink
    return {"id": puzzle.id, "rows": puzzle.rows, "cols": puzzle.cols,
            "n_rooms": puzzle.n_rooms, "puzzlink_url": encode_puzzlink(puzzle),
            "clues": puzzle.clue_rows(), "rooms": puzzle.room_rows(),
            "solution": list(puzzle.solution) if puzzle.solution else None}


def _to_text(puzzle: Nurimeizu) -> str:
    from puzzles.nurimeizu.formats import to_text
    return to_text(puzzle)


def _kind() -> Kind:
    from rules.nurimeizu import TECHNIQUES, View, candidates
    from puzzles.nurimeizu.draw import DRAWING
    return Kind(
        name="nurimeizu",
        techniques=TECHNIQUES,
        initial_state=initial_state,
        view=View,
        violations=_violations,
        candidates=candidates,
        cell_name=lambda p, k: p.room_name(k),
        coords=lambda p, k: p.coords(p.room_cells[k][0]),
        cells=lambda p, k: [p.coords(i) for i in p.room_cells[k]],
        load=_load,
        shape=lambda p: (p.rows, p.cols),
        label=lambda p, k: None,
        mark=lambda p, r, c: p.mark_at.get(r * p.cols + c),
        symbols=(".", "#"),
        words=("white", "black"),
        nouns=("room", "rooms"),
        grid_rows=state_rows,
        from_record=_from_record,
        recognises=_recognises,
        solution=_solution,
        answered=lambda p: p.answered,
        oracle=_oracle,
        drawing=DRAWING,
        generator=_generator,
        to_record=_to_record,
        to_text=_to_text,
    )


KIND = _kind()

__all__ = ["KIND", "Nurimeizu", "initial_state", "rows_state", "state_rows", "violations"]
