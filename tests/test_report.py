"""`python -m eval report`: the page in headless Chromium, its numbers, bytes, lmms-eval folders, errors.

Two policies answer every row of lite builds of both families, `python -m eval score` scores their
replies, and the report is written from those JSONs. The truthful policy answers right; the biased
one answers from prior knowledge (VLMBias: the expected bias; VI-Probe: the unperturbed original's
answer on perturbed images, right on controls) and writes no answer tag on one case's hinted images.
A third, "chatter", never gives an answer in the format (VLMBias main only), so it must be flagged.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.remote.webdriver import WebDriver

from builders.core.build import build
from builders.families import get_family
from eval.cli import main
from eval.data import load_rows
from eval.report.results import read_results
from eval.report.writer import report_sections
from eval.tasks.viprobe import utils as viprobe_tasks
from eval.tasks.vlmbias import utils as vlmbias_tasks
from tests.browser import headless_chromium, open_page, severe
from tests.test_gallery import tree

ROOT = Path(__file__).resolve().parents[1]
VLMBIAS_CONFIGS = ("game_boards", "optical_illusions")
VIPROBE_CONFIGS = ("ponzo", "hering")
FIGURES = {
    "vlmbias": ("topics", "prompts", "illusions", "pixels"),
    "viprobe": ("dose-response", "image-types", "decomposition", "instructions"),
}
META = ("family", "config", "split", "rows", "missing_ids", "unknown_ids")


def vlmbias_reply(row: dict[str, Any], policy: str) -> str:
    answer = {"truthful": row["ground_truth"], "biased": row["expected_bias"]}.get(policy)
    return "I would rather describe the picture." if answer is None else f"So the answer is {{{answer}}}."


def viprobe_reply(row: dict[str, Any], policy: str) -> str:
    label, code = row["label"], row["variant_code"]
    if policy == "biased" and code == "PH" and row["case_name"] == "hering":
        return "The lines look straight to me."
    answer = 1 - label if policy == "biased" and code in ("P", "PH") else label
    return f"<reasons>Compared.</reasons><answer>{answer}</answer>"


def _jsonl(path: Path, items: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(item) + "\n" for item in items), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def builds(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Lite builds of a few configs of both families (the tests score their `all` config)."""
    out = tmp_path_factory.mktemp("report-builds")
    return {
        name: build(get_family(name), configs=configs, preset="lite", out=out, progress=False).folder
        for name, configs in (("vlmbias", VLMBIAS_CONFIGS), ("viprobe", VIPROBE_CONFIGS))
    }


