"""Card fields that come from the code's vocabularies: objects, settings, palette, position phrases.

The family's `card_context` adds these to its build-dependent fields, so the card can never
list an object, colour, phrase or setting the builder does not draw.
"""

from __future__ import annotations

from builders.aipsych.colours import NEAR_SYNONYM, delta_e
from builders.aipsych.layout import cell_box
from builders.aipsych.objects import CATALOGUE
from builders.aipsych.positions import BLOCK, POSITIONS, RELEASE_COUNTS, block_quota, group_of
from builders.aipsych.settings import DEFAULT_SETTINGS, SETTINGS
from builders.aipsych.spec import HEIGHT, WIDTH
from builders.aipsych.vocabulary import COLOURS, PALETTE, position_distractors


def vocabulary_fields() -> dict[str, str]:
    """`object_list`, `object_count`, `settings_table`, `palette_table`, `near_synonym`, `position_table`."""
    return {
        "object_count": str(len(CATALOGUE)),
        "object_list": ", ".join(CATALOGUE),
        "settings_table": _settings_table(),
        "palette_table": _palette_table(),
        "near_synonym": f"{NEAR_SYNONYM:g}",
        "position_table": _position_table(),
    }


def _settings_table() -> str:
    lines = ["| setting | default | objects that fit it |", "|---|---|---|"]
    for name, setting in SETTINGS.items():
        fitting = [figure.name for figure in CATALOGUE.values() if setting.placements_of(figure)]
        what = "any" if name == "plain" else str(len(fitting))
        lines.append(f"| `{name}` | {'yes' if name in DEFAULT_SETTINGS else 'no'} | {what} |")
    return "\n".join(lines)


def _palette_table() -> str:
    lines = ["| colour | drawn as | never offered as its wrong colour |", "|---|---|---|"]
    for name in COLOURS:
        near = [
            f"{other} ({delta_e(PALETTE[name], PALETTE[other]):.1f})"
            for other in COLOURS
            if other != name and delta_e(PALETTE[name], PALETTE[other]) < NEAR_SYNONYM
        ]
        lines.append(f"| {name} | `{PALETTE[name]}` | {', '.join(near) or '—'} |")
    return "\n".join(lines)


def _position_table() -> str:
    quota = block_quota()
    total = sum(RELEASE_COUNTS.values())
    lines = [
        f"| phrase | region of a {WIDTH}x{HEIGHT} image (x, y from the top left) | cell | trap offers "
        f"| release | here |",
        "|---|---|---|---|---|---|",
    ]
    for phrase in POSITIONS:
        region = cell_box(phrase, WIDTH, HEIGHT)
        offered = " or ".join(position_distractors(phrase))
        lines.append(
            f"| {phrase} | x {region.x:.0f}-{region.right:.0f}, y {region.y:.0f}-{region.bottom:.0f} "
            f"| {group_of(phrase)} | {offered} | {100 * RELEASE_COUNTS[phrase] / total:.1f} % "
            f"| {100 * quota[phrase] / BLOCK:.1f} % |"
        )
    return "\n".join(lines)
