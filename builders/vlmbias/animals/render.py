"""Place a figure on its background: scale it to fit, stand it on the ground, draw the horizon behind it.

The scene is an 800 x 600 viewBox (4:3), rasterised at C x 3C/4. The figure
is scaled to fit a box and its feet stand on the ground line; the horizon lies
a little above the body's underside, so the ground behind the legs is one flat
colour. The canonical edition centres the animal facing right; a fresh edition
draws, per species, which way it faces, where along the ground it stands and
which way the far scenery runs (and the jitter of its marks).
"""

from __future__ import annotations

import dataclasses

from builders.core.hashing import rng_for
from builders.core.svg import Canvas, sub
from builders.vlmbias.animals.bird import draw_bird
from builders.vlmbias.animals.figure import Figure
from builders.vlmbias.animals.geometry import Clipped, Frame, bounds
from builders.vlmbias.animals.mammal import draw_mammal
from builders.vlmbias.animals.scenery import HABITATS, HEIGHT, WIDTH, draw_background
from builders.vlmbias.animals.species import Bird, Species

GROUND_Y = 556.0  # canvas y where the feet stand
BOX_WIDTH, BOX_HEIGHT = 680.0, 516.0  # the figure fits in this box
HORIZON_ABOVE_BODY = 0.18  # horizon height above the body's underside, in body heights
SIDE_MARGIN = 24.0  # canvas units a fresh edition keeps between the animal and the image's sides


@dataclasses.dataclass(frozen=True)
class Pose:
    """Where an edition puts the animal: facing left (`mirrored`), how far off centre (-1..1 of the room
    left at the sides), and whether the far scenery runs the other way."""

    mirrored: bool = False
    offset: float = 0.0
    scenery_mirrored: bool = False


def pose_for(species: Species, edition: int | None) -> Pose:
    """The canonical pose (centred, facing right), or the one a fresh edition draws for the species
    (its unmodified and its counterfactual image share it, as the release's edits kept the photo)."""
    if edition is None:
        return Pose()
    rng = rng_for("vlmbias", "animals", species.name, "pose", edition=edition)
    return Pose(
        mirrored=rng.random() < 0.5, offset=rng.uniform(-1.0, 1.0), scenery_mirrored=rng.random() < 0.5
    )


def figure_for(species: Species, legs: int, edition: int | None = None) -> Figure:
    """The checked figure of a species with `legs` legs."""
    figure = (
        draw_bird(species, legs, edition)
        if isinstance(species, Bird)
        else draw_mammal(species, legs, edition)
    )
    figure.check(frame_for(figure).scale)
    return figure


def frame_for(figure: Figure, pose: Pose = Pose()) -> Frame:
    """Scale and offset that fit the figure in the box with its feet on the ground line, posed."""
    x0, _, x1, y1 = bounds(figure.items)
    scale = min(BOX_WIDTH / (x1 - x0), BOX_HEIGHT / y1)
    room = max(0.0, (WIDTH - (x1 - x0) * scale) / 2 - SIDE_MARGIN)
    centre = WIDTH / 2 + pose.offset * room
    if pose.mirrored:
        return Frame(scale, centre + (x0 + x1) / 2 * scale, GROUND_Y, mirrored=True)
    return Frame(scale, centre - (x0 + x1) / 2 * scale, GROUND_Y)


def draw_animal(species: Species, legs: int, edition: int | None = None) -> Canvas:
    """The whole scene: background, then the figure."""
    figure = figure_for(species, legs, edition)
    pose = pose_for(species, edition)
    frame = frame_for(figure, pose)
    height = species.body_height
    horizon = frame((0.0, figure.body_bottom + HORIZON_ABOVE_BODY * height))[1]
    canvas = Canvas(WIDTH, HEIGHT)
    draw_background(canvas, HABITATS[species.habitat], horizon, pose.scenery_mirrored)
    defs = sub(canvas.root, "defs")
    group = canvas.group(class_=f"animal {species.group}")
    clips = 0
    for item in figure.items:
        if isinstance(item, Clipped):
            clips += 1
            item.emit(group, frame, defs, f"clip{clips}")
        else:
            item.emit(group, frame)
    if not clips:
        canvas.root.remove(defs)
    return canvas
