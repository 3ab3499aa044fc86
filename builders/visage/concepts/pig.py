"""Pigs are pink; Berkshire and Hampshire pigs are black, Tamworths ginger."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, Subcategory, is_colour
from builders.visage.drawings import quadruped

PIG = quadruped.Variant(
    head_shape="pig",
    head=12.5,
    head_angle=10.0,
    body=(17.0, 9.0),
    body_y=11.5,
    croup=0.4,
    dip=-0.6,
    belly=2.2,
    leg_width=3.8,
    neck=(3.0, 30.0),
    neck_width=10.0,
    tail="curly",
)

CONCEPT = Concept(
    key="pig",
    domain="animals",
    name=Noun("pig", "pigs", aliases=("hog", "piglet", "sow", "boar")),
    drawer=quadruped.DRAWER,
    typical=PIG,
    palette={"body": family("pink"), "nose": family("skin_pink"), "dark": family("coal", "dark_brown")},
    norms=(Norm("pink", "be", "pink", measure="colour", expect=is_colour("pink")),),
    exceptions=(
        Subcategory(
            "berkshire_pig",
            Noun("Berkshire pig", "Berkshire pigs", aliases=("Berkshire",)),
            ("pink",),
            quadruped.like(PIG, patches=(("socks", "pale"),)),
            palette={"body": family("black"), "pale": family("white"), "nose": family("white", "skin_pink")},
            fact="Berkshire pigs are black with white feet, a white tip to the snout and the tail.",
        ),
        Subcategory(
            "hampshire_pig",
            Noun("Hampshire pig", "Hampshire pigs", aliases=("Hampshire",)),
            ("pink",),
            quadruped.like(PIG, patches=(("belt", "pale"),)),
            palette={"body": family("black"), "pale": family("white"), "nose": family("dark_grey")},
            fact="Hampshire pigs are black with a white belt over the shoulders and front legs.",
        ),
        Subcategory(
            "tamworth_pig",
            Noun("Tamworth pig", "Tamworth pigs", aliases=("Tamworth",)),
            ("pink",),
            quadruped.like(PIG, head=14.0, body=(17.0, 8.0)),
            palette={"body": family("orange"), "nose": family("skin_pink")},
            fact="Tamworth pigs are golden red to ginger all over.",
        ),
    ),
)
