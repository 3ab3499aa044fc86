"""Heads of the four-legged animals in side view, facing right: the part that tells a cat from a dog.

Each head is drawn in its own frame: x from the back of the skull (0) to the
tip of the nose (1), y down, the neck joining at the origin; `quadruped`
scales it to the species' head length, tilts it and sets it on the neck. A
head is points a smooth outline passes through, the eye, the nose, the ears
(near and far) and where horns, tusks, a trunk or a tongue grow from.
"""

from __future__ import annotations

import dataclasses

from builders.visage.drawing import Point

Shape = tuple[Point, ...]


@dataclasses.dataclass(frozen=True)
class Head:
    outline: Shape
    eye: Point
    eye_size: float
    nose: Shape
    #: (outline, far side?) per ear.
    ears: tuple[tuple[Shape, bool], ...]
    #: A paler patch: a whisker pad, a white face, a pale muzzle.
    muzzle: Shape = ()
    mouth: tuple[Point, ...] = ()
    #: Where horns, tusks, a trunk and a tongue start.
    crown: Point = (0.2, -0.2)
    jaw: Point = (0.75, 0.3)
    #: Slit pupils (cats, goats) instead of a round dark eye.
    slit: bool = False
    #: The near ear's role: the coat's, or its shade (a hound's darker drooping ears).
    ear_tone: str = "body"


def _ear(base_back: Point, base_front: Point, tip: Point, bulge: float = 0.25) -> Shape:
    """A leaf-shaped ear from its base to its tip, `bulge` wide at the middle."""
    mid_back = (
        (base_back[0] + tip[0]) / 2 - bulge * (tip[1] - base_back[1]) * 0.3,
        (base_back[1] + tip[1]) / 2 + bulge * (tip[0] - base_back[0]) * 0.3,
    )
    mid_front = (
        (base_front[0] + tip[0]) / 2 + bulge * (tip[1] - base_front[1]) * 0.3,
        (base_front[1] + tip[1]) / 2 - bulge * (tip[0] - base_front[0]) * 0.3,
    )
    return (base_back, mid_back, tip, mid_front, base_front)


def _shifted(shape: Shape, dx: float, dy: float) -> Shape:
    return tuple((x + dx, y + dy) for x, y in shape)


#: Ears a species may swap for its own (a dog's pricked or drooping ears).
EARS: dict[str, Shape] = {
    "cat": ((0.34, -0.3), (0.4, -0.5), (0.47, -0.78), (0.58, -0.52), (0.66, -0.27)),
    "pricked": ((0.18, -0.28), (0.22, -0.55), (0.3, -0.8), (0.4, -0.52), (0.46, -0.28)),
    "drooping": ((0.2, -0.3), (0.1, -0.05), (0.14, 0.42), (0.3, 0.32), (0.38, -0.26)),
    "horse": _ear((0.08, -0.12), (0.22, -0.16), (0.02, -0.52), 0.5),
    "cow": ((0.16, -0.02), (-0.05, -0.1), (-0.3, -0.02), (-0.08, 0.1), (0.16, 0.08)),
    "deer": _ear((0.12, -0.14), (0.26, -0.2), (-0.08, -0.68), 0.9),
    "round": ((0.16, -0.3), (0.14, -0.46), (0.26, -0.52), (0.38, -0.44), (0.38, -0.3)),
    "bear": ((0.16, -0.28), (0.12, -0.44), (0.24, -0.52), (0.36, -0.46), (0.36, -0.28)),
    "pig": ((0.26, -0.22), (0.34, -0.42), (0.6, -0.5), (0.5, -0.3), (0.46, -0.18)),
    "sheep": ((0.24, -0.08), (0.0, -0.04), (-0.26, 0.14), (-0.38, 0.3), (-0.2, 0.3), (0.08, 0.12)),
    "rhino": _ear((0.1, -0.1), (0.2, -0.14), (0.02, -0.44), 0.6),
    "giraffe": ((0.16, -0.06), (-0.04, -0.14), (-0.26, -0.1), (-0.06, 0.02), (0.16, 0.04)),
}


def _far(shape: Shape) -> Shape:
    """The far ear: behind the near one, a little back and up."""
    return _shifted(shape, -0.12, -0.03)


