"""``deduce batch``: rate every puzzle of a JSONL collection, in parallel.

The work is one pure function, :func:`rate` (a record in, a flat result dict
out, both plain JSON data), so the same code runs in-process (``--jobs 1``),
on this machine's worker processes (``--jobs N``), or on Dask / Ray (see
``docs/batch.md``). Around it this module adds what a long run needs: a
progress bar, a result line written (and flushed) as each puzzle finishes,
``--resume``, a hard per-puzzle timeout that kills a stuck worker, clean
Ctrl-C, a CSV export and a summary.

Puzzle-agnostic: kinds come from :func:`deduce.kind.load_kind` only.

Exit codes: 0 every puzzle solved with no wrong cell; 1 some wrong cells or a
contradiction (with ``--check``: or a puzzle with several solutions or none);
3 some puzzle stuck (budget or timeout included); 2 a record could not be read
(or the collection itself); 130 interrupted.
"""
from __future__ import annotations

import csv
import json
import math
import multiprocessing
import os
import re
import signal
import statistics
import sys
import threading
import time
import warnings
from collections import Counter, deque
from multiprocessing.connection import wait
from pathlib import Path
from typing import Any, Iterable, Iterator

from rich.console import Console
from rich.table import Table

from deduce.errors import BudgetExceeded, InputError
from deduce.grade import UNSOLVED
from deduce.kind import Kind, kind_named, kind_of

VERDICTS = ("solved", "stuck", "contradiction", "error")
# the columns of --csv (and the keys a result may have), in order
FIELDS = ("id", "verdict", "reason", "level", "name", "max_tier", "max_depth", "steps",
          "score", "seconds", "size", "unknown", "wrong_cells",
          "uniqueness", "search_nodes", "search_seconds",
          "oracle_seconds", "oracle_solutions", "oracle_agrees", "oracle_note")
UNIQUENESS = ("unique", "multiple", "none", "unknown")
GRACE = 5.0  # seconds past the hard timeout before a worker process is killed


# ------------------------------------------------------------------ the pure part

def _kind(name: str) -> Kind:
    """A kind by name (InputError for an unknown one)."""
    return kind_named(name)


def _count(mask: int) -> int:
    return bin(mask).count("1")


def _differ(state, solution) -> int:
    """The unknowns decided in ``state`` with the other value than in ``solution``."""
    return (state.ones & solution.zeros) | (state.zeros & solution.ones)


def rate(kind_name: str, record: dict, depth: int = 3, budget: float = 10.0,
         oracle: bool = False, oracle_timeout: float | None = None,
         check_budget: float | None = None) -> dict:
    """Solve one record and return a flat, JSON-ready result.

    Keys: ``id``, ``verdict`` (solved, stuck, contradiction, or error when the
    record cannot be read or the engine fails), ``reason``, ``level``, ``name``,
    ``max_tier``, ``max_depth``, ``steps``, ``score``, ``seconds`` (solver
    time), ``size`` ("ROWSxCOLS"), ``unknown`` (cells left undecided); when the
    record carries a solution ``wrong_cells`` (decided cells that differ from
    it); with ``oracle`` ``oracle_seconds``, ``oracle_solutions`` (0, 1 or 2:
    the oracle is asked for at most two), ``oracle_agrees`` (the oracle
    bears out the verdict: solved, its one solution; contradiction, none;
    stuck, the decided cells in every solution) or ``oracle_note`` when it could not be asked;
    with ``check_budget`` (seconds, 0 = none) ``uniqueness`` as ``deduce
    check`` settles it -- a puzzle the techniques solved is unique (each step
    holds in every solution), one they found a contradiction in has none, and
    a stuck one is searched completely from where they stopped: unique,
    multiple, none, or unknown when the search ran out of budget -- with
    ``search_nodes`` and ``search_seconds`` for that search.

    Pure: it reads nothing but its arguments and changes nothing (kinds are
    cached per process), and its arguments and result pickle, so it can be
    shipped to any process pool or cluster.
    """
    result = _rate(kind_name, record, depth, budget, oracle, oracle_timeout, check_budget)
    if result.get("verdict") == "error":  # (the reader names the place as <record>:1:C)
        result["reason"] = _IN_RECORD.sub(f"{_record_named(result['id'])}: ", result["reason"], 1)
    return result


def _record_named(rid: str) -> str:
    """How an error names a record when the reader's place in it would say nothing."""
    return f"record {rid!r}" if rid else "the record"


