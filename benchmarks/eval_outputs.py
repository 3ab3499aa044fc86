"""Every output of `python -m eval` on fixed inputs, as digests: a refactor of `eval/` must keep them all.

On lite builds of every family (`build all --preset lite`, made here unless `--builds DIR` holds
them) the script writes deterministic predictions (policies `truth`, `bias` and `mixed`, a pool
of right, wrong and malformed replies picked per row by a hash of its id) and runs, each in a fresh
`python -m eval` process:

- `score` for every family, split and option the command line offers (VLMBias `--parser`,
  IllusionBench+ `--parser`, `--grader judge` with `--judge-*` and `--step-by-step` against a
  deterministic judge on 127.0.0.1, AIpsych `--scorer`, `--res-k`, `--res-w`), with and without
  `--blind`;
- `compare` of two scores per family;
- `write-tasks --check`, and the packaged task files; `tasks` (the local overlay) per family;
- `export vlmevalkit` of one split per family;
- `report` of every family's scores and of a synthetic lmms-eval `--output_path` folder (samples
  logs holding what our tasks' `process_results` log, `_noimage` twins and tasks that are not
  ours included);
- the inspect_ai samples and generation settings of each family's task file (`eval/inspect/`).

It prints one SHA-256 per output (the output folder, the checkout's `eval/` path and the judge's
URL, which holds a port, are replaced first), and with `--record FILE` writes them, with `--check
FILE` compares them: run `--record` on the commit before a refactor and `--check` after it. Outputs
stay in `--out` for `diff -r`. `benchmarks/eval_outputs.json` holds the digests of commit a81952c
(before issue 37's eval contract), recorded twice with the same result, on lite builds made by
that commit.

    .venv/bin/python benchmarks/eval_outputs.py --out /tmp/outputs [--builds DIR] [--record F | --check F]

Not a test (it takes a minute or two and its digests move with every intended change of an output).
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable
RESAMPLES = "200"
#: Family -> (build folder, the config scored, the splits scored).
SPLITS = {
    "vlmbias": ("vlmbias", "all", ("main", "identification", "withtitle", "original")),
    "viprobe": ("vi-probe", "all", ("test",)),
    "visage": ("visage", "drawn", ("test", "recognition")),
    "illusionbench": ("illusionbench-plus", "drawn", ("test", "descriptions")),
    "aipsych": ("aipsych", "synthetic", ("test",)),
}
POLICIES = ("truth", "bias", "mixed")
#: Replies any family may get from a careless model: empty, hedged, cut off, another format, very long.
JUNK = (
    "",
    "I cannot tell.",
    "<think>It is {5}.</think> maybe",
    "The answer is {3} or {4}.",
    "True",
    "ii",
    "Yes",
    "no",
    "<answer>1</answer>",
    "4 stripes, not 3",
    "I'm sorry, I can't help with that.",
    "Top left.",
    "x" * 40_000 + " {2}",
)


def pick(row_id: str, salt: str, choices: tuple[str, ...]) -> str:
    digest = hashlib.sha256(f"{salt}:{row_id}".encode()).digest()
    return choices[int.from_bytes(digest[:4], "big") % len(choices)]


def reply(family: str, row: dict[str, Any], policy: str, rotation: int = 0) -> str:
    """The reply of `policy` to one row (`rotation`: IllusionBench+'s circular rotations)."""
    truth, bias = _truth_and_bias(family, row, rotation)
    if policy == "truth":
        return truth
    if policy == "bias":
        return bias
    return pick(f"{row['id']}#{rotation}", family, (truth, bias, *JUNK))


def _truth_and_bias(family: str, row: dict[str, Any], rotation: int) -> tuple[str, str]:
    if family == "vlmbias":
        return f"I count {{{row['ground_truth']}}}.", f"{{{row['expected_bias'] or 0}}}"
    if family == "viprobe":
        label = int(row["label"])
        return f"<reasons>x</reasons><answer>{label}</answer>", f"<answer>{1 - label}</answer>"
    if family == "visage":
        if row["label"] is None:
            return f"It is a {row['answers'][0]}.", "A small statue."
        said = ("No.", "Yes, it does.")
        return said[int(row["label"])], said[1 - int(row["label"])]
    if family == "illusionbench":
        if row["question_type"] in (2, 3):
            return f"Description: {row['answer'][:60]}", "A picture of shapes."
        if row["question_type"] == 0:
            flipped = "False" if row["answer"].strip().lower().startswith("t") else "True"
            return row["answer"], flipped
        labels = ("i", "ii", "iii", "iv")
        answer = row["answer"].strip()
        if answer in labels and rotation:
            answer = labels[(labels.index(answer) - rotation) % 4]
        return answer, "iii" if answer != "iii" else "i"
    # aipsych: by prompt, a reply that takes the bait or one that spots the trap
    taken = ("Top left.", "Top left. No.", "1. Top left 2. Yes", "Something else")
    spotted = (f"It is at the {row['true_position']}.", "No.", "No", "Elsewhere")
    index = int(row["prompt_idx"]) - 1
    return spotted[index], taken[index]


def write_predictions(path: Path, family: str, rows: list[dict[str, Any]], policy: str) -> Path:
    lines = []
    for row in rows:
        lines.append({"id": row["id"], "response": reply(family, row, policy)})
        options = row.get("options") or []
        if family == "illusionbench" and row["question_type"] == 1 and len(options) == 4:
            for k in (1, 2, 3):  # circular rotations for some questions
                if pick(row["id"], "rotate", ("yes", "no")) == "yes":
                    lines.append({"id": f"{row['id']}#r{k}", "response": reply(family, row, policy, k)})
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


class Judge(ThreadingHTTPServer):
    """An OpenAI-compatible judge whose vote is a hash of the prompt: deterministic, any order."""

    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _JudgeHandler)
        threading.Thread(target=self.serve_forever, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/v1"


class _JudgeHandler(BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        payload = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        prompt = payload["messages"][0]["content"]
        votes = ("0", "1", "2") if "Rate as follows" in prompt else ("0", "1", "1", "maybe")
        body = json.dumps(
            {
                "model": "judge-v1",
                "system_fingerprint": "fp-1",
                "choices": [{"message": {"role": "assistant", "content": pick(prompt, "judge", votes)}}],
            }
        ).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        pass


def run(args: list[str], out: Path | None = None) -> str:
    """`python -m eval ARGS` from the checkout; its exit code and output, stdout into `out` if given."""
    done = subprocess.run(
        [PYTHON, "-m", "eval", *args], cwd=ROOT, capture_output=True, text=True, env=_env(), check=False
    )
    text = f"exit {done.returncode}\n--- stdout\n{done.stdout}--- stderr\n{done.stderr}"
    if out is not None:
        out.write_text(text, encoding="utf-8")
    return text


def _env() -> dict[str, str]:
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1", "PYTHONHASHSEED": "0"}
    env.pop("ILLUSIONBENCH_JUDGE_API_KEY", None)
    return env


#: Text that differs between runs for no fault of the code: the output folder, the judge's address.
VOLATILE: dict[bytes, bytes] = {}


def neutral(data: bytes) -> bytes:
    for volatile, stand_in in VOLATILE.items():
        data = data.replace(volatile, stand_in)
    return data


def digest_tree(path: Path, keep: Callable[[Path], bool] = lambda path: True) -> str:
    """SHA-256 over every kept file's relative path and bytes, in sorted order."""
    hasher = hashlib.sha256()
    for file in sorted(p for p in path.rglob("*") if p.is_file() and keep(p)):
        hasher.update(file.relative_to(path).as_posix().encode() + b"\0" + neutral(file.read_bytes()) + b"\0")
    return hasher.hexdigest()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True, help="folder for every output (replaced)")
    parser.add_argument("--builds", type=Path, help="lite builds of every family (made here if absent)")
    parser.add_argument("--record", type=Path, help="write the digests to this JSON file")
    parser.add_argument("--check", type=Path, help="compare the digests with this JSON file")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    shutil.rmtree(args.out, ignore_errors=True)
    args.out.mkdir(parents=True)
    builds = args.builds or args.out / "builds"
    if not (builds / "vlmbias").is_dir():
        subprocess.run(
            [
                PYTHON,
                "-m",
                "builders",
                "build",
                "all",
                "--preset",
                "lite",
                "--out",
                str(builds),
                "--no-progress",
            ],
            cwd=ROOT,
            check=True,
        )
    digests = collect(args.out, builds)
    for name, value in sorted(digests.items()):
        print(f"{value}  {name}")
    if args.record:
        args.record.write_text(json.dumps(digests, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    if args.check:
        expected = json.loads(args.check.read_text(encoding="utf-8"))
        changed = sorted(k for k in expected.keys() | digests.keys() if expected.get(k) != digests.get(k))
        for name in changed:
            print(f"differs: {name}", file=sys.stderr)
        print(f"{len(digests) - len(changed)} of {len(digests)} outputs identical", file=sys.stderr)
        return 1 if changed else 0
    return 0


def collect(out: Path, builds: Path) -> dict[str, str]:
    from eval.data import load_rows

    predictions = out / "predictions"
    scores, logs = out / "scores", out / "logs"
    for folder in (predictions, scores, logs):
        folder.mkdir()
    judge = Judge()
    VOLATILE.update(
        {
            str(out).encode(): b"OUT",
            str(ROOT / "eval").encode(): b"ROOT/eval",
            judge.url.encode(): b"JUDGE_URL",
        }
    )
    jobs: list[tuple[str, list[str]]] = []
    rows_of: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for family, (folder, config, splits) in SPLITS.items():
        data = builds / folder
        for split in splits:
            rows = rows_of[(family, split)] = load_rows(data, config, split)
            for policy in POLICIES:
                write_predictions(predictions / f"{family}-{split}-{policy}.jsonl", family, rows, policy)
        for split in splits:
            for name, extra in score_runs(family, split, predictions, judge.url):
                base = ["score", family, "--data", str(data), "--config", config, "--split", split]
                jobs.append((f"{family}-{split}-{name}", [*base, "--bootstrap", RESAMPLES, *extra]))
    jobs.append(
        (
            "vlmbias-main-default-resamples",
            [
                *("score", "vlmbias", "--data", str(builds / "vlmbias"), "--config", "flags"),
                *("--split", "main", "--predictions", str(predictions / "vlmbias-main-mixed.jsonl")),
            ],
        )
    )
    with ThreadPoolExecutor(2) as pool:
        list(
            pool.map(lambda job: run([*job[1], "--out", str(scores / f"{job[0]}.json")], logs / job[0]), jobs)
        )
    judge.shutdown()
    digests = {f"score/{path.stem}": _sha(path) for path in sorted(scores.glob("*.json"))}
    digests.update({f"log/{path.name}": _sha(path) for path in sorted(logs.iterdir())})
    digests.update(compare_runs(out, scores))
    digests.update(task_outputs(out, builds))
    digests.update(export_outputs(out, builds))
    digests.update(report_outputs(out, builds, scores, rows_of))
    digests.update(inspect_outputs(builds))
    return digests


def score_runs(family: str, split: str, predictions: Path, judge_url: str) -> list[tuple[str, list[str]]]:
    """(name, extra arguments) of every score run of one family's split."""

    def given(policy: str, blind: str | None = None) -> list[str]:
        found = ["--predictions", str(predictions / f"{family}-{split}-{policy}.jsonl")]
        return (
            found
            if blind is None
            else [*found, "--blind", str(predictions / f"{family}-{split}-{blind}.jsonl")]
        )

    runs = [(policy, given(policy)) for policy in POLICIES]
    runs.append(("mixed-blind-bias", given("mixed", "bias")))
    if family == "vlmbias":
        for parser in ("strict", "lmms-eval"):
            runs.append((f"mixed-parser-{parser}", [*given("mixed"), "--parser", parser]))
            runs.append((f"mixed-blind-parser-{parser}", [*given("mixed", "truth"), "--parser", parser]))
    if family == "illusionbench":
        judge = [
            "--judge-url",
            judge_url,
            "--judge-model",
            "judge",
            "--judge-votes",
            "3",
            "--judge-timeout",
            "20",
        ]
        if split == "test":
            for parser in ("strict", "lmms-eval"):
                runs.append((f"mixed-parser-{parser}", [*given("mixed"), "--parser", parser]))
                runs.append((f"mixed-blind-parser-{parser}", [*given("mixed", "bias"), "--parser", parser]))
            runs.append(("mixed-grader-parser", [*given("mixed"), "--grader", "parser"]))
            runs.append(("mixed-grader-judge", [*given("mixed", "truth"), "--grader", "judge", *judge]))
            runs.append(("refused-judge-without-grader", [*given("mixed"), *judge]))
            runs.append(("refused-step-by-step-on-questions", [*given("mixed"), "--step-by-step", "x.jsonl"]))
        else:
            runs.append(("mixed-judge", [*given("mixed"), *judge]))
            step = ["--step-by-step", str(predictions / f"{family}-{split}-truth.jsonl")]
            runs.append(("mixed-judge-step-by-step", [*given("mixed"), *judge, *step]))
    if family == "aipsych":
        for scorer in ("v4", "v1", "strict"):
            runs.append((f"mixed-scorer-{scorer}", [*given("mixed"), "--scorer", scorer]))
            runs.append((f"mixed-blind-scorer-{scorer}", [*given("mixed", "truth"), "--scorer", scorer]))
        runs.append(("mixed-res", [*given("mixed"), "--res-k", "0.25", "--res-w", "0.75"]))
        runs.append(("refused-res-k", [*given("mixed"), "--res-k", "2"]))
    if family != "vlmbias":
        runs.append(
            (
                "refused-foreign-option",
                [*given("mixed"), "--parser", "strict"]
                if family != "illusionbench"
                else [*given("mixed"), "--scorer", "v4"],
            )
        )
    return runs


def compare_runs(out: Path, scores: Path) -> dict[str, str]:
    found = {}
    folder = out / "compare"
    folder.mkdir()
    for family, (_, _, splits) in SPLITS.items():
        a, b = scores / f"{family}-{splits[0]}-truth.json", scores / f"{family}-{splits[0]}-mixed.json"
        target = folder / f"{family}.json"
        log = run(["compare", str(a), str(b), "--bootstrap", RESAMPLES, "--out", str(target)])
        found[f"compare/{family}"] = _sha_text(target.read_text(encoding="utf-8") if target.exists() else log)
    return found


def task_outputs(out: Path, builds: Path) -> dict[str, str]:
    found = {"tasks/write-tasks-check": _sha_text(run(["write-tasks", "--check"]))}
    found["tasks/packaged"] = digest_tree(
        ROOT / "eval" / "tasks", lambda p: p.suffix == ".yaml" or p.name.endswith("_yaml")
    )
    for family, (folder, _, _) in SPLITS.items():
        target = out / "overlays"
        log = run(["tasks", family, "--data", str(builds / folder), "--out", str(target)])
        found[f"tasks/overlay/{family}"] = _sha_text(log + digest_tree(target / family))
    found["tasks/overlay/hub"] = _sha_text(
        run(["tasks", "visage", "--data", "org/visage", "--out", str(out / "hub")])
    )
    return found


def export_outputs(out: Path, builds: Path) -> dict[str, str]:
    found = {}
    folder = out / "exports"
    folder.mkdir()
    for family, (build, config, splits) in SPLITS.items():
        for split in splits:
            target = folder / f"{family}-{split}.tsv"
            log = run(
                [
                    "export",
                    "vlmevalkit",
                    "--data",
                    str(builds / build),
                    "--config",
                    config,
                    "--split",
                    split,
                    "--out",
                    str(target),
                ]
            )
            found[f"export/{family}-{split}"] = _sha_text(
                log + (target.read_text(encoding="utf-8") if target.exists() else "")
            )
    return found


#: Tasks of the synthetic lmms-eval folder: (task, family, split, the utils function that logs).
LMMS_TASKS = (
    ("vlmbias_flags_main", "vlmbias", "main", "process_results", "flags"),
    ("vlmbias_flags_main_noimage", "vlmbias", "main", "process_results", "flags"),
    ("vlmbias_game_boards_main", "vlmbias", "main", "process_results", "game_boards"),
    ("vlmbias_flags_main_debiased", "vlmbias", "main", "process_results", "flags"),
    ("vlmbias_flags_identification", "vlmbias", "identification", "process_results", "flags"),
    ("viprobe_ponzo", "viprobe", "test", "process_results", "ponzo"),
    ("viprobe_size", "viprobe", "test", "process_results", "size"),
    ("viprobe_ponzo_instructed", "viprobe", "test", "process_instructed_results", "ponzo"),
    ("viprobe_ponzo_noimage", "viprobe", "test", "process_results", "ponzo"),
    ("visage_drawn", "visage", "test", "process_results", "drawn"),
    ("visage_drawn_noimage", "visage", "test", "process_results", "drawn"),
    ("visage_drawn_recognition", "visage", "recognition", "process_recognition_results", "drawn"),
    ("illusionbench_plus_drawn_classic", "illusionbench", "test", "process_results", "drawn_classic"),
    ("illusionbench_plus_drawn_trap", "illusionbench", "test", "process_results", "drawn_trap"),
    ("illusionbench_plus_drawn_trap_lmms_prompt", "illusionbench", "test", "process_results", "drawn_trap"),
    ("illusionbench_plus_drawn_circular", "illusionbench", "test", "process_circular", "drawn"),
    (
        "illusionbench_plus_drawn_descriptions",
        "illusionbench",
        "descriptions",
        "process_description",
        "drawn",
    ),
    ("aipsych_synthetic", "aipsych", "test", "process_results", "synthetic"),
    ("aipsych_synthetic_noimage", "aipsych", "test", "process_results", "synthetic"),
)


def lmms_output_folder(out: Path, builds: Path) -> Path:
    """An lmms-eval `--output_path` folder whose samples logs hold what our tasks log."""
    from eval.data import load_rows
    from eval.scoring.illusionbench.circular import expand

    model = out / "lmms-output" / "loopback-vlm"
    model.mkdir(parents=True)
    (model / "20250101_000000_results.json").write_text("{}", encoding="utf-8")
    for task, family, split, function, config in LMMS_TASKS:
        utils = importlib.import_module(f"eval.tasks.{family}.utils")
        rows = load_rows(builds / SPLITS[family][0], config, split)
        if task.startswith("viprobe") and task.endswith("_instructed"):
            rows = [row for row in rows if row["polarity"] == 2]
        elif task.startswith("viprobe"):
            rows = [row for row in rows if row["polarity"] in (0, 1)]
        if task.endswith("_circular"):
            rows = [turned for row in rows for turned in expand(row)]
        policy = "bias" if task.endswith("_noimage") else "mixed"
        lines = []
        for number, row in enumerate(rows):
            answer = reply(family, row, policy, int(row.get("rotation") or 0))
            logged = getattr(utils, function)(row, [answer])
            sample = {"doc_id": number, "filtered_resps": [answer]}
            if "breakdown" in logged:
                sample["breakdown"] = logged["breakdown"]
            lines.append(json.dumps(sample))
        (model / f"20250101_000000_samples_{task}.jsonl").write_text(
            "\n".join(lines) + "\n", encoding="utf-8"
        )
    (model / "20250101_000000_samples_mme.jsonl").write_text('{"doc_id": 0}\n', encoding="utf-8")
    return model.parent


def report_outputs(out: Path, builds: Path, scores: Path, rows_of: dict[Any, Any]) -> dict[str, str]:
    arguments = []
    for family, (_, _, splits) in SPLITS.items():
        for split in splits:
            arguments.append(f"truth={scores / f'{family}-{split}-truth.json'}")
            arguments.append(f"mixed={scores / f'{family}-{split}-mixed-blind-bias.json'}")
    arguments = [a for a in arguments if Path(a.split("=", 1)[1]).is_file()]
    found = {}
    log = run(["report", *arguments, "--out", str(out / "report-scores")])
    found["report/scores"] = _sha_text(log + digest_tree(out / "report-scores"))
    folder = lmms_output_folder(out, builds)
    log = run(
        [
            "report",
            f"lmms={folder}",
            f"truth={scores / 'vlmbias-main-truth.json'}",
            "--out",
            str(out / "report-lmms"),
        ]
    )
    found["report/lmms-output"] = _sha_text(
        log + (digest_tree(out / "report-lmms") if (out / "report-lmms").is_dir() else "")
    )
    return found


def inspect_outputs(builds: Path) -> dict[str, str]:
    """Each family's inspect task: every sample's messages and target, and the generation settings."""
    asked = {
        "vlmbias": [("all", "main", {}), ("flags", "original", {"parser": "lmms-eval"})],
        "viprobe": [("ponzo", "test", {})],
        "visage": [("drawn", "test", {}), ("drawn", "recognition", {})],
        "illusionbench": [
            ("drawn_trap", "test", {}),
            ("drawn_trap", "test", {"prompt": "lmms-eval"}),
            ("drawn", "descriptions", {}),
        ],
        "aipsych": [("synthetic", "test", {"scorer": "strict", "k": 0.25})],
    }
    found = {}
    for family, runs in asked.items():
        module = importlib.import_module(f"eval.inspect.{family}")
        task_function = getattr(module, family)
        for config, split, extra in runs:
            task = task_function(data=str(builds / SPLITS[family][0]), config=config, split=split, **extra)
            samples = [
                {
                    "id": sample.id,
                    "target": sample.target,
                    "metadata": sample.metadata,
                    "input": [
                        {
                            "role": message.role,
                            "content": [
                                {"image": part.image} if part.type == "image" else {"text": part.text}
                                for part in message.content
                            ],
                        }
                        for message in sample.input
                    ],
                }
                for sample in task.dataset
            ]
            settings = {"config": task.config.model_dump(exclude_none=True), "metadata": task.metadata}
            text = json.dumps({"samples": samples, "settings": settings}, sort_keys=True, default=str)
            found[f"inspect/{family}-{config}-{split}-{'-'.join(f'{k}={v}' for k, v in extra.items())}"] = (
                _sha_text(text)
            )
    return found


def _sha(path: Path) -> str:
    return hashlib.sha256(neutral(path.read_bytes())).hexdigest()


def _sha_text(text: str) -> str:
    return hashlib.sha256(neutral(text.encode())).hexdigest()


if __name__ == "__main__":
    sys.exit(main())
