"""Contact sheets of the VISaGE drawn catalogue: one PNG per category, one row per tuple.

Each row shows a tuple's paper-preset images, typical ones left of the bar and
exceptional ones right of it, with the generic and the exception's name above.
The sheets are for people: they are what a reviewer looks at to check that
every drawing is named at a glance. They are drawn from the specs (the same
pixels a build stores, shrunk), so no build is needed.

    python scripts/visage_sheets.py --out docs/visage [--concept lion ...] [--thumb 160]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from builders.core.fonts import FONT_DIR
from builders.core.raster import rasterize_image
from builders.visage.concepts import CONCEPTS
from builders.visage.params import PRESETS
from builders.visage.render import draw_scene
from builders.visage.spec import DrawnImageSpec, drawn_specs

GAP = 6
LABEL = 26
BAR = 10
INK = (30, 30, 30)
PAPER = (255, 255, 255)


def sheet(concept_key: str, specs: list[DrawnImageSpec], thumb: int) -> Image.Image:
    """The concept's sheet: per tuple a label line, then its typical and exceptional thumbnails."""
    entry = CONCEPTS[concept_key]
    tuples: dict[str, list[DrawnImageSpec]] = {}
    for spec in specs:
        tuples.setdefault(spec.tuple_id, []).append(spec)
    per_type = max(len(found) for found in tuples.values()) // 2
    width = 2 * per_type * (thumb + GAP) + BAR + GAP
    height = len(tuples) * (LABEL + thumb + GAP) + GAP
    canvas = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(canvas)
    font = ImageFont.truetype(str(FONT_DIR / "DejaVuSans.ttf"), 15)
    y = GAP
    for found in tuples.values():
        text = found[0].tuple_text
        label = f"{text.norm_text}   typical {entry.name.singular} | exception: {text.exception}"
        draw.text((GAP, y + 4), label, fill=INK, font=font)
        y += LABEL
        for spec in found:
            column = spec.index + (0 if spec.image_type == "typical" else per_type)
            x = GAP + column * (thumb + GAP) + (BAR if spec.image_type == "exceptional" else 0)
            image = rasterize_image(draw_scene(spec), spec.width, spec.height)
            canvas.paste(image.resize((thumb, thumb), Image.Resampling.LANCZOS), (x, y))
        bar_x = GAP + per_type * (thumb + GAP)
        draw.rectangle((bar_x, y, bar_x + BAR - 4, y + thumb), fill=INK)
        y += thumb + GAP
    return canvas


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("docs/visage"))
    parser.add_argument("--concept", action="append", help="only these categories (default: all)")
    parser.add_argument("--preset", default="paper", choices=sorted(PRESETS))
    parser.add_argument("--thumb", type=int, default=160, help="thumbnail size in pixels")
    args = parser.parse_args()
    wanted = args.concept or list(CONCEPTS)
    by_concept: dict[str, list[DrawnImageSpec]] = {key: [] for key in wanted}
    for spec in drawn_specs(PRESETS[args.preset]):
        if spec.concept in by_concept:
            by_concept[spec.concept].append(spec)
    args.out.mkdir(parents=True, exist_ok=True)
    for key, specs in by_concept.items():
        # A flat drawing needs few colours: an adaptive palette keeps the sheets small in the repo.
        image = sheet(key, specs, args.thumb).quantize(colors=128, dither=Image.Dither.NONE)
        image.save(args.out / f"{key}.png", optimize=True)
        print(args.out / f"{key}.png")


if __name__ == "__main__":
    main()