def _rate(kind_name: str, record: dict, depth: int, budget: float, oracle: bool,
          oracle_timeout: float | None, check_budget: float | None) -> dict:
    from deduce.solver import Solver

    if depth < 0 or budget < 0 or (check_budget or 0) < 0:
        raise ValueError(f"rate: depth {depth}, budget {budget} and check_budget "
                         f"{check_budget} must be 0 or more")
    rid = record.get("id") if isinstance(record, dict) else None
    out: dict[str, Any] = {"id": rid if isinstance(rid, str) else ""}
    try:
        kind = _kind(kind_name)
        if kind.from_record is None:
            raise InputError(f"kind {kind_name!r} cannot read collection records")
        puzzle = kind.from_record(record)
    except InputError as e:
        return {**out, "verdict": "error", "reason": str(e)}
    except Exception as e:  # a record the reader did not expect: still one result line
        return {**out, "verdict": "error", "reason": f"unreadable record: {type(e).__name__}: {e}"}
    solution = kind.solution(puzzle)
    if solution is not None:  # a record's marks must agree with its own solution
        start = kind.initial_state(puzzle)
        clash = _differ(start, solution)
        if clash:
            i = (clash & -clash).bit_length() - 1
            return {**out, "verdict": "error", "reason": (
                f"<record>: the solution makes {kind.cell_name(puzzle, i)} "
                f"{kind.words[solution.value(i)]}, given {kind.words[start.value(i)]}")}
    try:
        result = Solver(kind, puzzle, depth=depth, budget=budget or None).solve()
    except Exception as e:  # an engine bug must not take the batch down
        return {**out, "verdict": "error", "reason": f"engine failure: {type(e).__name__}: {e}"}
    g = result.grade
    rows, cols = kind.shape(puzzle)
    state = result.state
    out.update(verdict=result.verdict, reason=result.reason, level=g.level, name=g.name,
               max_tier=g.max_tier, max_depth=g.max_depth, steps=g.steps, score=g.score,
               seconds=round(result.seconds, 4), size=f"{rows}x{cols}",
               unknown=_count(state.unknown))
    if solution is not None:
        out["wrong_cells"] = _count(_differ(state, solution))
    if check_budget is not None:
        out.update(_uniqueness(kind, puzzle, result, check_budget or None))
    if oracle:
        out.update(_ask_oracle(kind, puzzle, result, oracle_timeout or budget or None))
    return out


def _uniqueness(kind: Kind, puzzle: Any, result, budget: float | None) -> dict:
    if result.verdict == "solved":
        return {"uniqueness": "unique"}
    if result.verdict == "contradiction":
        return {"uniqueness": "none"}
    from deduce.search import search
    try:
        found = search(kind, puzzle, result.state, limit=2, budget=budget)
    except Exception as e:  # an engine bug must not take the batch down
        return {"uniqueness": "unknown", "reason": f"search failure: {type(e).__name__}: {e}"}
    out = {"uniqueness": found.verdict, "search_nodes": found.nodes,
           "search_seconds": round(found.seconds, 4)}
    if found.verdict == "unknown":  # (how much of its space it settled, see Search.covered)
        out["search_covered"] = round(found.covered, 6)
    return out


def _ask_oracle(kind: Kind, puzzle: Any, result, timeout: float | None) -> dict:
    if kind.oracle is None:
        return {"oracle_note": f"no oracle for kind {kind.name!r}"}
    start = time.perf_counter()
    try:
        # (no timeout: still in a child process, which Ctrl-C stops and whose memory is capped)
        found = kind.oracle(puzzle, 2, timeout or math.inf)
    except BudgetExceeded as e:
        return {"oracle_seconds": round(time.perf_counter() - start, 4),
                "oracle_note": f"oracle: {e}" if str(e) else f"oracle timeout after {timeout} s"}
    except Exception as e:
        return {"oracle_note": f"oracle failure: {type(e).__name__}: {e}"}
    out = {"oracle_seconds": round(time.perf_counter() - start, 4),
           "oracle_solutions": len(found)}
    out["oracle_agrees"] = _agrees(result, found)
    return out


def _agrees(result, found: list) -> bool:
    """Whether the oracle's solutions (up to two) bear out what the engine says:
    solved means that one solution alone; a contradiction means none; stuck,
    that each decided cell has its value in every solution."""
    state = result.state
    if result.solved:
        return len(found) == 1 and found[0].ones == state.ones and found[0].zeros == state.zeros
    if result.verdict == "contradiction":
        return not found
    return all(state.ones & s.ones == state.ones and state.zeros & s.zeros == state.zeros
               for s in found)


