"""Fields of the VISaGE card (`dataset_cards/visage.md`): catalogue tables, the built folder's counts."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from builders.visage.concepts import CONCEPTS, TUPLES
from builders.visage.params import PRESETS
from builders.visage.predicates import PREDICATE_VERSION, PREDICATES
from builders.visage.rows import SPLITS

if TYPE_CHECKING:
    from builders.core.folder import BuiltFolder


def card_context(folder: BuiltFolder) -> dict[str, str]:
    """Every `$field` of the card template beyond the four the pipeline fills itself."""
    norms = sum(len(concept.norms) for concept in CONCEPTS.values())
    built = folder.manifest.configs
    domains = Counter(concept.domain for concept in CONCEPTS.values())
    return {
        "categories": str(len(CONCEPTS)),
        "domains": ", ".join(f"{count} {name}" for name, count in domains.items()),
        "norms": str(norms),
        "tuples": str(len(TUPLES)),
        "revealing": str(sum(t.name_reveals for t in TUPLES.values())),
        "exception_table": exception_table(),
        "presets": ", ".join(sorted({entry.preset for entry in built.values()})) or "none",
        "preset_table": preset_table(),
        "config_table": config_table(folder),
        "concept_table": concept_table(),
        "predicate_table": predicate_table(),
        "predicate_version": PREDICATE_VERSION,
        "framings": framings(),
    }


def concept_table() -> str:
    """One line per norm: the generic, the attribute the drawing shows, and its named exceptions."""
    lines = ["| domain | category | generic | measured in the pixels | exceptions |", "|---|---|---|---|---|"]
    for concept in CONCEPTS.values():
        for norm in concept.norms:
            text = next(t for t in TUPLES.values() if t.norm_id == f"{concept.key}-{norm.key}").norm_text
            exceptions = ", ".join(e.name.singular for e in concept.exceptions if norm.key in e.norms)
            expect = norm.expect
            operator = {"exactly": "=", "at_least": "≥", "colour": "is"}[expect.kind]
            shown = f"{norm.measure.replace('_', ' ')} {operator} {expect.value}"
            lines.append(f"| {concept.domain} | {concept.name.singular} | {text} | {shown} | {exceptions} |")
    return "\n".join(lines)


def framings() -> str:
    """The norms drawn closer, with how much: "tusks of elephants (1.8x), ..."."""
    return ", ".join(
        f"{norm.attribute} of {concept.name.plural} ({norm.framing.zoom:g}x)"
        for concept in CONCEPTS.values()
        for norm in concept.norms
        if norm.framing is not None
    )


def exception_table() -> str:
    """One line per exception: its category, name, the generics it breaks and the fact that it does."""
    lines = ["| category | exception | breaks | name reveals | fact |", "|---|---|---|---|---|"]
    for concept in CONCEPTS.values():
        for exception in concept.exceptions:
            broken = ", ".join(concept.norm(key).attribute for key in exception.norms)
            reveals = ", ".join(concept.norm(key).attribute for key in exception.reveals) or "no"
            lines.append(
                f"| {concept.name.singular} | {exception.name.singular} | {broken} | {reveals} | "
                f"{exception.fact} |"
            )
    return "\n".join(lines)


def predicate_table() -> str:
    lines = ["| predicate | concept question | instance question | generic |", "|---|---|---|---|"]
    for name, forms in PREDICATES.items():
        lines.append(f"| `{name}` | {forms.concept} | {forms.instance} | {forms.norm} |")
    return "\n".join(lines)


def preset_table() -> str:
    """One line per preset, read from its parameters (`python -m builders params visage --preset P`)."""
    lines = ["| preset | tuples | images per tuple | size |", "|---|---|---|---|"]
    for name, chosen in PRESETS.items():
        size = f"{chosen.resolution} px ({chosen.size(fine_detail=True)} for strings)"
        lines.append(f"| {name} | {len(chosen.tuple_ids())} | {chosen.pairs} + {chosen.pairs} | {size} |")
    return "\n".join(lines)


def config_table(folder: BuiltFolder) -> str:
    """Per built config: where its images came from, its tuples and images, its rows per split."""
    lines = [
        "| config | preset | source | tuples | images | test rows | recognition rows |",
        "|---|---|---|---|---|---|---|",
    ]
    for config, entry in sorted(folder.manifest.configs.items()):
        images = sum(1 for image in folder.manifest.images.values() if image.config == config)
        rows = folder.rows(config, "recognition", ["tuple_id"]) if "recognition" in entry.splits else ()
        tuples = len({row["tuple_id"] for row in rows})
        counts = " | ".join(str(entry.splits[s].num_rows if s in entry.splits else 0) for s in SPLITS)
        source = entry.source.kind
        lines.append(f"| `{config}` | {entry.preset} | {source} | {tuples} | {images} | {counts} |")
    return "\n".join(lines)
