"""Bears are brown; polar bears are white, giant pandas black and white."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, Subcategory, is_colour
from builders.visage.drawings import quadruped

BEAR = quadruped.Variant(
    head_shape="bear",
    head=12.5,
    head_angle=12.0,
    body=(18.0, 9.5),
    body_y=6.0,
    chest=0.8,
    croup=-1.0,
    dip=1.0,
    withers=3.0,
    leg_width=4.4,
    limb="bear",
    neck=(4.0, 30.0),
    neck_width=10.0,
    tail="stub",
)

CONCEPT = Concept(
    key="bear",
    domain="animals",
    name=Noun("bear", "bears", aliases=("brown bear", "grizzly bear", "grizzly")),
    drawer=quadruped.DRAWER,
    typical=BEAR,
    palette={"body": family("brown"), "dark": family("coal", "black")},
    norms=(Norm("brown", "be", "brown", measure="colour", expect=is_colour("brown")),),
    exceptions=(
        Subcategory(
            "polar_bear",
            Noun("polar bear", "polar bears"),
            ("brown",),
            quadruped.like(BEAR, neck=(7.0, 28.0), neck_width=8.4, head=12.0, withers=0.5, ears="round"),
            palette={"body": family("white"), "dark": family("coal", "black")},
            fact="Polar bears have white fur over black skin.",
        ),
        Subcategory(
            "giant_panda",
            Noun("giant panda", "giant pandas", aliases=("panda", "panda bear")),
            ("brown",),
            quadruped.like(BEAR, coat="panda", ear_tone="marks", withers=0.5, head=13.0),
            palette={"body": family("white"), "marks": family("black"), "dark": family("dark_grey")},
            fact="The giant panda, a bear, is white with black legs, shoulders, ears and eye patches.",
        ),
    ),
)
