"""Bad-input sweep: random and mutated inputs through the real CLI, counting tracebacks.

    python benchmarks/fuzz_inputs.py --count 20000

Every input must either be read (exit 0, 1 or 3) or rejected with exactly one
error line and exit 2. Any other exception is a traceback and is reported.
Grids go up to 100x100; solving runs at depth 0 with a short budget so
nothing can hang.
"""
from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import string
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from deduce.cli import main as cli  # noqa: E402

TOKENS = [".", "-", "?", "#", "+", "*", "1", "2", "3", "5", "9", "12", "0", "x", "-1", "1.5",
          "999999", "", " ", "\t"]


def text_grid(rng: random.Random) -> str:
    rows, cols = rng.randint(0, 100), rng.randint(0, 100)
    if rng.random() < 0.7:
        rows, cols = rng.randint(1, 12), rng.randint(1, 12)
    lines = []
    for _ in range(rows):
        width = cols if rng.random() < 0.9 else rng.randint(0, cols + 2)
        lines.append(" ".join(rng.choice(TOKENS[:10]) if rng.random() < 0.97 else rng.choice(TOKENS)
                              for _ in range(width)))
    return "\n".join(lines) + ("\n" if rng.random() < 0.8 else "")


def janko_file(rng: random.Random) -> str:
    size = rng.randint(0, 12)
    grid = text_grid(rng).replace(".", "-")
    parts = ["[setup]", f"puzzle {rng.choice(['nurikabe', 'sudoku', ''])}", f"size {size}",
             "[problem]", grid, "[solution]" if rng.random() < 0.3 else "", "[end]"]
    if rng.random() < 0.2:
        rng.shuffle(parts)
    return "\n".join(parts)


def url(rng: random.Random) -> str:
    w, h = rng.choice(["10", "5", "0", "x", "-3", "100", ""]), rng.choice(["10", "7", "0", "a", "100"])
    body = "".join(rng.choice(string.ascii_letters + string.digits + ".-+=%*$/") for _ in
                   range(rng.randint(0, 60)))
    host = rng.choice(["https://puzz.link/p?", "http://pzv.jp/p.html?", "https://example.com/?", ""])
    kind = rng.choice(["nurikabe", "nurikabe", "sudoku", ""])
    return f"{host}{kind}/{w}/{h}/{body}"


def jsonl(rng: random.Random) -> str:
    grid = text_grid(rng).splitlines()
    rec = {"id": "x", "rows": len(grid), "cols": len(grid[0].split()) if grid else 0, "grid": grid}
    if rng.random() < 0.3:
        rec.pop(rng.choice(list(rec)))
    import json
    line = json.dumps(rec)
    if rng.random() < 0.2:
        cut = rng.randint(0, len(line))
        line = line[:cut]
    return line + "\n"


def noise(rng: random.Random) -> bytes:
    return bytes(rng.randrange(256) for _ in range(rng.randint(0, 400)))


def one(rng: random.Random, folder: str) -> list[str]:
    kind = rng.choice(["text", "text", "janko", "url", "jsonl", "noise"])
    if kind == "url":
        return ["solve", url(rng), "--depth", "0", "--budget", "2", "--plain"]
    path = os.path.join(folder, {"jsonl": "p.jsonl"}.get(kind, "p.txt"))
    data = {"text": text_grid, "janko": janko_file, "jsonl": jsonl}.get(kind)
    with open(path, "wb") as f:
        f.write(noise(rng) if data is None else data(rng).encode())
    return ["solve", path, "--depth", "0", "--budget", "2", "--plain"]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    ap.add_argument("--count", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=3)
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    codes: dict[int, int] = {}
    tracebacks = []
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        for k in range(args.count):
            argv_k = one(rng, folder)
            err = io.StringIO()
            try:
                with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
                    code = cli(argv_k)
            except SystemExit as e:  # argparse usage errors
                code = e.code if isinstance(e.code, int) else 2
            except Exception as e:  # noqa: BLE001 - this is what the sweep looks for
                tracebacks.append((k, argv_k[1], repr(e)))
                continue
            codes[code] = codes.get(code, 0) + 1
            if code == 2 and len(err.getvalue().strip().splitlines()) != 1:
                tracebacks.append((k, argv_k[1], "exit 2 without exactly one error line"))
            if code not in (0, 1, 2, 3):
                tracebacks.append((k, argv_k[1], f"exit code {code}"))
    print(f"inputs tried: {args.count}  tracebacks/bad exits: {len(tracebacks)}  "
          f"exit codes: {dict(sorted(codes.items()))}  time: {time.perf_counter() - start:.0f} s")
    for t in tracebacks[:10]:
        print("PROBLEM", t)
    return 1 if tracebacks else 0


if __name__ == "__main__":
    sys.exit(main())
