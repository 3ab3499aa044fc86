"""Large splits in pages: page bounds, card order, the split-wide filter index, and wide cards.

Pages are checked as written (HTML text) and in real headless Chromium (`tests/browser.py`): the
filters count the matching images of every page of the split and carry the choice to the page a
link opens. The paper-preset test reads every page of AIpsych's 3,000-image split and opens a seeded
sample of them, timing each (every page in `benchmarks/full_sweeps.py`).
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select, WebDriverWait

from builders.core.folder import BuiltFolder
from builders.core.gallery import GalleryReport, write_gallery
from builders.families import get_family
from tests.browser import headless_chromium, open_page, severe

VLMBIAS = get_family("vlmbias")
AIPSYCH = get_family("aipsych")
CARD = re.compile(r'<article class="card[^"]*" id="([^"]+)">.*?</article>', re.DOTALL)
#: A page must open (load, run its script, lay out) within this many seconds, and weigh less than this.
RENDER_SECONDS = 5.0
PAGE_LIMIT = 2_000_000
#: Pages of the AIpsych paper gallery the suite opens in the browser (all of them in the full sweep).
PAGES_OPENED = 4


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebDriver]:
    driver = headless_chromium(tmp_path_factory.mktemp("chromium-profile"))
    yield driver
    driver.quit()


def gallery(folder: Path, out: Path, family: Any = VLMBIAS, **bounds: int) -> GalleryReport:
    return write_gallery(
        BuiltFolder(folder), family.gallery_view, family.features, out, progress=False, **bounds
    )


def split_pages(out: Path, config: str, split: str) -> list[Path]:
    """The split's pages in order: `split.html`, then `split~2.html`, ... (and no more)."""
    pages = [out / config / f"{split}.html"]
    while (out / config / f"{split}~{len(pages) + 1}.html").is_file():
        pages.append(out / config / f"{split}~{len(pages) + 1}.html")
    return pages


def image_ids(folder: Path, config: str, split: str) -> list[str]:
    """The split's image ids in the order their first rows come, read straight from the shards."""
    manifest = BuiltFolder(folder).manifest
    ids: dict[str, None] = {}
    for path in manifest.configs[config].splits[split].files:
        ids.update(dict.fromkeys(pq.read_table(folder / path, columns=["image_id"])["image_id"].to_pylist()))
    return list(ids)


def rows_of(folder: Path, config: str, split: str, columns: list[str]) -> list[dict[str, Any]]:
    manifest = BuiltFolder(folder).manifest
    return [
        row
        for path in manifest.configs[config].splits[split].files
        for row in pq.read_table(folder / path, columns=columns).to_pylist()
    ]


# ---------------------------------------------------------------- bounds and order


def test_pages_hold_every_card_once_in_order_and_at_most_the_bound(lite_build, tmp_path):
    report = gallery(lite_build, tmp_path / "g", page_cards=4)
    index = (tmp_path / "g" / "index.html").read_text(encoding="utf-8")
    pages_written = 0
    for config, entry in BuiltFolder(lite_build).manifest.configs.items():
        for split in entry.splits:
            ids = image_ids(lite_build, config, split)
            pages = split_pages(tmp_path / "g", config, split)
            cards = [CARD.findall(page.read_text(encoding="utf-8")) for page in pages]
            assert [card for page in cards for card in page] == ids, (config, split)
            assert len(pages) == math.ceil(len(ids) / 4) and all(0 < len(page) <= 4 for page in cards)
            assert not (tmp_path / "g" / config / f"{split}~{len(pages) + 1}.html").exists()
            if len(pages) > 1:
                assert f"({len(pages)} pages)" in index
                assert (tmp_path / "g" / config / f"{split}~index.js").is_file()
            pages_written += len(pages)
    assert report.pages == pages_written


