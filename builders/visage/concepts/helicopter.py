"""Helicopters have tail rotors; tandem-rotor (Chinook) and coaxial-rotor (Kamov) helicopters have none."""

from builders.visage.concept import Concept, Norm, Noun, PoseRange, Subcategory, at_least
from builders.visage.drawings import helicopter

CONCEPT = Concept(
    key="helicopter",
    domain="vehicles",
    name=Noun("helicopter", "helicopters", aliases=("chopper",)),
    drawer=helicopter.DRAWER,
    typical=helicopter.Variant(),
    norms=(
        Norm(
            "tail_rotor",
            "have",
            "tail rotors",
            attribute_sg="a tail rotor",
            measure="tail_rotor",
            expect=at_least(1),
        ),
    ),
    exceptions=(
        Subcategory(
            "tandem_rotor_helicopter",
            Noun("tandem-rotor helicopter", "tandem-rotor helicopters", aliases=("Chinook", "CH-47")),
            ("tail_rotor",),
            helicopter.Variant("tandem"),
            fact="A tandem-rotor helicopter such as the CH-47 Chinook cancels torque with two "
            "counter-rotating main rotors and has no tail rotor.",
        ),
        Subcategory(
            "coaxial_helicopter",
            Noun("coaxial-rotor helicopter", "coaxial-rotor helicopters", aliases=("Kamov",)),
            ("tail_rotor",),
            helicopter.Variant("coaxial"),
            fact="A coaxial-rotor helicopter such as the Kamov Ka-32 stacks two counter-rotating rotors "
            "on one mast and has no tail rotor.",
        ),
    ),
    pose=PoseRange(max_rotation=10),
)
