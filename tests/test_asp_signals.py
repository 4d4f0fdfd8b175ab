import signal, time
import pytest
from puzzles.asp import shaded_grids

HARD = """p(1..13). h(1..12). 1 { in(P, H) : h(H) } 1 :- p(P).
:- in(P, H), in(Q, H), P < Q. #show black(R, C) : in(R, C)."""

class Stop(Exception):
    pass

def test_a_signal_stops_clingo_promptly():
    def stop(*_):
        raise Stop
    old = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, 0.3)
    start = time.perf_counter()
    try:
        with pytest.raises(Stop):
            shaded_grids(HARD, "", 13, 13)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    assert time.perf_counter() - start < 2
