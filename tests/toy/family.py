"""The toy family's build side: images of one to four black squares, each asked how many there are."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from builders.core.family import Family, ImageJob, image_columns
from builders.core.gallery_view import Fact, GalleryView, QuestionColumn
from builders.core.params import Parameters
from builders.core.raster import Picture
from builders.core.scene import Scene
from builders.core.schema import IMAGE_COLUMNS, Image, Schema, Value
from builders.core.source import EMBEDDED, Source
from builders.core.spec import Spec, SpecRegistry, expect_spec
from builders.core.svg import Canvas

if TYPE_CHECKING:
    from builders.core.folder import BuiltFolder

SIZE = 64
COUNTS = (1, 2, 3, 4)
PROMPT = "How many black squares are in the image? Answer with a number in curly brackets, e.g., {9}."


@dataclasses.dataclass(frozen=True, kw_only=True)
class SquaresSpec(Spec):
    """`count` black squares in a row on white."""

    kind: ClassVar[str] = "toy_squares"
    image_id: str
    count: int


class ToyFamily(Family):
    name = "toy"
    repo_name = "toy-squares"
    pretty_name = "Toy: count the squares"
    configs = ("squares",)
    unions: Mapping[str, tuple[str, ...]] = {}
    presets = ("lite",)
    default_preset = "lite"
    splits = ("test",)
    default_split = "test"
    default_config = "squares"
    spec_registry = SpecRegistry(SquaresSpec)
    card_license = "mit"
    card_tags = ("toy",)
    gallery_view = GalleryView(
        filters=(),
        facts=(Fact("count", "squares"),),
        questions=(QuestionColumn("prompt", "Question"), QuestionColumn("answer", "Answer")),
        text="prompt",
    )
    schema = Schema(
        {
            "image": Image(),
            "id": Value("string"),
            "image_id": Value("string"),
            "count": Value("int32"),
            "prompt": Value("string"),
            "answer": Value("string"),
            **IMAGE_COLUMNS,
        }
    )

    def jobs(
        self,
        config: str,
        preset: str,
        source: Source = EMBEDDED,
        *,
        params: Parameters | None = None,
        edition: int | None = None,
    ) -> Iterator[ImageJob]:
        if source != EMBEDDED:
            raise self.refuse_source(config, source)
        for count in COUNTS:
            spec = SquaresSpec(image_id=f"squares-{count}", count=count, edition=edition)
            yield ImageJob(config=config, image_id=spec.image_id, spec=spec, role="squares")

    def scene(self, job: ImageJob) -> Scene:
        spec = expect_spec(job.spec, SquaresSpec, job.config)
        canvas = Canvas(SIZE, SIZE, background="#ffffff")
        for index in range(spec.count):
            canvas.add("rect", x=4 + 15 * index, y=26, width=11, height=11, fill="#000000")
        return Scene(canvas, SIZE, SIZE)

    def rows(self, job: ImageJob, picture: Picture) -> list[tuple[str, dict[str, Any]]]:
        spec = expect_spec(job.spec, SquaresSpec, job.config)
        row = {
            "id": f"{spec.image_id}-count",
            "image_id": spec.image_id,
            "count": spec.count,
            "prompt": PROMPT,
            "answer": str(spec.count),
            **image_columns(spec, picture),
        }
        return [("test", row)]

    def card_context(self, folder: BuiltFolder) -> dict[str, str]:
        return {"images": str(len(COUNTS))}


FAMILY = ToyFamily()
