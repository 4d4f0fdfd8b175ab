"""Running an ASP oracle with clingo: up to N answer sets, within a time budget.

Each puzzle's oracle states its rules as an ASP program whose only shown atoms
are ``black(R, C)``; this module grounds it with the puzzle's facts and turns
answer sets into grids of ``#``/``.``.
"""
from __future__ import annotations

import ctypes
import math
import multiprocessing
import os
import resource
import signal
import time
from typing import Callable

import clingo

from deduce.errors import BudgetExceeded

WAIT_SLICE = 0.05  # seconds between looks at the clock and at pending signals


def shaded_grids(program: str, facts: str | Callable[[], str], rows: int, cols: int,
                 limit: int = 2, timeout: float | None = None,
                 apart: bool | None = None) -> list[list[str]]:
    """Up to ``limit`` answer sets as rows of ``#`` (shown ``black(R, C)``) and ``.``.

    ``facts``: the puzzle's facts, or a function that writes them (then the
    time it takes counts against the timeout too: 18 MB of candidates for a
    70x70 grid of ``?`` clues take seconds).

    Raises :class:`BudgetExceeded` when ``timeout`` seconds (grounding and
    search together) pass before clingo has found ``limit`` answers or shown
    there are no more, or when it needs more than ``MEMORY`` bytes.

    ``apart`` (the default when there is a timeout): clingo runs in a child
    process. Grounding is C code that holds this process until it is done --
    no deadline, Ctrl-C or alarm gets through, and a program that grounds to
    billions of rules (a 70x70 grid of ``?`` clues) would take minutes and
    tens of GB. A child can be stopped at the deadline or on Ctrl-C, and has
    its memory capped.
    """
    if limit < 1:
        return []
    if apart is None:
        apart = timeout is not None
    if not apart:
        return _shaded_grids(program, facts, rows, cols, limit, timeout)
    deadline = None if timeout is None else time.monotonic() + timeout
    # A plain fork, not a multiprocessing.Process: batch's workers are daemonic
    # processes, which multiprocessing forbids to have children.
    receive, send = multiprocessing.Pipe(duplex=False)
    parent = os.getpid()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        code = 1
        try:
            receive.close()
            _stay_tied(parent, timeout)
            _child(send, program, facts, rows, cols, limit)
            code = 0
        finally:
            os._exit(code)
    send.close()
    reaped = None
    try:
        # (signal handlers run between the polls; a child gone without a word
        # leaves the pipe closed, and recv() then says so)
        while not receive.poll(WAIT_SLICE):
            if deadline is not None and time.monotonic() > deadline:
                raise BudgetExceeded(f"clingo did not finish within {timeout:g} s")
        try:
            what, answer = receive.recv()
        except EOFError:
            reaped = os.waitpid(pid, 0)[1]
            raise RuntimeError(f"clingo stopped without an answer (exit code "
                               f"{os.waitstatus_to_exitcode(reaped)})") from None
    finally:
        if reaped is None:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            os.waitpid(pid, 0)
        receive.close()
    if what == "memory":
        raise BudgetExceeded(f"clingo needed more than {_amount(MEMORY)} of memory")
    if what == "error":
        raise RuntimeError(answer)
    return answer


MEMORY = 4 << 30  # bytes of memory clingo may take in its child process
CPU_SLACK = 5  # CPU seconds past its timeout after which the child stops by itself
PR_SET_PDEATHSIG = 1


def _stay_tied(parent: int, timeout: float | None) -> None:
    """Make the clingo child end with its parent: Ctrl-C is the parent's to
    act on (it kills the child), the child is killed when the parent dies
    (Linux), and it stops by itself after its timeout's worth of CPU time
    plus ``CPU_SLACK`` (elsewhere too)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        pass  # (not Linux: the CPU limit below still holds)
    if os.getppid() != parent:  # the parent died before the line above
        os._exit(1)
    if timeout is not None and math.isfinite(timeout):
        try:
            seconds = math.ceil(timeout) + CPU_SLACK
            resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds + 1))
        except (OSError, ValueError):
            pass


def _child(send, program: str, facts: str | Callable[[], str], rows: int, cols: int,
           limit: int) -> None:
    """Run clingo and send ("grids", answer), ("memory", "") or ("error", text)."""
    try:
        with open("/proc/self/statm") as f:
            now = int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        resource.setrlimit(resource.RLIMIT_AS, (now + MEMORY, resource.RLIM_INFINITY))
    except (OSError, ValueError):
        pass  # (no /proc, or the limit cannot be set: run uncapped)
    try:
        send.send(("grids", _shaded_grids(program, facts, rows, cols, limit, None)))
    except MemoryError:
        send.send(("memory", ""))
    except RuntimeError as e:  # clingo reports std::bad_alloc as a RuntimeError
        send.send(("memory", "") if "bad_alloc" in str(e) else ("error", f"clingo: {e}"))
    except Exception as e:  # (said by the parent, one line, as an oracle failure)
        send.send(("error", f"{type(e).__name__}: {e}"))
    finally:
        send.close()


def _amount(size: int) -> str:
    return f"{size / (1 << 30):g} GB" if size >= 1 << 30 else f"{size >> 20} MB"


def _shaded_grids(program: str, facts: str | Callable[[], str], rows: int, cols: int,
                  limit: int, timeout: float | None) -> list[list[str]]:
    """``shaded_grids`` in this process."""
    deadline = None if timeout is None else time.monotonic() + timeout
    if callable(facts):
        facts = facts()
    ctl = clingo.Control([f"--models={limit}", "--warn=none"])
    ctl.add("base", [], program)
    ctl.add("base", [], facts)
    ctl.ground([("base", [])])
    found: list[list[str]] = []

    def on_model(model: clingo.Model) -> None:
        grid = [["."] * cols for _ in range(rows)]
        for sym in model.symbols(shown=True):
            r, c = (a.number for a in sym.arguments)
            grid[r][c] = "#"
        found.append(["".join(row) for row in grid])

    if deadline is not None and deadline - time.monotonic() <= 0:
        raise BudgetExceeded(f"clingo did not finish within {timeout:g} s (grounding)")
    # clingo searches in its own thread; this one waits in short slices, so
    # that Python's signal handlers (Ctrl-C, batch's hard timeout alarm) run
    # in between and their exceptions stop the search
    with ctl.solve(on_model=on_model, async_=True) as handle:
        try:
            while not handle.wait(WAIT_SLICE):
                if deadline is not None and time.monotonic() > deadline:
                    raise BudgetExceeded(f"clingo did not finish within {timeout:g} s")
            handle.get()
        finally:
            handle.cancel()
    return found
