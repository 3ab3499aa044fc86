"""What a flag is to this topic: one declarative entry, checked when it is defined.

A `Flag` names the country, its official proportions, the element the questions
count (stars or stripes) and its standard count, and lists the layers that draw
it (`layers.py`, `layouts.py`). Defining an entry checks it: the declared count
must match what the layers draw, the counted element must allow one more and
one fewer, and counted stars must never touch each other at any of those counts.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import re
from typing import Any

from builders.core.errors import SpecError
from builders.core.hashing import rng_for
from builders.core.svg import Canvas
from builders.vlmbias.flags import geometry
from builders.vlmbias.flags.layers import (
    Band,
    Canton,
    Context,
    Crescent,
    Cross,
    Field,
    Frame,
    Polygon,
    Star,
    Stripes,
    Sun,
    UnionJack,
    draw_layers,
)
from builders.vlmbias.flags.layouts import LAYOUTS, Constellation, Counted

STARS, STRIPES = "stars", "stripes"
ELEMENTS = (STARS, STRIPES)
#: The paper's selection rule: more than 3 stars, at least 5 stripes.
MIN_COUNT = {STARS: 4, STRIPES: 5}
#: Height of every flag's viewBox; its width is this times the flag's aspect.
VIEW_HEIGHT = 1000.0
#: Counted stars keep at least this gap (fraction of the hoist): about 3 px at 384 px wide.
MIN_GAP = 0.015

SHAPES = (Field, Stripes, Canton, Polygon, Band, Crescent, Star, Cross, UnionJack, Sun)


@dataclasses.dataclass(frozen=True)
class Flag:
    """One flag of the topic and the element its questions count."""

    #: Id part: lower-case words joined by underscores, e.g. `"united_states"`.
    key: str
    #: Subject name drawn in the `withtitle` bar, e.g. `"United States"`.
    title: str
    #: Usual English name in a sentence, with "the" where usual, e.g. `"the United States"`.
    country: str
    #: Official proportions, length / hoist (e.g. 1.9 for 10:19).
    aspect: float
    #: `"stars"` or `"stripes"`.
    element: str
    #: Standard number of the counted element.
    count: int
    #: What to draw, bottom first; exactly one counted star layout or top-level `Stripes`.
    layers: tuple
    #: The flag's Wikimedia Commons title where it is not "Flag of <country>" (the release names its
    #: files and stripe ids after it: `Flag of Europe-stars=13_1152.png`).
    commons: str = ""

    def __post_init__(self) -> None:
        if not re.fullmatch(r"[a-z]+(_[a-z]+)*", self.key):
            raise SpecError(f"flag key {self.key!r} must be lower-case words joined by underscores")
        if self.element not in ELEMENTS:
            raise SpecError(f"flag {self.key!r}: element must be one of {ELEMENTS}, got {self.element!r}")
        if not (isinstance(self.aspect, (int, float)) and 1.0 <= self.aspect <= 3.0):
            raise SpecError(
                f"flag {self.key!r}: aspect (length / hoist) must be in 1..3, got {self.aspect!r}"
            )
        if (
            isinstance(self.count, bool)
            or not isinstance(self.count, int)
            or self.count < MIN_COUNT[self.element]
        ):
            raise SpecError(
                f"flag {self.key!r}: a {self.element}-typed flag needs at least {MIN_COUNT[self.element]} "
                f"{self.element}, got {self.count!r}"
            )
        _check_layers(self.key, self.layers)
        declared = self.counted.count
        if declared != self.count:
            what = "colours" if self.element == STRIPES else "stars"
            raise SpecError(
                f"flag {self.key!r} declares {self.count} {self.element} but its "
                f"{self.rule} layer draws {declared} {what}; make them agree"
            )
        for count in (self.count - 1, self.count, self.count + 1):
            self._check_variant(count)

    @property
    def file_title(self) -> str:
        """The title the release's file names use, e.g. "Flag of the United States"."""
        return self.commons or f"Flag of {self.country}"

    # ------------------------------------------------------------------ the counted element

    @property
    def counted(self):
        """The layer that draws the counted element: a star layout or the top-level stripes."""
        found: list[Any]  # a Stripes layer or a star layout
        if self.element == STRIPES:
            found = [layer for layer in self.layers if isinstance(layer, Stripes)]
        else:
            found = [layer for layer in _walk(self.layers) if isinstance(layer, LAYOUTS)]
        if len(found) != 1:
            where = "top-level Stripes layer" if self.element == STRIPES else "star layout"
            raise SpecError(
                f"flag {self.key!r} counts {self.element}, so it needs exactly one {where}; "
                f"found {len(found)}"
            )
        return found[0]

    @property
    def rule(self) -> str:
        """Name of the layout rule of the counted element (`"grid"`, `"circle"`, ..., `"stripes"`)."""
        counted = self.counted
        return "stripes" if isinstance(counted, Stripes) else counted.rule

    def size(self, px: int) -> tuple[int, int]:
        """Output (width, height) for longest side `px`: the other side is round(px / aspect)."""
        return px, round(px / self.aspect)

    # ------------------------------------------------------------------ drawing

    def draw(
        self, count: int | None = None, size: tuple[int, int] | None = None, edition: int | None = None
    ) -> tuple[Canvas, Context]:
        """The flag with `count` of its counted element (None: the standard count), in an edition.

        Without `size` the viewBox has the official aspect. With the output `size` (width,
        height in pixels) the viewBox has exactly the output's aspect, which pixel rounding
        makes differ slightly from the official one: `viewbox(size)`.
        """
        width, height = (VIEW_HEIGHT * self.aspect, VIEW_HEIGHT) if size is None else viewbox(*size)
        frame = Frame(0.0, 0.0, width, height)
        canvas = Canvas(width, height)
        context = Context(
            stars=count if self.element == STARS else None,
            stripes=count if self.element == STRIPES else None,
            removed=self.removed_star(edition),
        )
        draw_layers(canvas.group(class_=f"flag {self.key}"), self.layers, frame, context)
        return canvas, context

    def removed_star(self, edition: int | None) -> int | None:
        """Which star a constellation flag loses in a fresh edition (any of its stars, drawn per flag);
        None in the canonical edition (its declared one) and for flags laid out by a rule."""
        counted = self.counted
        if edition is None or not isinstance(counted, Constellation):
            return None
        return rng_for("vlmbias", "flags", self.key, "removed star", edition=edition).randrange(counted.count)

    def arrangement(self, count: int, edition: int | None = None) -> str:
        """How `count` counted elements are laid out, e.g. `staggered rows 6-5-6` or `14 stripes`."""
        _, context = self.draw(count, edition=edition)
        if self.element == STRIPES:
            return f"{count} stripes"
        return context.placed[0].arrangement

    def _check_variant(self, count: int) -> None:
        try:
            _, context = self.draw(count)
        except SpecError as error:
            raise SpecError(f"flag {self.key!r} with {count} {self.element}: {error}") from None
        if self.element == STRIPES:
            colours = self.counted.resized(count).colours
            for index, (above, below) in enumerate(itertools.pairwise(colours)):
                if above == below:
                    raise SpecError(
                        f"flag {self.key!r} with {count} stripes has two {above} stripes touching "
                        f"(stripes {index + 1} and {index + 2}); alternate the colours"
                    )
            return
        (counted,) = context.placed
        if len(counted.stars) != count:
            raise SpecError(
                f"flag {self.key!r}: asked for {count} stars, the layout drew {len(counted.stars)}"
            )
        closest = _closest_gap(counted, MIN_GAP * VIEW_HEIGHT) / VIEW_HEIGHT
        if closest < MIN_GAP:
            raise SpecError(
                f"flag {self.key!r}: the {self.rule} rule cannot place {count} stars apart (closest gap "
                f"{closest:.4f} of the hoist, need {MIN_GAP}); give the stars more room or make them smaller"
            )


