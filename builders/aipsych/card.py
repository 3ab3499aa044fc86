"""Card fields that come from the code's vocabularies: objects and their sizes, settings, palette, phrases.

The family's `card_context` adds these to its build-dependent fields, so the card can never
list an object, colour, phrase or setting the builder does not draw.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from builders.aipsych.colours import NEAR_SYNONYM, delta_e
from builders.aipsych.layout import VISIBLE, cell_box
from builders.aipsych.objects import CATALOGUE, Figure
from builders.aipsych.positions import BLOCK, POSITIONS, RELEASE_COUNTS, block_quota, group_of
from builders.aipsych.scale import fits
from builders.aipsych.settings import DEFAULT_SETTINGS, SETTINGS, Setting
from builders.aipsych.spec import CONFIG, HEIGHT, WIDTH
from builders.aipsych.vocabulary import COLOURS, PALETTE, position_distractors

if TYPE_CHECKING:
    from builders.core.folder import BuiltFolder

#: An asked object counts as partly hidden when at most this share of it shows (at least 5 % hidden).
PARTLY = 0.95


def vocabulary_fields() -> dict[str, str]:
    """`object_list`, `object_count`, `settings_table`, `size_table`, `visible_minimum`, `palette_table`,
    `near_synonym`, `position_table`."""
    return {
        "object_count": str(len(CATALOGUE)),
        "object_list": ", ".join(CATALOGUE),
        "settings_table": _settings_table(),
        "size_table": _size_table(),
        "visible_minimum": f"{100 * VISIBLE:.0f} %",
        "palette_table": _palette_table(),
        "near_synonym": f"{NEAR_SYNONYM:g}",
        "position_table": _position_table(),
    }


def _stands(figure: Figure, setting: Setting) -> list[str]:
    """The placements `figure` takes in `setting` at one of its zooms (legible and fitting a cell)."""
    return [
        placement
        for placement in setting.placements_of(figure)
        if any(
            fits(figure, setting, placement, row, WIDTH, HEIGHT, zoom)
            for row in range(3)
            for zoom in setting.zooms
            if placement in setting.rows[row]
        )
    ]


def _settings_table() -> str:
    lines = [
        "| setting | default | pixels per metre at the bottom edge (widest zoom) | zooms | supports "
        "| objects that fit it |",
        "|---|---|---|---|---|---|",
    ]
    for name, setting in SETTINGS.items():
        camera = setting.camera
        if camera is None:
            lines.append(f"| `{name}` | no | none: every object at one size | 1 | any | any |")
            continue
        fitting = [figure for figure in CATALOGUE.values() if _stands(figure, setting)]
        near = f"{camera.near * setting.zooms[0]:.0f}" if camera.near else "none (no ground)"
        zooms, supports = f"{setting.zooms[0]:g}-{setting.zooms[-1]:g} x", ", ".join(setting.supports)
        default = "yes" if name in DEFAULT_SETTINGS else "no"
        lines.append(f"| `{name}` | {default} | {near} | {zooms} | {supports} | {len(fitting)} |")
    return "\n".join(lines)


def _size_table() -> str:
    lines = ["| object | real size (longer side) | where it stands |", "|---|---|---|"]
    for name, figure in CATALOGUE.items():
        where = [
            f"{setting.name} ({', '.join(stands)})"
            for setting in SETTINGS.values()
            if setting.camera is not None and (stands := _stands(figure, setting))
        ]
        lines.append(f"| {name} | {figure.metres:g} m | {'; '.join(where)} |")
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


def occlusion_note(folder: BuiltFolder) -> str:
    """How many asked objects of the built `synthetic` config are partly hidden, read from its `layout`."""
    import pyarrow.compute as pc  # read on use: the command line starts without pyarrow
    import pyarrow.parquet as pq

    visible = []
    for path in folder.shards(CONFIG, "test"):
        with pq.ParquetFile(path) as shard:  # not pq.read_table, which imports pandas
            table = shard.read(columns=["layout", "prompt_idx", "set_kind", "target"])
        first = pc.and_(pc.equal(table["prompt_idx"], 1), pc.equal(table["target"], 1))
        for layout in table.filter(pc.and_(first, pc.equal(table["set_kind"], 0)))["layout"].to_pylist():
            visible += [entry["visible_fraction"] for entry in layout if entry["role"] != "clutter"]
    if not visible:
        return ""
    partly = sum(share <= PARTLY for share in visible)
    return (
        f"In this build, {partly:,} of {len(visible):,} asked objects ({100 * partly / len(visible):.1f} %) "
        f"are partly hidden (at most {100 * PARTLY:.0f} % of them visible); the least visible shows "
        f"{100 * min(visible):.0f} % of itself."
    )