def test_a_page_holds_at_most_the_byte_bound_unless_one_card_is_larger(lite_build, tmp_path):
    bound = 12_000
    gallery(lite_build, tmp_path / "g", page_bytes=bound)
    sizes = []
    for page in sorted((tmp_path / "g" / "game_boards").glob("*.html")):
        cards = [m.group(0) for m in CARD.finditer(page.read_text(encoding="utf-8"))]
        total = sum(len(card.encode()) for card in cards)
        assert total <= bound or len(cards) == 1, (page.name, total, len(cards))
        sizes.append(len(cards))
    assert len(sizes) > 4 and max(sizes) > 1  # the bound cut the splits, and packed cards where it could


# ---------------------------------------------------------------- the filter index, in the browser


def matches_line(browser: WebDriver) -> list[tuple[int, int]]:
    """(page, matching images) of every page the first pager lists."""
    line = browser.find_element(By.CSS_SELECTOR, "nav.pager .matches")
    assert line.is_displayed()
    return [
        (int(page), int(count)) for page, count in re.findall(r"(\d+) \((\d+)\)", line.text.split(":", 1)[1])
    ]


def visible_cards(browser: WebDriver) -> list[str]:
    """The ids of the cards the page shows, in order, asked in one script (not two calls a card)."""
    return browser.execute_script(VISIBLE_CARDS)


VISIBLE_CARDS = """
const shown = { visibilityProperty: true, opacityProperty: true };
const cards = Array.from(document.querySelectorAll("article.card"));
return cards.filter((card) => card.checkVisibility(shown)).map((card) => card.id);
"""