# ------------------------------------------------------------------ hard timeout

class _HardTimeout(BaseException):
    """Raised by the alarm; a BaseException so that rate's own handlers let it through."""


def _on_alarm(signum, frame):
    raise _HardTimeout()


def _timeout_result(record: Any, hard: float, seconds: float | None = None) -> dict:
    """The line of a puzzle stopped by the hard timeout after ``seconds`` (``hard``
    when the alarm stopped it; more when its worker had to be killed)."""
    rid = record.get("id") if isinstance(record, dict) else None
    out = {"id": rid if isinstance(rid, str) else "", "verdict": "stuck",
           "reason": f"hard timeout: no result after {hard:g} s", "level": 0,
           "name": UNSOLVED, "seconds": round(hard if seconds is None else seconds, 4)}
    rows, cols = (record.get("rows"), record.get("cols")) if isinstance(record, dict) else (0, 0)
    if type(rows) is int and type(cols) is int and rows > 0 and cols > 0:
        out["size"] = f"{rows}x{cols}"
    return out


def guarded_rate(args: tuple, hard: float | None) -> dict:
    """``rate(*args)``, interrupted after ``hard`` seconds (SIGALRM, main thread only).

    This stops anything running Python code; the parent additionally kills a
    worker process that stays silent for ``hard + GRACE`` seconds (C code).
    """
    use_alarm = (hard and hasattr(signal, "setitimer")
                 and threading.current_thread() is threading.main_thread())
    if not use_alarm:
        return rate(*args)
    previous = signal.signal(signal.SIGALRM, _on_alarm)
    try:
        signal.setitimer(signal.ITIMER_REAL, hard)  # (inside: a tiny one may ring at once)
        return rate(*args)
    except _HardTimeout:
        return _timeout_result(args[1], hard)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# ------------------------------------------------------------------ worker pool

def _worker(conn, hard: float | None) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        index, args = task
        conn.send((index, guarded_rate(args, hard)))


class _Pool:
    """Worker processes fed one task at a time, so a silent one can be killed.

    (``ProcessPoolExecutor`` and ``Pool.imap_unordered`` cannot stop a single
    running task; here each worker has its own pipe and start time.)
    """

    def __init__(self, jobs: int, hard: float | None, grace: float = GRACE, alarm: bool = True):
        # fork on Linux: no re-import of the caller's __main__ (a script or a
        # REPL without a main guard still works) and the kind is loaded already.
        # Elsewhere the platform default (spawn on macOS and Windows).
        self.ctx = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else None)
        self.jobs, self.hard, self.grace = jobs, hard, grace
        self.alarm = hard if alarm else None  # the worker's own SIGALRM guard
        self.workers: list[dict] = []

    def _spawn(self) -> dict:
        here, there = self.ctx.Pipe()
        process = self.ctx.Process(target=_worker, args=(there, self.alarm), daemon=True)
        with warnings.catch_warnings():
            # Python 3.12+ warns about fork next to the progress bar's thread; the
            # worker touches none of its locks, and the hard timeout bounds any risk
            warnings.simplefilter("ignore", DeprecationWarning)
            process.start()
        there.close()
        return {"process": process, "conn": here, "task": None, "start": 0.0}

    def _retire(self, w: dict) -> None:
        self.workers.remove(w)
        w["process"].kill()
        w["process"].join(1)
        w["conn"].close()

    def run(self, tasks: Iterable[tuple[int, tuple]]) -> Iterator[tuple[int, dict]]:
        queue = deque(tasks)
        while len(self.workers) < min(self.jobs, len(queue)):
            self.workers.append(self._spawn())
        while True:
            for w in self.workers:
                if w["task"] is None and queue:
                    w["task"] = queue.popleft()
                    w["start"] = time.monotonic()
                    w["conn"].send(w["task"])
            busy = [w for w in self.workers if w["task"] is not None]
            if not busy:
                return
            ready = wait([w["conn"] for w in busy], timeout=0.5)
            now = time.monotonic()
            for w in busy:
                index, args = w["task"]
                if w["conn"] in ready:
                    try:
                        got, result = w["conn"].recv()
                    except (EOFError, OSError):  # the worker died (killed, out of memory...)
                        self._retire(w)
                        if queue:
                            self.workers.append(self._spawn())
                        rid = args[1].get("id") if isinstance(args[1], dict) else ""
                        yield index, {"id": rid if isinstance(rid, str) else "",
                                      "verdict": "error",
                                      "reason": f"worker process died (exit code "
                                                f"{w['process'].exitcode})"}
                        continue
                    w["task"] = None
                    yield got, result
                elif self.hard and now - w["start"] > self.hard + self.grace:
                    self._retire(w)
                    if queue:
                        self.workers.append(self._spawn())
                    yield index, _timeout_result(args[1], self.hard, now - w["start"])

    def close(self) -> None:
        for w in list(self.workers):
            if w["task"] is None:
                try:
                    w["conn"].send(None)
                except OSError:
                    pass
        for w in list(self.workers):
            if w["task"] is not None:
                w["process"].kill()
            w["process"].join(2)
            if w["process"].is_alive():
                w["process"].kill()
                w["process"].join(1)
            w["conn"].close()
        self.workers.clear()