HEADS: dict[str, Head] = {
    # Round skull, short muzzle, upright triangular ears, slit pupils.
    "cat": Head(
        outline=(
            (0.0, 0.1),
            (0.08, -0.2),
            (0.3, -0.34),
            (0.6, -0.3),
            (0.82, -0.12),
            (0.98, 0.1),
            (0.96, 0.28),
            (0.76, 0.42),
            (0.44, 0.46),
            (0.16, 0.38),
        ),
        eye=(0.66, -0.04),
        eye_size=0.1,
        nose=((0.92, 0.06), (1.0, 0.05), (0.97, 0.13)),
        ears=((_far(EARS["cat"]), True), (EARS["cat"], False)),
        muzzle=((0.74, 0.18), (0.86, 0.1), (0.99, 0.16), (0.98, 0.32), (0.84, 0.38), (0.72, 0.3)),
        mouth=((0.97, 0.14), (0.93, 0.26), (0.86, 0.28)),
        jaw=(0.86, 0.32),
        slit=True,
    ),
    # A longer muzzle ending in a black nose.
    "dog": Head(
        outline=(
            (0.0, 0.1),
            (0.1, -0.22),
            (0.32, -0.32),
            (0.52, -0.26),
            (0.62, -0.14),
            (0.88, -0.1),
            (1.0, -0.02),
            (1.0, 0.12),
            (0.86, 0.24),
            (0.62, 0.3),
            (0.38, 0.36),
            (0.12, 0.34),
        ),
        eye=(0.5, -0.1),
        eye_size=0.07,
        nose=((0.9, -0.1), (1.02, -0.06), (1.02, 0.06), (0.92, 0.06)),
        ears=((_far(EARS["drooping"]), True), (EARS["drooping"], False)),
        mouth=((1.0, 0.12), (0.86, 0.2), (0.7, 0.2)),
        jaw=(0.74, 0.22),
        ear_tone="shade",
    ),
    # Long face, big jaw, pricked ears: a horse's (and a zebra's).
    "horse": Head(
        outline=(
            (0.0, 0.04),
            (0.12, -0.16),
            (0.32, -0.2),
            (0.62, -0.12),
            (0.9, 0.0),
            (1.0, 0.12),
            (0.98, 0.26),
            (0.86, 0.32),
            (0.7, 0.28),
            (0.48, 0.3),
            (0.26, 0.42),
            (0.06, 0.3),
        ),
        eye=(0.3, -0.06),
        eye_size=0.06,
        nose=((0.9, 0.04), (0.96, 0.06), (0.95, 0.12), (0.89, 0.1)),
        ears=((_far(EARS["horse"]), True), (EARS["horse"], False)),
        muzzle=((0.78, -0.04), (0.92, 0.0), (1.0, 0.12), (0.98, 0.26), (0.86, 0.32), (0.74, 0.26)),
        crown=(0.12, -0.16),
    ),
    # Broad and boxy, a wide muzzle, ears out to the side; horns from the poll.
    "cow": Head(
        outline=(
            (0.0, 0.02),
            (0.1, -0.14),
            (0.4, -0.14),
            (0.72, -0.02),
            (0.94, 0.14),
            (1.0, 0.3),
            (0.98, 0.46),
            (0.84, 0.52),
            (0.6, 0.44),
            (0.3, 0.4),
            (0.06, 0.26),
        ),
        eye=(0.4, 0.0),
        eye_size=0.065,
        nose=((0.9, 0.24), (0.97, 0.26), (0.96, 0.33), (0.9, 0.31)),
        ears=((_far(EARS["cow"]), True), (EARS["cow"], False)),
        muzzle=((0.82, 0.12), (0.96, 0.18), (1.02, 0.32), (0.99, 0.47), (0.86, 0.53), (0.78, 0.4)),
        crown=(0.12, -0.12),
    ),
    # Slender, tapering to a small black nose, big ears.
    "deer": Head(
        outline=(
            (0.0, 0.06),
            (0.12, -0.16),
            (0.36, -0.18),
            (0.66, -0.06),
            (0.9, 0.06),
            (1.0, 0.14),
            (0.96, 0.24),
            (0.76, 0.26),
            (0.48, 0.3),
            (0.2, 0.34),
            (0.04, 0.24),
        ),
        eye=(0.4, -0.05),
        eye_size=0.07,
        nose=((0.9, 0.06), (1.0, 0.12), (0.98, 0.2), (0.9, 0.17)),
        ears=((_far(EARS["deer"]), True), (EARS["deer"], False)),
        muzzle=((0.1, 0.3), (0.3, 0.26), (0.5, 0.3), (0.36, 0.36), (0.16, 0.36)),
        crown=(0.24, -0.18),
    ),
    # Lions and tigers: broad skull, blunt muzzle, small round ears, a pale whisker pad.
    "big_cat": Head(
        outline=(
            (0.0, 0.12),
            (0.08, -0.18),
            (0.3, -0.32),
            (0.56, -0.3),
            (0.76, -0.16),
            (0.94, 0.02),
            (1.0, 0.16),
            (0.98, 0.32),
            (0.8, 0.44),
            (0.5, 0.48),
            (0.2, 0.42),
        ),
        eye=(0.6, -0.08),
        eye_size=0.065,
        nose=((0.86, 0.04), (1.0, 0.06), (0.95, 0.16), (0.88, 0.13)),
        ears=((_far(EARS["round"]), True), (EARS["round"], False)),
        muzzle=((0.7, 0.14), (0.86, 0.1), (1.0, 0.16), (0.99, 0.32), (0.82, 0.42), (0.66, 0.32)),
        mouth=((0.95, 0.16), (0.92, 0.28), (0.8, 0.32)),
        jaw=(0.85, 0.38),
    ),
    # A bear's: dished face, round ears, a big dark nose.
    "bear": Head(
        outline=(
            (0.0, 0.12),
            (0.1, -0.2),
            (0.34, -0.3),
            (0.56, -0.22),
            (0.72, -0.06),
            (0.94, 0.0),
            (1.02, 0.08),
            (1.0, 0.2),
            (0.84, 0.28),
            (0.6, 0.36),
            (0.3, 0.44),
            (0.06, 0.36),
        ),
        eye=(0.5, -0.08),
        eye_size=0.055,
        nose=((0.92, -0.02), (1.03, 0.03), (1.02, 0.12), (0.93, 0.1)),
        ears=((_far(EARS["bear"]), True), (EARS["bear"], False)),
        muzzle=((0.66, -0.02), (0.9, 0.0), (1.0, 0.14), (0.86, 0.26), (0.66, 0.22)),
        mouth=((0.98, 0.18), (0.8, 0.24), (0.66, 0.24)),
    ),
    # Pointed ears forward, a flat disc of a snout.
    "pig": Head(
        outline=(
            (0.0, 0.12),
            (0.12, -0.16),
            (0.4, -0.22),
            (0.7, -0.1),
            (0.94, 0.0),
            (1.0, 0.06),
            (1.0, 0.3),
            (0.86, 0.36),
            (0.6, 0.42),
            (0.3, 0.44),
            (0.06, 0.34),
        ),
        eye=(0.5, -0.04),
        eye_size=0.05,
        nose=((0.95, 0.0), (1.04, 0.04), (1.06, 0.18), (1.04, 0.31), (0.95, 0.31)),
        ears=((_far(EARS["pig"]), True), (EARS["pig"], False)),
        mouth=((0.95, 0.32), (0.8, 0.34), (0.68, 0.3)),
    ),
    # Small and long, ears out to the side; ossicones on top.
    "giraffe": Head(
        outline=(
            (0.0, 0.08),
            (0.12, -0.1),
            (0.42, -0.12),
            (0.74, 0.0),
            (0.94, 0.12),
            (1.0, 0.24),
            (0.94, 0.34),
            (0.72, 0.34),
            (0.42, 0.32),
            (0.14, 0.3),
        ),
        eye=(0.36, 0.0),
        eye_size=0.075,
        nose=((0.9, 0.14), (0.97, 0.17), (0.95, 0.23), (0.89, 0.21)),
        ears=((_far(EARS["giraffe"]), True), (EARS["giraffe"], False)),
        crown=(0.16, -0.1),
    ),
    # Domed head, the trunk from its front, a huge ear behind the eye (drawn by `quadruped`).
    "elephant": Head(
        outline=(
            (0.0, 0.0),
            (0.14, -0.3),
            (0.42, -0.4),
            (0.7, -0.3),
            (0.86, -0.06),
            (0.92, 0.24),
            (0.84, 0.44),
            (0.62, 0.5),
            (0.36, 0.5),
            (0.1, 0.36),
        ),
        eye=(0.66, -0.06),
        eye_size=0.045,
        nose=(),
        ears=(),
        jaw=(0.72, 0.44),
        crown=(0.86, 0.1),
    ),
    # Long and low, two horns on the nose, tubular ears.
    "rhino": Head(
        outline=(
            (0.0, 0.06),
            (0.14, -0.12),
            (0.42, -0.1),
            (0.7, 0.0),
            (0.92, 0.12),
            (1.02, 0.26),
            (1.0, 0.42),
            (0.86, 0.5),
            (0.6, 0.48),
            (0.3, 0.44),
            (0.06, 0.3),
        ),
        eye=(0.5, 0.1),
        eye_size=0.04,
        nose=((0.9, 0.28), (0.96, 0.3), (0.95, 0.36), (0.9, 0.34)),
        ears=((_far(EARS["rhino"]), True), (EARS["rhino"], False)),
        mouth=((1.0, 0.42), (0.88, 0.44), (0.78, 0.42)),
        crown=(0.88, 0.08),
    ),
    # Long, with a Roman nose and a blunt muzzle, ears out to the side.
    "sheep": Head(
        outline=(
            (0.0, 0.06),
            (0.1, -0.2),
            (0.34, -0.26),
            (0.6, -0.18),
            (0.84, -0.02),
            (0.98, 0.14),
            (1.02, 0.3),
            (0.94, 0.42),
            (0.78, 0.46),
            (0.5, 0.42),
            (0.22, 0.38),
            (0.04, 0.26),
        ),
        eye=(0.38, -0.06),
        eye_size=0.065,
        nose=((0.94, 0.2), (1.01, 0.23), (0.99, 0.3), (0.94, 0.28)),
        ears=((_far(EARS["sheep"]), True), (EARS["sheep"], False)),
        crown=(0.14, -0.16),
        ear_tone="shade",
    ),
}
