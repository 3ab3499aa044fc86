"""VLMBias topic `logos`: shoes and cars whose emblem has one element more (Maserati: two more).

Paper preset: cars 3 brands x 5 body types x 3 colours and shoes 2 brands x 4
sports x 3 colours, at 3 resolutions = 135 + 72 = 207 counterfactual images,
plus each brand's unmodified emblem on one background x 3 resolutions for the
`original` split. With `--source upstream PATH` the release's photos are
re-emitted instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builders.core.scene import Scene
from builders.vlmbias.background import classes, keep_only
from builders.vlmbias.logos.brands import SHOE
from builders.vlmbias.logos.cars import BADGE, draw_car
from builders.vlmbias.logos.questions import logo_questions
from builders.vlmbias.logos.release import released_file
from builders.vlmbias.logos.shoes import PALETTES, draw_shoes
from builders.vlmbias.logos.spec import LogoSpec, counterfactual_specs, original_specs, released_word
from builders.vlmbias.questions import Question
from builders.vlmbias.topic import Plan, Topic, titled_form, type_before_px

if TYPE_CHECKING:
    from builders.vlmbias.parameters import VlmBiasParameters


class LogosTopic(Topic[LogoSpec]):
    """The `logos` config of VLMBias; released photos are answered for by `UpstreamPhotos`."""

    config = "logos"
    topic = "Logos"
    spec_type = LogoSpec
    attribution = ""
    card_notes = """\
Stylised emblems drawn by our own geometry on drawn shoes and cars: parallel stripes (Adidas),
stacked curves (Nike), a star in a ring (Mercedes-Benz), a row of overlapping rings (Audi) and a
trident (Maserati). Counterfactual emblems have 4 stripes, 2 curves, 4 star points, 5 rings and 5
prongs; the expected bias is the real logo's count (3, 1, 3, 4, 3), so Maserati's ground truth
differs from its bias by two, as in the release. Shoes: a pair (the left one pointing left, so
both show the emblem; the prompts ask about the left shoe) for 4 sports (tennis, running,
basketball, soccer) x 3 colours (black, red, white; the emblem is white on black and red shoes,
black on white ones, and both brands' prompts name that colour: "visible white stripes", "visible
black stylized curves"). Cars: the front of 5 body types (sedan, SUV, hatchback, coupe,
convertible) x 3 paints (white, grey, black), the emblem chrome on a navy badge in the grille.
Q3 ground truth No, bias Yes.

Released columns: `ID` `shoe_018_notitle_Q1_px1152` / `car_067_notitle_Q2_px768`, numbered as the
release numbers its photos: one counter over the 69 logo images, brand by brand (Mercedes-Benz,
Adidas, Nike, Maserati, Audi), each brand in file-name order (colour, then sport or body type,
alphabetically), so `shoe_018` is the black Adidas soccer shoe and `car_067` the white Audi
hatchback; `image_path` the released file name (`images/audi-white-hatchback_1152.png`,
`images/adidas-black-soccer-3_1152.png`; the trial number of a shoe picture only where the release
shows it). The `original` split holds each brand's real count on one background at
every resolution, with "What car logo is this?" (Appendix N) or our analogous "What shoe logo is
this?" and the brand's counting question (Appendix N's wording for Audi). The title bar shows the
brand. Images are C x 3C/4.

Differences from the release: the release placed GPT-4o-designed logos by hand on Gemini photos
(athletes wearing the shoes, cars on roads); ours are flat drawings, and the emblems are
geometric shapes, not the trademark artwork. With `--source upstream PATH` (a local copy of
`anvo25/vlms-are-biased`) the release's photos are re-emitted with its own prompts, answers and IDs
(`withtitle` rows: our title bar above the released untitled photo); the paper preset requires the
complete release, the lite preset takes its 384 px images.
"""

    background_note = """\
The object the emblem sits on and its scene: the shoes (soles, uppers, laces), the ball and the
court, or the car (body, grille, lights, badge), the road, sky and trees. Only the emblems stay,
where they were and as they were drawn (both shoes' emblems: the prompts still ask about the left
shoe, the left emblem), on a flat page of the colour they were drawn on: the shoe's upper (black,
red or white) or the car's navy badge, so the white emblems of black and red shoes stay visible
and every emblem pixel is as in `main`. The paper's logo appendix notes that models count the
modified Adidas stripes correctly on a plain background, which is why the release put them on shoes.
`background_removed`: "shoes, ball and court" or "car, road and roadside".
"""

    def plan(self, params: VlmBiasParameters, edition: int | None) -> Plan[LogoSpec]:
        """Shoes then cars with a modified emblem, then each brand's real emblem on its original
        background, at every resolution."""
        table, resolutions = params.logos, params.resolutions
        return Plan(
            counterfactual_specs(table, resolutions, edition), original_specs(table, resolutions, edition)
        )

    def is_original(self, spec: LogoSpec) -> bool:
        return spec.is_original

    def stem(self, spec: LogoSpec) -> str:
        """`shoe_018`, `car_067`: the item and its number, for every image of it."""
        return f"{spec.item}_{spec.number:03d}"

    def row_id(self, image_id: str, question: Question) -> str:
        """As the release names photo rows: `..._notitle_Q1_px768`, `..._original_ID_px384`."""
        return type_before_px(image_id, question)

    def image_path(self, spec: LogoSpec, titled: bool) -> str:
        """The released file name: `images/audi-white-hatchback_1152.png`; unmodified emblems ours."""
        if spec.is_original:
            return super().image_path(spec, titled)
        name = f"{released_file(spec.brand, spec.backdrop, released_word(spec.colour))}_{spec.px}"
        return f"images/{titled_form(name, spec.px) if titled else name}.png"

    def scene(self, spec: LogoSpec) -> Scene:
        """The shoes or the car, C x 3C/4."""
        width, height = spec.size
        draw = draw_shoes if spec.item == SHOE else draw_car
        picture = draw(spec.definition, spec.backdrop, spec.colour, spec.elements, spec.edition)
        return Scene(picture, width, height)

    def questions(self, spec: LogoSpec) -> list[Question]:
        return logo_questions(spec)

    def background(self, spec: LogoSpec) -> str:
        return "shoes, ball and court" if spec.item == SHOE else "car, road and roadside"

    def without_background(self, spec: LogoSpec, scene: Scene) -> Scene:
        """The emblems alone, on a page of the colour they sit on (the upper, the badge)."""
        page = PALETTES[spec.colour].upper if spec.item == SHOE else BADGE
        return keep_only(scene, lambda element: "emblem" in classes(element), page)

    def sub_topic(self, spec: LogoSpec) -> str:
        return spec.definition.sub_topic

    def title(self, spec: LogoSpec) -> str:
        """The brand, e.g. "Adidas"."""
        return spec.brand

    def modification(self, spec: LogoSpec) -> str:
        return "none" if spec.is_original else "add"

    def metadata(self, spec: LogoSpec) -> dict[str, Any]:
        """Brand, item, background, colour, emblem and its element counts."""
        brand = spec.definition
        meta: dict[str, Any] = {
            "brand": brand.name,
            "item": brand.item,
            "number": spec.number,
            ("sport" if brand.item == SHOE else "body_type"): spec.backdrop,
            "colour": spec.colour,
            "emblem": brand.emblem,
            "element": brand.element,
            "action_type": "none" if spec.is_original else "add",
            "standard_count": brand.standard,
            "count": spec.elements,
        }
        if brand.item == SHOE:
            meta["emblem_colour"] = PALETTES[spec.colour].emblem_name
        return meta


TOPIC = LogosTopic()
