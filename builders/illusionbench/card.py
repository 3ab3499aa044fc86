"""Card fields the family computes: the drawn illusions, the difficulty ladders, the release's report.

`dataset_cards/illusionbench-plus.md` names them as `$illusion_table`, `$ladder_table` and
`$release_section` (beside the pipeline's `$config_table`-style fields). The release section lists
every image without annotations and every annotation without an image, so nothing the reader
could not match disappears silently; `release_note` says the same in one paragraph for the build.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from builders.illusionbench.classic import ILLUSIONS
from builders.illusionbench.codes import ASSUMED, CATEGORY_MAP, DIFFICULTY_MAP
from builders.illusionbench.columns import CATEGORIES
from builders.illusionbench.release import JSON_NAME, ZIP_NAME, Release, ReleaseImageSpec, category_counts
from builders.illusionbench.spec import LADDERS, LEVELS, ClassicSpec, Ladder

#: What each ladder's perturbation measures.
LADDER_MEANING = {
    "classic": "strength of the inducer that makes the illusion, a share of the standard figure's "
    "(what it scales per illusion: below); the targets stay equal",
    "trap": "relative change of one target (size, length, tilt, grey level, gap)",
    "ishihara": "share of the full red-green contrast the digit's dots keep",
    "no_illusion": "how much wider the largest shape is than the next",
}


def ladder_table(ladders: Mapping[str, Ladder], classic: Sequence[ClassicSpec]) -> str:
    """Each category's ladder (the build's), then which classic illusions the build draws at every level."""
    lines = ["| category | perturbation | easy | neutral | hard |", "|---|---|---|---|---|"]
    for category, (easy, neutral, hard) in ladders.items():
        lines.append(f"| `{category}` | {LADDER_MEANING[category]} | {easy:g} | {neutral:g} | {hard:g} |")
    return "\n".join([*lines, "", _coverage(classic)])


def _coverage(classic: Sequence[ClassicSpec]) -> str:
    """Whether every classic illusion meets every level in the build (it needs 3 images: 33 in all)."""
    if not classic:
        return "This build holds no classic figures."
    levels: dict[str, set[str]] = {}
    for spec in classic:
        levels.setdefault(spec.illusion, set()).add(spec.difficulty)
    full = [name for name in ILLUSIONS if levels.get(name) == set(LEVELS)]
    if len(full) == len(ILLUSIONS):
        return "Every classic illusion of this build is drawn at every level."
    return (
        f"{len(full)} of the {len(ILLUSIONS)} classic illusions are drawn at every level in this build "
        f"({len(classic)} classic images; illusions and levels take turns, so 33 or more cover all)."
    )


def illusion_table() -> str:
    """Each drawn illusion, its type, what its inducer's strength scales, what its trap version
    really changes (at the neutral size) and whether that trap still holds the illusion."""
    neutral = LADDERS["trap"][1]
    lines = [
        f"| illusion | name | Gregory's type | the inducer (classic difficulty) | the trap version, at "
        f"perturbation {neutral:g} | trap labelled an illusion |",
        "|---|---|---|---|---|---|",
    ]
    for name, illusion in ILLUSIONS.items():
        kept = "yes" if illusion.trap_keeps_illusion else "no: the edit removes it"
        lines.append(
            f"| `{name}` | {illusion.title} | {illusion.kind} | {illusion.inducer_feature} "
            f"| {illusion.trap_truth(neutral)} | {kept} |"
        )
    return "\n".join(lines)


def _listed(names: tuple[str, ...], empty: str) -> str:
    if not names:
        return empty
    return "\n".join(f"- `{name}`" for name in names)


def release_section(specs: Sequence[ReleaseImageSpec]) -> str:
    """What the build holds of the release: counts per category and everything that did not match.

    `specs` are the build's release images (read back from its manifest); the first image of each
    release config carries the lists of what its release copy could not match.
    """
    if not specs:
        return (
            "This build holds no release configs. Build them from a local copy of "
            f"`MingZhangSJTU/IllusionBench` (`{JSON_NAME}` and `{ZIP_NAME}`) with `--source release DIR`."
        )
    counts = category_counts(specs)
    lines = [
        "| category | images | true/false | multiple choice | description rows |",
        "|---|---|---|---|---|",
    ]
    for category in CATEGORIES:
        c = counts[category]
        lines.append(f"| `{category}` | {c['images']} | {c['tf']} | {c['mc']} | {c['descriptions']} |")
    lines += ["", *code_table(specs)]
    keys = sorted({spec.description_key for spec in specs if spec.description_key})
    key = ", ".join(f"`{k}`" for k in keys) if keys else "none found"
    lines += ["", f"Golden descriptions were read from the JSON key {key}."]
    for title, names in (
        ("Images in the zip without annotations (in no config)", _union(specs, "images_without_annotations")),
        (
            "Annotations without an image in the zip (in no config)",
            _union(specs, "annotations_without_images"),
        ),
        (
            "Images without a golden description (no description rows)",
            tuple(spec.image_name for spec in specs if not spec.description),
        ),
        ("Other files in the zip, skipped", _union(specs, "skipped_members")),
    ):
        lines += ["", f"**{title}**: {len(names)}", "", _listed(names, "none")]
    return "\n".join(lines)


#: Why an assumed code means what it does.
_ASSUMED_BECAUSE = {
    "category": "lmms-eval's conversion of the release (PR #1035)",
    "difficulty": "the paper's three levels, in order",
}


def code_table(specs: Sequence[ReleaseImageSpec]) -> list[str]:
    """The release's category and difficulty codes this build met, what each became and why."""
    met = sorted(set(_union(specs, "codes")))
    if not met:
        return []
    lines = [
        "Codes as the release writes them, and how this build read them (`assumed` meanings are our "
        f"defaults, not the authors'; override them with `{CATEGORY_MAP}` or `{DIFFICULTY_MAP}` beside "
        f"`{JSON_NAME}`):",
        "",
        "| field | code | read as | how |",
        "|---|---|---|---|",
    ]
    for field, code, name, rule in met:
        how = f"{rule}: {_ASSUMED_BECAUSE[field]}" if rule == ASSUMED else rule
        lines.append(f"| {field} | `{code}` | `{name}` | {how} |")
    return lines


def _union(specs: Sequence[ReleaseImageSpec], field: str) -> tuple[Any, ...]:
    """One list field of the specs, merged in first-seen order (each config's first image carries it)."""
    return tuple(dict.fromkeys(name for spec in specs for name in getattr(spec, field)))


def release_note(release: Release) -> str:
    """One paragraph for the build's output: what matched and what was left out, by name."""
    parts = [f"read {len(release.specs)} images from {release.folder}"]
    for noun, what, names in (
        ("image", "without annotations", release.images_without_annotations),
        ("annotation", "without images", release.annotations_without_images),
        ("image", "without a golden description", release.without_description),
    ):
        if names:
            shown = ", ".join(names[:5]) + (f" and {len(names) - 5} more" if len(names) > 5 else "")
            parts.append(f"{len(names)} {noun}{'' if len(names) == 1 else 's'} {what} ({shown})")
    return "; ".join(parts) + "; the card lists them all."
