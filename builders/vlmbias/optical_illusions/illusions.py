"""The illusions of the topic, in release order. Adding one: a module with an `ILLUSION`, one entry here."""

from __future__ import annotations

from builders.vlmbias.optical_illusions import (
    ebbinghaus,
    muller_lyer,
    poggendorff,
    ponzo,
    vertical_horizontal,
    zollner,
)
from builders.vlmbias.optical_illusions.illusion import Illusion

ILLUSIONS: dict[str, Illusion] = {
    illusion.name: illusion
    for illusion in (
        ebbinghaus.ILLUSION,
        muller_lyer.ILLUSION,
        ponzo.ILLUSION,
        vertical_horizontal.ILLUSION,
        zollner.ILLUSION,
        poggendorff.ILLUSION,
    )
}
