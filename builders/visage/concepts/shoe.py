"""Shoes have laces; loafers, clogs and ballet flats slip on without any."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, PoseRange, Subcategory, at_least
from builders.visage.drawings import shoe

CONCEPT = Concept(
    key="shoe",
    domain="artefacts",
    name=Noun("shoe", "shoes", aliases=("sneaker", "trainer", "running shoe")),
    drawer=shoe.DRAWER,
    typical=shoe.Variant(),
    norms=(Norm("laces", "have", "laces", measure="laces", expect=at_least(1)),),
    exceptions=(
        Subcategory(
            "loafer",
            Noun("loafer", "loafers", aliases=("penny loafer", "slip-on")),
            ("laces",),
            shoe.Variant("loafer"),
            fact="A loafer is a laceless slip-on shoe.",
        ),
        Subcategory(
            "clog",
            Noun("clog", "clogs", aliases=("wooden clog", "sabot")),
            ("laces",),
            shoe.Variant("clog"),
            # Carved wood, bare or painted.
            palette={"upper": family("wood", "yellow", "white", "tan")},
            fact="A clog is a slip-on shoe with a thick wooden sole and no laces.",
        ),
        Subcategory(
            "ballet_flat",
            Noun("ballet flat", "ballet flats", aliases=("ballerina flat", "flat")),
            ("laces",),
            shoe.Variant("flat"),
            fact="A ballet flat is a low slip-on shoe with no laces, often with a small bow.",
        ),
    ),
    pose=PoseRange(max_rotation=10),
)
