"""Traffic lights have three lights; pedestrian signals have two, doghouse signals five."""

from builders.visage.concept import Concept, Norm, Noun, PoseRange, Subcategory, exactly
from builders.visage.drawings import traffic_light

CONCEPT = Concept(
    key="traffic_light",
    domain="signs",
    name=Noun("traffic light", "traffic lights", aliases=("traffic signal", "stoplight")),
    drawer=traffic_light.DRAWER,
    typical=traffic_light.Variant(),
    norms=(Norm("three_lights", "have", "three lights", measure="lamps", expect=exactly(3)),),
    exceptions=(
        Subcategory(
            "pedestrian_signal",
            Noun(
                "pedestrian signal", "pedestrian signals", aliases=("pedestrian traffic light", "walk signal")
            ),
            ("three_lights",),
            traffic_light.Variant(lamps=("red", "green"), pedestrian=True),
            fact="A pedestrian signal has two lamps, walk and don't walk.",
        ),
        Subcategory(
            "doghouse_signal",
            Noun(
                "doghouse signal",
                "doghouse signals",
                aliases=("five-section signal", "doghouse traffic light"),
            ),
            ("three_lights",),
            traffic_light.Variant(doghouse=True),
            fact="A doghouse signal is a five-section head: a red ball over two columns of arrows and balls.",
        ),
    ),
    pose=PoseRange(max_rotation=8),
)
