"""Contact sheets for reviewing the AIpsych synthetic scenes by eye: scenes of a build, and every object.

    .venv/bin/python scripts/aipsych_contact_sheets.py build/lite/aipsych --out docs

writes `aipsych-scenes.png` (the folder's first 24 scenes, each captioned with its setting, zoom and
its two asked objects: colour, name and position phrase), `aipsych-layout.png` (the first 8 scenes
with every object's `layout` box: the first asked object red, the second blue, clutter gray, each
with its visible share) and `aipsych-objects.png` (every catalogue object in four colours, named).
`--columns` and `--width` size the scene thumbnails. Text is set in the package's own DejaVu Sans,
so the sheets are the same on every machine.
"""

from __future__ import annotations

import argparse
import io
import math
import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from builders.aipsych.lighting import add_lighting  # noqa: E402
from builders.aipsych.objects import CATALOGUE  # noqa: E402
from builders.aipsych.objects.base import Pen, paint_for  # noqa: E402
from builders.core.folder import BuiltFolder, read_shard  # noqa: E402
from builders.core.fonts import FONT_DIR  # noqa: E402
from builders.core.raster import rasterize_image  # noqa: E402
from builders.core.svg import Canvas, fmt  # noqa: E402

SCENES = 24
#: Scenes shown at full size with their layout boxes.
LAYOUTS = 8
BACKGROUND = (255, 255, 255)
#: Box colours of the layout sheet: the row's asked object, the other described one, the clutter.
ROLE_COLOURS = {"asked": (220, 30, 40), "described": (30, 80, 220), "clutter": (90, 90, 90)}
SAMPLE_COLOURS = ("red", "blue", "white", "silver")


def font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_DIR / "DejaVuSans.ttf"), size)


def _first_rows(folder: Path, count: int) -> list[dict]:
    """The first `count` scenes' rows asking about their first object (set 1, prompt 1), with the image."""
    built = BuiltFolder(folder)
    columns = ["image", "image_id", "setting", "objects", "layout", "set_id", "prompt_idx"]
    return [
        row
        for path in built.shards("synthetic", "test")
        for row in read_shard(path, columns)
        if row["prompt_idx"] == 1 and row["set_id"].endswith("-s1")
    ][:count]


def _picture(row: dict) -> Image.Image:
    image = row["image"]
    return Image.open(io.BytesIO(image["bytes"])) if isinstance(image, dict) else image


def scene_sheet(folder: Path, columns: int, width: int) -> Image.Image:
    """The first `SCENES` scenes of the built folder's synthetic config, captioned."""
    built = BuiltFolder(folder)
    firsts = _first_rows(folder, SCENES)
    height, size = width * 3 // 4, max(10, width // 40)
    caption = 3 * size
    sheet = Image.new(
        "RGB", (columns * width, math.ceil(len(firsts) / columns) * (height + caption)), BACKGROUND
    )
    draw, text = ImageDraw.Draw(sheet), font(size)
    for index, row in enumerate(firsts):
        x, y = (index % columns) * width, (index // columns) * (height + caption)
        sheet.paste(_picture(row).convert("RGB").resize((width, height), Image.LANCZOS), (x, y))
        asked = "; ".join(f"{o['colour']} {o['name']} ({o['position']})" for o in row["objects"])
        zoom = built.manifest.images[row["image_id"]].spec["zoom"]
        title = f"{row['image_id']} · {row['setting']} · zoom {zoom:.2f}"
        draw.text((x + 4, y + height + 2), title, fill=(0, 0, 0), font=text)
        draw.text((x + 4, y + height + 2 + caption // 2), asked, fill=(40, 40, 40), font=text)
    return sheet


def layout_sheet(folder: Path, columns: int = 4, count: int = LAYOUTS) -> Image.Image:
    """The first `count` scenes at full size with every object's `layout` box and visible share."""
    firsts = _first_rows(folder, count)
    width, height = _picture(firsts[0]).size
    sheet = Image.new("RGB", (columns * width, math.ceil(len(firsts) / columns) * height), BACKGROUND)
    text = font(13)
    for index, row in enumerate(firsts):
        picture = _picture(row).convert("RGB")
        draw = ImageDraw.Draw(picture)
        for entry in row["layout"]:
            colour = ROLE_COLOURS[entry["role"]]
            x0, y0, x1, y1 = entry["bbox"]
            draw.rectangle((x0, y0, x1 - 1, y1 - 1), outline=colour, width=2)
            label = f"{entry['kind']} {entry['visible_fraction']:.2f}"
            draw.text((x0 + 2, max(0, y0 - 15)), label, fill=colour, font=text)
        sheet.paste(picture, ((index % columns) * width, (index // columns) * height))
    return sheet


def object_sheet(cell: int = 120, per_row: int = 3) -> Image.Image:
    """Every catalogue object in `SAMPLE_COLOURS` (or the first of its own colours), named."""
    names = list(CATALOGUE)
    columns = per_row * len(SAMPLE_COLOURS)
    width, height = columns * cell, math.ceil(len(names) / per_row) * (cell + 16)
    canvas = Canvas(width, height, background="#a9b7ad")
    add_lighting(canvas)
    labels = []
    for index, name in enumerate(names):
        figure = CATALOGUE[name]
        wanted = [colour for colour in SAMPLE_COLOURS if colour in figure.colours]
        colours = (wanted + [c for c in figure.colours if c not in wanted])[: len(SAMPLE_COLOURS)]
        for slot, colour in enumerate(colours):
            x = ((index % per_row) * len(SAMPLE_COLOURS) + slot) * cell
            y = (index // per_row) * (cell + 16)
            scale = min((cell - 12) / figure.width, (cell - 12) / figure.height)
            left, top = x + (cell - figure.width * scale) / 2, y + (cell - figure.height * scale) / 2
            group = canvas.group(transform=f"translate({fmt(left)} {fmt(top)}) scale({fmt(scale)})")
            figure.draw(Pen(group, paint_for(colour, "left")))
            labels.append((x + 4, y + cell, f"{colour} {name}"))
    sheet = rasterize_image(canvas, width, height)
    draw, text = ImageDraw.Draw(sheet), font(11)
    for x, y, label in labels:
        draw.text((x, y), label, fill=(0, 0, 0), font=text)
    return sheet


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="a built aipsych folder (e.g. build/lite/aipsych)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    parser.add_argument("--columns", type=int, default=4)
    parser.add_argument("--width", type=int, default=480, help="thumbnail width in pixels")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    scene_sheet(args.folder, args.columns, args.width).save(args.out / "aipsych-scenes.png", optimize=True)
    layout_sheet(args.folder).save(args.out / "aipsych-layout.png", optimize=True)
    object_sheet().save(args.out / "aipsych-objects.png", optimize=True)


if __name__ == "__main__":
    main()
