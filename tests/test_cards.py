"""Every family's card links its paper on arXiv and says what its commands are and how to get them.

The Hub links a dataset to a paper when its card cites `https://arxiv.org/abs/<id>`, so each card
must carry its paper's link (ids from the papers themselves: `../shared/papers`, the specs). Each
card is also rendered as Markdown (CommonMark with tables, as the Hub renders it) and opened in
headless Chromium: the link is a real link there, and the install sentence is shown as text.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from markdown_it import MarkdownIt
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from builders.families import family_names, get_family
from tests.browser import headless_chromium, open_page, severe

#: Each family's paper on arXiv.
ARXIV = {
    "vlmbias": "2505.23941",
    "viprobe": "2601.22150",
    "aipsych": "2507.03123",
    "visage": "2510.12548",
    "illusionbench": "2501.00848",
}
INSTALL = "pip install see-or-recall"


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebDriver]:
    driver = headless_chromium(tmp_path_factory.mktemp("chromium-profile"))
    yield driver
    driver.quit()


def card_body(built, family: str) -> str:
    """The card of the family's lite build, without its YAML front matter."""
    text = (built(family, "lite") / "README.md").read_text(encoding="utf-8")
    return text.split("\n---\n", 1)[1]


def test_every_registered_family_has_its_paper_listed_here():
    assert set(ARXIV) == set(family_names())


@pytest.mark.parametrize("family", sorted(ARXIV))
def test_the_card_links_the_paper_and_explains_the_commands_it_shows(built, family):
    body = card_body(built, family)
    assert f"(https://arxiv.org/abs/{ARXIV[family]})" in body
    for command in ("python -m builders", "python -m eval", "lmms-eval --model"):
        if command in body:
            assert INSTALL in body, command
    assert f"python -m builders build {get_family(family).name}" in body
    assert "`see-or-recall` command" in body and "see-or-recall[eval]" in body


@pytest.mark.parametrize("family", sorted(ARXIV))
def test_the_rendered_card_shows_a_real_paper_link_and_the_install_sentence(browser, built, tmp_path, family):
    html = MarkdownIt("commonmark").enable("table").render(card_body(built, family))
    page = tmp_path / "card.html"
    page.write_text(f'<!doctype html><meta charset="utf-8"><body>{html}</body>', encoding="utf-8")
    assert severe(open_page(browser, page.as_uri())) == []
    links = {a.get_attribute("href") for a in browser.find_elements(By.TAG_NAME, "a")}
    assert f"https://arxiv.org/abs/{ARXIV[family]}" in links
    text = browser.find_element(By.TAG_NAME, "body").text
    assert INSTALL in text and "](" not in text  # every Markdown link became a link
    assert browser.find_elements(By.TAG_NAME, "table")  # the card's tables render as tables
