"""IllusionBench+ editions: what the paper fixes keeps its distribution in the canonical edition and
seeds 1 and 2, what it leaves free is drawn again; parameters at the ends of their ranges build and
verify; the release configs refuse a seed.

The lite builds are read back from their Parquet files; the paper preset's questions are compared
from its plan (every question of 454 images in each edition, no pixels needed).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest

from builders.cli import main as builders_cli
from builders.core.folder import BuiltFolder
from builders.core.manifest import Manifest
from builders.illusionbench import rows
from builders.illusionbench.classic import ILLUSIONS
from builders.illusionbench.family import FAMILY
from builders.illusionbench.params import PRESETS
from builders.illusionbench.plan import DRAWN_CONFIGS, drawn_specs
from builders.illusionbench.questions import NUMERALS
from builders.illusionbench.schema import SCHEMA
from builders.illusionbench.spec import DRAWN_CATEGORIES, LEVELS, ClassicSpec, DrawnSpec
from tests.conftest import Built
from tests.illusionbench.release_fixture import write_release

EDITIONS = (None, 1, 2)
LABELS = ("category", "difficulty", "question_type")


@pytest.fixture(scope="module")
def lite(built: Built) -> dict[int | None, Path]:
    """The lite build of each edition (the canonical one, seeds 1 and 2): the session's, shared."""
    return {seed: built("illusionbench", "lite", edition=seed) for seed in EDITIONS}


def parquet_rows(folder: Path) -> list[dict[str, Any]]:
    """Every drawn row of a build, both splits, images left out, class labels as names."""
    built = BuiltFolder(folder)
    found = []
    for config in DRAWN_CONFIGS:
        for split in ("test", "descriptions"):
            for row in built.read_rows(config, split):
                found.append({**row, **{key: SCHEMA.features[key].int2str(row[key]) for key in LABELS}})
    return found


def per_image(found: Iterable[dict[str, Any]], what: Callable[[dict[str, Any]], Any]) -> dict[str, Counter]:
    """image id -> Counter of `what(row)` over the image's rows."""
    counts: dict[str, Counter] = {}
    for row in found:
        counts.setdefault(row["image_id"], Counter())[what(row)] += 1
    return counts


def fixed_by_the_paper(found: list[dict[str, Any]]) -> dict[str, Any]:
    """What every edition keeps, image by image: its category, illusion, level, perturbation size and
    pixel size, and its questions' ids, types and true/false answers."""
    return {
        "image": per_image(
            found,
            lambda r: (
                r["category"],
                r["illusion"],
                r["difficulty"],
                abs(r["perturbation"]),
                r["width"],
                r["height"],
            ),
        ),
        "questions": per_image(found, lambda r: (r["id"], r["question_type"], r["source_question_type"])),
        "true/false answers": per_image(
            (r for r in found if r["question_type"] == "tf"), lambda r: r["answer"]
        ),
    }


def test_the_lite_editions_keep_what_the_paper_fixes_image_by_image(lite: dict[int | None, Path]) -> None:
    fixed = [fixed_by_the_paper(parquet_rows(lite[edition])) for edition in EDITIONS]
    assert fixed[0] == fixed[1] == fixed[2]
    answers = Counter(a for counts in fixed[0]["true/false answers"].values() for a in counts.elements())
    # 44 images, one true statement each; the 16 whose index is a multiple of 3 two false ones, the
    # other 28 one: 60 false, 58 %.
    assert answers == {"False": 60, "True": 44}


def shares(found: list[dict[str, Any]]) -> Counter:
    return Counter(row["answer"] for row in found if row["question_type"] == "mc")


def reordered(first: dict[str, dict[str, Any]], second: dict[str, dict[str, Any]]) -> tuple[int, int]:
    """(multiple-choice rows with the same options in both, those of them in another order)."""
    same = [key for key, row in first.items() if row["question_type"] == "mc"]
    same = [key for key in same if sorted(first[key]["options"]) == sorted(second[key]["options"])]
    return len(same), sum(first[key]["options"] != second[key]["options"] for key in same)