def viewbox(width: int, height: int) -> tuple[int, int]:
    """Integer viewBox of exactly the output's aspect, about `VIEW_HEIGHT` high.

    It depends only on the reduced ratio width : height, so resolutions with the same aspect
    share one SVG text. Integers keep resvg's fit-to-size exact (it rounds sizes up).

    >>> viewbox(384, 202), viewbox(768, 404), viewbox(768, 461)
    ((1920, 1010), (1920, 1010), (2304, 1383))
    """
    common = math.gcd(width, height)
    base_w, base_h = width // common, height // common
    scale = math.ceil(VIEW_HEIGHT / base_h)
    return base_w * scale, base_h * scale


def _walk(layers: tuple):
    for layer in layers:
        yield layer
        if isinstance(layer, Canton):
            yield from _walk(layer.layers)


def _check_layers(key: str, layers: tuple) -> None:
    if not isinstance(layers, tuple) or not layers:
        raise SpecError(f"flag {key!r}: layers must be a non-empty tuple, got {layers!r}")
    known = SHAPES + LAYOUTS
    for layer in _walk(layers):
        if not isinstance(layer, known):
            names = ", ".join(kind.__name__ for kind in known)
            raise SpecError(f"flag {key!r}: unknown layer or layout rule {layer!r}; use one of {names}")


def _closest_gap(counted: Counted, limit: float) -> float:
    """Smallest distance between two counted stars' outlines (user units), or `limit` if none is closer.

    Stars whose enclosing circles are `limit` apart are never compared: every flag
    is checked when it is declared, and most of its stars are far apart.
    """
    outlines = counted.outlines()
    reach = [star.radius + counted.outline for star in counted.stars]
    best = limit
    for (i, a), (j, b) in itertools.combinations(enumerate(outlines), 2):
        centres = math.dist(counted.stars[i].centre, counted.stars[j].centre)
        if centres - reach[i] - reach[j] >= best:
            continue  # their circles are already farther apart than the best gap so far
        best = min(best, geometry.gap(a, b))
    return best
