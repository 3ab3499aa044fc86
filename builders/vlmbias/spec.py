"""What every VLMBias spec shares: the resolutions images are drawn at, and the `px` field."""

from __future__ import annotations

import dataclasses

from builders.core.errors import SpecError
from builders.core.spec import Spec

#: The resolutions (longest side, px) every VLMBias image is drawn at in the paper preset.
RESOLUTIONS = (384, 768, 1152)
#: The resolutions `--params` allows. Below MIN_PX the densest scenes stop being countable (a 12 x 12
#: grid's dice dots are 3 px across at 256 px) and short titles ("Patterned Grid") overflow their bar;
#: every topic draws at MAX_PX (a xiangqi board is 4096 x 4608, about 4 s to draw on one core).
MIN_PX, MAX_PX = 256, 4096


@dataclasses.dataclass(frozen=True, kw_only=True)
class VlmBiasSpec(Spec):
    """Base of every VLMBias spec: each image is drawn at one resolution, `px` on its longest side."""

    px: int

    def __post_init__(self) -> None:
        if isinstance(self.px, bool) or not isinstance(self.px, int) or self.px < 16:
            raise SpecError(f"px must be an integer of at least 16, got {self.px!r}")