def _in_process(tasks: Iterable[tuple[int, tuple]], hard: float | None):
    for index, args in tasks:
        yield index, guarded_rate(args, hard)


# ------------------------------------------------------------------ reading

def read_collection(path: str) -> list[tuple[int, Any]]:
    """``(line, record)`` for each non-blank line; a line that is not a JSON
    object gives ``(line, InputError)`` instead. A file that cannot be read,
    is not text, or holds no JSON object at all raises InputError."""
    try:
        text = Path(path).read_bytes().decode("utf-8-sig")
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{path}: is a directory, not a .jsonl file") from None
    except OSError as e:
        raise InputError(f"{path}: cannot read: {e.strerror or e}") from None
    except UnicodeDecodeError as e:
        raise InputError(f"{path}: not a JSONL file (not UTF-8 text at byte {e.start})") from None
    entries: list[tuple[int, Any]] = []
    first_problem = None
    for line, raw in enumerate(text.splitlines(), 1):
        if not raw.strip():
            continue
        try:
            record = json.loads(raw)
        except json.JSONDecodeError as e:
            problem = InputError(f"{path}:{line}:{e.colno}: invalid JSON: {e.msg}")
        except (ValueError, RecursionError) as e:
            problem = InputError(f"{path}:{line}: invalid JSON: {str(e)[:80]}")
        else:
            if isinstance(record, dict):
                entries.append((line, record))
                continue
            problem = InputError(f"{path}:{line}: a record must be a JSON object")
        first_problem = first_problem or problem
        entries.append((line, problem))
    if not entries:
        raise InputError(f"{path}: no records: the file is empty")
    if not any(isinstance(e, dict) for _, e in entries):
        raise InputError(f"not a JSONL collection: {first_problem}")
    return entries


def _entry_id(line: int, entry: Any) -> str:
    rid = entry.get("id") if isinstance(entry, dict) else None
    return rid if isinstance(rid, str) and rid else f"line-{line}"


def _done_ids(path: Path) -> tuple[dict[str, dict], tuple[int, bool] | None]:
    """Results already in an --out file, by id; and, when the file does not
    end with a newline, how to mend its end before appending: (the bytes to
    keep, whether a newline is owed). A last line cut short by a hard kill
    goes (that puzzle runs again); one that reads whole only lost its newline."""
    done: dict[str, dict] = {}
    if not path.exists():
        return done, None
    try:
        raw = path.read_bytes()
        # a hard kill may cut the last line inside a character: only it may be mangled
        cut = raw.rfind(b"\n") + 1
        data = raw[:cut].decode("utf-8") + raw[cut:].decode("utf-8", errors="replace")
    except (OSError, UnicodeDecodeError) as e:
        raise InputError(f"{path}: cannot read the results to resume: {e}") from None
    last = None
    for line in data.splitlines():
        try:
            result = last = json.loads(line)
        except ValueError:
            last = None
            continue  # a line cut short by a hard kill: that puzzle runs again
        if isinstance(result, dict) and isinstance(result.get("id"), str) \
                and result.get("verdict") in VERDICTS:
            done[result["id"]] = result
    if cut == len(raw):
        return done, None
    return done, (len(raw), True) if last is not None else (cut, False)


# ------------------------------------------------------------------ summary

def percentile(sorted_values: list[float], p: float) -> float:
    """Nearest-rank percentile of an ascending list."""
    k = max(0, math.ceil(p / 100 * len(sorted_values)) - 1)
    return sorted_values[k]


