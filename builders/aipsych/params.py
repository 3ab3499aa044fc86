"""What a researcher may change about the synthetic scenes (`--params`), and the two presets.

`python -m builders params aipsych` prints these as TOML. The scene count sets the size of the
config (20 rows a scene); the settings are taken in turn; clutter scales the number of unasked
objects (0: none, the two asked objects alone); the image size is COCO's usual 640 x 480 by
default. Everything else (the palette, the position phrases and how often each is drawn, the
trap rules, the five sets of four prompts) is the release's and fixed.
"""

from __future__ import annotations

import dataclasses

from builders.aipsych.settings import DEFAULT_SETTINGS, SETTING_NAMES, SETTINGS
from builders.aipsych.spec import HEIGHT, MIN_HEIGHT, MIN_WIDTH, WIDTH
from builders.core.params import Parameters, parameter, selection

#: Unasked objects per scene at clutter 1: from 3 to 8, as the issue asks for photo-like scenes.
CLUTTER_RANGE = (3, 8)
MAX_WIDTH, MAX_HEIGHT = 1920, 1440


@dataclasses.dataclass(frozen=True, kw_only=True)
class AipsychParameters(Parameters):
    """The synthetic config's parameters."""

    scenes: int = parameter(
        3000, meaning="synthetic scenes (images) drawn, 20 rows each", minimum=1, maximum=100_000
    )
    settings: tuple[str, ...] = selection(
        SETTING_NAMES,
        "the settings scenes take place in, taken in turn ('plain' is a flat background)",
        default=DEFAULT_SETTINGS,
    )
    clutter: float = parameter(
        1.0,
        meaning=(
            f"how much clutter: each scene draws {CLUTTER_RANGE[0]} x clutter to "
            f"{CLUTTER_RANGE[1]} x clutter unasked objects (rounded half up; an open sky at most "
            f"{SETTINGS['sky'].most_unasked}); 0 draws none"
        ),
        minimum=0.0,
        maximum=1.5,
    )
    width: int = parameter(WIDTH, meaning="image width in pixels", minimum=MIN_WIDTH, maximum=MAX_WIDTH)
    height: int = parameter(HEIGHT, meaning="image height in pixels", minimum=MIN_HEIGHT, maximum=MAX_HEIGHT)

    def check(self) -> None:
        if not 0.75 <= self.width / self.height <= 2:
            raise ValueError(
                f"width / height is {self.width / self.height:.2f} ({self.width}x{self.height}); "
                "keep it from 0.75 to 2 so every grid cell holds an object"
            )

    def clutter_range(self) -> tuple[int, int]:
        """The fewest and most unasked objects a scene draws."""
        low, high = CLUTTER_RANGE
        return int(low * self.clutter + 0.5), int(high * self.clutter + 0.5)


#: The paper's 3,000 images (60,000 questions), and its first 24 scenes.
PRESETS: dict[str, AipsychParameters] = {
    "paper": AipsychParameters(),
    "lite": AipsychParameters(scenes=24),
}
