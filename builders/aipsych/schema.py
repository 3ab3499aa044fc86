"""The AIpsych row schema: one row per prompt (20 per image), in one `test` split.

`set_id` joins the four prompts of one trap (the scorer's unit); `image_id` joins an image's
five sets; `setting` and `clutter` say where a drawn scene is and what else is in it, and `layout`
where every object of it is drawn, how much of it shows, and which one the row asks about. The trap's
truth (`true_colour`, `true_position`) and what it offers instead (`offered_positions`,
`offered_colours`) are columns, so a row can be checked without parsing its prompt.
`reference_response` is the release's GPT-4o reply to the prompt (official configs only).
"""

from builders.aipsych.questions import SET_KINDS
from builders.core.schema import IMAGE_COLUMNS, ClassLabel, Image, List, Schema, Value

OBJECT = {"name": Value("string"), "colour": Value("string"), "position": Value("string")}
#: One drawn object of a synthetic scene (`masks`): back to front, every object with its pixels' box.
DRAWN = {
    "kind": Value("string"),
    "role": Value("string"),  # asked (the row's target), described (the other object), clutter
    "colour": Value("string"),
    "bbox": List(Value("int32")),  # [x0, y0, x1, y1], pixel edges
    "visible_fraction": Value("float32"),
}

SCHEMA = Schema(
    {
        "image": Image(),
        "id": Value("string"),  # <image_id>-s<set>-p<prompt>
        "image_id": Value("string"),
        "config": Value("string"),
        "set_id": Value("string"),  # <image_id>-s<set>: the four prompts of one trap
        "set_kind": ClassLabel(names=list(SET_KINDS)),
        "target": Value("int32"),  # 1 or 2: which object of the description the set asks about
        "prompt_idx": Value("int32"),  # 1-4
        "prompt": Value("string"),
        "description": Value("string"),  # "{colour} {object} on {position} of the image." per object
        "objects": List(OBJECT),
        "true_colour": Value("string"),
        "true_position": Value("string"),
        "offered_positions": List(Value("string")),
        "offered_colours": List(Value("string")),
        "reference_response": Value("string"),  # GPT-4o's released reply; null for synthetic rows
        "setting": Value("string"),  # where a synthetic scene is (street, kitchen, ...); "" for photos
        "clutter": List(Value("string")),  # the unasked objects drawn in a synthetic scene
        "layout": List(DRAWN),  # every object drawn in a synthetic scene; [] for photos
        "source_image": Value("string"),  # the release's image_file; "" for synthetic rows
        "template_version": Value("string"),
        **IMAGE_COLUMNS,
    }
)
