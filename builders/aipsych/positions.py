"""Position phrases: the release's free-text positions, the cell each names, and how often each is drawn.

The release's positions are free text written by an annotating model: "bottom left", "right",
"middle left", "left center", "bottom", ... (specs/aipsych_release.md, measured on its Visual
Genome file). Each phrase we draw names one cell of a 3 x 3 grid over the image (thirds by
thirds): its words "top"/"bottom" pick the row and "left"/"right" the column, anything else the
middle ("left" alone is the middle-left cell, "bottom" alone the bottom centre). The object is
drawn inside that cell, so the phrase is exact, and the release's trap rule (`vocabulary`) never
offers the cell it names.

`RELEASE_COUNTS` holds how often each phrase names an object in the release (the 1,859 of its
1,944 object lines whose phrase names one cell and occurs at least three times; the rest name
several cells or none). By cell group those lines are 63.3 % corners, 34.1 % edges and 2.6 %
centre; over all 1,944 lines, 60.5 %, 32.6 % and 2.5 % (the four main corner phrases alone are
58.1 %). We draw `GROUP_SHARES` (61 / 36.5 / 2.5 %), within 3 points of every one of those
readings, and each phrase as often within its group as in the release.
"""

from __future__ import annotations

import functools
import re

#: Object lines of the release's Visual Genome file per position phrase (single-cell phrases seen 3+ times).
RELEASE_COUNTS: dict[str, int] = {
    "bottom left": 390,
    "bottom right": 310,
    "top left": 271,
    "top right": 179,
    "right bottom": 12,
    "left top": 8,
    "left bottom": 6,
    "bottom center": 141,
    "right": 119,
    "left": 108,
    "top center": 84,
    "middle left": 29,
    "center right": 26,
    "bottom": 24,
    "top": 20,
    "left center": 20,
    "center left": 18,
    "middle right": 11,
    "left side": 10,
    "right center": 9,
    "right side": 6,
    "middle top": 3,
    "center top": 3,
    "right middle": 3,
    "center": 43,
    "middle": 6,
}
GROUPS = ("corner", "edge", "centre")
#: Per 1,000 object slots: how many sit in a corner, on an edge cell, in the centre.
GROUP_SHARES = {"corner": 610, "edge": 365, "centre": 25}
BLOCK = sum(GROUP_SHARES.values())


@functools.cache
def cell_of(phrase: str) -> tuple[int, int]:
    """(column, row) of the cell a phrase names, 0-based from the top left.

    >>> cell_of("left"), cell_of("right bottom"), cell_of("middle top"), cell_of("center")
    ((0, 1), (2, 2), (1, 0), (1, 1))
    """
    words = set(re.split(r"[\s,-]+", phrase.lower()))
    column = 0 if "left" in words else 2 if "right" in words else 1
    row = 0 if "top" in words else 2 if "bottom" in words else 1
    return column, row


def group_of(phrase: str) -> str:
    """corner, edge or centre: the kind of cell a phrase names."""
    column, row = cell_of(phrase)
    off_centre = (column != 1) + (row != 1)
    return GROUPS[2 - off_centre]


POSITIONS: tuple[str, ...] = tuple(RELEASE_COUNTS)


def block_quota() -> dict[str, int]:
    """How many of every `BLOCK` object slots each phrase gets: its group's share split by the release's
    counts (largest remainders), so each phrase is as frequent within its group as in the release."""
    quota: dict[str, int] = {}
    for group, share in GROUP_SHARES.items():
        members = [phrase for phrase in POSITIONS if group_of(phrase) == group]
        total = sum(RELEASE_COUNTS[phrase] for phrase in members)
        exact = {phrase: share * RELEASE_COUNTS[phrase] / total for phrase in members}
        floors = {phrase: int(value) for phrase, value in exact.items()}
        left = share - sum(floors.values())
        by_remainder = sorted(members, key=lambda phrase: (floors[phrase] - exact[phrase], phrase))
        for phrase in by_remainder[:left]:
            floors[phrase] += 1
        quota.update(floors)
    return quota
