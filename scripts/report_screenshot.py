"""Make `docs/report.png`: the results report of three answer policies on lite builds, in headless Chromium.

Builds a few lite configs of VLMBias and VI-Probe into a temporary folder, answers every row by
three synthetic policies, scores the replies with `python -m eval score`, writes the page with
`python -m eval report` and saves the top of it as a PNG. The policies are stand-ins for models:

- truthful: always the ground truth;
- biased: the answer prior knowledge suggests (VLMBias: the expected bias; VI-Probe: the unperturbed
  original's answer on perturbed images, the truth on controls);
- mixed: truthful or biased by a hash of the row id, and no answer at all on one row in ten.

Each policy also answers the counting rows and the VI-Probe rows without the image (the `_noimage`
tasks' replies, scored with `--blind`): from the question alone, so VLMBias blind replies give the
expected bias (or, for the truthful policy, an answer only a guess gets right), and VI-Probe blind
replies say "1" to every question. Every number carries its 95 % interval.

Run (needs Debian's chromium and chromium-driver, like the browser tests):

    .venv/bin/python scripts/report_screenshot.py [--out docs/report.png]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PIL import Image  # noqa: E402
from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402

from builders.core.build import build  # noqa: E402
from builders.families import get_family  # noqa: E402
from eval.cli import main as eval_cli  # noqa: E402
from eval.data import load_rows  # noqa: E402

CONFIGS = {
    "vlmbias": ("game_boards", "patterned_grids", "optical_illusions"),
    "viprobe": ("ponzo", "cornsweet", "hering"),
}
SPLITS = {"vlmbias": ("main", "withtitle"), "viprobe": ("test",)}
POLICIES = ("truthful", "biased", "mixed")
WIDTH = 1400


def choice(row_id: str, policy: str) -> str:
    """The policy that answers this row: `mixed` picks truthful, biased or nothing by the id's hash."""
    if policy != "mixed":
        return policy
    bucket = hashlib.sha256(row_id.encode()).digest()[0] % 10
    return "silent" if bucket == 0 else ("truthful", "biased")[bucket % 2]


def reply(family: str, row: dict[str, Any], policy: str) -> str:
    if family == "vlmbias":
        chosen = choice(row["ID"], policy)
        answer = {"truthful": row["ground_truth"], "biased": row["expected_bias"]}.get(chosen)
        return "It is a picture." if answer is None else f"The answer is {{{answer}}}."
    chosen = choice(row["id"], policy)
    if chosen == "silent":
        return "It is a picture."
    perturbed = row["variant_code"] in ("P", "PH")
    answer = 1 - row["label"] if chosen == "biased" and perturbed else row["label"]
    return f"<reasons>Compared the targets.</reasons><answer>{answer}</answer>"


def blind_reply(family: str, row: dict[str, Any], policy: str) -> str:
    """A reply to the row's question asked without its image: what the text alone suggests."""
    if family == "viprobe":
        return "<reasons>Without the picture I assume they differ.</reasons><answer>1</answer>"
    guessing = policy == "truthful" and hashlib.sha256(row["id"].encode()).digest()[0] % 3 == 0
    return f"Probably {{{row['ground_truth'] if guessing else row['expected_bias']}}}."


def scores() -> list[str]:
    """Build, answer and score into the current folder; returns the report's LABEL=RESULT arguments."""
    arguments = []
    for family, configs in CONFIGS.items():
        report = build(get_family(family), configs=configs, preset="lite", out=Path("build"), progress=False)
        folder = report.folder
        for split in SPLITS[family]:
            rows = load_rows(folder, "all", split)
            for policy in POLICIES:
                name = Path("scores") / f"{family}-{split}-{policy}"
                name.parent.mkdir(exist_ok=True)
                lines = [{"id": row["id"], "response": reply(family, row, policy)} for row in rows]
                name.with_suffix(".jsonl").write_text("".join(json.dumps(line) + "\n" for line in lines))
                argv = ["score", family, "--data", str(folder), "--config", "all", "--split", split]
                if split in ("main", "test"):
                    blind = name.with_name(f"{name.name}-blind.jsonl")
                    lines = [{"id": row["id"], "response": blind_reply(family, row, policy)} for row in rows]
                    blind.write_text("".join(json.dumps(line) + "\n" for line in lines))
                    argv += ["--blind", str(blind)]
                argv += [
                    "--predictions",
                    str(name.with_suffix(".jsonl")),
                    "--out",
                    str(name.with_suffix(".json")),
                ]
                if eval_cli(argv) != 0:
                    raise SystemExit(f"scoring {name.name} failed")
                arguments.append(f"{policy}={name.with_suffix('.json')}")
    return arguments


def screenshot(page: Path, out: Path) -> None:
    """The whole page, as tall as it is."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--hide-scrollbars",
        f"--window-size={WIDTH},900",
    ):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        driver.get(page.as_uri())
        driver.set_window_size(WIDTH, driver.execute_script("return document.documentElement.scrollHeight"))
        out.parent.mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(out))
    finally:
        driver.quit()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "report.png", help="PNG to write")
    args = parser.parse_args()
    out = args.out.resolve()
    with tempfile.TemporaryDirectory() as tmp:
        os.chdir(tmp)  # the page lists its inputs as given: short relative paths read better
        if eval_cli(["report", *scores(), "--out", "report"]) != 0:
            raise SystemExit("the report failed")
        screenshot(Path(tmp) / "report" / "index.html", out)
        os.chdir(ROOT)
    # A palette keeps the repository's copy small: the page has few colours.
    Image.open(out).convert("RGB").quantize(256).save(out, optimize=True)
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
