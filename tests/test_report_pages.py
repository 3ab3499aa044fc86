"""`python -m eval report`: one label over several configs, legends and colours, and every column defined.

- A model's results of different configs of one split are one result: the rows pooled and scored
  again, so the numbers are those of `eval score --config all` on the same replies; only the same
  family, config and split twice is refused.
- A legend lists the models that have a bar or curve in its figure, each in the model's colour,
  the same colour in every figure; series that are not models are drawn in greys.
- A page with all five families, read in headless Chromium: every column of every table is
  defined (at the top for the shared ones, under the table for the others), and wherever the
  illusion multiplier R is shown, so is its ceiling of 1000.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium.webdriver.remote.webdriver import WebDriver

from eval.cli import main
from eval.data import load_rows
from eval.report import plots
from eval.report.estimates import interval_of
from eval.report.results import by_family, read_results
from eval.report.writer import report_sections
from eval.scoring import score_pairs
from eval.tasks.vlmbias import utils as vlmbias_tasks
from tests import test_report as report_tests
from tests.aipsych import policies as aipsych_policies
from tests.browser import headless_chromium, open_page, severe
from tests.test_report import META, VLMBIAS_CONFIGS, _jsonl, _samples, load, vlmbias_reply
from tests.visage import policies as visage_policies

#: The lite builds and `eval score` JSONs of tests/test_report.py, shared by name.
builds = report_tests.builds
scores = report_tests.scores


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebDriver]:
    driver = headless_chromium(tmp_path_factory.mktemp("chromium-profile"))
    yield driver
    driver.quit()


def lmms_folder(root: Path, data: Path, config: str, policy: str) -> Path:
    """An lmms-eval --output_path of one run of `vlmbias_<config>_main`, replies by `policy`."""
    model = root / "loopback-vlm"
    model.mkdir(parents=True)
    (model / "20260102_000000_results.json").write_text(json.dumps({"results": {}}))
    rows = load_rows(data, config, "main")
    replies = [vlmbias_reply(row, policy) for row in rows]
    _samples(
        model / f"20260102_000000_samples_vlmbias_{config}_main.jsonl",
        rows,
        replies,
        vlmbias_tasks.process_results,
    )
    return root


# ---------------------------------------------------------------- one label, several configs


def test_a_models_configs_are_pooled_row_by_row_into_the_numbers_of_scoring_them_together(
    builds, scores, tmp_path
):
    folders = [lmms_folder(tmp_path / c, builds["vlmbias"], c, "biased") for c in VLMBIAS_CONFIGS]
    results = [r for folder in folders for r in read_results(f"biased={folder}", report_sections())]
    assert sorted(r.config for r in results) == sorted(VLMBIAS_CONFIGS)
    (model,) = by_family(results, report_sections())["vlmbias"]
    merged = model.get("main")
    assert merged.config == "+".join(sorted(VLMBIAS_CONFIGS))
    together = load(scores["vlmbias-biased-main"])  # `eval score --config all`: both topics
    pooled = json.loads(json.dumps(merged.score))  # as a score JSON holds it (the outcomes' tuples as lists)
    assert {k: v for k, v in pooled.items() if k not in META} == {
        k: v for k, v in together.items() if k not in META
    }
    assert merged.score["rows"] == together["rows"] and set(merged.score["by_topic"]) == {
        "Game Boards",
        "Optical Illusion",
    }
    out = tmp_path / "page"
    argv = [f"biased={folder}" for folder in folders]
    assert main(["report", *argv, f"biased={scores['vlmbias-biased-withtitle']}", "--out", str(out)]) == 0


def test_pooled_configs_pool_their_noimage_samples_and_keep_their_intervals(builds, tmp_path):
    """Each config's folder also holds its `_noimage` twin's samples: the merged result's blind numbers
    and every interval are those of scoring all the rows, seeing and blind, at once."""
    folders, seeing, blind = [], [], []
    for config in VLMBIAS_CONFIGS:
        folder = lmms_folder(tmp_path / config, builds["vlmbias"], config, "truthful")
        rows = load_rows(builds["vlmbias"], config, "main")
        replies = [vlmbias_reply(row, "biased") for row in rows]
        path = folder / "loopback-vlm" / f"20260102_000000_samples_vlmbias_{config}_main_noimage.jsonl"
        _samples(path, rows, replies, vlmbias_tasks.process_results)
        folders.append(folder)
        seeing += [(row, vlmbias_reply(row, "truthful")) for row in rows]
        blind += list(zip(rows, replies, strict=True))
    results = [r for folder in folders for r in read_results(f"m={folder}", report_sections())]
    (model,) = by_family(results, report_sections())["vlmbias"]
    merged = model.get("main")
    expected = score_pairs("vlmbias", seeing, blind_pairs=blind)
    assert merged.config == "+".join(sorted(VLMBIAS_CONFIGS))
    assert merged.score["blind"] == expected["blind"] and merged.score["ci95"] == expected["ci95"]
    assert interval_of(merged.score["blind"]["prior_strength"]["all"]) is not None


def test_the_same_family_config_and_split_twice_is_refused(builds, tmp_path, capsys):
    folder = lmms_folder(tmp_path / "one", builds["vlmbias"], "game_boards", "truthful")
    again = lmms_folder(tmp_path / "two", builds["vlmbias"], "game_boards", "biased")
    assert main(["report", f"m={folder}", f"m={again}", "--out", str(tmp_path / "page")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: 'm' has two vlmbias results of config 'game_boards', split 'main' (")
    assert not (tmp_path / "page").exists()


def _scored_one_config_at_a_time(builds, tmp_path, policy, **flags: str) -> tuple[list[Path], list]:
    """An `eval score` JSON per config (with `flags`), and the (row, reply) pairs they score."""
    paths, pairs = [], []
    for config in VLMBIAS_CONFIGS:
        rows = load_rows(builds["vlmbias"], config, "main")
        answered = [(row, vlmbias_reply(row, policy(index))) for index, row in enumerate(rows)]
        replies = _jsonl(tmp_path / f"{config}.jsonl", [{"id": r["id"], "response": a} for r, a in answered])
        path = tmp_path / f"{config}.json"
        argv = ["score", "vlmbias", "--data", str(builds["vlmbias"]), "--config", config, "--split", "main"]
        extra = [item for flag, value in flags.get(config, {}).items() for item in (flag, value)]
        assert main([*argv, "--predictions", str(replies), *extra, "--out", str(path)]) == 0
        paths.append(path)
        pairs += answered
    return paths, pairs


def test_score_jsons_of_one_config_each_pool_into_the_score_of_the_configs_together(builds, tmp_path, capsys):
    """Users score one config at a time; the page pools the JSONs by the per-row outcomes they hold."""
    paths, pairs = _scored_one_config_at_a_time(
        builds, tmp_path, lambda index: "truthful" if index % 3 else "biased"
    )
    results = [r for path in paths for r in read_results(f"m={path}", report_sections())]
    (model,) = by_family(results, report_sections())["vlmbias"]
    merged = model.get("main")
    expected = score_pairs("vlmbias", pairs)
    assert merged.config == "+".join(sorted(VLMBIAS_CONFIGS))
    for key in ("n", "accuracy", "task_mean", "bias_aligned_rate", "bias_aligned_share_of_wrong", "by_topic"):
        assert merged.score[key] == expected[key], key
    assert 0 < merged.score["accuracy"] < 1 and merged.score["ci95"] == expected["ci95"]
    capsys.readouterr()
    assert main(["report", *(f"m={p}" for p in paths), "--out", str(tmp_path / "page")]) == 0
    assert "game_boards+optical_illusions" in (tmp_path / "page" / "index.html").read_text()


def test_score_jsons_scored_differently_or_without_outcomes_are_refused_with_the_way_out(
    builds, tmp_path, capsys
):
    options = {VLMBIAS_CONFIGS[0]: {"--parser": "lmms-eval"}}
    paths, _ = _scored_one_config_at_a_time(builds, tmp_path, lambda index: "truthful", **options)
    capsys.readouterr()
    assert main(["report", *(f"m={p}" for p in paths), "--out", str(tmp_path / "page")]) == 2
    err = capsys.readouterr().err
    assert "'m' has vlmbias results of configs game_boards, optical_illusions for split 'main'" in err
    assert "scored with different options" in err and "score them with the same options" in err
    paths, _ = _scored_one_config_at_a_time(builds, tmp_path, lambda index: "truthful")
    bare = json.loads(paths[1].read_text())
    del bare["outcomes"]
    paths[1].write_text(json.dumps(bare))
    capsys.readouterr()
    assert main(["report", *(f"m={p}" for p in paths), "--out", str(tmp_path / "page")]) == 2
    err = capsys.readouterr().err
    assert (
        "holds no per-row records to pool them by; score each config again with `python -m eval score`" in err
    )
    assert not (tmp_path / "page").exists()


# ---------------------------------------------------------------- legends and colours


def is_true_false(row: dict[str, object]) -> bool:
    """An IllusionBench+ true/false row (`question_type` read from Parquet is its class index, tf = 0)."""
    return row["question_type"] in (0, "tf")


LEGEND = re.compile(r'<g id="legend_1">(.*?)\n  </g>\n', re.DOTALL)


def legend(svg: str) -> list[tuple[str, str]]:
    """(label, colour) of each legend entry, in order, read from matplotlib's SVG."""
    found = LEGEND.search(svg)
    if found is None:
        return []
    entries, colour = [], None
    for token in re.finditer(r"(?:fill|stroke): (#[0-9a-f]{6})|<!-- (.*?) -->", found.group(1)):
        if token.group(1):
            colour = token.group(1)
        else:
            entries.append((token.group(2), colour))
    return entries


