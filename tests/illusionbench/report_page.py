"""Read the IllusionBench+ figures' tables back from a report page (HTML, no browser)."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from typing import Any


class Tables(HTMLParser):
    """The tables of each figure section: measured and paper rows of (text, data-value) cells."""

    def __init__(self) -> None:
        super().__init__()
        self.figures: dict[str, dict[str, list[list[tuple[str, str | None]]]]] = {}
        self.figure = self.body = ""
        self.cell: list[Any] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "section" and (found.get("id") or "").startswith("illusionbench-"):
            self.figure = found["id"].removeprefix("illusionbench-")
            self.figures[self.figure] = {"measured": [], "paper": []}
        elif tag == "tbody" and self.figure:
            self.body = found.get("class") or ""
            self.figures[self.figure][self.body].append([])
        elif tag == "tr" and self.body:
            self.figures[self.figure][self.body].append([])
        elif tag == "td" and self.body:
            self.cell = ["", found.get("data-value")]

    def handle_endtag(self, tag: str) -> None:
        if tag == "td" and self.cell is not None:
            self.figures[self.figure][self.body][-1].append(tuple(self.cell))
            self.cell = None
        elif tag in ("tbody", "section"):
            self.body = ""

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell[0] += data


def tables(page: Path) -> dict[str, dict[str, list[dict[str, tuple[str, str | None]]]]]:
    parser = Tables()
    parser.feed((page / "index.html").read_text())
    return {
        figure: {
            body: [dict(enumerate(row)) for row in rows if row]  # type: ignore[misc]
            for body, rows in bodies.items()
        }
        for figure, bodies in parser.figures.items()
    }


def value(cell: tuple[str, str | None]) -> float | None:
    return None if cell[1] is None else float(cell[1])
