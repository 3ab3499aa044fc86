"""VLMBias as a family of the shared pipeline: topics -> jobs -> split rows.

Each counterfactual spec gives three images: plain, with the subject's name in a
title bar above it (drawn from the same raster), and its subject alone with the
background removed (drawn from the same scene; `background.py`). The plain image
feeds `main` (Q1, Q2) and `identification` (Q3), the titled one `withtitle` (Q1,
Q2), the background-removed one `remove_background_q1q2` and `remove_background_q3`.
Unmodified images feed `original` with the paper's sanity questions that an
exact-match scorer can grade (patterned grids have none, as released). With
`--source upstream PATH` the photo topics plan the release's photos instead.
Topics plan from the build's parameters (`parameters.py`) and edition seed.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PIL import Image

from builders.core.errors import SpecError, UsageError
from builders.core.family import Family, ImageJob, image_columns
from builders.core.gallery_view import Fact, Filter, GalleryView, QuestionColumn
from builders.core.params import Parameters
from builders.core.raster import Picture
from builders.core.scene import Scene, render_scene
from builders.core.source import EMBEDDED, EMBEDDED_KIND, Source
from builders.core.spec import Spec, SpecRegistry
from builders.vlmbias.animals.release import released_animal_title
from builders.vlmbias.animals.topic import AnimalsTopic
from builders.vlmbias.background import NO_BACKGROUND, marked, split_of
from builders.vlmbias.chess_pieces.topic import ChessPiecesTopic
from builders.vlmbias.columns import SPLITS
from builders.vlmbias.flags.topic import FlagsTopic
from builders.vlmbias.game_boards.topic import GameBoardsTopic
from builders.vlmbias.logos.release import released_logo_title
from builders.vlmbias.logos.topic import LogosTopic
from builders.vlmbias.optical_illusions.topic import OpticalIllusionsTopic
from builders.vlmbias.parameters import PRESETS, VlmBiasParameters
from builders.vlmbias.patterned_grids.topic import PatternedGrids
from builders.vlmbias.released_photos import ReleasedPhotos
from builders.vlmbias.schema import SCHEMA
from builders.vlmbias.title import with_title
from builders.vlmbias.topic import Topic

if TYPE_CHECKING:
    from builders.core.folder import BuiltFolder
    from builders.core.manifest import Manifest

#: Image roles: a counterfactual, its titled and background-removed twins (same spec), an unmodified image.
COUNTERFACTUAL, WITHTITLE, ORIGINAL = "counterfactual", "withtitle", "original"
UPSTREAM = "upstream"

#: What a seed redraws and keeps (the card's edition line and docs/families.md say it).
EDITION_NOTE = (
    "A seed keeps the plan and everything the paper fixes: the images and row ids, the subjects "
    "(animals, brands and their backgrounds, flags, boards and their variants, illusion cells, grid "
    "sizes), the modifications and counts, the prompts' wording, ground truths and expected biases, and "
    "the resolutions. It redraws what the paper leaves free: patterned grids' anomaly cells (the "
    "released ones too), removed dots and replacing shapes; the chess-piece target squares and "
    "replacement types (the released ones too); which way each animal faces, where it stands, which "
    "way the far scenery runs and its coat's marks; where the shoes, the ball, the car and the "
    "roadside trees stand; which star a constellation flag (Australia, China, New Zealand, Samoa, "
    "Tuvalu) loses; the game boards' colours (chess squares, xiangqi and go wood), go stones and sudoku "
    "givens (the classic puzzle relabelled and shuffled); and where each illusion sits in its picture "
    "(moved by whole pixels). A background-removed image is its counterfactual's subject as the edition "
    "draws it. Where a prompt, `image_path` or `metadata` names a drawn value (a cell, "
    "a square, a piece) it names the edition's. Nothing else is free: stripe flags, flags whose stars "
    "follow a rule, the declared added stars and the starting positions are drawn as in the canonical "
    "edition."
)

#: Review pages: counting and identification questions with ground truth and expected bias.
GALLERY_VIEW = GalleryView(
    filters=(
        Filter("sub_topic", "sub_topic"),
        Filter("modification", "modification"),
        Filter("pixel", "resolution", " px"),
    ),
    facts=(Fact("sub_topic"), Fact("modification"), Fact("pixel", unit=" px")),
    questions=(
        QuestionColumn("type_of_question", "type"),
        QuestionColumn("prompt", "prompt", "prompt"),
        QuestionColumn("ground_truth", "truth", "truth"),
        QuestionColumn("expected_bias", "bias", "bias"),
    ),
    text="prompt",
    metadata="metadata",
)


#: The topics, in the release's order: every topic is a config.
TOPICS: dict[str, Topic[Any]] = {
    topic.config: topic
    for topic in (
        AnimalsTopic(),
        LogosTopic(),
        FlagsTopic(),
        ChessPiecesTopic(),
        GameBoardsTopic(),
        OpticalIllusionsTopic(),
        PatternedGrids(),
    )
}
#: The release's photos of the photo topics, built instead of the drawings by `--source upstream`.
RELEASED = {
    "animals": ReleasedPhotos("animals", released_animal_title),
    "logos": ReleasedPhotos("logos", released_logo_title),
}


class VlmBiasFamily(Family):
    """The `vlmbias` family; configs are its topics, in the release's order."""

    topics = TOPICS
    released = RELEASED
    name = "vlmbias"
    repo_name = "vlmbias"
    pretty_name = "VLMBias: counterfactual counting and identification"
    configs = tuple(TOPICS)
    #: The release is one config; `all` plays it, so `load_dataset(repo, split="main")` reads every topic.
    unions: Mapping[str, tuple[str, ...]] = {"all": tuple(TOPICS)}
    default_config = "all"
    presets = tuple(PRESETS)
    default_preset = "paper"
    splits = SPLITS
    schema = SCHEMA
    spec_registry = SpecRegistry(*(topic.spec_type for topic in [*TOPICS.values(), *RELEASED.values()]))
    gallery_view = GALLERY_VIEW
    card_license = "mit"
    card_tags = ("vlm-bias", "counterfactual", "counting", "synthetic")
    sources: Mapping[str, str] = {
        UPSTREAM: "PATH is a local copy of anvo25/vlms-are-biased (its data/*.parquet); "
        "animals and logos only"
    }
    parameters = VlmBiasParameters
    parameter_presets = PRESETS
    draws_editions = True
    edition_note = EDITION_NOTE

    def configs_for(self, source: Source) -> tuple[str, ...]:
        """Every topic is drawn; `--source upstream` builds the photo topics."""
        return tuple(self.released) if source.kind == UPSTREAM else super().configs_for(source)

    def jobs(
        self,
        config: str,
        preset: str,
        source: Source = EMBEDDED,
        *,
        params: Parameters | None = None,
        edition: int | None = None,
    ) -> Iterator[ImageJob]:
        resolved = self.resolved_parameters(preset, params, VlmBiasParameters)
        topic = self._planner(config, preset, source, resolved, edition)
        plan = topic.plan(resolved, edition)
        for spec in plan.counterfactuals:
            plain = topic.image_id(spec, False)
            yield ImageJob(config=config, image_id=plain, spec=spec, role=COUNTERFACTUAL)
            yield ImageJob(config=config, image_id=topic.image_id(spec, True), spec=spec, role=WITHTITLE)
            if topic.background_note:
                yield ImageJob(config=config, image_id=marked(plain, spec.px), spec=spec, role=NO_BACKGROUND)
        for spec in plan.originals:
            yield ImageJob(config=config, image_id=topic.image_id(spec, False), spec=spec, role=ORIGINAL)

    def _planner(
        self, config: str, preset: str, source: Source, params: VlmBiasParameters, edition: int | None
    ) -> Topic[Any]:
        """The topic that plans `config` from `source`: the drawn one, or the release's photos (which take
        no edition seed and no parameters: they are the release's own)."""
        if source.kind == EMBEDDED_KIND:
            return self.topics[config]
        if source.kind == UPSTREAM and config in self.released and source.path is not None:
            if edition is not None:
                raise UsageError(
                    "--source upstream re-emits the release's own photos, which have no fresh editions; "
                    "leave out --seed (or draw a fresh edition of the drawn animals and logos)"
                )
            if params != self.preset_parameters(preset):
                raise UsageError(
                    "--source upstream re-emits the release's own photos, which no parameter changes; "
                    "leave out --params"
                )
            return self.released[config].reading(Path(source.path), preset)
        raise self.refuse_source(config, source)

    def _topic(self, config: str, spec: Spec) -> Topic[Any]:
        """The topic that draws `spec`: the one of its config whose spec type it is."""
        for topic in (self.topics[config], self.released.get(config)):
            if topic is not None and isinstance(spec, topic.spec_type):
                return topic
        raise SpecError(f"{config} draws no {type(spec).__name__}: {spec!r}")

    def scene(self, job: ImageJob) -> Scene:
        return self._topic(job.config, job.spec).scene(job.spec)

    def draw(self, jobs: list[ImageJob]) -> list[Image.Image]:
        """The scene once; a titled twin is its title bar stacked above those same pixels, a
        background-removed twin the subject's elements of that same scene on their page."""
        spec = jobs[0].spec
        topic = self._topic(jobs[0].config, spec)
        scene = self.scene(jobs[0])
        plain = functools.cache(lambda: render_scene(scene))

        def bare() -> Image.Image:
            subject = topic.without_background(spec, scene)
            return plain() if subject is scene else render_scene(subject)  # a subject with no background

        drawn = {NO_BACKGROUND: bare, WITHTITLE: lambda: with_title(topic.title(spec), plain())}
        return [drawn.get(job.role, plain)() for job in jobs]

    def rows(self, job: ImageJob, picture: Picture) -> list[tuple[str, dict[str, Any]]]:
        topic = self._topic(job.config, job.spec)
        spec = topic.expect(job.spec)
        questions = topic.questions(spec)
        if job.role == ORIGINAL:
            routed = [("original", q) for q in questions]
        elif job.role == WITHTITLE:
            routed = [("withtitle", q) for q in questions if q.type in ("Q1", "Q2")]
        elif job.role == NO_BACKGROUND:
            routed = [(split_of(q.type), q) for q in topic.background_questions(spec)]
        else:
            routed = [("identification" if q.type == "Q3" else "main", q) for q in questions]
        titled = job.role == WITHTITLE
        bare = job.role == NO_BACKGROUND
        modification = topic.modification(spec)
        image_path = topic.image_path(spec, titled)
        common = {
            "image_path": marked(image_path, spec.px) if bare else image_path,
            "topic": topic.topic,
            "sub_topic": topic.sub_topic(spec),
            "with_title": titled,
            "pixel": spec.px,
            "image_id": job.image_id,
            "config": job.config,
            "modification": modification,
            # Illusion images with difference 0 sit in `main`, as released, but are not counterfactual.
            "is_counterfactual": job.role != ORIGINAL and modification != "none",
            **image_columns(spec, picture),
        }
        rows = []
        for split, question in routed:
            row_id = topic.released_id(spec, question, titled)
            metadata = topic.metadata_json(spec, question)
            if bare:
                row_id, metadata = marked(row_id, spec.px), topic.background_metadata_json(spec, question)
            row = {
                **common,
                "ID": row_id,
                "id": row_id,
                "prompt": question.prompt,
                "ground_truth": question.ground_truth,
                "expected_bias": question.expected_bias,
                "type_of_question": question.type,
                "metadata": metadata,
                "answer_type": question.answer_type,
            }
            rows.append((split, row))
        return rows

    def card_context(self, folder: BuiltFolder) -> dict[str, str]:
        manifest = folder.manifest
        configs = [c for c in self.configs if c in manifest.configs]
        attributions = [self.topics[c].attribution for c in configs if self.topics[c].attribution]
        return {
            "first_config": configs[0] if configs else "",
            "config_table": _config_table(manifest),
            "presets": ", ".join(sorted({entry.preset for entry in manifest.configs.values()})),
            "topic_sections": "\n\n".join(self._topic_section(c, folder) for c in configs),
            "attributions": "".join(f"\n{line}\n" for line in attributions),
        }

    def _topic_section(self, config: str, folder: BuiltFolder) -> str:
        """How a topic was made, its conventions, and an example of every prompt it asks (from its rows)."""
        topic = self.topics[config]
        sizes = {f"{e.width}x{e.height}" for e in folder.manifest.images.values() if e.config == config}
        lines = [f"### `{config}` ({topic.topic})", "", topic.card_notes.strip(), ""]
        if topic.background_note:
            lines += [f"Background removed (`remove_background_*`): {topic.background_note.strip()}", ""]
        lines.append(f"Image sizes (pixels): {', '.join(sorted(sizes, key=_area))}.")
        lines += [
            "",
            "| images | question | example prompt | ground truth | expected bias |",
            "|---|---|---|---|---|",
        ]
        for (kind, qtype), row in sorted(_examples(folder, config).items()):
            prompt = row["prompt"].replace("|", "\\|")
            lines.append(
                f"| {kind} | {qtype} | {prompt} | {row['ground_truth']} | {row['expected_bias'] or ''} |"
            )
        return "\n".join(lines)