def test_a_series_without_a_bar_or_curve_gets_no_legend_entry():
    colors = plots.model_colors(["a", "b", "c"])
    bars = plots.bar_chart(
        [
            plots.Bars("one", ("x", "y"), (("a", (0.5, None)), ("b", (None, None)), ("c", (None, None)))),
            plots.Bars("two", ("x",), (("a", (None,)), ("b", (None,)), ("c", (0.25,)))),
        ],
        colors,
        ylabel="%",
    )
    assert legend(bars) == [("a", colors["a"].lower()), ("c", colors["c"].lower())]
    lines = plots.line_grid(
        [plots.Lines("p", (("a", ((1.0, None),)), ("b", ((1.0, 0.5), (2.0, 0.25)))))],
        1,
        colors,
        xlabel="",
        ylabel="",
    )
    assert [name for name, _ in legend(lines)] == ["b"]


def test_each_model_has_one_colour_in_every_figure_and_parts_never_take_a_models_colour(scores, tmp_path):
    out = tmp_path / "page"
    argv = [f"{name.split('-')[1]}={path}" for name, path in sorted(scores.items())]
    assert main(["report", *argv, "--out", str(out)]) == 0
    labels = sorted({name.split("-")[1] for name in scores})
    colors = {label: color.lower() for label, color in plots.model_colors(labels).items()}
    models = set(colors.values())
    seen: dict[str, set[str]] = {}
    for svg in sorted((out / "figures").glob("*.svg")):
        for name, colour in legend(svg.read_text(encoding="utf-8")):
            if name in colors:
                seen.setdefault(name, set()).add(colour)
            else:
                assert colour not in models, (svg.name, name, colour)
    assert seen and all(found == {colors[name]} for name, found in seen.items()), seen