@pytest.fixture(scope="module")
def scores(builds: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """`eval score` JSONs by name: vlmbias-<policy>-<split> and viprobe-<policy>."""
    folder = tmp_path_factory.mktemp("scores")
    jobs = [("vlmbias", p, s) for p in ("truthful", "biased") for s in ("main", "withtitle")]
    jobs += [("vlmbias", "chatter", "main"), ("viprobe", "truthful", "test"), ("viprobe", "biased", "test")]
    written = {}
    for family, policy, split in jobs:
        name = f"{family}-{policy}" + (f"-{split}" if family == "vlmbias" else "")
        rows = load_rows(builds[family], "all", split)
        if family == "vlmbias":
            replies = [{"id": row["id"], "response": vlmbias_reply(row, policy)} for row in rows]
        else:
            replies = [{"id": row["id"], "response": viprobe_reply(row, policy)} for row in rows]
        predictions = _jsonl(folder / f"{name}.jsonl", replies)
        argv = ["score", family, "--data", str(builds[family]), "--config", "all", "--split", split]
        assert main([*argv, "--predictions", str(predictions), "--out", str(folder / f"{name}.json")]) == 0
        written[name] = folder / f"{name}.json"
    return written


def arguments(scores: dict[str, Path]) -> list[str]:
    return [f"{name.split('-')[1]}={path}" for name, path in sorted(scores.items())]


@pytest.fixture(scope="module")
def report(scores: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("report") / "page"
    assert main(["report", *arguments(scores), "--out", str(out)]) == 0
    return out


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebDriver]:
    # The performance log has the DevTools network events: every request the page makes, file: ones too.
    driver = headless_chromium(tmp_path_factory.mktemp("chromium-profile"), network_log=True)
    yield driver
    driver.quit()


def load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def as_json(value: Any) -> Any:
    """`value` as it reads back from a JSON file (tuples become lists)."""
    return json.loads(json.dumps(value))


# Every figure's measured and paper rows as [text, data-value] cells, by section id.
TABLES = """
return Object.fromEntries(Array.from(document.querySelectorAll('section.figure')).map(section => [
  section.id,
  ['measured', 'paper'].map(kind => Array.from(section.querySelectorAll(`tbody.${kind} tr`))
    .filter(tr => tr.querySelector('td'))
    .map(tr => Array.from(tr.cells).map(td => [td.textContent, td.dataset.value ?? null]))),
]));
"""


def shown(row: list[list[str | None]]) -> list[Any]:
    """A table row as the test compares it: labels as text, numbers as the exact value behind them."""
    return [text if value is None else float(value) for text, value in row]


# ---------------------------------------------------------------- the page in the browser


def requests(browser: WebDriver) -> list[str]:
    """URLs requested since the last call, from the DevTools network events."""
    events = [json.loads(entry["message"])["message"] for entry in browser.get_log("performance")]
    return [e["params"]["request"]["url"] for e in events if e["method"] == "Network.requestWillBeSent"]


def test_the_page_loads_offline_and_shows_every_figure(browser, report) -> None:
    requests(browser)
    messages = open_page(browser, (report / "index.html").as_uri())
    images = browser.execute_script(
        "return Array.from(document.images).map(i => [i.getAttribute('src'), i.naturalWidth, i.width]);"
    )
    assert severe(messages + browser.get_log("browser")) == []
    expected = [f"figures/{family}-{slug}.svg" for family, slugs in FIGURES.items() for slug in slugs]
    assert [src for src, _, _ in images] == expected
    assert sorted(f"figures/{p.name}" for p in (report / "figures").iterdir()) == sorted(expected)
    assert all(natural > 0 and width > 0 for _, natural, width in images), images
    urls = requests(browser)
    assert sorted(urls) == sorted(
        f"{report.as_uri()}/{name}" for name in ("index.html", "report.css", *expected)
    )
    assert browser.execute_script("return document.querySelectorAll('.omitted').length") == 0


def test_every_number_in_the_tables_is_the_score_json(browser, report, scores) -> None:
    open_page(browser, (report / "index.html").as_uri())
    tables = browser.execute_script(TABLES)
    measured = {name: [shown(row) for row in rows] for name, (rows, _) in tables.items()}
    for rows, _ in tables.values():  # the text is the value, in percent, points or plain
        for text, value in (cell for row in rows for cell in row if cell[1] is not None):
            v = float(value)
            assert text in (f"{100 * v:.2f}", f"{100 * v:+.2f}", f"{v:.2f}", value), (text, value)
    main = {p: load(scores[f"vlmbias-{p}-main"]) for p in ("biased", "chatter", "truthful")}
    title = {p: load(scores[f"vlmbias-{p}-withtitle"]) for p in ("biased", "truthful")}
    probe = {p: load(scores[f"viprobe-{p}"]) for p in ("biased", "truthful")}

    def rates(summary: dict[str, Any]) -> list[Any]:
        return [
            summary["n"],
            summary["accuracy"],
            summary["bias_aligned_rate"],
            summary["parse_failure_rate"],
        ]

    def pct(value: float | None) -> Any:
        return "—" if value is None else value

    assert measured["vlmbias-topics"] == [
        [topic, p, *rates(main[p]["by_topic"][topic])]
        for topic in ("Game Boards", "Optical Illusion")
        for p in main
    ] + [["Task mean", p, "—", main[p]["task_mean"], "—", "—"] for p in main]
    assert measured["vlmbias-prompts"] == [
        ["baseline", p, main[p]["n"], main[p]["task_mean"], "—", main[p]["parse_failure_rate"]] for p in main
    ] + [
        [
            "in-image title",
            p,
            s["n"],
            s["task_mean"],
            s["task_mean"] - main[p]["task_mean"],
            s["parse_failure_rate"],
        ]
        for p, s in title.items()
    ]
    parts = {p: s["original_vs_counterfactual"] for p, s in main.items()}
    assert measured["vlmbias-illusions"] == [
        [part, p, *rates(parts[p][part])] for part in ("original", "counterfactual") for p in main
    ] + [["original − counterfactual", p, "—", parts[p]["accuracy_gap"], "—", "—"] for p in main]
    assert measured["vlmbias-pixels"] == [["384", p, *rates(main[p]["by_pixel"]["384"])] for p in main]

    strengths = list(probe["truthful"]["dose_response"]["P"])
    assert measured["viprobe-dose-response"] == [
        [
            category,
            p,
            code,
            *(pct(s["by_category"][category]["dose_response"][code].get(x)) for x in strengths),
        ]
        for category in ("size", "orientation")
        for p, s in probe.items()
        for code in ("P", "PC", "PH")
    ]
    four = ("O", "P", "OC", "PC")
    assert measured["viprobe-image-types"] == [
        [
            p,
            sum(s["variants"][c]["images"] for c in four),
            *(s["variants"][c]["pfa"] for c in four),
            *(
                s[key]
                for key in ("delta_original", "delta_perturbed", "delta_average", "illusion_multiplier")
            ),
        ]
        for p, s in probe.items()
    ]
    assert measured["viprobe-decomposition"] == [
        [p, s["images"], *(s[key] for key in ("pfc", "pfa", "cbw", "tfi", "pfc_four_types"))]
        for p, s in probe.items()
    ]
    effect = {p: s["instruction_effect"] for p, s in probe.items()}
    assert measured["viprobe-instructions"] == [
        [code, p, *(effect[p][code][key] for key in ("forward", "instructed", "effect"))]
        for code in ("O", "P", "OC", "PC", "OH", "PH")
        for p in probe
    ]
    # The policies show in the numbers: the biased model's illusion multiplier is high, the truthful one's 0.
    assert probe["truthful"]["illusion_multiplier"] == 0 and probe["biased"]["illusion_multiplier"] > 100
    assert all(not paper for _, paper in tables.values())  # no label names a paper's model


def test_a_model_whose_replies_mostly_fail_to_parse_is_flagged_at_the_top_of_its_section(
    browser, report, scores
) -> None:
    open_page(browser, (report / "index.html").as_uri())
    heads = browser.execute_script(
        "return Array.from(document.querySelectorAll('section.family'))"
        ".map(s => [s.id, s.children[1].className, s.children[1].textContent]);"
    )
    first = {name: (kind, text) for name, kind, text in heads}
    assert first["vlmbias"][0] == "flag" and first["vlmbias"][1].startswith("⚠ chatter: 100% of its main")
    flags = browser.execute_script(
        "return Array.from(document.querySelectorAll('.flag')).map(p => p.textContent)"
    )
    assert len(flags) == 1
    # The biased model's few untagged replies are counted in its overview row, not flagged.
    assert 0 < load(scores["viprobe-biased"])["parse_failure_rate"] < 0.5


def test_paper_numbers_appear_apart_for_labels_naming_a_paper_model(browser, scores, tmp_path) -> None:
    out = tmp_path / "page"
    argv = [f"o4-mini={scores['vlmbias-biased-main']}", f"GPT-5={scores['viprobe-biased']}"]
    assert main(["report", *argv, "--out", str(out)]) == 0
    open_page(browser, (out / "index.html").as_uri())
    tables = browser.execute_script(TABLES)
    paper = {name: [[text for text, _ in row] for row in rows] for name, (_, rows) in tables.items()}
    assert paper["viprobe-image-types"] == [
        ["GPT-5 (paper)", "—", "91.72", "4.45", "96.55", "52.24", "-4.83", "-47.79", "26.31", "1.97"]
    ]
    assert paper["viprobe-decomposition"] == [["GPT-5 (paper)", "—", "—", "—", "—", "—", "82.51"]]
    assert ["Task mean", "o4-mini (paper)", "—", "20.25", "—", "—"] in paper["vlmbias-topics"]
    assert paper["vlmbias-illusions"] == [
        ["original", "o4-mini (paper)", "—", "90.40", "—", "—"],
        ["counterfactual", "o4-mini (paper)", "—", "12.12", "—", "—"],
    ]
    assert (
        not paper["vlmbias-pixels"] and not paper["viprobe-dose-response"]
    )  # the papers give no such numbers
    measured = [cell[0] for rows, _ in tables.values() for row in rows for cell in row]
    assert not any("(paper)" in text for text in measured)
    sources = browser.execute_script(
        "return Array.from(document.querySelectorAll('tbody.paper th')).map(t => t.textContent)"
    )
    assert "Published in the paper: VI-Probe paper, Table 2 (specs/other_benchmarks.md §1.5)" in sources
    # Figures without their data say what is missing instead of showing an empty chart.
    missing = browser.execute_script(
        "return Array.from(document.querySelectorAll('.omitted')).map(s => s.id)"
    )
    assert missing == ["vlmbias-prompts"]


# ---------------------------------------------------------------- bytes


def test_the_same_inputs_give_the_same_bytes(report, scores, tmp_path) -> None:
    again = tmp_path / "again"
    command = [sys.executable, "-m", "eval", "report", *arguments(scores), "--out", str(again)]
    result = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("wrote a report of 3 model(s) on 2 family(ies), 8 figures, to ")
    assert tree(again) == tree(report)
    assert main(["report", *arguments(scores), "--out", str(again)]) == 0  # an earlier report is replaced
    assert tree(again) == tree(report) and [p.name for p in tmp_path.iterdir()] == ["again"]


# ---------------------------------------------------------------- lmms-eval output folders


def _samples(path: Path, rows: list[dict[str, Any]], replies: list[str], process) -> None:
    """A samples log as lmms-eval 0.7 writes it: the doc dropped, process_results' values kept."""
    lines = []
    for index, (row, reply) in enumerate(zip(rows, replies, strict=True)):
        target = row.get("ground_truth", row.get("label"))
        metrics = process(row, [reply])
        lines.append(
            {
                "doc_id": index,
                "target": str(target),
                "filtered_resps": reply,
                **metrics,
                "input": row["prompt"],
            }
        )
    _jsonl(path, lines)


def output_folder(root: Path, builds: dict[str, Path], policy: str) -> Path:
    """An lmms-eval --output_path of two runs: the later one re-runs viprobe_ponzo, which must win."""
    model = root / "loopback-vlm"
    model.mkdir(parents=True)
    for date in ("20260101_000000", "20260102_000000"):
        (model / f"{date}_results.json").write_text(json.dumps({"results": {}, "model_name": "loopback-vlm"}))
    older = "20260101_000000_samples_viprobe_ponzo.jsonl"
    ponzo = [r for r in load_rows(builds["viprobe"], "ponzo", "test") if r["polarity"] != 2]
    _samples(model / older, ponzo, ["no tag"] * len(ponzo), viprobe_tasks.process_results)
    tasks = [(f"vlmbias_{c}_{s}", "vlmbias", c, s) for c in VLMBIAS_CONFIGS for s in ("main", "withtitle")]
    # `size` holds ponzo's rows again: asked twice, they count once.
    tasks += [(f"viprobe_{c}", "viprobe", c, "test") for c in ("ponzo", "hering", "size")]
    tasks += [(f"viprobe_{c}_instructed", "viprobe", c, "test") for c in VIPROBE_CONFIGS]
    for task, family, config, split in tasks:
        rows = load_rows(builds[family], config, split)
        if family == "viprobe":
            rows = [r for r in rows if (r["polarity"] == 2) == task.endswith("_instructed")]
            process = (
                viprobe_tasks.process_instructed_results
                if task.endswith("_instructed")
                else viprobe_tasks.process_results
            )
            replies = [viprobe_reply(row, policy) for row in rows]
        else:
            process, replies = vlmbias_tasks.process_results, [vlmbias_reply(row, policy) for row in rows]
        _samples(model / f"20260102_000000_samples_{task}.jsonl", rows, replies, process)
    return root


def test_an_lmms_eval_folder_gives_the_numbers_and_figures_of_eval_score(builds, scores, tmp_path) -> None:
    folder = output_folder(tmp_path / "lmms-eval", builds, "biased")
    results = {(r.family, r.split): r for r in read_results(f"biased={folder}", report_sections())}
    assert sorted(results) == [("viprobe", "test"), ("vlmbias", "main"), ("vlmbias", "withtitle")]
    expected = {
        ("vlmbias", "main"): scores["vlmbias-biased-main"],
        ("vlmbias", "withtitle"): scores["vlmbias-biased-withtitle"],
        ("viprobe", "test"): scores["viprobe-biased"],
    }
    for key, path in expected.items():
        score = load(path)
        assert as_json({k: v for k, v in results[key].score.items() if k not in META}) == {
            k: v for k, v in score.items() if k not in META
        }, key
    assert results[("viprobe", "test")].config == "hering+ponzo+size"
    from_json, from_folder = tmp_path / "from-json", tmp_path / "from-folder"
    assert main(["report", *(f"biased={expected[key]}" for key in expected), "--out", str(from_json)]) == 0
    assert main(["report", f"biased={folder}", "--out", str(from_folder)]) == 0
    figures = tree(from_json / "figures")
    assert len(figures) == 8 and tree(from_folder / "figures") == figures


# ---------------------------------------------------------------- bad input


def _not_labelled(tmp: Path, scores: dict[str, Path]) -> list[str]:
    return [str(scores["viprobe-truthful"])]


def _missing(tmp: Path, scores: dict[str, Path]) -> list[str]:
    return [f"m={tmp / 'nope.json'}"]


def _not_json(tmp: Path, scores: dict[str, Path]) -> list[str]:
    (tmp / "notes.json").write_text("not json")
    return [f"m={tmp / 'notes.json'}"]


def _not_a_score(tmp: Path, scores: dict[str, Path]) -> list[str]:
    (tmp / "other.json").write_text(json.dumps({"accuracy": 0.5}))
    return [f"m={tmp / 'other.json'}"]


def _incomplete_score(tmp: Path, scores: dict[str, Path]) -> list[str]:
    score = load(scores["vlmbias-truthful-main"])
    del score["by_topic"]
    (tmp / "old.json").write_text(json.dumps(score))
    return [f"m={tmp / 'old.json'}"]


def _folder_without_results(tmp: Path, scores: dict[str, Path]) -> list[str]:
    (tmp / "empty").mkdir()
    return [f"m={tmp / 'empty'}"]


def _twice_the_same_split(tmp: Path, scores: dict[str, Path]) -> list[str]:
    return [f"m={scores['vlmbias-truthful-main']}", f"m={scores['vlmbias-biased-main']}"]


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (_not_labelled, "is not LABEL=RESULT; name each result, e.g. gpt-4.1=scores/main.json"),
        (_missing, "nope.json' of 'm' does not exist; pass an `eval score` JSON or an lmms-eval"),
        (_not_json, "notes.json' of 'm' is not valid JSON (Expecting value"),
        (
            _not_a_score,
            f"is not an `eval score` JSON of {' or '.join(sorted(report_sections()))} (its 'family' is None)",
        ),
        (_incomplete_score, "is a vlmbias score without 'by_topic'; score the replies again"),
        (_folder_without_results, "holds no lmms-eval results (*_results.json); run lmms-eval on our tasks"),
        (_folder_without_results, "a task failed: lmms-eval 0.7.3 exits with status 0 when a task fails"),
        (_twice_the_same_split, "'m' has two vlmbias results of config 'all', split 'main'"),
    ],
)
def test_bad_input_gets_one_sentence_exit_2_and_nothing_written(
    make, message, scores, tmp_path, capsys
) -> None:
    argv = make(tmp_path, scores)
    before = sorted(tmp_path.rglob("*"))
    assert main(["report", *argv, "--out", str(tmp_path / "out" / "page")]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith("error: ") and message in captured.err
    assert len(captured.err.strip().splitlines()) == 1
    assert sorted(tmp_path.rglob("*")) == before


def test_an_out_folder_that_is_not_a_report_is_left_alone(scores, tmp_path, capsys) -> None:
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "notes.txt").write_text("mine")
    assert main(["report", f"m={scores['viprobe-truthful']}", "--out", str(tmp_path / "out")]) == 2
    assert "holds 'notes.txt', which `python -m eval report` did not write" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["notes.txt", "out"]


def test_labels_with_markup_and_dollar_signs_are_escaped(scores, tmp_path) -> None:
    label = '<i>m</i> & "$x$"'
    assert main(["report", f"{label}={scores['viprobe-truthful']}", "--out", str(tmp_path / "page")]) == 0
    page = (tmp_path / "page" / "index.html").read_text(encoding="utf-8")
    assert "&lt;i&gt;m&lt;/i&gt; &amp; &quot;$x$&quot;" in page and "<i>m" not in page
