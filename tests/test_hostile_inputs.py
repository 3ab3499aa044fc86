"""The builders' readers of a user's files: one sentence, exit 2, nothing written (issue 29, items 5-7,
9-13, 18 and 21).

Each test plants one hostile file in a small valid input of a family (AIpsych question file and
photos, VISaGE tuples and photos, the IllusionBench+ release, the VLMBias release's Parquet) and runs
`python -m builders build` on it, in this process (a traceback fails the test) or, where standard
error or the user's permissions matter, as a separate process.
"""

from __future__ import annotations

import ctypes
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import ImageFile

from builders.aipsych.official import read_official
from builders.core.photos import MAX_PIXELS
from builders.illusionbench.release import read_release
from tests.hostile_files import (
    VISAGE_FIXTURE,
    aipsych_input,
    deep_json,
    illusionbench_input,
    nothing_written,
    photo,
    png_header,
    run_build,
    truncated_png,
    visage_input,
    vlmbias_input,
)
from tests.illusionbench.release_fixture import IMAGES

ROOT = Path(__file__).resolve().parents[1]
BOM = b"\xef\xbb\xbf"
TUPLES = VISAGE_FIXTURE / "tuples.csv"
#: prctl(2) and capabilities(7): what stops root reading a file whatever its permissions.
PR_CAPBSET_DROP, CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH = 24, 1, 2


def refused(argv: list[str], out: Path, pattern: str) -> str:
    """Assert the build is refused with exit 2, one sentence matching `pattern` and nothing at --out."""
    code, err = run_build(argv, out)
    lines = err.strip().splitlines()
    assert code == 2, err
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    assert re.search(pattern, lines[0]), lines[0]
    assert "<_io." not in lines[0] and "Traceback" not in err
    assert nothing_written(out)
    return lines[0]


def csv_line(typical: str, exceptional: str = "lion/lioness_0.png", **fields: str) -> str:
    values = {"category": "tiger", "category_pl": "tigers", "exception": "white tiger",
              "exception_pl": "white tigers", "attribute": "stripes", **fields}  # fmt: skip
    header = TUPLES.read_text(encoding="utf-8").splitlines()[0].split(",")
    values.update(typical_image=typical, exceptional_image=exceptional)
    return ",".join(values.get(column, "") for column in header)


# --------------------------------------------------------------------------- 5, 6: bombs and the pixel cap


def test_a_decompression_bomb_as_a_visage_photo_is_one_sentence(tmp_path: Path) -> None:
    argv, _, photos = visage_input(tmp_path / "in")
    (photos / "lion" / "maned_1.png").write_bytes(png_header(30_000, 30_000))
    refused(
        argv, tmp_path / "out", r"image 'lion/maned_1\.png' .* is 30000 x 30000 pixels, more than the limit"
    )


def test_a_decompression_bomb_in_the_vlmbias_image_column_is_one_sentence(tmp_path: Path) -> None:
    argv = vlmbias_input(tmp_path / "copy", png_header(30_000, 30_000))
    row = r"the image of row 'animal_067_stork_notitle_Q2_px384' in '.*main-.*\.parquet'"
    refused(argv, tmp_path / "out", rf"{row} is 30000 x 30000 pixels, more than the limit of 50000000 pixels")


