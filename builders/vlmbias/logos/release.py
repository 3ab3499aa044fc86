"""The subject of a released logo photo, for its title bar under `--source upstream`."""

from __future__ import annotations

from builders.vlmbias.logos.brands import BRANDS
from builders.vlmbias.photo_release import ReleasedRow


def released_logo_title(first: ReleasedRow, rows: list[ReleasedRow]) -> str:
    """The brand: the one its Q3 names ("Is the logo on this car Audi logo?"), or the answer to its
    naming question (originals)."""
    for row in rows:
        text = f"{row.fields['prompt']} {row.fields['ground_truth']}".lower()
        for name in BRANDS:
            if name.lower() in text:
                return name
    return str(first.fields["sub_topic"])
