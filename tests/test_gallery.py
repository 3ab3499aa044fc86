"""The review gallery: its HTML (escaping, determinism, errors) and its pages in real headless Chromium.

The browser is Debian's `chromium` driven through its own `chromedriver` (`tests/browser.py`).
"""

from __future__ import annotations

import functools
import io
import json
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from PIL import Image
from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select, WebDriverWait

from builders.core.build import build
from builders.core.errors import BuilderError, VerifyError
from builders.core.family import Family
from builders.core.folder import BuiltFolder
from builders.core.gallery import GalleryReport, write_gallery
from builders.core.manifest import MANIFEST_NAME, ConfigEntry, FileEntry, Manifest, SplitEntry
from builders.core.source import Source
from builders.families import get_family
from builders.vlmbias.family import FAMILY as VLMBIAS
from tests.browser import headless_chromium, open_page, severe
from tests.conftest import Built

ROOT = Path(__file__).resolve().parents[1]
SPLITS = ("main", "identification", "withtitle", "original", "remove_background_q1q2", "remove_background_q3")
LITE_PAGES = [
    (c, s)
    for c in ("patterned_grids", "game_boards")
    for s in SPLITS
    if (c, s) != ("patterned_grids", "original")  # the release has no unmodified grids, nor do we
]
REQUIRED_COLUMNS = VLMBIAS.gallery_view.columns
TEXT_COLUMNS = [c for c in REQUIRED_COLUMNS if c != "image"]

# Scroll every image into view (they load lazily, as for a reviewer scrolling down), wait for it,
# and report its source, decoded width and rendered width.
RENDER_IMAGES = """
const done = arguments[arguments.length - 1];
(async () => {
  const seen = [];
  for (const img of document.images) {
    img.scrollIntoView();
    try { await img.decode(); } catch (error) {}
    seen.push([img.getAttribute("src"), img.naturalWidth, img.getBoundingClientRect().width]);
  }
  window.scrollTo(0, 0);
  done(seen);
})();
"""


# ---------------------------------------------------------------- fixtures and helpers


@pytest.fixture(scope="module")
def lite(built: Built) -> Path:
    """A lite VLMBias build of two configs, every split (the session's, shared)."""
    return built("vlmbias", "lite", configs=["patterned_grids", "game_boards"])


@pytest.fixture(scope="module")
def gallery(lite: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The gallery of the lite build, written by the CLI as a user would."""
    out = tmp_path_factory.mktemp("gallery") / "vlmbias-gallery"
    result = cli(str(lite), "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert f"into {out}" in result.stdout
    return out


@pytest.fixture(scope="module")
def server(gallery: Path) -> Iterator[str]:
    """The gallery served over HTTP on a free local port; yields its base URL."""
    handler = functools.partial(QuietHandler, directory=str(gallery))
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    httpd.server_close()
    thread.join()


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebDriver]:
    """Headless Debian Chromium with its console captured."""
    driver = headless_chromium(tmp_path_factory.mktemp("chromium-profile"))
    yield driver
    driver.quit()


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


def cli(*args: str) -> subprocess.CompletedProcess:
    """Run `python -m builders gallery ...` as a user would."""
    return subprocess.run(
        [sys.executable, "-m", "builders", "gallery", *args, "--no-progress"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )


def gallery_of(folder: Path, out: Path, family: Family = VLMBIAS) -> GalleryReport:
    """The gallery of `folder`, shown as `family` shows its rows."""
    return write_gallery(BuiltFolder(folder), family.gallery_view, family.features, out, progress=False)


def split_rows(folder: Path, config: str, split: str) -> list[dict[str, Any]]:
    """The text columns of a split's rows, read straight from its shards."""
    manifest = json.loads((folder / MANIFEST_NAME).read_text(encoding="utf-8"))
    files = manifest["configs"][config]["splits"][split]["files"]
    return [row for path in files for row in pq.read_table(folder / path, columns=TEXT_COLUMNS).to_pylist()]


def visible_cards(browser: WebDriver) -> int:
    return sum(card.is_displayed() for card in browser.find_elements(By.CSS_SELECTOR, "article.card"))


def png(color: str) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (24, 16), color).save(buffer, format="PNG")
    return buffer.getvalue()


