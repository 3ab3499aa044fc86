"""The 23 birds of the release (drawn with 2 legs, 3 in the counterfactual), one entry each.

Numbers are the release's (`animal_NNN_<name>`). Templates hold the proportions
a group shares (waders, ratites, shorebirds, fowl, waterfowl).
"""

from __future__ import annotations

from typing import Any

from builders.vlmbias.animals.species import Bird, bird

WADER: dict[str, Any] = dict(
    habitat="wetland", body_height=40, tilt=18, neck_length=62, neck_width=9, neck_angle=80,
    neck_shape="upright", head_size=9, beak="dagger", beak_length=30, leg_length=105, leg_width=3.6,
    tail="short", tail_size=22,
)  # fmt: skip
RATITE: dict[str, Any] = dict(
    habitat="savanna", body_height=62, tilt=8, neck_length=92, neck_width=8, neck_angle=84, head_size=8,
    beak="straight", beak_length=13, leg_length=100, leg_width=7.0, tail="plume", tail_size=30,
)  # fmt: skip
SHOREBIRD: dict[str, Any] = dict(
    habitat="shore", body_height=46, tilt=10, neck_length=16, neck_width=16, neck_angle=55,
    neck_shape="short", head_size=14, beak="straight", beak_length=22, beak_colour="#2a2a2a", leg_length=58,
    leg_width=3.8, tail="short", tail_size=24,
)  # fmt: skip
FOWL: dict[str, Any] = dict(
    habitat="farm", body_height=62, tilt=22, neck_length=26, neck_width=18, neck_angle=70, neck_shape="short",
    head_size=13, beak="cone", beak_length=11, beak_colour="#e8b040", leg_length=46, leg_width=5.5,
    leg_colour="#e8c040", tail="upturned", tail_size=30,
)  # fmt: skip
WATERFOWL: dict[str, Any] = dict(
    habitat="wetland", body_height=44, tilt=4, neck_length=22, neck_width=14, neck_angle=70,
    neck_shape="short", head_size=14, beak="flat", beak_length=18, leg_length=28, leg_width=5.0,
    tail="upturned", tail_size=22,
)  # fmt: skip