def test_the_lite_editions_redraw_what_the_paper_leaves_free(lite: dict[int | None, Path]) -> None:
    manifests = {edition: Manifest.read(lite[edition]) for edition in EDITIONS}
    specs = {
        edition: {i: FAMILY.spec_registry.load(e.spec) for i, e in manifest.images.items()}
        for edition, manifest in manifests.items()
    }
    ids = sorted(specs[None])
    for a, b in ((None, 1), (1, 2)):
        pixels = {i: (manifests[a].images[i].pixel_sha256, manifests[b].images[i].pixel_sha256) for i in ids}
        redrawn = [i for i in ids if pixels[i][0] != pixels[i][1]]
        assert len(redrawn) >= 0.9 * len(ids), f"{len(redrawn)} of {len(ids)} images redrawn"
        assert all(i in redrawn for i in ids if i.startswith(("ishihara", "no_illusion"))), "dots and scenes"
        rows_a = {r["id"]: r for r in parquet_rows(lite[a])}
        rows_b = {r["id"]: r for r in parquet_rows(lite[b])}
        same, moved = reordered(rows_a, rows_b)
        assert same >= 50 and moved >= same / 2, f"options in another order: {moved} of {same}"
        # A classic figure offers the same statements in every edition: which it gets, and in which
        # order, is drawn.
        tf = [k for k, r in rows_a.items() if r["question_type"] == "tf" and r["category"] == "classic"]
        other = [key for key in tf if rows_a[key]["question"] != rows_b[key]["question"]]
        assert len(other) >= len(tf) / 3, f"other true/false statements: {len(other)} of {len(tf)}"
    # Which digit a plate shows is drawn; every digit still shows equally often (10 plates: once each).
    digits = [[specs[e][i].digit for i in ids if i.startswith("ishihara")] for e in EDITIONS]
    assert digits[0] == list(range(10)) != digits[1] != digits[2]
    assert all(sorted(d) == list(range(10)) for d in digits)


def plan(edition: int | None) -> list[DrawnSpec]:
    return [spec for c in DRAWN_CATEGORIES for spec in drawn_specs(c, PRESETS["paper"], edition)]


def summary(specs: list[DrawnSpec]) -> dict[str, Any]:
    """The paper preset's fixed quantities, over every question of every image."""
    asked = {spec.image_id: rows.questions(spec) for spec in specs}
    digits = Counter(getattr(spec, "digit", None) for spec in specs if spec.category == "ishihara")
    return {
        "levels": Counter(
            (spec.category, getattr(spec, "illusion", ""), spec.difficulty, abs(spec.perturbation))
            for spec in specs
        ),
        "questions per image": Counter(
            tuple(sorted(Counter(q.question_type for q in found).items())) for found in asked.values()
        ),
        "true/false answers": Counter(
            q.answer for found in asked.values() for q in found if q.question_type == "tf"
        ),
        "how often each digit shows": sorted(digits.values()),
    }


def questions(specs: list[DrawnSpec]) -> dict[str, dict[str, Any]]:
    """Row id -> the question's type and options, as `reordered` reads rows."""
    return {
        f"{spec.image_id}-{q.key}": {"question_type": q.question_type, "options": q.options}
        for spec in specs
        for q in rows.questions(spec)
    }


def test_the_paper_preset_keeps_its_distributions_in_every_edition() -> None:
    plans = {edition: plan(edition) for edition in EDITIONS}
    fixed = [summary(plans[edition]) for edition in EDITIONS]
    assert fixed[0] == fixed[1] == fixed[2]
    answers = fixed[0]["true/false answers"]
    assert abs(answers["False"] / answers.total() - 4 / 7) < 0.005
    # The classic figures: every illusion at every level, in every edition.
    for specs in plans.values():
        met = {(s.illusion, s.difficulty) for s in specs if isinstance(s, ClassicSpec) and not s.perturbation}
        assert len(met) == 11 * len(LEVELS)
    # The correct option's place is drawn anew: uniform over i-iv in every edition (1362 questions:
    # 340.5 each expected, the binomial's standard deviation 16).
    for edition, specs in plans.items():
        places = Counter(q.answer for spec in specs for q in rows.questions(spec) if q.question_type == "mc")
        assert set(places) == set(NUMERALS) and all(abs(n - 340.5) < 4 * 16 for n in places.values()), (
            edition,
            places,
        )
    # Layout scales, the sign of a trap's change and option orders are drawn anew.
    for a, b in ((None, 1), (1, 2)):
        same, moved = reordered(*(questions(plans[edition]) for edition in (a, b)))
        assert same >= 500 and moved >= 0.8 * same, f"options in another order: {moved} of {same}"
        figures = [(x, y) for x, y in zip(plans[a], plans[b], strict=True) if isinstance(x, ClassicSpec)]
        assert sum(x.scale != y.scale for x, y in figures) >= 0.9 * len(figures)
        signs = [(x, y) for x, y in figures if x.perturbation and ILLUSIONS[x.illusion].signed]
        assert any((x.perturbation > 0) != (y.perturbation > 0) for x, y in signs)


