"""Rhinoceroses have two horns; the Indian and the Javan rhinoceros have one."""

from dataclasses import replace

from builders.visage.colours import family
from builders.visage.concept import Concept, Framing, Norm, Noun, Subcategory, exactly
from builders.visage.drawings import quadruped

RHINO = quadruped.Variant(
    head_shape="rhino",
    head=17.0,
    head_angle=24.0,
    ears="rhino",
    body=(20.0, 10.5),
    body_y=4.0,
    belly=1.4,
    croup=0.6,
    dip=1.2,
    withers=2.4,
    leg_width=5.2,
    limb="pillar",
    neck=(3.0, 20.0),
    neck_width=12.0,
    tail="hanging",
    tuft="dark",
    horns="rhino2",
)
ONE_HORNED = quadruped.like(RHINO, horns="rhino1", folds=True)

CONCEPT = Concept(
    key="rhinoceros",
    domain="animals",
    name=Noun("rhinoceros", "rhinoceroses", aliases=("rhino", "rhinos")),
    drawer=quadruped.DRAWER,
    typical=RHINO,
    palette={"body": family("grey", "dark_grey"), "horn": family("ivory", "cream", "maple")},
    norms=(
        Norm(
            "two_horns",
            "have",
            "two horns",
            measure="horns",
            expect=exactly(2),
            # Head and shoulders, closer: the second horn is a small share of a whole rhino.
            framing=Framing(focus=(17.0, -4.0), zoom=1.7),
        ),
    ),
    exceptions=(
        Subcategory(
            "indian_rhinoceros",
            Noun("Indian rhinoceros", "Indian rhinoceroses", aliases=("greater one-horned rhinoceros",)),
            ("two_horns",),
            ONE_HORNED,
            fact="The Indian rhinoceros (greater one-horned rhinoceros) has a single horn.",
        ),
        Subcategory(
            "javan_rhinoceros",
            Noun("Javan rhinoceros", "Javan rhinoceroses", aliases=("lesser one-horned rhinoceros",)),
            ("two_horns",),
            replace(ONE_HORNED, head=16.0),
            fact="The Javan rhinoceros has one horn, short in bulls and often a mere knob in cows.",
        ),
    ),
)
