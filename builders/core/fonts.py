"""Fonts shipped with the package, pinned by SHA-256.

Text is rendered only from these files (never system fonts), so a font change
is a dataset change: it must come with a new hash here and a version bump.
"""

from __future__ import annotations

import functools
from pathlib import Path

from builders.core.errors import RenderError
from builders.core.hashing import file_sha256

FONT_DIR = Path(__file__).with_name("fonts")

#: file name -> SHA-256 of the exact bytes we render with.
PINNED_FONTS: dict[str, str] = {
    "DejaVuSans.ttf": "abdc775b21b1bc470d50c97e790d276f2054b7504e56e5bd3e64f48d68582322",
    "DejaVuSans-Bold.ttf": "0d977336a6d5fba34eab8e3199eb218327161b5143749f802982c2bc34df0c96",
    "XiangqiGlyphs-Bold.otf": "088e243aa6ad1621831b7eef9d75b99385bb75bfd7b73d5809eec397c9d25088",
    "TomareGlyphs-Bold.otf": "db4f2f1077c778fe99602f0bb11a483ce032b75b51596e4e9f2908dfc369dfec",
}

#: The family name SVG text must use; resvg silently drops text in unknown families.
SANS = "DejaVu Sans"
#: Bold CJK subset holding only the xiangqi piece characters (see fonts/README-XiangqiGlyphs.md).
XIANGQI = "Xiangqi Glyphs"
#: Bold Japanese subset holding only 止まれ, the Japanese stop sign's word (see fonts/README-TomareGlyphs.md).
TOMARE = "Tomare Glyphs"


@functools.cache
def font_files() -> tuple[str, ...]:
    """Absolute paths of the pinned fonts, after checking every hash once per process."""
    paths = []
    for name, expected in sorted(PINNED_FONTS.items()):
        path = FONT_DIR / name
        if not path.is_file():
            raise RenderError(f"font file {str(path)!r} is missing; reinstall the package")
        actual = file_sha256(str(path))
        if actual != expected:
            raise RenderError(
                f"font file {str(path)!r} has sha256 {actual}, expected {expected}; "
                "restore the shipped file or update PINNED_FONTS and bump the builder version"
            )
        paths.append(str(path))
    return tuple(paths)
