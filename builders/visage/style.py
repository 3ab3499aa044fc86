"""Seeded scene styles: pose, palette and background of one (typical, exceptional) image pair.

The i-th typical and the i-th exceptional image of a tuple share their pose,
background and every palette role the exception does not repaint, so the pair
differs in the subcategory and its attribute, not in incidental style. Every
choice comes from `rng_for` keyed by the tuple, the index and what is chosen.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Mapping

from builders.core.errors import SpecError
from builders.core.hashing import rng_for
from builders.visage.colours import BACKGROUNDS, FLOORS, MIN_DISTANCE, distance, mix, rgb
from builders.visage.concept import PoseRange
from builders.visage.drawing import Point, Role

#: The scene's viewBox is VIEW x VIEW units; the object's local origin sits at its centre (+ shift).
VIEW = 100.0
MAX_SHIFT = 8.0
BACKGROUND_KINDS = ("plain", "gradient", "floor")
#: Where the floor of a `floor` background starts (viewBox units from the top).
FLOOR_Y = 74.0


@dataclasses.dataclass(frozen=True)
class Pose:
    """Rotation (degrees), uniform scale, shift of the centre and an optional mirror image."""

    rotation: float
    scale: float
    shift: tuple[float, float]
    flip: bool

    def matrix(self) -> tuple[float, float, float, float, float, float]:
        """SVG `matrix(a b c d e f)`: mirror, scale, rotate, then move the origin to the centre.

        >>> Pose(rotation=90, scale=0.5, shift=(0, 0), flip=False).apply((10, 0))
        (50.0, 55.0)
        """
        angle = math.radians(self.rotation)
        sx = -self.scale if self.flip else self.scale
        cos, sin = math.cos(angle), math.sin(angle)
        return (
            sx * cos,
            sx * sin,
            -self.scale * sin,
            self.scale * cos,
            VIEW / 2 + self.shift[0],
            VIEW / 2 + self.shift[1],
        )

    def apply(self, point: Point) -> Point:
        a, b, c, d, e, f = self.matrix()
        x, y = point
        return round(a * x + c * y + e, 6), round(b * x + d * y + f, 6)

    def svg(self) -> str:
        return "matrix(" + " ".join(f"{value:.6f}".rstrip("0").rstrip(".") for value in self.matrix()) + ")"


def sample_pose(pose_range: PoseRange, key: tuple[object, ...]) -> Pose:
    rng = rng_for(*key, "pose")
    return Pose(
        rotation=round(rng.uniform(-pose_range.max_rotation, pose_range.max_rotation), 2),
        scale=round(rng.uniform(pose_range.min_scale, pose_range.max_scale), 3),
        shift=(round(rng.uniform(-MAX_SHIFT, MAX_SHIFT), 2), round(rng.uniform(-MAX_SHIFT, MAX_SHIFT), 2)),
        flip=pose_range.flip and rng.random() < 0.5,
    )


def sample_palette(
    roles: tuple[Role, ...], overrides: Mapping[str, tuple[str, ...]], key: tuple[object, ...]
) -> dict[str, str]:
    """A hex per role (in the roles' order), every two at least `MIN_DISTANCE` apart.

    Each role's candidates are shuffled by a generator keyed by the role alone, so two images
    with the same key and candidates get the same colour for it. Roles with the fewest
    candidates choose first (a flip clock's dark cards before its case), except that a shaded role
    and the role it shades go before all, the shade trying that colour's tone first; when a role
    finds no colour, the
    roles before it try their next candidates (a depth-first search, so the result is still a
    pure function of the key).
    """
    options = {}
    for role in roles:
        candidates = list(overrides.get(role.name, role.candidates))
        rng_for(*key, "palette", role.name).shuffle(candidates)
        options[role.name] = candidates
    shading = {role.name: role.shaded for role in roles if role.shaded and role.name not in overrides}
    lighter = {role.name for role in roles if role.lighter}
    # A shaded role's base chooses first and its tone right after, before others take colours near it.
    first = list(dict.fromkeys(name for pair in shading.items() for name in reversed(pair)))
    order = [
        *first,
        *(name for name in sorted(options, key=lambda name: len(options[name])) if name not in first),
    ]
    chosen = _search(order, options, shading, lighter, {})
    if chosen is None:
        raise SpecError(
            f"the roles {order} have no colours {MIN_DISTANCE:g} apart from each other; "
            "widen their candidates"
        )
    return {role.name: chosen[role.name] for role in roles}


def _search(
    order: list[str],
    options: dict[str, list[str]],
    shading: Mapping[str, str],
    lighter: set[str],
    chosen: dict[str, str],
) -> dict[str, str] | None:
    if len(chosen) == len(order):
        return chosen
    name = order[len(chosen)]
    candidates = options[name]
    if name in shading:
        candidates = [shade(chosen[shading[name]], lighter=name in lighter), *candidates]
    for colour in candidates:
        if _apart(colour, chosen.values()):
            found = _search(order, options, shading, lighter, {**chosen, name: colour})
            if found is not None:
                return found
    return None


def shade(hex_: str, lighter: bool = False) -> str:
    """A darker tone of a colour, or a lighter one where darker would hardly differ (far legs, far ears).

    >>> shade("#ef6c00"), shade("#151515"), shade("#5d3f28"), shade("#c62828", lighter=True)
    ('#b35100', '#5b5b5b', '#8e7968', '#d76868')
    """
    r, g, b = rgb(hex_)
    darker = "#" + "".join(f"{round(v * 0.75):02x}" for v in (r, g, b))
    if not lighter and distance(darker, hex_) >= MIN_DISTANCE + 4:
        return darker
    return "#" + "".join(f"{round(v + (255 - v) * 0.3):02x}" for v in (r, g, b))


@dataclasses.dataclass(frozen=True)
class Background:
    kind: str
    colors: tuple[str, ...]

    def shades(self) -> tuple[str, ...]:
        """Every colour the background shows that an object colour must stay away from."""
        return (*self.colors, mix(*self.colors)) if self.kind == "gradient" else self.colors


def sample_background(avoid: Iterable[str], key: tuple[object, ...]) -> Background:
    """A background kind and colours that no object colour in `avoid` comes near."""
    avoid = tuple(avoid)
    rng = rng_for(*key, "background")
    kind = rng.choice(BACKGROUND_KINDS)
    walls = [c for c in BACKGROUNDS if _apart(c, avoid)]
    floors = [c for c in FLOORS if _apart(c, avoid)]
    rng.shuffle(walls)
    rng.shuffle(floors)
    options: list[Background] = []
    if kind == "plain":
        options = [Background("plain", (wall,)) for wall in walls]
    elif kind == "gradient":
        options = [Background("gradient", (a, b)) for a in walls for b in walls if a != b]
    else:
        options = [Background("floor", (wall, floor)) for wall in walls for floor in floors]
    for option in options:
        if kind != "gradient" or _apart(mix(*option.colors), avoid):
            return option
    if walls:
        return Background("plain", (walls[0],))
    raise SpecError(f"no background colour is {MIN_DISTANCE:g} away from the object colours {sorted(avoid)}")


def _apart(colour: str, others: Iterable[str]) -> bool:
    return all(distance(colour, other) >= MIN_DISTANCE for other in others)