def test_a_model_without_false_positive_bars_is_not_in_that_legend(built, tmp_path):
    """The issue's case: the truthful model makes no true/false error, so it has no FP ratio to draw."""
    data = built("illusionbench", "lite")
    paths = []
    for policy in ("truthful", "yes-sayer"):
        rows = load_rows(data, "drawn", "test")
        replies = [
            {
                "id": r["id"],
                "response": r["answer"] if policy == "truthful" or not is_true_false(r) else "True",
            }
            for r in rows
        ]
        predictions = _jsonl(tmp_path / f"{policy}.jsonl", replies)
        path = tmp_path / f"{policy}.json"
        argv = ["score", "illusionbench", "--data", str(data), "--config", "drawn", "--split", "test"]
        assert main([*argv, "--predictions", str(predictions), "--out", str(path)]) == 0
        paths.append((policy, path))
    assert load(paths[0][1])["fp_ratio"] is None and load(paths[1][1])["fp_ratio"] == 1.0
    out = tmp_path / "page"
    assert main(["report", *(f"{p}={path}" for p, path in paths), "--out", str(out)]) == 0
    colors = plots.model_colors(["truthful", "yes-sayer"])
    fp = (out / "figures" / "illusionbench-false-positives.svg").read_text(encoding="utf-8")
    assert legend(fp) == [("yes-sayer", colors["yes-sayer"].lower())]
    categories = (out / "figures" / "illusionbench-categories.svg").read_text(encoding="utf-8")
    assert legend(categories) == [(p, colors[p].lower()) for p in ("truthful", "yes-sayer")]


# ---------------------------------------------------------------- every column defined, R's ceiling