def test_filters_count_the_whole_split_and_carry_the_choice_to_another_page(browser, lite_build, tmp_path):
    out = tmp_path / "g"
    gallery(lite_build, out, page_cards=3)
    rows = rows_of(lite_build, "patterned_grids", "main", ["image_id", "sub_topic", "modification"])
    ids = list(dict.fromkeys(row["image_id"] for row in rows))
    page_of = {image_id: index // 3 + 1 for index, image_id in enumerate(ids)}

    def expected(**chosen: str) -> dict[int, int]:
        hits = {row["image_id"] for row in rows if all(row[k] == v for k, v in chosen.items())}
        counts: dict[int, int] = {}
        for image_id in hits:
            counts[page_of[image_id]] = counts.get(page_of[image_id], 0) + 1
        return dict(sorted(counts.items()))

    assert severe(open_page(browser, (out / "patterned_grids" / "main.html").as_uri())) == []
    assert not browser.find_element(By.CSS_SELECTOR, "nav.pager .matches").is_displayed()
    select = Select(browser.find_element(By.CSS_SELECTOR, "select[data-filter=modification]"))
    select.select_by_value("remove")
    wanted = expected(modification="remove")
    assert len(wanted) > 1 and dict(matches_line(browser)) == wanted
    shown = browser.find_element(By.ID, "shown").text
    assert shown.endswith(f"on this page; {sum(wanted.values())} matching images in the split"), shown
    Select(browser.find_element(By.CSS_SELECTOR, "select[data-filter=sub_topic]")).select_by_value(
        "Dice Pattern"
    )
    wanted = expected(modification="remove", sub_topic="Dice Pattern")
    assert dict(matches_line(browser)) == wanted

    # Follow the link of the last matching page: the choice travels in the address.
    last = max(wanted)
    browser.find_element(By.CSS_SELECTOR, "nav.pager .matches").find_element(By.LINK_TEXT, str(last)).click()
    WebDriverWait(browser, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
    assert browser.current_url.endswith(f"main~{last}.html?sub_topic=Dice+Pattern&modification=remove")
    chosen = {
        s.get_attribute("data-filter"): Select(s).first_selected_option.get_attribute("value")
        for s in browser.find_elements(By.CSS_SELECTOR, "select[data-filter]")
    }
    assert chosen == {"sub_topic": "Dice Pattern", "modification": "remove", "pixel": ""}
    on_page = [i for i in ids if page_of[i] == last]
    expected_ids = [
        i
        for i in on_page
        if any(
            r["image_id"] == i and r["sub_topic"] == "Dice Pattern" and r["modification"] == "remove"
            for r in rows
        )
    ]
    assert visible_cards(browser) == expected_ids and len(expected_ids) == wanted[last]
    # Pager links keep the choice too.
    for link in browser.find_elements(By.CSS_SELECTOR, "nav.pager a[data-base]"):
        assert link.get_attribute("href").endswith("?sub_topic=Dice+Pattern&modification=remove")
    browser.find_element(By.CSS_SELECTOR, "button[type=reset]").click()
    WebDriverWait(browser, 5).until(lambda _: len(visible_cards(browser)) == len(on_page))
    assert severe(browser.get_log("browser")) == []


# ---------------------------------------------------------------- wide cards (AIpsych's seven columns)

# Per card: does anything stick out of it, the widths of its table, its prompts and its headers.
MEASURE_CARDS = """
return Array.from(document.querySelectorAll("article.card")).map((card) => {
  const table = card.querySelector("table.questions");
  return {
    id: card.id,
    overflow: card.scrollWidth - card.clientWidth,
    table: table.getBoundingClientRect().width,
    tableOverflow: table.scrollWidth - table.clientWidth,
    prompts: Array.from(table.querySelectorAll("td.prompt")).map((td) => td.getBoundingClientRect().width),
    cut: Array.from(table.querySelectorAll("th, td")).filter((c) => c.scrollWidth > c.clientWidth + 1).length,
    questions: table.querySelectorAll("tbody.question").length,
  };
});
"""


def test_wide_cards_give_each_prompt_the_full_width_and_cut_no_column(browser, tmp_path, built):
    folder = built("aipsych", "lite")
    gallery(folder, tmp_path / "g", AIPSYCH)
    assert severe(open_page(browser, (tmp_path / "g" / "synthetic" / "test.html").as_uri())) == []
    cards = browser.execute_script(MEASURE_CARDS)
    assert len(cards) == 24
    for card in cards:
        assert card["overflow"] <= 0 and card["tableOverflow"] <= 0 and card["cut"] == 0, card
        assert card["questions"] == 20 and len(card["prompts"]) == 20
        # A prompt spans the table: at the window's 1280 px, hundreds of pixels, not a 6-letter column.
        assert all(width >= 0.95 * card["table"] and width > 400 for width in card["prompts"]), card
    headers = [
        th.text for th in browser.find_elements(By.CSS_SELECTOR, "article.card:first-of-type thead th")
    ]
    assert headers == ["trap", "P", "true position", "true colour", "offered positions", "offered colours"]


# ---------------------------------------------------------------- the paper build


@pytest.mark.slow
def test_every_page_of_the_aipsych_paper_build_is_under_2_mb_and_opens_in_under_5_s(
    browser, built, tmp_path, sweep
):
    """Every page's cards and size are read from its HTML; the browser opens a seeded sample of the
    pages (every page in the full sweep, `benchmarks/full_sweeps.py`) and shows each one's cards."""
    aipsych_paper = built("aipsych")  # the session's paper build, shared with tests/aipsych
    out = tmp_path / "aipsych-gallery"
    report = gallery(aipsych_paper, out, AIPSYCH)
    pages = split_pages(out, "synthetic", "test")
    assert report.pages == len(pages) > 1
    cards = [CARD.findall(page.read_text(encoding="utf-8")) for page in pages]
    assert [card for page in cards for card in page] == image_ids(aipsych_paper, "synthetic", "test")
    for page in pages:
        assert page.stat().st_size < PAGE_LIMIT, page.name
    for index in sweep.sample(range(len(pages)), PAGES_OPENED, "aipsych gallery pages"):
        start = time.perf_counter()
        messages = open_page(browser, pages[index].as_uri())
        browser.execute_script("return document.body.getBoundingClientRect().height")  # laid out
        seconds = time.perf_counter() - start
        assert severe(messages) == [], pages[index].name
        assert seconds < RENDER_SECONDS, (pages[index].name, seconds)
        assert visible_cards(browser) == cards[index], pages[index].name
    open_page(browser, pages[0].as_uri())
    browser.execute_script("window.scrollTo(0, 500)")
    shot = tmp_path / "aipsych-page-1.png"
    assert browser.save_screenshot(str(shot))
    print(
        f"screenshot: {shot}; largest page {max(p.stat().st_size for p in pages)} bytes, {len(pages)} pages"
    )
