"""`builders.core.params`: typed parameters, read from TOML a user wrote, written back as TOML.

The checks run on a small parameter class shaped like the families' (scalars, tuples, a nested
table); every family's own parameters are exercised end to end in tests/test_editions.py.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
import tomllib

from builders.core.errors import UsageError
from builders.core.params import (
    Parameters,
    changed_keys,
    overlay,
    parameter,
    read_params_file,
    to_plain,
    to_toml,
)


@dataclasses.dataclass(frozen=True, kw_only=True)
class Grid(Parameters):
    sizes: tuple[int, ...] = parameter(
        (6, 7, 8), meaning="grid sizes", minimum=3, maximum=20, max_items=10, unique=True
    )
    jitter: float = parameter(0.25, meaning="jitter as a share of a cell", minimum=0.0, maximum=0.5)


@dataclasses.dataclass(frozen=True, kw_only=True)
class Example(Parameters):
    resolutions: tuple[int, ...] = parameter(
        (384, 768), meaning="longest sides in px", minimum=64, maximum=4096
    )
    shape: str = parameter("dice", meaning="what the cells hold", choices=("dice", "tally"))
    title: bool = parameter(False, meaning="draw a title bar")
    label: str = parameter('say "hi"\\n', meaning="a caption, quotes and backslashes included")
    grid: Grid = dataclasses.field(default_factory=Grid)

    def check(self) -> None:
        if self.shape == "tally" and 6 in self.grid.sizes:
            raise ValueError("grid.sizes may not include 6 when shape is 'tally'")


BASE = Example()


def test_toml_output_reads_back_to_the_same_parameters():
    changed = overlay(BASE, {"resolutions": [100], "grid": {"sizes": [9, 3], "jitter": 0}}, "test")
    for params in (BASE, changed):
        text = to_toml(params, "header line\n\nsecond line")
        assert text.startswith("# header line\n#\n# second line\n")
        assert overlay(Example(), tomllib.loads(text), "round trip") == params
    assert changed.grid.jitter == 0.0 and isinstance(changed.grid.jitter, float)
    assert changed_keys(changed, BASE) == ["resolutions", "grid.sizes", "grid.jitter"]
    assert to_plain(changed)["grid"] == {"sizes": [9, 3], "jitter": 0.0}


def test_each_key_is_written_after_its_meaning_and_what_it_allows():
    text = to_toml(BASE, "h")
    assert (
        "# longest sides in px (a list of at least 1 integers from 64 to 4096)\nresolutions = [384, 768]"
        in text
    )
    assert '# what the cells hold (a string one of "dice", "tally")\nshape = "dice"' in text
    assert (
        "[grid]\n\n# grid sizes (a list of 1 to 10 distinct integers from 3 to 20)\nsizes = [6, 7, 8]" in text
    )


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"resolution": [384]},
            "unknown parameter 'resolution' in f.toml; the keys allowed: resolutions, shape, title, label",
        ),
        (
            {"grid": {"size": [3]}},
            "unknown parameter 'grid.size' in [grid] of f.toml; the keys allowed: sizes, jitter",
        ),
        ({"resolutions": 384}, "parameter 'resolutions' in f.toml must be a list of at least 1 integers"),
        ({"resolutions": [384.0]}, "must be a list of at least 1 integers from 64 to 4096, got [384.0]"),
        ({"resolutions": [32]}, "from 64 to 4096, got [32]"),
        ({"resolutions": []}, "must be a list of at least 1 integers"),
        ({"resolutions": [True]}, "got [True]"),
        (
            {"shape": "cubes"},
            "parameter 'shape' in f.toml must be a string one of \"dice\", \"tally\", got 'cubes'",
        ),
        ({"title": 1}, "parameter 'title' in f.toml must be true or false, got 1"),
        ({"grid": [1]}, "parameter 'grid' in f.toml must be a table [grid], got [1]"),
        ({"grid": {"sizes": [7, 7]}}, "must be a list of 1 to 10 distinct integers from 3 to 20, got [7, 7]"),
        (
            {"grid": {"jitter": float("nan")}},
            "parameter 'grid.jitter' in f.toml must be a number from 0.0 to 0.5",
        ),
        ({"grid": {"jitter": 0.75}}, "got 0.75"),
        ({"shape": "tally"}, "the parameters in f.toml contradict each other: grid.sizes may not include 6"),
    ],
)
def test_a_wrong_key_type_or_value_is_one_sentence_naming_it(data, message):
    with pytest.raises(UsageError) as caught:
        overlay(BASE, data, "f.toml")
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def write(tmp_path: Path, data: bytes, name: str = "p.toml") -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def test_a_byte_order_mark_is_accepted(tmp_path):
    path = write(tmp_path, "\ufeffshape = 'tally'\n[grid]\nsizes = [9]\n".encode())
    assert overlay(BASE, read_params_file(path), path.name).shape == "tally"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"shape = \n", "is not valid TOML (Invalid value (at line 1, column 9))"),
        (b"\xff\xfeshape", "is not UTF-8 text"),
        (b"x = " + b"[" * 5000 + b"]" * 5000, "nests too deeply to be a parameter file"),
        (b"# " + b"x" * (1 << 20), "is over 1 MiB, too large to be what it claims"),
    ],
)
def test_a_broken_file_is_one_sentence(tmp_path, content, message):
    with pytest.raises(UsageError) as caught:
        read_params_file(write(tmp_path, content))
    assert message in str(caught.value) and "python -m builders params FAMILY" in str(caught.value)


def test_a_missing_path_a_folder_and_an_unreadable_file_are_one_sentence(tmp_path):
    with pytest.raises(UsageError, match="does not exist"):
        read_params_file(tmp_path / "absent.toml")
    with pytest.raises(UsageError, match="is a folder, not a file"):
        read_params_file(tmp_path)
    # A file that exists but cannot be read, even by root: reading a process's memory at offset 0 fails.
    with pytest.raises(UsageError, match=r"cannot be read \(input/output error\)"):
        read_params_file(Path("/proc/self/mem"))
