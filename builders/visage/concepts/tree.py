"""Trees have green leaves; copper beeches and purple-leaf plums have purple leaves, Bloodgood Japanese
maples red ones."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, PoseRange, Subcategory, is_colour
from builders.visage.drawings import tree

CONCEPT = Concept(
    key="tree",
    domain="plants and produce",
    name=Noun("tree", "trees", aliases=("oak", "beech", "maple")),
    drawer=tree.DRAWER,
    typical=tree.Variant(),
    palette={"leaf": family("green")},
    norms=(
        Norm(
            "green_leaves",
            "have",
            "green leaves",
            attribute_sg="green leaves",
            measure="colour",
            expect=is_colour("green"),
        ),
    ),
    exceptions=(
        Subcategory(
            "copper_beech",
            Noun("copper beech", "copper beeches", aliases=("purple beech",)),
            ("green_leaves",),
            tree.Variant(),
            palette={"leaf": family("purple")},
            fact="The copper beech (Fagus sylvatica f. purpurea) keeps deep purple leaves all summer.",
            reveals=("green_leaves",),
        ),
        Subcategory(
            "purple_leaf_plum",
            Noun("purple-leaf plum", "purple-leaf plums", aliases=("cherry plum", "Prunus cerasifera")),
            ("green_leaves",),
            tree.Variant(),
            palette={"leaf": family("purple")},
            fact="The purple-leaf plum (Prunus cerasifera 'Atropurpurea') has dark purple leaves all season.",
            reveals=("green_leaves",),
        ),
        Subcategory(
            "bloodgood_maple",
            Noun(
                "Bloodgood Japanese maple",
                "Bloodgood Japanese maples",
                aliases=("Japanese maple", "red maple"),
            ),
            ("green_leaves",),
            tree.Variant("spreading"),
            palette={"leaf": family("red")},
            fact="The Bloodgood Japanese maple (Acer palmatum 'Bloodgood') keeps deep red leaves all summer.",
        ),
    ),
    pose=PoseRange(max_rotation=5, min_scale=0.85),
)