def _score(
    family: str, data: Path, config: str, split: str, replies: list[dict[str, str]], out: Path
) -> Path:
    predictions = _jsonl(out.with_suffix(".jsonl"), replies)
    argv = ["score", family, "--data", str(data), "--config", config, "--split", split]
    assert main([*argv, "--predictions", str(predictions), "--out", str(out)]) == 0
    return out


@pytest.fixture(scope="module")
def five_families(built, scores, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A report of every family: the VLMBias and VI-Probe scores of tests/test_report.py, and lite
    builds of the others answered by simple policies."""
    folder = tmp_path_factory.mktemp("five")
    argv = [f"{name.split('-')[1]}={path}" for name, path in sorted(scores.items())]
    visage = built("visage", "lite")
    rows = load_rows(visage, "drawn", "test")
    replies = [{"id": r["id"], "response": visage_policies.choose(r, "follow the name") + "."} for r in rows]
    argv.append(f"biased={_score('visage', visage, 'drawn', 'test', replies, folder / 'visage.json')}")
    rows = load_rows(visage, "drawn", "recognition")
    replies = [{"id": r["id"], "response": f"A {r['category']}."} for r in rows]
    argv.append(f"biased={_score('visage', visage, 'drawn', 'recognition', replies, folder / 'rec.json')}")
    bench = built("illusionbench", "lite")
    rows = load_rows(bench, "drawn", "test")
    replies = [{"id": r["id"], "response": "True" if is_true_false(r) else r["answer"]} for r in rows]
    argv.append(f"biased={_score('illusionbench', bench, 'drawn', 'test', replies, folder / 'bench.json')}")
    aipsych = built("aipsych", "lite")
    rows = load_rows(aipsych, "synthetic", "test")
    replies = [{"id": r["id"], "response": aipsych_policies.reply(r)} for r in rows]
    argv.append(f"biased={_score('aipsych', aipsych, 'synthetic', 'test', replies, folder / 'aipsych.json')}")
    out = folder / "page"
    assert main(["report", *argv, "--out", str(out)]) == 0
    return out


# Per table: its header cells and the columns its own definition list defines; then the shared list.
COLUMNS = """
const own = (table) => {
  const list = table.parentElement.querySelector(":scope > dl.columns");
  const terms = list ? Array.from(list.querySelectorAll("dt")) : [];
  return terms.map((dt) => [dt.textContent, dt.nextElementSibling.textContent]);
};
return {
  common: Array.from(document.querySelectorAll("#columns dt")).map((dt) => dt.textContent),
  tables: Array.from(document.querySelectorAll("main table")).map((table) => ({
    id: (table.closest("section") || {}).id,
    headers: Array.from(table.querySelectorAll("thead th")).map((th) => th.textContent),
    defined: own(table),
  })),
  figures: Object.fromEntries(Array.from(document.querySelectorAll("section.figure")).map(
    (s) => [s.id, s.querySelector(".definition").textContent])),
};
"""


def test_every_column_of_every_table_is_defined_and_r_says_where_it_tops_out(browser, five_families):
    assert severe(open_page(browser, (five_families / "index.html").as_uri())) == []
    page = browser.execute_script(COLUMNS)
    sections = {table["id"] for table in page["tables"]}
    assert {"sources", "vlmbias", "viprobe", "visage", "illusionbench", "aipsych"} <= sections
    undefined = []
    for table in page["tables"]:
        defined = dict(table["defined"])
        assert all(text.strip() for text in defined.values()), table["id"]
        undefined += [
            (table["id"], h) for h in table["headers"] if h not in defined and h not in page["common"]
        ]
        if "R" in table["headers"]:
            assert "R = 1000" in defined["R"] and "largest R can be" in defined["R"], table["id"]
    assert undefined == []
    headers = {h for table in page["tables"] for h in table["headers"]}
    assert {"NoIll", "Quit %", "R", "TFI %", "SycoI %", "1a %"} & headers == {
        "Quit %",
        "R",
        "TFI %",
        "SycoI %",
        "1a %",
    }
    assert "R = 1000" in page["figures"]["viprobe-image-types"]
    # NoIll is a category name shown in the tables' rows: the Category column says what it is.
    categories = [
        dict(t["defined"]).get("Category", "") for t in page["tables"] if t["id"].startswith("illusionbench")
    ]
    assert any("NoIll (no illusion" in text for text in categories)
    shot = five_families.parent / "report.png"
    browser.execute_script("document.getElementById('viprobe').scrollIntoView()")
    assert browser.save_screenshot(str(shot))
    print(f"screenshot: {shot}")