def toy_folder(root: Path, rows: list[dict[str, Any]], *, drop: tuple[str, ...] = ()) -> Path:
    """A hand-made VLMBias folder: one config, one split, the given rows (drop: columns to leave out)."""
    folder = root / "toy"
    (folder / "things").mkdir(parents=True)
    full = [
        {
            "image": {"bytes": png("red"), "path": "a.png"},
            "image_id": "a",
            "prompt": "How many?",
            "ground_truth": "1",
            "expected_bias": "2",
            "type_of_question": "Q1",
            "sub_topic": "dots",
            "modification": "none",
            "pixel": 24,
            "metadata": "{}",
            **row,
        }
        for row in rows
    ]
    table = pa.Table.from_pylist([{k: v for k, v in row.items() if k not in drop} for row in full])
    shard = "things/main-00000-of-00001.parquet"
    pq.write_table(table, folder / shard)
    Manifest.new(
        "vlmbias",
        "vlmbias",
        configs={"things": ConfigEntry("tiny", Source(), {"main": SplitEntry((shard,), len(rows), 0)})},
        unions={},
        files={shard: FileEntry("0" * 64, 0)},
        images={},
    ).write(folder)
    return folder


def tree(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


# ---------------------------------------------------------------- HTML generation


MARKUP = '<script>alert("prompt")</script> & "quotes"'


def test_markup_in_the_data_is_escaped(tmp_path):
    folder = toy_folder(
        tmp_path,
        [
            {
                "prompt": MARKUP,
                "sub_topic": '<b>"sub"</b>',
                "ground_truth": "<i>1</i>",
                "metadata": json.dumps({"note": "<img src=x onerror=alert(1)>"}),
            }
        ],
    )
    gallery_of(folder, tmp_path / "gallery")
    page = (tmp_path / "gallery" / "things" / "main.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(&quot;prompt&quot;)&lt;/script&gt; &amp; &quot;quotes&quot;" in page
    assert '<option value="&lt;b&gt;&quot;sub&quot;&lt;/b&gt;">' in page
    assert 'data-sub_topic="&lt;b&gt;&quot;sub&quot;&lt;/b&gt;"' in page
    assert "&lt;i&gt;1&lt;/i&gt;" in page and "&lt;img src=x onerror=alert(1)&gt;" in page
    assert "<script>alert" not in page and "<img src=x" not in page and "<i>1" not in page


def test_markup_in_the_data_shows_as_text_in_the_browser(browser, tmp_path):
    folder = toy_folder(tmp_path, [{"prompt": MARKUP, "metadata": json.dumps({"note": "<img src=x>"})}])
    gallery_of(folder, tmp_path / "gallery")
    messages = open_page(browser, (tmp_path / "gallery" / "things" / "main.html").as_uri())
    assert severe(messages) == []
    assert browser.find_element(By.CSS_SELECTOR, "td.prompt").text == MARKUP
    assert browser.find_element(By.CSS_SELECTOR, "table.metadata td").text == "<img src=x>"
    with pytest.raises(NoAlertPresentException):
        browser.switch_to.alert.text  # noqa: B018  (reading it is the check)


def test_the_same_folder_gives_the_same_bytes_and_a_rerun_replaces_the_gallery(lite, gallery, tmp_path):
    out = tmp_path / "again"
    gallery_of(lite, out)
    first = tree(out)
    gallery_of(lite, out)
    assert tree(out) == first == tree(gallery)
    assert [p.name for p in tmp_path.iterdir()] == ["again"]  # no staging or retired folders left


def test_each_image_is_written_once_with_its_stored_bytes(lite, gallery):
    for config in ("patterned_grids", "game_boards"):
        stored: dict[str, bytes] = {}
        for path in sorted((lite / config).glob("*.parquet")):
            for row in pq.read_table(path, columns=["image", "image_id"]).to_pylist():
                assert stored.setdefault(row["image_id"], row["image"]["bytes"]) == row["image"]["bytes"]
        written = {p.stem: p.read_bytes() for p in (gallery / "images" / config).iterdir()}
        assert written == stored


def test_pages_reference_nothing_outside_the_gallery(gallery):
    for page in gallery.rglob("*.html"):
        for link in re.findall(r'(?:src|href)="([^"]*)"', page.read_text(encoding="utf-8")):
            assert link == "data:," or (":" not in link and not link.startswith("/")), (page, link)
            assert link == "data:," or (page.parent / link).resolve().is_file(), (page, link)
    for asset in (gallery / "assets").iterdir():
        text = asset.read_text(encoding="utf-8")
        assert "http" not in text and "url(" not in text and "@import" not in text, asset


def _missing_folder(tmp: Path) -> tuple[Path, Path]:
    return tmp / "nope", tmp / "out"


def _empty_folder(tmp: Path) -> tuple[Path, Path]:
    (tmp / "empty").mkdir()
    return tmp / "empty", tmp / "out"


def _missing_columns(tmp: Path) -> tuple[Path, Path]:
    return toy_folder(tmp, [{}], drop=("expected_bias", "pixel")), tmp / "out"


def _out_under_a_file(tmp: Path) -> tuple[Path, Path]:
    (tmp / "a-file").write_text("x")
    return toy_folder(tmp, [{}]), tmp / "a-file" / "out"


def _out_holds_other_files(tmp: Path) -> tuple[Path, Path]:
    (tmp / "out").mkdir()
    (tmp / "out" / "notes.txt").write_text("mine")
    return toy_folder(tmp, [{}]), tmp / "out"


def _out_inside_the_dataset(tmp: Path) -> tuple[Path, Path]:
    folder = toy_folder(tmp, [{}])
    return folder, folder / "gallery"


def _empty_image_id(tmp: Path) -> tuple[Path, Path]:
    return toy_folder(tmp, [{"image_id": ""}]), tmp / "out"


def _corrupt_shard(tmp: Path) -> tuple[Path, Path]:
    folder = toy_folder(tmp, [{}])
    (folder / "things" / "main-00000-of-00001.parquet").write_bytes(b"not parquet")
    return folder, tmp / "out"


def _not_an_image(tmp: Path) -> tuple[Path, Path]:
    return toy_folder(tmp, [{"image": {"bytes": b"plain text", "path": "a.png"}}]), tmp / "out"


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (_missing_folder, "is not a folder; pass a built dataset folder"),
        (_empty_folder, "has no manifest.json, so it is not a folder written by `build`"),
        (_missing_columns, "lacks the column(s) expected_bias, pixel; the gallery needs rows with image, "),
        (_out_under_a_file, "cannot create output folder"),
        (_out_holds_other_files, "exists and is not a gallery written by `gallery`"),
        (_out_inside_the_dataset, "overlaps the dataset folder"),
        (_empty_image_id, "has a row with image_id '', not a text id"),
        (_corrupt_shard, "shard things/main-00000-of-00001.parquet is unreadable (ArrowInvalid)"),
        (_not_an_image, "image 'a' in config 'things' is not one of PNG, JPEG, GIF, WEBP"),
    ],
)
def test_bad_input_gets_one_clear_sentence_and_leaves_nothing(make, message, tmp_path):
    folder, out = make(tmp_path)
    before = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    with pytest.raises(BuilderError) as raised:
        gallery_of(folder, out)
    assert message in str(raised.value) and "\n" not in str(raised.value)
    assert sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*")) == before