def build_with(tmp_path: Path, name: str, params: str, *args: str) -> Path:
    path = tmp_path / f"{name}.toml"
    path.write_text(params, encoding="utf-8")
    out = tmp_path / name
    command = ["build", "illusionbench", "--preset", "lite", "--params", str(path), "--out", str(out)]
    assert builders_cli([*command, "--workers", "1", "--no-progress", *args]) == 0
    return out / FAMILY.repo_name


SMALL = "[classic]\nimages = 3\n[trap]\nimages = 3\n[ishihara]\nimages = 3\n[no_illusion]\nimages = 3\n"
ENDS = """
resolution = 2048
[classic]
images = 3
inducers = [0.25, 0.5, 1.0]
[trap]
images = 3
perturbations = [0.4, 0.2, 0.05]
[ishihara]
images = 3
contrasts = [1.0, 0.6, 0.2]
[no_illusion]
images = 3
widenings = [1.0, 0.5, 0.02]
"""


def test_parameters_at_the_ends_of_their_ranges_build_and_verify(tmp_path: Path) -> None:
    largest = build_with(tmp_path, "ends", ENDS, "--seed", "5")
    smallest = build_with(tmp_path, "small", "resolution = 128\n" + SMALL)
    for folder, width in ((largest, 2048), (smallest, 128)):
        assert builders_cli(["verify", str(folder), "--workers", "1"]) == 0
        found = parquet_rows(folder)
        assert {row["width"] for row in found} == {width}
        # Every canvas keeps its shape: 512 x 256, 384, 400 or 512 scaled to whole pixels.
        assert {row["height"] * 512 // width for row in found} <= {256, 384, 400, 512}
        assert len({row["image_id"] for row in found}) == 12
    found = parquet_rows(largest)
    by_image = {row["image_id"]: row for row in found}
    sizes = {(r["category"], r["difficulty"]): abs(r["perturbation"]) for r in by_image.values()}
    assert sizes[("trap", "easy")] == 0.4 and sizes[("trap", "hard")] == 0.05
    assert sizes[("ishihara", "hard")] == 0.2 and sizes[("no_illusion", "hard")] == 0.02
    classic = [FAMILY.spec_registry.load(e.spec) for e in Manifest.read(largest).images.values()]
    assert {(s.inducer, s.difficulty) for s in classic if getattr(s, "category", "") == "classic"} == {
        (0.25, "easy"), (0.5, "neutral"), (1.0, "hard")
    }  # fmt: skip
    card = (largest / "README.md").read_text(encoding="utf-8")
    assert (
        "| `trap` | relative change of one target (size, length, tilt, grey level, gap) | 0.4 | 0.2 | 0.05 |"
        in card
    )
    assert "with `resolution`, `classic.images`, `classic.inducers`" in card
    assert (
        "- Edition: fresh, seed 5: drawn fresh" in card
        and "In IllusionBench+ that is, image by image" in card
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "[classic]\ninducers = [1.0, 0.75, 0.5]\n",
            "classic.inducers must strictly increase from easy to hard",
        ),
        ("[trap]\nperturbations = [0.1, 0.2, 0.35]\n", "trap.perturbations must strictly decrease"),
        (
            "[trap]\nperturbations = [0.5, 0.2, 0.1]\n",
            "'trap.perturbations' in p.toml must be a list of exactly 3",
        ),
        ("resolution = 500\n", "resolution must be a multiple of 32"),
        ("[ishihara]\nimages = 0\n", "'ishihara.images' in p.toml must be an integer from 1 to 10000"),
    ],
)
def test_a_bad_ladder_count_or_width_is_one_sentence_and_nothing_on_disk(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    (tmp_path / "p.toml").write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    command = ["build", "illusionbench", "--params", str(tmp_path / "p.toml"), "--out", str(out)]
    assert builders_cli(command) == 2
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert line.startswith("error: ") and message in line, line
    assert not out.exists()


def test_the_release_configs_refuse_a_seed_in_one_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    release = write_release(tmp_path / "release")
    out = tmp_path / "out"
    command = [
        "build",
        "illusionbench",
        "--source",
        "release",
        str(release),
        "--seed",
        "3",
        "--out",
        str(out),
    ]
    assert builders_cli(command) == 2
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert "is the release's own images and questions, the same in every edition, so --seed cannot" in line
    assert "build the release configs without --seed" in line and not out.exists()
