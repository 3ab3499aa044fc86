"""Card fields that come from the code's vocabularies: the catalogue, the palette, the positions.

The family's `card_context` adds these to its build-dependent fields, so the card can never
list an object, colour or position the builder does not draw.
"""

from __future__ import annotations

from builders.aipsych.layout import cell
from builders.aipsych.objects import OBJECT_NAMES
from builders.aipsych.spec import HEIGHT, WIDTH
from builders.aipsych.vocabulary import PALETTE, POSITIONS, position_distractors


def vocabulary_fields() -> dict[str, str]:
    """`object_list`, `palette_table` and `position_table` for `dataset_cards/aipsych.md`."""
    palette = ["| colour | drawn as |", "|---|---|"]
    palette += [f"| {name} | `{hex_colour}` |" for name, hex_colour in PALETTE.items()]
    positions = [
        f"| position | region of a {WIDTH}x{HEIGHT} image (x, y from the top left) | trap offers |",
        "|---|---|---|",
    ]
    for position in POSITIONS:
        region = cell(position, WIDTH, HEIGHT)
        offered = " or ".join(position_distractors(position))
        positions.append(
            f"| {position} | x {region.x:.0f}-{region.right:.0f}, y {region.y:.0f}-{region.bottom:.0f} "
            f"| {offered} |"
        )
    return {
        "object_list": ", ".join(OBJECT_NAMES),
        "palette_table": "\n".join(palette),
        "position_table": "\n".join(positions),
    }