def test_the_command_reports_errors_on_one_line_with_exit_code_2(tmp_path):
    folder, out = _missing_columns(tmp_path)
    result = cli(str(folder), "--out", str(out))
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("error: shard things/main-00000-of-00001.parquet lacks the column(s) ")
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_failure_midway_keeps_the_earlier_gallery(tmp_path):
    good = toy_folder(tmp_path / "good", [{}])
    gallery_of(good, tmp_path / "out")
    earlier = tree(tmp_path / "out")
    bad = toy_folder(tmp_path / "bad", [{}, {"image": {"bytes": png("blue"), "path": "a.png"}}])
    with pytest.raises(VerifyError, match="rows of image 'a' in config 'things' carry different image bytes"):
        gallery_of(bad, tmp_path / "out")
    assert tree(tmp_path / "out") == earlier
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad", "good", "out"]


# ---------------------------------------------------------------- in the browser


def test_index_links_every_config_and_split_with_its_counts(browser, server, lite):
    assert severe(open_page(browser, server)) == []
    links = {
        a.get_attribute("href").removeprefix(server): a.text for a in browser.find_elements(By.TAG_NAME, "a")
    }
    expected = {}
    for config, split in LITE_PAGES:
        rows = split_rows(lite, config, split)
        expected[f"{config}/{split}.html"] = f"{len({r['image_id'] for r in rows})} images, {len(rows)} rows"
    assert links == expected


