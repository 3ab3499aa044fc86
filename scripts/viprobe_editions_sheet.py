"""Contact sheet of VI-Probe editions: per case, the canonical edition beside the editions of two seeds.

Each row is one case at the lite preset's base configuration: its original (O) and its perturbed
control at strength 1.4 (PC), in the canonical edition, then in the editions of `--seed` and
`--seed + 1`. It is what a reviewer looks at to check that a fresh edition looks new while every
control still matches its illusion. Drawn from the specs a build plans (the same pixels it stores,
shrunk), so no build is needed.

    python scripts/viprobe_editions_sheet.py --out docs/viprobe-editions.png [--seed 1] [--cell 200]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from builders.core.fonts import FONT_DIR
from builders.core.scene import render_scene
from builders.viprobe.family import FAMILY

GAP = 6
LABEL = 170
HEADER = 30
INK = (30, 30, 30)
PAPER = (255, 255, 255)
#: The images shown per edition: the original and a perturbed control.
SHOWN = ("O", "PC-s1.40")


def images(config: str, edition: int | None) -> list[Image.Image]:
    """The shown images of `config`'s lite configuration in `edition` (None: canonical)."""
    jobs = {job.image_id.split("-", 2)[2]: job for job in FAMILY.jobs(config, "lite", edition=edition)}
    return [render_scene(FAMILY.scene(jobs[code])) for code in SHOWN]


def sheet(seed: int, cell: int) -> Image.Image:
    """Every case as a row: canonical, seed, seed + 1, each as its O and PC thumbnails."""
    editions = (None, seed, seed + 1)
    columns = len(editions) * len(SHOWN)
    width = LABEL + columns * (cell + GAP) + 2 * GAP
    height = HEADER + sum(row_height(config, cell) + GAP for config in FAMILY.configs) + GAP
    canvas = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(canvas)
    font = ImageFont.truetype(str(FONT_DIR / "DejaVuSans.ttf"), 14)
    for index, edition in enumerate(editions):
        name = "canonical" if edition is None else f"seed {edition}"
        x = LABEL + index * len(SHOWN) * (cell + GAP) + GAP
        draw.text((x, 8), f"{name}: {' | '.join(SHOWN)}", fill=INK, font=font)
    y = HEADER
    for config in FAMILY.configs:
        case = FAMILY.cases[config]
        height = row_height(config, cell)
        draw.text((GAP, y + height // 2 - 8), f"{case.number} {case.title}", fill=INK, font=font)
        x = LABEL + GAP
        for edition in editions:
            for image in images(config, edition):
                thumb = image.copy()
                thumb.thumbnail((cell, height), Image.Resampling.LANCZOS)
                canvas.paste(thumb, (x + (cell - thumb.width) // 2, y))
                x += cell + GAP
        y += height + GAP
    return canvas


def row_height(config: str, cell: int) -> int:
    """A case's row is as tall as its canvas is at `cell` px wide."""
    case = FAMILY.cases[config]
    return cell * case.height // case.width


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("docs/viprobe-editions.png"))
    parser.add_argument("--seed", type=int, default=1, help="the first fresh edition's seed (the second: +1)")
    parser.add_argument("--cell", type=int, default=200, help="thumbnail width in pixels")
    args = parser.parse_args()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    # Flat drawings need few colours: an adaptive palette keeps the sheet small in the repo.
    sheet(args.seed, args.cell).quantize(colors=128, dither=Image.Dither.NONE).save(args.out, optimize=True)
    print(args.out)


if __name__ == "__main__":
    main()
