"""`build visage --config external --source tuples FILE --images DIR` through the command line.

Built from the fixture in `fixtures/external/` (two tuples, three image pairs, stand-in photos) into
a copy of the session's lite build, so `drawn` must be kept beside the new `external`; read back by
`datasets`, verified with every photo re-read, scored by `eval score`. Bad input is one sentence and
nothing written.
"""

from __future__ import annotations

import re
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from datasets import load_dataset
from PIL import Image

from builders.cli import main as builders_cli
from builders.core.folder import BuiltFolder
from builders.core.hashing import file_sha256
from builders.core.raster import pixel_sha256
from builders.visage.schema import SCHEMA
from eval.cli import main as eval_cli

FIXTURE = Path(__file__).with_name("fixtures") / "external"
TUPLES, PHOTOS = FIXTURE / "tuples.csv", FIXTURE / "photos"
ROOT = Path(__file__).resolve().parents[2]


def _external(tuples: Path, images: Path, *more: str) -> list[str]:
    return ["--config", "external", "--source", "tuples", str(tuples), "--images", str(images), *more]


@pytest.fixture(scope="module")
def built_external(tmp_path_factory: pytest.TempPathFactory, visage_lite: Path) -> Path:
    """The lite build copied, then `external` built into it by a real `python -m builders` process."""
    out = tmp_path_factory.mktemp("visage-external")
    shutil.copytree(visage_lite, out / "visage")
    command = [sys.executable, "-m", "builders", "build", "visage", *_external(TUPLES, PHOTOS)]
    result = subprocess.run(
        [*command, "--out", str(out), "--workers", "2", "--no-progress"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert "built external into" in result.stdout and "6 images, 27 rows" in result.stdout
    return out / "visage"


def test_the_external_config_holds_the_fixture_photos_beside_drawn(
    built_external: Path, hf_cache: Path
) -> None:
    folder = BuiltFolder(built_external)
    assert folder.manifest.configs["drawn"].preset == "lite"  # kept from the earlier build
    source = folder.manifest.configs["external"].source
    assert (source.kind, source.path, source.option("images")) == (  # named by flag and digest, never by path
        "tuples",
        f"--source tuples FILE sha256:{file_sha256(str(TUPLES))}",
        "--images DIR",
    )
    test = load_dataset(str(built_external), "external", split="test", cache_dir=str(hf_cache))
    recognition = load_dataset(str(built_external), "external", split="recognition", cache_dir=str(hf_cache))
    assert test.features == SCHEMA.features and (len(test), len(recognition)) == (3 * 7, 6)
    by_id = {row["image_id"]: row for row in recognition}
    lioness = by_id["external-lion-manes-lioness-e1"]
    with Image.open(PHOTOS / "lion" / "lioness_1.png") as photo:
        assert lioness["image"].size == photo.size == (48, 64)
        assert lioness["pixel_sha256"] == pixel_sha256(photo.convert("RGB"))
    assert lioness["answers"] == ["lioness", "lionesses"]
    prompts = {
        row["condition"]: row["prompt"]
        for row in test.remove_columns("image")
        if "cheetah_cub-e0" in row["id"]
    }
    assert prompts == {
        1: "Answer yes or no. Are cheetahs fast?",
        2: "Answer yes or no. Are cheetah cubs fast?",
        5: "Answer yes or no. Is this cheetah fast?",
        6: "Answer yes or no. Is this cheetah cub fast?",
    }
    card = (built_external / "README.md").read_text(encoding="utf-8")
    assert "| `external` | paper | tuples | 2 | 6 | 21 | 6 |" in card


def test_verify_rereads_every_photo_and_eval_scores_the_config(
    built_external: Path, tmp_path: Path, restore_sigterm: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert builders_cli(["verify", str(built_external), "--workers", "1"]) == 0
    shown = capsys.readouterr()
    assert "32 images re-drawn" in shown.out  # the photos are not in the folder: their flags are named
    assert "pass verify the inputs it was built from: --source tuples FILE --images DIR" in shown.err
    again = ["--source", "tuples", str(TUPLES), "--images", str(PHOTOS)]
    assert builders_cli(["verify", str(built_external), "--workers", "1", *again]) == 0
    assert "38 images re-drawn" in capsys.readouterr().out
    rows = BuiltFolder(built_external).read_rows("external", "test")
    predictions = tmp_path / "truth.jsonl"
    predictions.write_text(
        "".join(f'{{"id": "{row["id"]}", "response": "{("No", "Yes")[row["label"]]}."}}\n' for row in rows)
    )
    out = tmp_path / "score.json"
    argv = ["score", "visage", "--data", str(built_external), "--config", "external", "--split", "test"]
    assert eval_cli([*argv, "--predictions", str(predictions), "--out", str(out)]) == 0
    assert '"2b": 1.0' in out.read_text()


@pytest.fixture
def restore_sigterm() -> Iterator[None]:
    """`builders.cli.main` installs its own SIGTERM handler; give pytest its own back."""
    handler = signal.getsignal(signal.SIGTERM)
    yield
    signal.signal(signal.SIGTERM, handler)


def _copy_fixture(tmp_path: Path) -> tuple[Path, Path]:
    shutil.copytree(FIXTURE, tmp_path / "input")
    return tmp_path / "input" / "tuples.csv", tmp_path / "input" / "photos"


def _break_a_row(tuples: Path, photos: Path) -> list[str]:
    lines = tuples.read_text().splitlines()
    tuples.write_text("\n".join([*lines[:2], lines[2].replace("lionesses", ""), *lines[3:]]) + "\n")
    return _external(tuples, photos)


def _remove_a_photo(tuples: Path, photos: Path) -> list[str]:
    (photos / "cheetah" / "cub.png").unlink()
    return _external(tuples, photos)


def _corrupt_a_photo(tuples: Path, photos: Path) -> list[str]:
    (photos / "lion" / "maned_1.png").write_bytes(b"not a png")
    return _external(tuples, photos)


def _append(line: str) -> Callable[[Path, Path], list[str]]:
    """A case that adds `line` to the fixture's tuples."""

    def make(tuples: Path, photos: Path) -> list[str]:
        with tuples.open("a", encoding="utf-8") as handle:
            handle.write(line + "\n")
        return _external(tuples, photos)

    return make


def _duplicate_a_line(tuples: Path, photos: Path) -> list[str]:
    return _append(tuples.read_text(encoding="utf-8").splitlines()[1])(tuples, photos)


REFUSED = {
    "an exception named as its category": (
        _append("lion,lions,lion,lions,manes,a mane,have,,lion/maned_0.png,lion/lioness_1.png"),
        "line 5 of .* names the exception 'lion' as its category 'lion', so its labels would contradict",
    ),
    "an exact duplicate line": (
        _duplicate_a_line,
        r"line 5 of .* repeats line 2 \(the same tuple and the same two photos\); remove it",
    ),
    "one photo as both images": (
        _append("lion,lions,lioness,lionesses,manes,a mane,have,,lion/maned_1.png,lion/maned_1.png"),
        "line 5 of .* gives the same photo as its typical and its exceptional image",
    ),
    "a typical photo reused as exceptional": (
        _append("lion,lions,lion cub,lion cubs,manes,a mane,have,,cheetah/adult.png,lion/maned_0.png"),
        "line 5 of .* uses the photo 'maned_0.png' as the exceptional image of norm 'lion-manes', which line",
    ),
    "two tuples with one id": (
        _append("cheetah,cheetahs,cheetah-cub,cheetah cubs,fast,,be,,cheetah/adult.png,cheetah/cub.png"),
        "line 5 of .* whose id 'cheetah-fast-cheetah_cub' is also the id of line 4's tuple",
    ),
    "a row without a field": (_break_a_row, "line 3 of '.*tuples.csv' has no 'exception_pl'"),
    "a missing photo": (_remove_a_photo, "line 4 of .* names image 'cheetah/cub.png', which is not in"),
    "an unreadable photo": (
        _corrupt_a_photo,
        "names image 'lion/maned_1.png', which is not a readable image",
    ),
    "no images folder": (
        lambda tuples, photos: ["--config", "external", "--source", "tuples", str(tuples)],
        "--source tuples needs the tuples file and the photos' folder",
    ),
    "the drawn config": (
        lambda tuples, photos: ["--config", "drawn", *_external(tuples, photos)[2:]],
        "config 'drawn' of family 'visage' cannot use --source 'tuples'; .* it builds config external",
    ),
}


@pytest.mark.parametrize("case", list(REFUSED))
def test_bad_input_is_one_sentence_and_nothing_is_written(
    case: str, tmp_path: Path, restore_sigterm: None, capsys: pytest.CaptureFixture[str]
) -> None:
    tuples, photos = _copy_fixture(tmp_path)
    make_argv, message = REFUSED[case]
    out = tmp_path / "out"
    out.mkdir()
    assert (
        builders_cli(["build", "visage", *make_argv(tuples, photos), "--out", str(out), "--no-progress"]) == 2
    )
    error = capsys.readouterr().err.strip()
    assert error.startswith("error: ") and len(error.splitlines()) == 1
    assert re.search(message, error), error
    assert not any(out.iterdir())


def test_a_byte_order_mark_and_names_in_any_script_build(
    tmp_path: Path, restore_sigterm: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """What Excel's "CSV UTF-8" writes: a byte-order mark before the header. Non-ASCII tuples keep
    their letters in their ids, so two of them do not collide."""
    tuples, photos = _copy_fixture(tmp_path)
    lines = tuples.read_text(encoding="utf-8").splitlines()
    lines += [
        "Löwe,Löwen,Löwin,Löwinnen,Mähnen,eine Mähne,have,,lion/maned_0.png,lion/lioness_0.png",
        "獅子,獅子,雌獅子,雌獅子,たてがみ,,have,,lion/maned_1.png,lion/lioness_1.png",
    ]
    tuples.write_bytes(b"\xef\xbb\xbf" + ("\n".join(lines) + "\n").encode("utf-8"))
    out = tmp_path / "out"
    assert (
        builders_cli(["build", "visage", *_external(tuples, photos), "--out", str(out), "--no-progress"]) == 0
    )
    assert "10 images" in capsys.readouterr().out
    ids = {row["tuple_id"] for row in BuiltFolder(out / "visage").read_rows("external", "recognition")}
    assert ids == {
        "lion-manes-lioness",
        "cheetah-fast-cheetah_cub",
        "löwe-mähnen-löwin",
        "獅子-たてがみ-雌獅子",
    }