@pytest.mark.parametrize(("config", "split"), LITE_PAGES)
def test_page_loads_cleanly_and_every_image_renders(browser, server, lite, config, split):
    messages = open_page(browser, f"{server}{config}/{split}.html")
    images = browser.execute_async_script(RENDER_IMAGES)
    messages += browser.get_log("browser")
    assert severe(messages) == []
    ids = list(dict.fromkeys(row["image_id"] for row in split_rows(lite, config, split)))
    assert [src.rsplit("/", 1)[1] for src, _, _ in images] == [f"{i}.png" for i in ids]
    assert all(natural > 0 and shown > 0 for _, natural, shown in images), images
    assert visible_cards(browser) == len(ids)
    resources = browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    assert resources and all(url.startswith(server) for url in resources), resources


def test_filters_show_exactly_the_matching_images_and_reset_restores_all(browser, server, lite):
    rows = split_rows(lite, "patterned_grids", "main")
    total = len({row["image_id"] for row in rows})
    assert severe(open_page(browser, f"{server}patterned_grids/main.html")) == []
    shown = browser.find_element(By.ID, "shown")
    selects = {
        s.get_attribute("data-filter"): Select(s) for s in browser.find_elements(By.TAG_NAME, "select")
    }
    assert set(selects) == {"sub_topic", "modification", "pixel"}
    for column, select in selects.items():
        values = [o.get_attribute("value") for o in select.options[1:]]
        assert sorted(values) == sorted({str(row[column]) for row in rows})
        for value in values:
            select.select_by_value(value)
            expected = len({row["image_id"] for row in rows if str(row[column]) == value})
            assert visible_cards(browser) == expected, (column, value)
            assert shown.text.startswith(f"{expected} of {total} images"), shown.text
        select.select_by_index(0)
        assert visible_cards(browser) == total

    selects["sub_topic"].select_by_value("Dice Pattern")
    selects["modification"].select_by_value("remove")
    dice_removed = {
        r["image_id"] for r in rows if r["sub_topic"] == "Dice Pattern" and r["modification"] == "remove"
    }
    assert 0 < visible_cards(browser) == len(dice_removed) < total
    browser.find_element(By.CSS_SELECTOR, "button[type=reset]").click()
    WebDriverWait(browser, 5).until(lambda _: visible_cards(browser) == total)
    assert shown.text == f"{total} of {total} images, {len(rows)} of {len(rows)} questions shown"
    assert severe(browser.get_log("browser")) == []