BIRDS: tuple[Bird, ...] = (
    bird(RATITE, number=62, name="Ostrich", plumage="#1e1b19", wing="#2a2623", wing_tip="#f4f0ea",
         tail_colour="#f4f0ea", neck_colour="#e8b8a8", head_colour="#e8b8a8", beak_colour="#d9b8a0",
         leg_colour="#e4b4a4"),
    bird(RATITE, number=63, name="Emu", habitat="red_desert", plumage="#6a5846", wing="#6a5846",
         neck_colour="#3a4a5a", head_colour="#2a2a2a", beak_colour="#2a2420", leg_colour="#6e6a66",
         tail="drooping", tail_size=42, body_height=64, tilt=0, neck_length=70, leg_length=88,
         pattern="scaled", pattern_colour="#4a3c30"),
    bird(RATITE, number=64, name="Rhea", habitat="grassland", plumage="#9a9088", wing="#8a8078",
         neck_colour="#b0a89e", head_colour="#5a524c", beak_colour="#6a6058", leg_colour="#4e4a46",
         tail="drooping", tail_size=34, neck_length=78, leg_length=86),
    bird(RATITE, number=65, name="Cassowary", habitat="forest", plumage="#161616", wing="#161616",
         neck_colour="#2f6fc0", head_colour="#2f6fc0", crest="casque", crest_colour="#c8a060", head_size=10,
         wattle="#d02a2a", beak_colour="#2a2a2a", leg_colour="#4a4a3a", leg_width=8.0, tail="drooping",
         tail_size=40, neck_length=46, neck_width=10, leg_length=78, body_height=66, tilt=0),
    bird(WADER, number=66, name="Heron", plumage="#8f98a3", wing="#7d8792", neck_shape="s_curve",
         neck_colour="#dfe3e7", head_colour="#eef0f2", crest="tuft", beak_colour="#e0b040",
         leg_colour="#c8a860"),
    bird(WADER, number=67, name="Stork", habitat="grassland", plumage="#f6f5f1", wing="#f6f5f1",
         wing_tip="#1a1a1a", beak="heavy", beak_length=34, beak_colour="#d63a2a", leg_colour="#d63a2a",
         neck_length=44, neck_width=12, head_size=10),
    bird(WADER, number=68, name="Crane", habitat="grassland", plumage="#b8bec4", wing="#a8aeb4",
         neck_colour="#2a2a2a", head_colour="#2a2a2a", crest="crown", crest_colour="#d03030",
         beak="straight", beak_length=22, beak_colour="#6e6a5a", leg_colour="#2a2a2a", tail="drooping",
         tail_size=30, tail_colour="#5a5e62", extras=("white_neck_ring",)),
    bird(WADER, number=69, name="Egret", plumage="#fafafa", wing="#f2f2f2", neck_shape="s_curve",
         beak_colour="#f0c030", leg_colour="#1c1c1c", extras=("plumes",)),
    bird(WADER, number=70, name="Ibis", plumage="#e3452c", wing="#d23a24", wing_tip="#2a1a1a", beak="down",
         beak_length=34, beak_colour="#8a3a2a", leg_colour="#b83a2a", leg_length=80, neck_length=40,
         neck_width=10),
    bird(WADER, number=71, name="Spoonbill", plumage="#f0a0b4", wing="#e0607a", head_colour="#e8e0b8",
         beak="spoon", beak_length=34, beak_colour="#c8b890", leg_colour="#b0283a", leg_length=82,
         neck_length=42, neck_width=11),
    bird(FOWL, number=72, name="Turkey", plumage="#3e2c22", wing="#5a4030", pattern="barred",
         pattern_colour="#c8b8a0", tail="fan", tail_size=62, tail_colour="#5a4030", head_colour="#b8cfe0",
         neck_colour="#d04040", crest="snood", crest_colour="#d03030", wattle="#d03030",
         beak_colour="#d8c8a8", leg_colour="#c8a0a0", extras=("breast_patch",), leg_length=50),
    bird(FOWL, number=73, name="Chicken", plumage="#b8682e", wing="#9a5424", crest="comb",
         crest_colour="#d82020", wattle="#d82020"),
    bird(FOWL, number=74, name="Rooster", plumage="#c0501e", wing="#8a3418", neck_colour="#e08a30",
         head_colour="#e08a30", tail="sickle", tail_size=52, tail_colour="#1c2e26", crest="comb",
         crest_colour="#d81e1e", wattle="#d81e1e", leg_length=50),
    bird(WATERFOWL, number=75, name="Duck", plumage="#9a9490", wing="#6a625c", head_colour="#1f6a3a",
         neck_colour="#1f6a3a", beak_colour="#e8c040", leg_colour="#f08a20", tail_colour="#2a2a2a",
         extras=("white_neck_ring", "breast_patch")),
    bird(WATERFOWL, number=76, name="Swan", plumage="#fafafa", wing="#efefef", neck_shape="swan",
         neck_length=62, neck_width=10, neck_angle=72, head_size=11, beak_colour="#f07a20",
         leg_colour="#2a2a2a", leg_length=32, body_height=46, extras=("knob",)),
    bird(FOWL, number=77, name="Peacock", plumage="#1e4fa0", wing="#8a7a5a", pattern="barred",
         pattern_colour="#3a3020", neck_colour="#1e4fa0", head_colour="#1e4fa0", crest="crown",
         crest_colour="#2060c0", tail="train", tail_size=120, tail_colour="#2a7a3a", leg_colour="#6e665e",
         beak_colour="#b8b0a0", neck_length=40, neck_width=11, body_height=46, tilt=12, leg_length=52),
    bird(SHOREBIRD, number=78, name="Sandpiper", plumage="#a89070", wing="#8a7458", pattern="scaled",
         pattern_colour="#5a4630", leg_colour="#d0c860"),
    bird(SHOREBIRD, number=79, name="Avocet", plumage="#f6f6f2", wing="#f6f6f2", wing_tip="#1a1a1a",
         head_colour="#1a1a1a", beak="up", beak_length=32, beak_colour="#1a1a1a", leg_colour="#8aa8c8",
         leg_length=72, neck_length=30, neck_width=11, neck_shape="upright", head_size=11),
    bird(SHOREBIRD, number=80, name="Stilt", habitat="wetland", plumage="#f8f8f6", wing="#161616",
         beak_length=26, leg_colour="#e05a70", leg_length=130, leg_width=3.2, neck_length=26, neck_width=11,
         neck_shape="upright", head_size=11),
    bird(SHOREBIRD, number=81, name="Plover", plumage="#b89a72", wing="#a08662", beak_length=10,
         beak_colour="#e8a030", leg_colour="#f0a040", extras=("white_neck_ring",), leg_length=48),
    bird(SHOREBIRD, number=82, name="Lapwing", habitat="farm", plumage="#f4f2ee", wing="#1f4a3a",
         head_colour="#1a1a1a", crest="tuft", beak_length=12, leg_colour="#c88a8a",
         extras=("breast_patch",)),
    bird(SHOREBIRD, number=83, name="Oystercatcher", plumage="#161616", wing="#161616", beak_length=28,
         beak_colour="#f06a1a", leg_colour="#f0a8a8"),
    Bird(number=89, name="Secretary Bird", habitat="savanna", plumage="#c8ccd0", wing="#b8bcc0",
         wing_tip="#1a1a1a", crest="quills", beak="hook", beak_length=12, beak_colour="#8a8a8a",
         extras=("black_thighs", "eye_patch"), leg_colour="#e8c8a8", leg_length=120, leg_width=4.0,
         neck_length=38, neck_width=10, head_size=10, tail="short", tail_size=46, tail_colour="#3a3a3a",
         body_height=40, tilt=12),
)  # fmt: skip
