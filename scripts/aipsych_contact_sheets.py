"""Contact sheets for reviewing the AIpsych synthetic scenes by eye: scenes of a build, and every object.

    .venv/bin/python scripts/aipsych_contact_sheets.py build/lite/aipsych --out docs

writes `aipsych-scenes.png` (the folder's first 24 scenes, each captioned with its setting and its
two asked objects: colour, name and position phrase) and `aipsych-objects.png` (every catalogue
object in four colours, named). `--columns` and `--width` size the scene thumbnails. Text is set
in the package's own DejaVu Sans, so the sheets are the same on every machine.
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
BACKGROUND = (255, 255, 255)
SAMPLE_COLOURS = ("red", "blue", "white", "silver")


def font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_DIR / "DejaVuSans.ttf"), size)


def scene_sheet(folder: Path, columns: int, width: int) -> Image.Image:
    """The first `SCENES` scenes of the built folder's synthetic config, captioned."""
    built = BuiltFolder(folder)
    firsts = [
        row
        for path in built.shards("synthetic", "test")
        for row in read_shard(path, ["image", "image_id", "setting", "objects", "set_id", "prompt_idx"])
        if row["prompt_idx"] == 1 and row["set_id"].endswith("-s1")
    ][:SCENES]
    height, size = width * 3 // 4, max(10, width // 40)
    caption = 3 * size
    sheet = Image.new(
        "RGB", (columns * width, math.ceil(len(firsts) / columns) * (height + caption)), BACKGROUND
    )
    draw, text = ImageDraw.Draw(sheet), font(size)
    for index, row in enumerate(firsts):
        image = row["image"]
        if isinstance(image, dict):
            image = Image.open(io.BytesIO(image["bytes"]))
        x, y = (index % columns) * width, (index // columns) * (height + caption)
        sheet.paste(image.convert("RGB").resize((width, height), Image.LANCZOS), (x, y))
        asked = "; ".join(f"{o['colour']} {o['name']} ({o['position']})" for o in row["objects"])
        draw.text((x + 4, y + height + 2), f"{row['image_id']} · {row['setting']}", fill=(0, 0, 0), font=text)
        draw.text((x + 4, y + height + 2 + caption // 2), asked, fill=(40, 40, 40), font=text)
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
    object_sheet().save(args.out / "aipsych-objects.png", optimize=True)


if __name__ == "__main__":
    main()