#: The columns an example prompt in the card needs.
_EXAMPLE_COLUMNS = (
    "image_id",
    "sub_topic",
    "modification",
    "type_of_question",
    "prompt",
    "ground_truth",
    "expected_bias",
)


def _examples(folder: BuiltFolder, config: str) -> dict[tuple[str, str], dict[str, Any]]:
    """The first row (by image id) of each (images, question type) of the untitled splits."""
    rows = [
        row
        for split in ("main", "identification", "original")
        if split in folder.manifest.configs[config].splits
        for row in folder.rows(config, split, _EXAMPLE_COLUMNS)
    ]
    examples: dict[tuple[str, str], dict[str, Any]] = {}
    for row in sorted(rows, key=lambda row: row["image_id"]):
        examples.setdefault((f"{row['sub_topic']}, {row['modification']}", row["type_of_question"]), row)
    return examples


def _area(size: str) -> int:
    width, height = size.split("x")
    return int(width) * int(height)


def _config_table(manifest: Manifest) -> str:
    """Markdown table of rows and images per config and split."""
    lines = [
        "| config | preset | " + " | ".join(f"{s} rows" for s in SPLITS) + " | images |",
        "|---|---|" + "---|" * (len(SPLITS) + 1),
    ]
    for config, entry in sorted(manifest.configs.items()):
        counts = [str(entry.splits[s].num_rows if s in entry.splits else 0) for s in SPLITS]
        images = sum(1 for image in manifest.images.values() if image.config == config)
        lines.append(f"| `{config}` | {entry.preset} | " + " | ".join(counts) + f" | {images} |")
    return "\n".join(lines)


FAMILY = VlmBiasFamily()