def summarize(results: list[dict], wall: float) -> dict:
    """The summary of a batch (what the table and ``--format json`` show)."""
    def number(r: dict, key: str) -> int | float | None:
        v = r.get(key)
        return v if isinstance(v, (int, float)) and not isinstance(v, bool) else None

    verdicts = Counter(r.get("verdict") for r in results)
    solved = [r for r in results if r.get("verdict") == "solved"]
    by_depth = Counter(number(r, "max_depth") or 0 for r in solved)
    levels = Counter((number(r, "level") or 0, str(r.get("name", UNSOLVED)))
                     for r in results if r.get("verdict") != "error")
    seconds = sorted(v for v in (number(r, "seconds") for r in results) if v is not None)
    summary: dict[str, Any] = {
        "puzzles": len(results),
        "solved": verdicts["solved"],
        "stuck": verdicts["stuck"],
        "contradiction": verdicts["contradiction"],
        "errors": verdicts["error"],
        "solved_by_depth": {str(d): by_depth.get(d, 0)
                            for d in sorted(set(by_depth) | {0, 1, 2, 3})},
        "levels": {f"{lvl} {name}": n for (lvl, name), n in sorted(levels.items())},
        "with_solution": sum(1 for r in results if "wrong_cells" in r),
        "wrong_cells": sum(number(r, "wrong_cells") or 0 for r in results),
        "puzzles_with_wrong_cells": sum(1 for r in results if number(r, "wrong_cells")),
        "seconds": ({"median": round(statistics.median(seconds), 4),
                     "p90": percentile(seconds, 90), "p99": percentile(seconds, 99),
                     "max": seconds[-1], "total": round(sum(seconds), 2)} if seconds else {}),
        "wall_seconds": round(wall, 2),
        "not_solved": [r["id"] for r in results if r.get("verdict") != "solved"],
    }
    if any("uniqueness" in r for r in results):
        counts = Counter(r.get("uniqueness") for r in results)
        searched = [r for r in results if number(r, "search_seconds") is not None]
        summary["uniqueness"] = {
            **{u: counts.get(u, 0) for u in UNIQUENESS},
            "searched": len(searched),
            "search_seconds": round(sum(r["search_seconds"] for r in searched), 2),
            "not_unique": [r["id"] for r in results
                           if r.get("uniqueness") in ("multiple", "none")],
            "unknown_ids": [r["id"] for r in results if r.get("uniqueness") == "unknown"],
        }
    if any(k.startswith("oracle") for r in results for k in r):
        ratios = sorted(r["seconds"] / r["oracle_seconds"] for r in results
                        if number(r, "oracle_solutions") is not None
                        and number(r, "oracle_seconds") and number(r, "seconds") is not None)
        summary["oracle"] = {
            "compared": len(ratios),
            "unique": sum(1 for r in results if r.get("oracle_solutions") == 1),
            "multiple": sum(1 for r in results if (number(r, "oracle_solutions") or 0) >= 2),
            "none": sum(1 for r in results if r.get("oracle_solutions") == 0),
            "disagree": sum(1 for r in results if r.get("oracle_agrees") is False),
            "skipped": sum(1 for r in results if "oracle_note" in r),
            "ratio_median": round(statistics.median(ratios), 3) if ratios else None,
            "ratio_p90": round(percentile(ratios, 90), 3) if ratios else None,
        }
    return summary


def summary_table(s: dict, title: str = "deduce batch") -> Table:
    t = Table(title=title, show_header=False, title_justify="left")
    t.add_column("what", style="bold")
    t.add_column("value")
    for key in ("puzzles", "solved", "stuck", "contradiction", "errors"):
        t.add_row(key, str(s[key]))
    t.add_row("solved by depth", ", ".join(f"{d}: {n}" for d, n in s["solved_by_depth"].items()))
    t.add_row("levels", ", ".join(f"{k}: {n}" for k, n in s["levels"].items()) or "-")
    t.add_row("wrong cells", f"{s['wrong_cells']} in {s['puzzles_with_wrong_cells']} puzzles "
                             f"({s['with_solution']} had a known solution)")
    sec = s["seconds"]
    if sec:
        t.add_row("seconds", f"median {sec['median']:.3f}, p90 {sec['p90']:.3f}, "
                             f"p99 {sec['p99']:.3f}, max {sec['max']:.3f}, "
                             f"total {sec['total']:.1f}")
    t.add_row("wall time", f"{s['wall_seconds']:.1f} s")
    if "uniqueness" in s:
        u = s["uniqueness"]
        t.add_row("uniqueness", f"{u['unique']} unique, {u['multiple']} multiple, {u['none']} "
                                f"no solution, {u['unknown']} unknown; {u['searched']} searched "
                                f"after logic stopped ({u['search_seconds']:.1f} s)")
        for key, label in (("not_unique", "not unique"), ("unknown_ids", "uniqueness unknown")):
            if u[key]:
                t.add_row(label, _id_list(u[key]))
    if "oracle" in s:
        o = s["oracle"]
        ratio = ("-" if o["ratio_median"] is None
                 else f"median {o['ratio_median']}, p90 {o['ratio_p90']}")
        t.add_row("oracle", f"{o['compared']} compared; {o['unique']} unique, {o['multiple']} "
                            f"multiple, {o['none']} no solution; {o['disagree']} disagree; "
                            f"{o['skipped']} skipped")
        t.add_row("engine/oracle time", ratio)
    if s["not_solved"]:
        t.add_row("not solved", _id_list(s["not_solved"]))
    return t


