import signal, subprocess, sys, time
from pathlib import Path
import pytest
from puzzles.asp import shaded_grids

HARD = """p(1..13). h(1..12). 1 { in(P, H) : h(H) } 1 :- p(P).
:- in(P, H), in(Q, H), P < Q. #show black(R, C) : in(R, C)."""

class Stop(Exception):
    pass

# grounds to 25 million atoms: seconds of C code and GBs that hold the process
HUGE = "p(1..5000). r(X, Y) :- p(X), p(Y). #show black(X, Y) : r(X, Y)."


@pytest.mark.parametrize("program, apart", [(HARD, False), (HUGE, True)],
                         ids=["searching", "grounding-apart"])
def test_a_signal_stops_clingo_promptly(program, apart):
    """An alarm (batch's hard timeout) or Ctrl-C gets through while clingo
    searches in this process, and while it grounds in its child process."""
    def stop(*_):
        raise Stop
    old = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, 0.3)
    start = time.perf_counter()
    try:
        with pytest.raises(Stop):
            shaded_grids(program, "", 13, 13, apart=apart)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    assert time.perf_counter() - start < 1.5



def test_a_timeout_stops_clingo_while_it_grounds():
    from deduce.errors import BudgetExceeded
    start = time.perf_counter()
    with pytest.raises(BudgetExceeded, match="did not finish within 0.5 s"):
        shaded_grids(HUGE, "", 1, 1, timeout=0.5)
    assert time.perf_counter() - start < 1.5


def test_clingo_out_of_memory_is_a_budget_not_a_crash(monkeypatch):
    import puzzles.asp
    from deduce.errors import BudgetExceeded
    monkeypatch.setattr(puzzles.asp, "MEMORY", 200 << 20)
    with pytest.raises(BudgetExceeded, match="clingo needed more than 200 MB of memory"):
        shaded_grids(HUGE, "", 1, 1, timeout=30)


def test_apart_and_in_process_agree():
    from puzzles.nurikabe import KIND
    from puzzles.nurikabe.asp import PROGRAM, facts
    p = KIND.load(str(Path(__file__).parents[1] / "puzzles" / "examples" / "nurikabe-7x7-hard.txt"))
    here = shaded_grids(PROGRAM, facts(p), p.rows, p.cols, 2)
    assert shaded_grids(PROGRAM, lambda: facts(p), p.rows, p.cols, 2, timeout=30) == here
    assert len(here) == 1


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_clingo_child_ends_with_its_parent():
    """Killing deduce (SIGKILL, the OOM killer, batch retiring a worker) left
    clingo's child grounding on its own, up to 4 GB (bug hunt 15)."""
    code = ("from puzzles.asp import shaded_grids; from tests.test_asp_signals import HUGE; "
            "shaded_grids(HUGE, '', 1, 1, timeout=60)")
    parent = subprocess.Popen([sys.executable, "-c", code], cwd=Path(__file__).parents[1])
    try:
        deadline = time.monotonic() + 20
        while not _children(parent.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        (child,) = _children(parent.pid)
        assert _running(child)
    finally:
        parent.kill()
        parent.wait()
    deadline = time.monotonic() + 3
    while _running(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _running(child)


def test_the_oracle_runs_apart_without_a_budget(monkeypatch):
    """`check --verify --budget 0` (no timeout) ran clingo in this process:
    Ctrl-C waited for the grounding to end, and no memory cap held."""
    import puzzles.nurikabe.asp as asp
    from deduce.check import check, verify
    from puzzles.nurikabe import KIND
    given = []
    real = asp.shaded_grids

    def spy(*args):
        given.append(args[-1])
        return real(*args)
    monkeypatch.setattr(asp, "shaded_grids", spy)
    p = KIND.load(str(Path(__file__).parents[1] / "puzzles" / "examples" / "nurikabe-7x7-hard.txt"))
    assert "agrees" in verify(KIND, p, check(KIND, p, budget=20), None)
    assert given == [float("inf")]
