"""VLMBias as a family of the shared pipeline: topics -> jobs -> split rows.

Each counterfactual spec gives two images (plain and with a title bar); the
plain image feeds `main` (Q1, Q2) and `identification` (Q3), the titled one
feeds `withtitle` (Q1, Q2). Unmodified images feed `original` with the paper's
sanity questions.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from builders import __version__
from builders.core.errors import UsageError
from builders.core.family import EMBEDDED, ImageJob, Scene, Source
from builders.core.gallery_view import DEFAULT_VIEW, GalleryView
from builders.core.hashing import canonical_json
from builders.core.raster import Picture
from builders.core.spec import Spec, SpecRegistry
from builders.vlmbias.questions import Question
from builders.vlmbias.schema import FEATURES, SPLITS
from builders.vlmbias.topic import Topic

COUNTERFACTUAL = "counterfactual"
ORIGINAL = "original"
PRESETS = ("paper", "lite")


@dataclasses.dataclass
class VlmBiasFamily:
    """The `vlmbias` family; configs are its topics."""

    topics: dict[str, Topic]
    spec_registry: SpecRegistry
    name: str = "vlmbias"
    repo_name: str = "vlmbias"
    pretty_name: str = "VLMBias: counterfactual counting and identification"
    presets: tuple[str, ...] = PRESETS
    default_preset: str = "paper"
    splits: tuple[str, ...] = SPLITS
    unions: dict[str, tuple[str, ...]] = dataclasses.field(init=False)
    features: Any = dataclasses.field(default_factory=lambda: FEATURES)
    #: The gallery's default layout was written for these rows: sub-topic, modification, resolution.
    gallery_view: GalleryView = DEFAULT_VIEW
    card_metadata: dict[str, Any] = dataclasses.field(
        default_factory=lambda: {
            "license": "mit",
            "language": ["en"],
            "task_categories": ["visual-question-answering", "image-text-to-text"],
            "tags": ["vlm-bias", "counterfactual", "counting", "synthetic"],
            "annotations_creators": ["machine-generated"],
        }
    )

    def __post_init__(self) -> None:
        self.unions = {"all": self.configs}

    @property
    def configs(self) -> tuple[str, ...]:
        return tuple(self.topics)

    def jobs(self, config: str, preset: str, source: Source = EMBEDDED) -> Iterator[ImageJob]:
        topic = self.topics[config]
        counterfactuals, originals = self._specs(topic, preset, source)
        for spec in counterfactuals:
            yield ImageJob(
                config=config, image_id=topic.image_id(spec, False), spec=spec, role=COUNTERFACTUAL
            )
            yield ImageJob(
                config=config,
                image_id=topic.image_id(spec, True),
                spec=spec,
                role=COUNTERFACTUAL,
                title=topic.title(spec),
            )
        for spec in originals:
            yield ImageJob(config=config, image_id=topic.image_id(spec, False), spec=spec, role=ORIGINAL)

    @staticmethod
    def _specs(topic: Topic, preset: str, source: Source) -> tuple[Iterable[Spec], Iterable[Spec]]:
        """(counterfactual specs, original specs) of a topic from the requested source."""
        if source.kind == EMBEDDED.kind:
            return topic.counterfactuals(preset), topic.originals(preset)
        upstream = getattr(topic, "upstream_specs", None)
        if source.kind == "upstream" and upstream is not None:
            return upstream(Path(source.path or ""), preset)
        raise UsageError(
            f"config {topic.config!r} cannot use source {source.kind!r}; "
            "only configs built from photos (animals, logos) read the released dataset"
        )

    def scene(self, job: ImageJob) -> Scene:
        return self.topics[job.config].scene(job.spec)

    def rows(self, job: ImageJob, picture: Picture) -> list[tuple[str, dict[str, Any]]]:
        topic = self.topics[job.config]
        questions = topic.questions(job.spec)
        if job.role == ORIGINAL:
            routed = [("original", q) for q in questions]
        elif job.title is not None:
            routed = [("withtitle", q) for q in questions if q.type in ("Q1", "Q2")]
        else:
            routed = [("identification" if q.type == "Q3" else "main", q) for q in questions]
        common = {
            "image_path": f"images/{job.image_id}.png",
            "topic": topic.topic,
            "sub_topic": topic.sub_topic(job.spec),
            "with_title": job.title is not None,
            "pixel": job.spec.px,
            "metadata": canonical_json(topic.metadata(job.spec)),
            "image_id": job.image_id,
            "config": job.config,
            "modification": topic.modification(job.spec),
            # Illusion images with difference 0 sit in `main`, as released, but are not counterfactual.
            "is_counterfactual": job.role == COUNTERFACTUAL and topic.modification(job.spec) != "none",
            "width": picture.width,
            "height": picture.height,
            "spec_hash": job.spec.spec_hash,
            "pixel_sha256": picture.pixel_sha256,
            "builder_version": __version__,
        }
        return [
            (
                split,
                {
                    **common,
                    "ID": topic.row_id(job.image_id, question),
                    "prompt": question.prompt,
                    "ground_truth": question.ground_truth,
                    "expected_bias": question.expected_bias,
                    "type_of_question": question.type,
                    "answer_type": question.answer_type,
                },
            )
            for split, question in routed
        ]

    def card_context(self, manifest: dict[str, Any]) -> dict[str, str]:
        configs = [c for c in self.configs if c in manifest["configs"]]
        attributions = [self.topics[c].attribution for c in configs if self.topics[c].attribution]
        return {
            "first_config": configs[0] if configs else "",
            "config_table": _config_table(manifest),
            "presets": _presets_line(manifest),
            "topic_sections": "\n\n".join(self._topic_section(c, manifest) for c in configs),
            "attributions": "".join(f"\n{line}\n" for line in attributions),
        }

    def _topic_section(self, config: str, manifest: dict[str, Any]) -> str:
        """How a topic was made, its conventions, and one example of every prompt it asks."""
        topic = self.topics[config]
        examples: dict[tuple[str, str], Question] = {}
        sizes: set[str] = set()
        for _, entry in sorted(manifest["images"].items()):  # manifest order differs in memory and on disk
            if entry["config"] != config:
                continue
            sizes.add(f"{entry['width']}x{entry['height']}")
            if entry["title"] is not None:
                continue
            spec = self.spec_registry.load(entry["spec"])
            for question in topic.questions(spec):
                key = (f"{topic.sub_topic(spec)}, {topic.modification(spec)}", question.type)
                examples.setdefault(key, question)
        lines = [f"### `{config}` ({topic.topic})", "", topic.card_notes.strip(), ""]
        lines.append(f"Image sizes (pixels): {', '.join(sorted(sizes, key=_area))}.")
        lines += [
            "",
            "| images | question | example prompt | ground truth | expected bias |",
            "|---|---|---|---|---|",
        ]
        for (kind, qtype), question in sorted(examples.items()):
            prompt = question.prompt.replace("|", "\\|")
            lines.append(
                f"| {kind} | {qtype} | {prompt} | {question.ground_truth} | {question.expected_bias or ''} |"
            )
        return "\n".join(lines)


def _area(size: str) -> int:
    width, height = size.split("x")
    return int(width) * int(height)


def _config_table(manifest: dict[str, Any]) -> str:
    """Markdown table of rows and images per config and split."""
    images: dict[tuple[str, str], set[str]] = {}
    for image_id, entry in manifest["images"].items():
        images.setdefault((entry["config"], entry["role"]), set()).add(image_id)
    lines = [
        "| config | preset | " + " | ".join(f"{s} rows" for s in SPLITS) + " | images |",
        "|---|---|" + "---|" * (len(SPLITS) + 1),
    ]
    for config, entry in sorted(manifest["configs"].items()):
        counts = [str(entry["splits"].get(s, {}).get("num_rows", 0)) for s in SPLITS]
        total = sum(len(ids) for (c, _), ids in images.items() if c == config)
        lines.append(f"| `{config}` | {entry['preset']} | " + " | ".join(counts) + f" | {total} |")
    return "\n".join(lines)


def _presets_line(manifest: dict[str, Any]) -> str:
    presets = sorted({entry["preset"] for entry in manifest["configs"].values()})
    return ", ".join(presets)