def _id_list(ids: list[str], shown: int = 20) -> str:
    more = len(ids) - shown
    return ", ".join(ids[:shown]) + (f" (+{more} more)" if more > 0 else "")


def exit_code(s: dict) -> int:
    u = s.get("uniqueness", {})
    if s["wrong_cells"] or s["contradiction"] or u.get("multiple") or u.get("none"):
        return 1
    if s["stuck"]:
        return 3
    if s["errors"]:
        return 2
    return 0


# ------------------------------------------------------------------ the command

def _csv_row(r: dict) -> dict:
    return {k: ("" if r.get(k) is None else r.get(k)) for k in FIELDS}


_IN_RECORD = re.compile(r"<record>(?::\d+(?::\d+)?)?: ")


def _locate(result: dict, collection: str, line: int) -> None:
    """``rate`` names the record a reason is about (the worker sees the record,
    not the file): name the collection's line instead. (The reader's column is
    left out: it counts in the record as the reader re-wrote it.)"""
    named = f"{_record_named(result.get('id', ''))}: "
    reason = result.get("reason", "")
    if result.get("verdict") == "error" and reason.startswith(named):
        result["reason"] = f"{collection}:{line}: {reason[len(named):]}"


def _apart(collection: str, out: str | None, csv_path: str | None) -> None:
    """InputError when a results file would overwrite the collection or the other one."""
    from deduce.cli import same_file as _same_file
    for option, path in (("--out", out), ("--csv", csv_path)):
        if path and _same_file(path, collection):
            raise InputError(f"{option} {path}: is the collection itself; "
                             "the results need a file of their own")
    if out and csv_path and _same_file(out, csv_path):
        raise InputError(f"--out and --csv are both {out}: give each its own file")


