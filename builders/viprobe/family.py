"""VI-Probe as a family of the shared pipeline: cases x sweep -> six variants -> three questions each.

Configs are the 27 cases; `size`, `color`, `orientation` and `all` are unions
that glob the cases' files. Every image gets a forward, a reversed and an
instructional row in the single `test` split. What is swept is a parameter
(`builders/viprobe/params.py`); a fresh edition redraws each base scale within
its sweep bin and the Chubb noise, and keeps everything else.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from builders.core.family import Family, ImageJob, image_columns
from builders.core.gallery_view import Detail, Fact, Filter, GalleryView, QuestionColumn
from builders.core.hashing import rng_for
from builders.core.params import Parameters, overlay
from builders.core.raster import Picture
from builders.core.scene import Scene
from builders.core.source import EMBEDDED, EMBEDDED_KIND, Source
from builders.core.spec import SpecRegistry, expect_spec
from builders.illusions.engine import CATEGORIES, IllusionCase, Variant
from builders.viprobe.cases import CASES
from builders.viprobe.editions import edition_layout, edition_table
from builders.viprobe.params import PRESETS, ViProbeParameters, drawn_base_scale
from builders.viprobe.questions import TEMPLATE_VERSION, questions
from builders.viprobe.schema import SCHEMA
from builders.viprobe.spec import IllusionImageSpec

if TYPE_CHECKING:
    from builders.core.folder import BuiltFolder
    from builders.core.manifest import Manifest

#: VI-Probe has one split: every image's forward, reversed and instructional rows.
SPLITS = ("test",)

ORIGINAL_VARIANTS = (Variant.ORIGINAL, Variant.ORIGINAL_CONTROL, Variant.ORIGINAL_WITH_GUIDE)
PERTURBED_VARIANTS = (Variant.PERTURBED, Variant.PERTURBED_CONTROL, Variant.PERTURBED_WITH_GUIDE)

#: Review pages: a card per image with its f, r and I questions and their labels (class names);
#: the instructional row's system prompt folds out under its question.
GALLERY_VIEW = GalleryView(
    filters=(
        Filter("variant", "variant"),
        Filter("polarity", "polarity"),
        Filter("base_scale", "base scale"),
        Filter("strength", "strength"),
    ),
    facts=(
        Fact("case_title"),
        Fact("variant_code"),
        Fact("base_scale", "base scale"),
        Fact("strength", "strength"),
    ),
    questions=(
        QuestionColumn("polarity", "polarity"),
        QuestionColumn("question", "question", "prompt"),
        QuestionColumn("label", "label", "truth"),
    ),
    text="question",
    details=(Detail("system_prompt", "system prompt"),),
)

#: What `build viprobe --seed N` redraws and keeps (the card's words; docs/families.md says the same).
EDITION_NOTE = (
    "In VI-Probe that is, per base configuration, its base scale, drawn anywhere in its sweep bin "
    "(`jitter` either side of the grid value, within 0.5-1.5; the image spec's `drawn_base_scale`), "
    "and its layout: every factor the case leaves free, drawn from the ranges the table below lists "
    "(the image spec's `layout`): where the figure sits, whether it is mirrored or upside down where "
    "the question stays true of it, inducer counts, spacing and sizes, and colours the question does "
    "not ask about. The Chubb noise is drawn fresh too. A configuration's six variants and all its "
    "strengths share these draws, so a control still differs from its illusion only in the inducer and "
    "a perturbed image from its original only in the strength, and the target a strength changes is "
    "always the same one relative to its inducer. Kept: the cases, the grid values that ids and the "
    "`base_scale` column name, the strengths (the paper's graded doses), which target each strength "
    "changes and how, the variants, questions, labels and their balance, the canvas and the resolution."
)


#: The cases by name, in the paper's order: every case is a config.
CASES_BY_NAME: dict[str, IllusionCase] = {case.name: case for case in CASES}
#: A union per category (`size`, `color`, `orientation`) and `all`.
UNIONS = {
    **{
        category: tuple(name for name, case in CASES_BY_NAME.items() if case.category == category)
        for category in CATEGORIES
    },
    "all": tuple(CASES_BY_NAME),
}


class ViProbeFamily(Family):
    """The `viprobe` family (Hub repo `vi-probe`); configs are its cases."""

    cases = CASES_BY_NAME
    name = "viprobe"
    repo_name = "vi-probe"
    pretty_name = "VI-Probe: graded visual illusions with matched controls"
    configs = tuple(CASES_BY_NAME)
    unions = UNIONS
    presets = tuple(PRESETS)
    default_preset = "paper"
    parameters = ViProbeParameters
    parameter_presets = PRESETS
    draws_editions = True
    edition_note = EDITION_NOTE
    default_config = "all"
    splits = SPLITS
    schema = SCHEMA
    spec_registry = SpecRegistry(IllusionImageSpec)
    gallery_view = GALLERY_VIEW
    card_license = "cc-by-4.0"
    card_tags = ("visual-illusions", "vlm-bias", "perception", "synthetic")

    def jobs(
        self,
        config: str,
        preset: str,
        source: Source = EMBEDDED,
        *,
        params: Parameters | None = None,
        edition: int | None = None,
    ) -> Iterator[ImageJob]:
        if source.kind != EMBEDDED_KIND:
            raise self.refuse_source(config, source)
        params = self.resolved_parameters(preset, params, ViProbeParameters)
        case = self.cases[config]
        sweep = params.sweep(case.category)
        px = None if params.resolution == case.width else params.resolution
        for base_scale in sweep.base_scales:
            drawn, layout = None, None
            if edition is not None:
                rng = rng_for("viprobe", "base scale", config, base_scale, edition=edition)
                drawn = drawn_base_scale(rng, base_scale, sweep.jitter)
                layout = edition_layout(case, base_scale, edition).to_dict()
            original = IllusionImageSpec(
                case=config,
                variant=Variant.ORIGINAL.value,
                base_scale=base_scale,
                strength=1.0,
                drawn_base_scale=drawn,
                layout=layout,
                px=px,
                edition=edition,
            )
            for variant in ORIGINAL_VARIANTS:
                yield _job(dataclasses.replace(original, variant=variant.value))
            for strength in sweep.strengths:
                for variant in PERTURBED_VARIANTS:
                    yield _job(dataclasses.replace(original, variant=variant.value, strength=strength))

    def scene(self, job: ImageJob) -> Scene:
        spec = _illusion_spec(job)
        case = self.cases[spec.case]
        layout = None if spec.layout is None else case.layout_class.from_dict(spec.layout)
        canvas = case.render(
            spec.variant_enum, spec.scale, spec.strength, layout=layout, edition=spec.edition
        )
        width = case.width if spec.px is None else spec.px
        return Scene(canvas, width, width * case.height // case.width)

    def rows(self, job: ImageJob, picture: Picture) -> list[tuple[str, dict[str, Any]]]:
        spec = _illusion_spec(job)
        case = self.cases[spec.case]
        variant = spec.variant_enum
        common = {
            "image_id": job.image_id,
            "pair_id": job.image_id,
            "config_id": spec.config_id,
            "case_id": case.number,
            "case_name": case.name,
            "case_title": case.title,
            "category": case.category,
            "variant": variant.value,
            "variant_code": variant.code,
            "base_scale": spec.base_scale,
            "strength": spec.strength,
            "alpha": spec.alpha,
            "template_version": TEMPLATE_VERSION,
            **image_columns(spec, picture),
        }
        return [
            (
                "test",
                {
                    **common,
                    "id": f"{job.image_id}-{question.polarity}",
                    "polarity": question.polarity,
                    "question": question.question,
                    "prompt": question.prompt,
                    "system_prompt": question.system_prompt,
                    "label": question.label,
                },
            )
            for question in questions(case, variant)
        ]

    def card_context(self, folder: BuiltFolder) -> dict[str, str]:
        manifest = folder.manifest
        configs = [c for c in self.configs if c in manifest.configs]
        return {
            "first_config": configs[0] if configs else "",
            "presets": ", ".join(sorted({entry.preset for entry in manifest.configs.values()})),
            "config_table": self._config_table(manifest),
            "case_table": self._case_table(configs),
            "edition_table": edition_table(self.cases[config] for config in configs),
            "grid_table": self._grid_table(manifest),
        }

    def _config_table(self, manifest: Manifest) -> str:
        """Rows and images per built config, and what each union config holds."""
        lines = ["| config | category | preset | images | rows |", "|---|---|---|---|---|"]
        for config in self.configs:
            entry = manifest.configs.get(config)
            if entry is None:
                continue
            rows = sum(split.num_rows for split in entry.splits.values())
            lines.append(
                f"| `{config}` | {self.cases[config].category} | {entry.preset} | {rows // 3} | {rows} |"
            )
        for union, members in self.unions.items():
            built = [m for m in members if m in manifest.configs]
            if built:
                rows = sum(s.num_rows for m in built for s in manifest.configs[m].splits.values())
                lines.append(f"| `{union}` | union of {len(built)} cases | | {rows // 3} | {rows} |")
        return "\n".join(lines)

    def _case_table(self, configs: list[str]) -> str:
        """Each case's facts: number, canvas, questions and the original image's truthful answer."""
        lines = [
            "| # | config | case | canvas | forward question (verbatim) | reversed question "
            "| original answer |",
            "|---|---|---|---|---|---|---|",
        ]
        for config in configs:
            case = self.cases[config]
            reversed_ = case.reversed_question
            if case.control_question:
                reversed_ += f" (controls: {case.control_question} / {case.control_reversed_question})"
            lines.append(
                f"| {case.number} | `{config}` | {case.title} | {case.width}x{case.height} | {case.question} "
                f"| {reversed_} | {'yes (1)' if case.original_answer else 'no (0)'} |"
            )
        return "\n".join(lines)

    def _grid_table(self, manifest: Manifest) -> str:
        """Each category's sweep as its built configs record it (one line per distinct sweep)."""
        lines = [
            "| preset | category | base scales | strengths | bin (± jitter) | width px |",
            "|---|---|---|---|---|---|",
        ]
        built = [(entry.preset, config, entry) for config, entry in manifest.configs.items()]
        for preset, config, entry in sorted(built, key=lambda item: (item[0], self.configs.index(item[1]))):
            category = self.cases[config].category
            recorded = overlay(self.preset_parameters(preset), entry.parameters or {}, "manifest.json")
            params = self.resolved_parameters(preset, recorded, ViProbeParameters)
            sweep = params.sweep(category)
            line = (
                f"| {preset} | {category} | {_values(sweep.base_scales)} | {_values(sweep.strengths)} "
                f"| {sweep.jitter:g} | {params.resolution} |"
            )
            if line not in lines:
                lines.append(line)
        return "\n".join(lines)


def _values(values: tuple[float, ...]) -> str:
    if len(values) > 12:
        return f"{len(values)} values, {values[0]:g} to {values[-1]:g}"
    return ", ".join(f"{v:g}" for v in values)


def _job(spec: IllusionImageSpec) -> ImageJob:
    return ImageJob(config=spec.case, image_id=spec.image_id, spec=spec, role=spec.variant)


def _illusion_spec(job: ImageJob) -> IllusionImageSpec:
    return expect_spec(job.spec, IllusionImageSpec, job.config)


FAMILY = ViProbeFamily()
