"""IllusionBench+ scoring costs: the strict parser on long replies, circular expansion, whole `eval score`.

    python benchmarks/illusionbench_scoring.py BUILD   # BUILD: a paper build's illusionbench-plus folder

Prints, on this machine (2 shared cores: compare ratios, not milliseconds across runs):
- the strict readers' time on replies of 1 kB to 10 MB of prose with option labels and verdicts
  sprinkled through (linear in the length: every rule is a forward scan);
- `circular_docs` (the circular tasks' process_docs) on the `drawn` test split, images undecoded;
- `python -m eval score` end to end (start-up included) on a circular run's replies to every row.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from eval.data import load_rows
from eval.scoring.illusionbench.circular import expand
from eval.scoring.illusionbench.strict import read_option, read_true_false


def parser_times() -> None:
    chunk = "The upper line looks longer, not ii, and iv. is tempting; it is not true that they differ. "
    print("| reply | read_option ms | read_true_false ms |\n|---|---|---|")
    for size in (1_000, 100_000, 1_000_000, 10_000_000):
        reply = (chunk * (size // len(chunk) + 1))[:size] + " Answer: iii. The statement is false."
        timings = []
        for read in (read_option, read_true_false):
            started = time.perf_counter()
            read(reply)
            timings.append((time.perf_counter() - started) * 1000)
        print(f"| {size:,} chars | {timings[0]:.1f} | {timings[1]:.1f} |")


def circular_expansion(build: Path) -> None:
    from datasets import load_dataset

    from eval.tasks.illusionbench import utils

    with tempfile.TemporaryDirectory() as cache:
        dataset = load_dataset(str(build), "drawn", split="test", cache_dir=cache)
        started = time.perf_counter()
        expanded = utils.circular_docs(dataset)
        took = time.perf_counter() - started
    print(f"circular_docs: {len(dataset)} rows -> {len(expanded)} requests in {took:.2f} s")


def eval_score(build: Path) -> None:
    rows = load_rows(build, "drawn", "test")
    with tempfile.TemporaryDirectory() as folder:
        predictions = Path(folder) / "replies.jsonl"
        lines = [json.dumps({"id": r["id"], "response": r["answer"]}) for row in rows for r in expand(row)]
        predictions.write_text("\n".join(lines) + "\n")
        command = [sys.executable, "-m", "eval", "score", "illusionbench", "--data", str(build)]
        command += [
            "--config",
            "drawn",
            "--predictions",
            str(predictions),
            "--out",
            str(Path(folder) / "s.json"),
        ]
        started = time.perf_counter()
        subprocess.run(command, check=True)
        took = time.perf_counter() - started
    print(
        f"eval score, circular run: {len(lines)} replies to {len(rows)} rows in {took:.2f} s (whole process)"
    )


if __name__ == "__main__":
    parser_times()
    circular_expansion(Path(sys.argv[1]))
    eval_score(Path(sys.argv[1]))