def run(args, console: Console) -> int:
    start = time.perf_counter()
    from deduce.cli import DEFAULT_KIND, writable
    _apart(args.collection, args.out, args.csv)
    writable(args.csv)  # (--out is opened below; both before any work)
    # an unknown kind fails here, once; without --kind, the collection's first
    # record says (not a line before it that is no record: it is an error result)
    kind = _kind(args.kind) if args.kind else None
    entries = read_collection(args.collection)
    if kind is None:
        first = next(e for _, e in entries if isinstance(e, dict))
        kind = _kind(kind_of(json.dumps(first, ensure_ascii=False) + "\n", None, DEFAULT_KIND).name)
    first_at: dict[str, int] = {}
    for line, e in entries:  # results, --out and --resume are keyed by id
        rid = _entry_id(line, e)
        if rid in first_at:
            raise InputError(f"{args.collection}:{line}: id {rid!r} repeats line "
                             f"{first_at[rid]} (each record needs its own id)")
        first_at[rid] = line
    if args.ids is not None:
        wanted = [i.strip() for i in args.ids.split(",") if i.strip()]
        if not wanted:
            raise InputError(f"--ids {args.ids!r}: no id given (ids are comma-separated)")
        present = {_entry_id(line, e) for line, e in entries}
        missing = [i for i in wanted if i not in present]
        if missing:
            raise InputError(f"{args.collection}: no record with id {', '.join(missing)}")
        keep = set(wanted)
        entries = [(line, e) for line, e in entries if _entry_id(line, e) in keep]
    if args.limit is not None:
        entries = entries[:args.limit]

    out_path = Path(args.out) if args.out else None
    previous: dict[str, dict] = {}
    tail: tuple[int, bool] | None = None
    if args.resume:
        if out_path is None:
            raise InputError("--resume needs --out (the results file to continue)")
        previous, tail = _done_ids(out_path)
    selected = {_entry_id(line, e) for line, e in entries}
    resumed = [r for i, r in previous.items() if i in selected]
    todo = [(line, e) for line, e in entries if _entry_id(line, e) not in previous]

    oracle_timeout = args.oracle_timeout or args.budget or None
    if args.compare_oracle and kind.oracle is None:
        print(f"deduce: note: kind {kind.name!r} has no oracle yet: "
              f"--compare-oracle is skipped", file=sys.stderr)
    check_budget = None
    if args.check:
        check_budget = args.check_budget if args.check_budget is not None else args.budget
    hard = args.timeout
    if hard is None and args.budget and (check_budget is None or check_budget):
        hard = (2 * args.budget + 20 + ((oracle_timeout or 0) if args.compare_oracle else 0)
                + (check_budget or 0))
    hard = hard or None

    # results in collection order (for the CSV); bad lines are results at once
    order = {_entry_id(line, e): k for k, (line, e) in enumerate(entries)}
    results: list[dict] = list(resumed)
    tasks: list[tuple[int, tuple]] = []
    immediate: list[dict] = []
    ids: list[str] = []
    at_line: list[int] = []
    for line, e in todo:
        rid = _entry_id(line, e)
        ids.append(rid)
        at_line.append(line)
        if isinstance(e, InputError):
            immediate.append({"id": rid, "verdict": "error", "reason": str(e)})
        else:
            tasks.append((len(ids) - 1, (kind.name, e, args.depth, args.budget,
                                         bool(args.compare_oracle), oracle_timeout,
                                         check_budget)))

    sink = None
    if out_path is not None:
        try:
            sink = out_path.open("a" if args.resume else "w", encoding="utf-8")
            if tail is not None:  # (so the file stays JSONL)
                keep, newline = tail
                sink.truncate(keep)
                if newline:
                    sink.write("\n")
        except OSError as e:
            raise InputError(f"{out_path}: cannot write: {e.strerror or e}") from None

    jobs = args.jobs or os.cpu_count() or 1
    jobs = min(jobs, max(1, len(tasks)))
    pool = _Pool(jobs, hard) if jobs > 1 else None
    stream = pool.run(tasks) if pool else _in_process(tasks, hard)

    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                               TimeElapsedColumn, TimeRemainingColumn)
    err = Console(stderr=True)
    progress = Progress(TextColumn("[bold]{task.description}"), BarColumn(),
                        MofNCompleteColumn(), TextColumn("solved {task.fields[solved]}"),
                        TextColumn("{task.fields[rate]}"), TimeElapsedColumn(),
                        TextColumn("ETA"), TimeRemainingColumn(),
                        console=err, disable=args.plain or not err.is_terminal,
                        transient=False)
    solved_now = sum(1 for r in resumed if r.get("verdict") == "solved")
    interrupted = False
    run_start = time.perf_counter()

    def record(result: dict) -> None:
        nonlocal solved_now
        results.append(result)
        if sink is not None:
            try:
                sink.write(json.dumps(result, ensure_ascii=False) + "\n")
                sink.flush()
            except OSError as e:  # (the disk filled up, the device refuses)
                raise InputError(f"{out_path}: cannot write: {e.strerror or e} "
                                 f"({len(results) - 1} results were written before)") from None
        solved_now += result.get("verdict") == "solved"
        done = len(results) - len(resumed)
        speed = done / max(1e-9, time.perf_counter() - run_start)
        progress.update(bar, advance=1, solved=solved_now, rate=f"{speed:.2f}/s")

    # the first SIGINT stops the run; later ones (``timeout -s INT`` signals the
    # process and then its group, an impatient second Ctrl-C) must not cut short
    # the CSV and the summary of what finished, which take a moment
    interrupts = 0

    def on_interrupt(signum, frame) -> None:
        nonlocal interrupts
        interrupts += 1
        if interrupts == 1:
            raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGINT, on_interrupt)
    except ValueError:  # (not the main thread: leave Ctrl-C alone)
        previous = None
    try:
        try:
            with progress:
                bar = progress.add_task("rating", total=len(entries), completed=len(resumed),
                                        solved=solved_now, rate="")
                for result in immediate:
                    record(result)
                for index, result in stream:
                    # (before the id is filled in: a record without one is "the record")
                    _locate(result, args.collection, at_line[index])
                    if not result.get("id"):
                        result["id"] = ids[index]
                    record(result)
        except KeyboardInterrupt:
            interrupted = True
        finally:
            if pool is not None:
                pool.close()
            if sink is not None:
                try:
                    sink.close()
                except OSError:
                    pass  # (what failed to be written was said above)

        results.sort(key=lambda r: order.get(r.get("id"), len(order)))
        csv_failed = False
        if args.csv:
            try:
                with open(args.csv, "w", newline="", encoding="utf-8") as f:
                    writer = csv.DictWriter(f, fieldnames=FIELDS)
                    writer.writeheader()
                    writer.writerows(_csv_row(r) for r in results)
            except OSError as e:
                print(f"deduce: error: {args.csv}: cannot write: {e.strerror or e}", file=sys.stderr)
                csv_failed = True

        summary = summarize(results, time.perf_counter() - start)
        summary["resumed"] = len(resumed)
        if interrupted:
            summary["interrupted"] = True
        if args.format == "json":
            print(json.dumps(summary))
        else:
            title = f"deduce batch {args.collection}"
            if resumed:
                title += f" ({len(resumed)} results resumed from {out_path})"
            if interrupted:
                title += f" - INTERRUPTED after {len(results)} of {len(entries)}"
            console.print(summary_table(summary, title))
        if interrupted:
            print("deduce: interrupted", file=sys.stderr)
            return 130
        return 2 if csv_failed else exit_code(summary)
    finally:
        # after an interrupt the command is ending: later ones stay swallowed
        # (one landing after run() returned would kill it with a signal, not 130)
        if previous is not None and not interrupts:
            signal.signal(signal.SIGINT, previous)


