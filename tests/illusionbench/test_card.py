"""The card template's fields, and the release section that lists what did not match."""

from __future__ import annotations

import dataclasses
from importlib import resources
from pathlib import Path
from string import Template

from builders.illusionbench import plan
from builders.illusionbench.card import illusion_table, ladder_table, release_note, release_section
from builders.illusionbench.classic import ILLUSIONS
from builders.illusionbench.params import PRESETS, Classic
from builders.illusionbench.plan import drawn_specs
from builders.illusionbench.release import read_release
from builders.illusionbench.spec import LADDERS
from tests.illusionbench.release_fixture import FOLDER, write_release

#: Filled by the pipeline (the first seven) and by the family (the rest).
FIELDS = {
    "pretty_name", "builder_version", "manifest_sha256", "repo_name", "edition", "edition_note", "parameters",
    "tools",
    "presets", "first_config",
    "config_table", "ladder_table", "illusion_table", "release_section",
}  # fmt: skip


def template() -> str:
    return resources.files("dataset_cards").joinpath("illusionbench-plus.md").read_text("utf-8")


def test_the_template_names_exactly_its_fields() -> None:
    named = {m.group("named") or m.group("braced") for m in Template.pattern.finditer(template())}
    assert named == FIELDS


def test_the_card_lists_unmatched_images_and_annotations(tmp_path: Path) -> None:
    release = read_release(write_release(tmp_path))
    built = [spec for config in plan.UNIONS["all"] for spec in plan.specs(config, PRESETS["paper"], release)]
    fields = {name: f"<{name}>" for name in FIELDS}
    fields.update(
        illusion_table=illusion_table(),
        ladder_table=ladder_table(LADDERS, ()),
        release_section=release_section(built),
    )
    card = Template(template()).substitute(fields)
    assert f"- `{FOLDER}/unannotated_01.png`" in card and "- `missing_01.png`" in card
    assert "- `plain_01.jpg`" in card and f"- `{FOLDER}/readme.txt`" in card
    assert "| `classic` | 1 | 2 | 3 | 2 |" in card
    assert all(f"| `{name}` |" in card for name in ILLUSIONS)
    note = release_note(release)
    assert (
        "1 image without annotations (IllusionDataset/unannotated_01.png)" in note
        and "missing_01.png" in note
    )
    assert "no release configs" in release_section(())
    assert "This build holds no classic figures." in card


def test_the_ladder_table_says_which_classic_illusions_meet_every_level() -> None:
    def coverage(images: int) -> str:
        params = dataclasses.replace(PRESETS["paper"], classic=Classic(images=images))
        return ladder_table(LADDERS, list(drawn_specs("classic", params))).splitlines()[-1]

    assert coverage(164) == coverage(33) == "Every classic illusion of this build is drawn at every level."
    assert coverage(32).startswith("10 of the 11 classic illusions are drawn at every level in this build")
    assert coverage(11).startswith("0 of the 11 classic illusions")