@pytest.mark.parametrize("family", ["aipsych", "visage", "illusionbench", "vlmbias"])
def test_every_photo_reader_caps_pixels_from_the_header_in_one_sentence_without_pil_warnings(
    family: str, tmp_path: Path
) -> None:
    """A 12000 x 12000 photo (its header; no pixel data follows, so decoding first would fail
    differently) is refused by size, naming the file, with nothing else on standard error."""
    big = png_header(12_000, 12_000)
    if family == "aipsych":
        argv, _, images = aipsych_input(tmp_path / "in")
        target = next((images / "val2014").iterdir())
        target.write_bytes(big)
        named = re.escape(target.name)
    elif family == "visage":
        argv, _, photos = visage_input(tmp_path / "in")
        (photos / "cheetah" / "cub.png").write_bytes(big)
        named = r"cheetah/cub\.png"
    elif family == "illusionbench":
        argv, _ = illusionbench_input(tmp_path / "in", {**IMAGES, "classic_01.png": big})
        named = r"classic_01\.png"
    else:
        argv, named = vlmbias_input(tmp_path / "in", big), "animal_067_stork_notitle_Q2_px384"
    out = tmp_path / "out"
    result = subprocess.run(
        [sys.executable, "-W", "always", "-m", "builders", "build", *argv, "--out", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr  # no DecompressionBombWarning
    assert re.search(
        rf"{named}.* is 12000 x 12000 pixels, more than the limit of {MAX_PIXELS} pixels", lines[0]
    )
    assert nothing_written(out)


def test_a_photo_in_a_format_outside_the_list_is_refused_unread(tmp_path: Path) -> None:
    """PIL would hand an EPS file to Ghostscript, a program run on the user's bytes."""
    argv, _, photos = visage_input(tmp_path / "in")
    (photos / "lion" / "maned_1.png").write_bytes(photo(fmt="EPS"))
    refused(argv, tmp_path / "out", r"'lion/maned_1\.png', which is not a readable image \(not a PNG, JPEG")


# --------------------------------------------------------------------------- 7: containment


def test_an_aipsych_photo_that_links_outside_the_images_folder_is_refused(tmp_path: Path) -> None:
    argv, _, images = aipsych_input(tmp_path / "in")
    target = next((images / "val2014").iterdir())
    outside = tmp_path / "elsewhere" / "private.jpg"
    outside.parent.mkdir()
    shutil.move(target, outside)
    target.symlink_to(outside)
    refused(argv, tmp_path / "out", rf"record \d of .* names 'val2014/{re.escape(target.name)}', which leads "
            "outside the images folder")  # fmt: skip


# --------------------------------------------------------------------------- 9: deep nesting


def _aipsych_deep(tmp_path: Path) -> list[str]:
    argv, questions, _ = aipsych_input(tmp_path / "in")
    questions.write_text(deep_json(), encoding="utf-8")
    return argv


def _visage_deep(tmp_path: Path) -> list[str]:
    argv, tuples, _ = visage_input(tmp_path / "in", "tuples.jsonl")
    tuples.write_text('{"category": ' + deep_json() + "}\n", encoding="utf-8")
    return argv


def _release_deep(name: str) -> object:
    def make(tmp_path: Path) -> list[str]:
        argv, release = illusionbench_input(tmp_path / "in")
        (release / name).write_text(deep_json(), encoding="utf-8")
        return argv

    return make


DEEP = {
    "an AIpsych question file": (
        _aipsych_deep,
        r"question file '.*COCO2k_v1\.json' nests more than 32 levels",
    ),
    "a VISaGE JSONL line": (_visage_deep, r"line 1 of '.*tuples\.jsonl' nests more than 32 levels"),
    "Image_properties.json": (_release_deep("Image_properties.json"), r"Image_properties\.json' nests more"),
    "category_map.json": (_release_deep("category_map.json"), r"category_map\.json' nests more than 32"),
}


@pytest.mark.parametrize("case", list(DEEP))
def test_deeply_nested_json_is_one_sentence(case: str, tmp_path: Path) -> None:
    make, pattern = DEEP[case]
    refused(make(tmp_path), tmp_path / "out", pattern)


def test_json_nested_less_than_the_recursion_limit_is_refused_too(tmp_path: Path) -> None:
    """500 levels parse, but would overflow the stack of whatever walks them later."""
    argv, release = illusionbench_input(tmp_path / "in")
    entries = json.loads((release / "Image_properties.json").read_text(encoding="utf-8"))
    entries[0]["image_property"]["notes"] = json.loads(deep_json(500))
    (release / "Image_properties.json").write_text(json.dumps(entries), encoding="utf-8")
    refused(argv, tmp_path / "out", r"nests more than 32 levels deep \(at \[0\]\.image_property\.notes")


def test_an_integer_too_long_to_read_is_one_sentence(tmp_path: Path) -> None:
    """Python refuses to convert integers of 4,300+ digits; JSON allows them."""
    argv, tuples, _ = visage_input(tmp_path / "in", "tuples.jsonl")
    tuples.write_text('{"category": ' + "9" * 5_000 + "}\n", encoding="utf-8")
    refused(argv, tmp_path / "out", r"line 1 of '.*tuples\.jsonl' is not valid JSON \(Exceeds the limit")


# --------------------------------------------------------------------------- 10: lone surrogates


def _aipsych_surrogate(field: str) -> object:
    def make(tmp_path: Path) -> list[str]:
        argv, questions, _ = aipsych_input(tmp_path / "in")
        records = json.loads(questions.read_text(encoding="utf-8"))
        if field == "questions":
            records[1]["questions"][3] += "\ud800"
        else:
            records[1][field] += "\ud800"
        questions.write_text(json.dumps(records), encoding="utf-8")  # ensure_ascii: "\ud800" as an escape
        return argv

    return make


def _visage_surrogate(tmp_path: Path) -> list[str]:
    argv, tuples, _ = visage_input(tmp_path / "in", "tuples.jsonl")
    header, *rows = (line.split(",") for line in tuples.read_text(encoding="utf-8").splitlines())
    records = [dict(zip(header, row, strict=True)) for row in rows]
    records[1]["exception"] = "lioness \ud800"
    tuples.write_text("".join(json.dumps(record) + "\n" for record in records), encoding="utf-8")
    return argv


def _release_surrogate(field: str) -> object:
    def make(tmp_path: Path) -> list[str]:
        argv, release = illusionbench_input(tmp_path / "in")
        entries = json.loads((release / "Image_properties.json").read_text(encoding="utf-8"))
        if field == "Question":
            entries[0]["qa_data"][0]["Question"] += "\udfff"
        else:
            entries[0]["image_property"][field] += "\udfff"
        (release / "Image_properties.json").write_text(json.dumps(entries), encoding="utf-8")
        return argv

    return make


AIPSYCH_FILE, RELEASE_FILE = r"question file '.*COCO2k_v1\.json'", r"'.*Image_properties\.json'"
SURROGATES = {
    "an AIpsych description": (_aipsych_surrogate("description"), AIPSYCH_FILE, r"\[1\]\.description"),
    "an AIpsych question": (_aipsych_surrogate("questions"), AIPSYCH_FILE, r"\[1\]\.questions\[3\]"),
    "an AIpsych image name": (_aipsych_surrogate("image_file"), AIPSYCH_FILE, r"\[1\]\.image_file"),
    "a VISaGE tuple field": (_visage_surrogate, r"line 2 of '.*tuples\.jsonl'", r"\.exception"),
    "an IllusionBench+ question": (
        _release_surrogate("Question"),
        RELEASE_FILE,
        r"\[0\]\.qa_data\[0\]\.Question",
    ),
    "an IllusionBench+ image name": (
        _release_surrogate("image_name"),
        RELEASE_FILE,
        r"\[0\]\.image_property\.image_name",
    ),
    "an IllusionBench+ description": (
        _release_surrogate("Golden Description"),
        RELEASE_FILE,
        r'\[0\]\.image_property\["Golden Description"\]',
    ),
}


@pytest.mark.parametrize("case", list(SURROGATES))
def test_a_lone_surrogate_is_one_sentence_naming_the_file_and_field(case: str, tmp_path: Path) -> None:
    make, file, where = SURROGATES[case]
    refused(make(tmp_path), tmp_path / "out", rf"{file} holds text that is not valid Unicode at {where} \(")


# --------------------------------------------------------------------------- 11: unreadable files


def _without_root_reading_rights() -> None:
    """In the child before it runs: drop the capabilities that let root read any file (Linux)."""
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH):
        if libc.prctl(PR_CAPBSET_DROP, capability, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP) refused")


def _unprivileged_build(argv: list[str], out: Path) -> subprocess.CompletedProcess[str]:
    """`python -m builders build` in a process that file permissions bind, even when the tests run as root."""
    root = os.geteuid() == 0
    try:
        return subprocess.run(
            [sys.executable, "-m", "builders", "build", *argv, "--out", str(out)],
            cwd=ROOT, capture_output=True, text=True, timeout=120,
            preexec_fn=_without_root_reading_rights if root else None,
        )  # fmt: skip
    except subprocess.TimeoutExpired:
        raise
    except subprocess.SubprocessError as error:  # the capabilities could not be dropped
        pytest.skip(f"running as root and cannot drop the right to read any file here ({error})")


UNREADABLE = {
    "an AIpsych image": (aipsych_input, "image", r"image '.*COCO_val2014_\d+\.jpg'"),
    "a VISaGE photo": (visage_input, "photo", r"image 'lion/lioness_0\.png'"),
    "a VISaGE tuples file": (visage_input, "tuples", r"tuples file '.*tuples\.csv'"),
}


@pytest.mark.parametrize("case", list(UNREADABLE))
def test_an_unreadable_file_is_one_sentence(case: str, tmp_path: Path) -> None:
    make, which, named = UNREADABLE[case]
    argv, data_file, folder = make(tmp_path / "in")
    if which == "image":
        target = next((folder / "val2014").iterdir())
    elif which == "photo":
        target = folder / "lion" / "lioness_0.png"
    else:
        target = data_file
    target.chmod(0)
    out = tmp_path / "out"
    result = _unprivileged_build(argv, out)
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert re.search(rf"{named}.* cannot be read \(permission denied\)", lines[0]), lines[0]
    assert nothing_written(out)


# --------------------------------------------------------------------------- 12: impossible names


TUPLE_LINES = {
    "a CSV field over 131,072 characters": (
        csv_line("lion/maned_0.png", norm_text="x" * 140_000),
        r"line 5 of '.*tuples\.csv' cannot be read as CSV \(field larger than field limit",
    ),
    "a NUL in an image path": (
        csv_line("lion/maned\x00_0.png"),
        r"line 5 of '.*tuples\.csv' names a file with a NUL character in it",
    ),
    "a 5,000-character image path": (
        csv_line("lion/" + "a" * 5_000 + ".png"),
        r"line 5 of '.*tuples\.csv' names a file whose name is too long \(5009 characters",
    ),
    "a 300-character file name": (
        csv_line("lion/" + "7" * 300 + ".jpg"),
        r"line 5 of '.*tuples\.csv' names a file whose name is too long \(309 characters",
    ),
}


@pytest.mark.parametrize("case", list(TUPLE_LINES))
def test_tuple_lines_with_impossible_fields_are_one_sentence(case: str, tmp_path: Path) -> None:
    line, pattern = TUPLE_LINES[case]
    argv, tuples, _ = visage_input(tmp_path / "in")
    with tuples.open("a", encoding="utf-8") as handle:
        handle.write(line + "\n")
    refused(argv, tmp_path / "out", pattern)


def test_a_300_digit_visual_genome_name_is_one_sentence(tmp_path: Path) -> None:
    argv, questions, _ = aipsych_input(tmp_path / "in")
    records = json.loads(questions.read_text(encoding="utf-8"))
    for record in records:
        record["image_file"] = "9" * 300 + ".jpg"
    questions.write_text(json.dumps(records), encoding="utf-8")
    argv = [*argv, "--config", "visual_genome"]
    refused(argv, tmp_path / "out", r"record 0 of .* names a file whose name is too long \(304 characters")


# --------------------------------------------------------------------------- 13: every pixel decoded


@pytest.mark.parametrize("lenient", [False, True], ids=["pil-default", "after-importing-lmms-eval"])
def test_a_truncated_png_with_valid_checksums_is_refused_up_front(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lenient: bool
) -> None:
    """Also where PIL was told to accept cut-short images (lmms-eval sets that on import)."""
    monkeypatch.setattr(ImageFile, "LOAD_TRUNCATED_IMAGES", lenient)
    argv, _ = illusionbench_input(tmp_path / "in", {**IMAGES, "classic_01.png": truncated_png()})
    refused(argv, tmp_path / "out", r"image 'classic_01\.png' in the archive cannot be read \(image file is "
            "truncated.*\\); download the release again")  # fmt: skip


# --------------------------------------------------------------------------- 18: byte-order marks


def test_a_byte_order_mark_is_accepted_in_every_text_input(tmp_path: Path) -> None:
    _, questions, images = aipsych_input(tmp_path / "aipsych")
    questions.write_bytes(BOM + questions.read_bytes())
    assert len(read_official("coco", questions, images)) == 2
    _, release = illusionbench_input(tmp_path / "release")
    (release / "category_map.json").write_text('{"Ishihara": "ishihara"}', encoding="utf-8")
    for name in ("Image_properties.json", "category_map.json"):
        (release / name).write_bytes(BOM + (release / name).read_bytes())
    assert len(read_release(release).specs) == 5
    argv, tuples, _ = visage_input(tmp_path / "visage", "tuples.jsonl")
    header, *rows = (line.split(",") for line in TUPLES.read_text(encoding="utf-8").splitlines())
    text = "".join(json.dumps(dict(zip(header, row, strict=True))) + "\n" for row in rows)
    tuples.write_bytes(BOM + text.encode("utf-8"))
    params = tmp_path / "params.toml"
    params.write_bytes(BOM + b"# the lite preset as it is\n")
    code, err = run_build([*argv, "--params", str(params)], tmp_path / "out")
    assert code == 0, err


# --------------------------------------------------------------------------- 21: no buffer in messages


def test_an_undecodable_parquet_image_names_its_row_not_a_buffer(tmp_path: Path) -> None:
    argv = vlmbias_input(tmp_path / "copy", b"this is not an image at all")
    refused(argv, tmp_path / "out", r"the image of row 'animal_067_stork_notitle_Q2_px384' in .* cannot be "
            r"decoded \(not a PNG, JPEG, GIF, BMP, WebP or TIFF image\)")  # fmt: skip


def test_an_undecodable_zip_member_names_its_member_not_a_buffer(tmp_path: Path) -> None:
    argv, _ = illusionbench_input(tmp_path / "in", {**IMAGES, "classic_01.png": b"GIF89a but not really"})
    refused(argv, tmp_path / "out", r"image 'classic_01\.png' in the archive cannot be read")
