"""What the intervals cost: `python -m eval score` on each family's paper build, with and without them.

For each family a predictions file answers every row of the paper build (right, wrong or unparsed
by a hash of the row id, so no rate is 0 or 1), and `python -m eval score` runs as a fresh process,
timed from the outside (start-up included), with `--bootstrap 0` and with N resamples (default
1000, the command's default), `--repeat` times each; the table gives the fastest of each and the
difference, wall and CPU, and the peak memory of the process. Run (paper builds in build/paper):

    .venv/bin/python benchmarks/bootstrap_speed.py [--data build/paper] [--resamples 1000] [--repeat 3]

Not a test: numbers depend on the machine; quote them, do not assert them.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from process_tree import timed  # noqa: E402

from eval.data import load_rows  # noqa: E402
from tests.test_intervals import FAMILIES, reply  # noqa: E402


def measure(
    family: str, data: Path, replies: Path, resamples: int, repeat: int
) -> tuple[float, float, float]:
    """The fastest (wall s, CPU s) and the largest peak MiB of `repeat` runs of `eval score`."""
    folder, config, split = FAMILIES[family]
    runs = []
    with tempfile.TemporaryDirectory() as out:
        command = [sys.executable, "-m", "eval", "score", family, "--data", str(data / folder)]
        command += ["--config", config, "--split", split, "--predictions", str(replies)]
        command += ["--bootstrap", str(resamples), "--out", str(Path(out) / "score.json")]
        for _ in range(repeat):
            runs.append(timed(command, ROOT))
    return min(r[0] for r in runs), min(r[1] for r in runs), max(r[2] for r in runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=ROOT / "build" / "paper", help="folder of paper builds")
    parser.add_argument("--resamples", type=int, default=1000, help="resamples per interval (default 1000)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per setting; the fastest counts")
    parser.add_argument("--family", action="append", choices=sorted(FAMILIES), help="default: every family")
    args = parser.parse_args()
    columns = ("family", "rows", "clusters", "without intervals (wall, CPU)", "with", "added (wall, CPU)")
    print("| " + " | ".join((*columns, "peak MiB without / with")) + " |")
    print("|---|---|---|---|---|---|---|")
    for family in args.family or list(FAMILIES):
        folder, config, split = FAMILIES[family]
        rows = load_rows(args.data / folder, config, split)
        with tempfile.TemporaryDirectory() as scratch:
            replies = Path(scratch) / "replies.jsonl"
            lines = (json.dumps({"id": row["id"], "response": reply(family, row, "see")}) for row in rows)
            replies.write_text("\n".join(lines) + "\n")
            off = measure(family, args.data, replies, 0, args.repeat)
            on = measure(family, args.data, replies, args.resamples, args.repeat)
            with tempfile.TemporaryDirectory() as out:
                from eval.cli import main as eval_cli

                argv = [
                    "score",
                    family,
                    "--data",
                    str(args.data / folder),
                    "--config",
                    config,
                    "--split",
                    split,
                ]
                target = Path(out) / "score.json"
                eval_cli([*argv, "--predictions", str(replies), "--bootstrap", "0", "--out", str(target)])
                clusters = json.loads(target.read_text())["bootstrap"]["clusters"]
        print(
            f"| `{family}` | {len(rows):,} | {clusters:,} | {off[0]:.1f} s, {off[1]:.1f} s | "
            f"{on[0]:.1f} s, {on[1]:.1f} s | {on[0] - off[0]:+.1f} s, {on[1] - off[1]:+.1f} s "
            f"| {off[2]:.0f} / {on[2]:.0f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