def test_pages_work_from_a_file_url(browser, gallery):
    assert severe(open_page(browser, (gallery / "index.html").as_uri())) == []
    browser.find_element(By.LINK_TEXT, "12 images, 12 rows").click()  # patterned_grids/identification
    WebDriverWait(browser, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
    images = browser.execute_async_script(RENDER_IMAGES)
    assert len(images) == 12 and all(natural > 0 for _, natural, _ in images)
    Select(browser.find_element(By.CSS_SELECTOR, "select[data-filter=sub_topic]")).select_by_value(
        "Tally Pattern"
    )
    assert visible_cards(browser) == 6
    assert severe(browser.get_log("browser")) == []


def test_a_screenshot_shows_a_page_that_is_not_blank(browser, server, tmp_path_factory):
    open_page(browser, f"{server}patterned_grids/main.html")
    browser.execute_async_script(RENDER_IMAGES)
    path = tmp_path_factory.mktemp("screenshots") / "patterned_grids-main.png"
    assert browser.save_screenshot(str(path))
    with Image.open(path) as shot:
        assert shot.format == "PNG" and shot.width >= 1000 and shot.height >= 600
        colors = shot.convert("RGB").getcolors(maxcolors=1 << 20)
    assert colors is not None and len(colors) > 50
    assert max(count for count, _ in colors) < 0.9 * sum(count for count, _ in colors)
    print(f"screenshot: {path}")


# ---------------------------------------------------------------- another family: VI-Probe


VIPROBE_CONFIGS = ("muller_lyer", "mach_band")
#: The ClassLabel names of VI-Probe's integer columns, spelled out here rather than read from the schema.
VIPROBE_NAMES = {
    "label": ("no", "yes"),
    "polarity": ("f", "r", "I"),
    "variant": (
        "original",
        "perturbed",
        "original_control",
        "perturbed_control",
        "original_with_guide",
        "perturbed_with_guide",
    ),
}

# Each card's id and, per question row, its cells' rendered text and its system prompt (if any).
READ_CARDS = """
return Array.from(document.querySelectorAll("article.card")).map((card) => [
  card.id,
  Array.from(card.querySelectorAll("tr.question")).map((row) => [
    Array.from(row.cells).map((cell) => cell.innerText),
    Array.from(row.querySelectorAll("details pre")).map((pre) => pre.textContent),
  ]),
]);
"""


@pytest.fixture(scope="module")
def viprobe(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A lite VI-Probe build of two configs and its gallery: (dataset folder, gallery folder)."""
    out = tmp_path_factory.mktemp("viprobe")
    folder = build(
        get_family("viprobe"), configs=list(VIPROBE_CONFIGS), preset="lite", out=out, progress=False
    ).folder
    report = gallery_of(folder, out / "vi-probe-gallery", get_family("viprobe"))
    assert (report.pages, report.images, report.rows) == (2, 30, 90)
    return folder, report.out


def viprobe_rows(folder: Path, config: str) -> list[dict[str, Any]]:
    """A config's rows read straight from its shards, class labels turned into names."""
    manifest = json.loads((folder / MANIFEST_NAME).read_text(encoding="utf-8"))
    columns = ["image_id", "variant", "polarity", "question", "system_prompt", "label"]
    rows = [
        row
        for path in manifest["configs"][config]["splits"]["test"]["files"]
        for row in pq.read_table(folder / path, columns=columns).to_pylist()
    ]
    for row in rows:
        for column, names in VIPROBE_NAMES.items():
            row[column] = names[row[column]]
    return rows


@pytest.mark.parametrize("config", VIPROBE_CONFIGS)
def test_viprobe_pages_show_each_image_with_its_labelled_questions_and_filter_by_variant(
    browser, viprobe, config
):
    folder, gallery = viprobe
    rows = viprobe_rows(folder, config)
    messages = open_page(browser, (gallery / config / "test.html").as_uri())
    assert browser.execute_async_script(RENDER_IMAGES)
    messages += browser.get_log("browser")
    assert severe(messages) == []

    # One card per image, in row order; per row its polarity, question (the instructional one with
    # a folded "system prompt" below it) and label name, and the system prompt only where it is set.
    expected: dict[str, list[list[list[str]]]] = {}
    for row in rows:
        text = row["question"] + ("\nsystem prompt" if row["system_prompt"] else "")
        prompts = [row["system_prompt"]] if row["system_prompt"] else []
        expected.setdefault(row["image_id"], []).append([[row["polarity"], text, row["label"]], prompts])
    cards = dict(browser.execute_script(READ_CARDS))
    assert len(expected) == 15 and visible_cards(browser) == 15
    assert cards == expected
    assert {cells[2] for questions in cards.values() for cells, _ in questions} == {"yes", "no"}

    variant = Select(browser.find_element(By.CSS_SELECTOR, "select[data-filter=variant]"))
    values = [option.get_attribute("value") for option in variant.options[1:]]
    assert values == list(VIPROBE_NAMES["variant"])
    shown = browser.find_element(By.ID, "shown")
    for value in values:
        variant.select_by_value(value)
        ids = {row["image_id"] for row in rows if row["variant"] == value}
        shown_ids = {
            c.get_attribute("id")
            for c in browser.find_elements(By.CSS_SELECTOR, "article.card")
            if c.is_displayed()
        }
        assert shown_ids == ids and len(ids) in (1, 4), value
        assert shown.text.startswith(f"{len(ids)} of 15 images, {3 * len(ids)} of 45 questions"), shown.text
    variant.select_by_index(0)
    assert visible_cards(browser) == 15

    instructional = next(row for row in rows if row["polarity"] == "I")
    cell = browser.find_element(
        By.CSS_SELECTOR, f'article[id="{instructional["image_id"]}"] tr[data-polarity="I"] td.prompt'
    )
    pre = cell.find_element(By.CSS_SELECTOR, "details pre")
    assert not pre.is_displayed()
    cell.find_element(By.TAG_NAME, "summary").click()
    assert pre.is_displayed() and pre.text == instructional["system_prompt"].strip()
    assert "Visual Comparison Instructions" in pre.text
    assert severe(browser.get_log("browser")) == []