def add_parser(sub, common) -> None:
    b = sub.add_parser("batch", help="rate every puzzle of a JSONL collection (in parallel)",
                       description="Rate every puzzle of a JSONL collection: verdict, grade, "
                                   "time, wrong cells, in parallel worker processes.")
    b.add_argument("collection", metavar="COLLECTION.jsonl", help="one JSON record per line")
    from deduce.cli import (KIND_HELP, counting, file_name, hypothesis_depth, positive_seconds,
                            seconds)
    b.add_argument("--kind", help=KIND_HELP)
    b.add_argument("--jobs", type=counting, default=None, metavar="N",
                   help="worker processes (default: the number of CPUs; 1 = in this process)")
    b.add_argument("--depth", type=hypothesis_depth, default=3, metavar="D",
                   help="deepest hypothesis nesting (default 3)")
    b.add_argument("--budget", type=seconds, default=10.0, metavar="SECONDS",
                   help="solver seconds per puzzle before it is stuck (default 10; 0 = none)")
    b.add_argument("--timeout", type=positive_seconds, default=None, metavar="SECONDS",
                   help="hard seconds per puzzle, after which its worker is stopped "
                        "(default 2*budget+20, plus the oracle timeout and the --check budget; "
                        "none without a budget)")
    b.add_argument("--out", type=file_name, metavar="RESULTS.jsonl",
                   help="write one JSON line per puzzle as it finishes")
    b.add_argument("--csv", type=file_name, metavar="RESULTS.csv", help="also write the results as CSV")
    b.add_argument("--resume", action="store_true",
                   help="skip ids already in --out and append to it")
    b.add_argument("--limit", type=counting, default=None, metavar="N", help="only the first N records")
    b.add_argument("--ids", metavar="A,B,C", help="only these record ids (comma-separated)")
    b.add_argument("--check", action="store_true",
                   help="also settle uniqueness as `deduce check` does: solved by the "
                        "techniques means unique; a stuck puzzle is searched completely "
                        "from where they stopped (unique, multiple, none, or unknown)")
    b.add_argument("--check-budget", type=seconds, default=None, metavar="SECONDS",
                   help="search seconds per stuck puzzle with --check (default: --budget; "
                        "0 = none)")
    b.add_argument("--compare-oracle", action="store_true",
                   help="also time the kind's independent solver and count solutions")
    b.add_argument("--oracle-timeout", type=positive_seconds, default=None, metavar="SECONDS",
                   help="seconds per puzzle for the oracle (default: --budget)")
    b.add_argument("--format", choices=("text", "json"), default="text",
                   help="the summary as a table or one JSON object")
    b.add_argument("--plain", action="store_true", help="no colour, no progress bar")
    b.set_defaults(run=run)
