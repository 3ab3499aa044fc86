"""Hostile folders get one sentence from every command that reads them, never a traceback (issue 18).

A corpus of broken manifests goes through every command that reads a manifest; a non-UTF-8 card
through verify and upload; and a property test throws random and adversarial manifests and cards
at verify, gallery and upload (dry run). All of it runs on copies of the session's tiny build.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import upload
from builders.cli import main as builders_main
from builders.core.card import CARD_NAME
from builders.core.manifest import MANIFEST_FORMAT, MANIFEST_NAME
from builders.core.publish import prepare_release
from eval.cli import main as eval_main

LITE = ["--preset", "lite", "--workers", "1", "--no-progress"]
#: Fuzz examples per run: 60 with a fixed seed by default; set FUZZ_EXAMPLES=2000 for a random, longer hunt.
FUZZ_EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "60"))


def run(command: Callable[[list[str]], int], argv: list[str]) -> tuple[int, str]:
    """A command line's exit code and standard error, run in this process (an exception fails the test)."""
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = command(argv)
    return code, err.getvalue()


def commands(folder: Path, work: Path) -> dict[str, tuple[Callable[[list[str]], int], list[str]]]:
    """Every command that reads a built folder's manifest, pointed at `folder`."""
    predictions = work / "replies.jsonl"
    predictions.write_text('{"id": "x", "response": "<answer>1</answer>"}\n')
    return {
        "build into it": (
            builders_main,
            ["build", "viprobe", "--config", "ponzo", *LITE, "--out", str(folder.parent)],
        ),
        "verify": (builders_main, ["verify", str(folder), "--no-redraw"]),
        "gallery": (builders_main, ["gallery", str(folder), "--out", str(work / "gallery"), "--no-progress"]),
        "upload": (upload.main, [str(folder), "--repo", "org/vi-probe", "--version", "v1.0.0", "--dry-run"]),
        "eval score": (
            eval_main,
            [
                "score",
                "viprobe",
                "--data",
                str(folder),
                "--config",
                "muller_lyer",
                "--predictions",
                str(predictions),
            ],
        ),
        "eval tasks": (eval_main, ["tasks", "viprobe", "--data", str(folder), "--out", str(work / "tasks")]),
    }


def changed(manifest: dict[str, Any], path: tuple[str, ...], value: Any) -> str:
    """The manifest as JSON text with the node at `path` set to `value` (or removed, for `...`)."""
    data = copy.deepcopy(manifest)
    node = data
    for key in path[:-1]:
        node = node[next(iter(node)) if key == "*" else key]
    last = next(iter(node)) if path[-1] == "*" else path[-1]
    if value is ...:
        del node[last]
    else:
        node[last] = value
    return json.dumps(data)


def deep(levels: int) -> Any:
    value: Any = 1
    for _ in range(levels):
        value = [value]
    return value


#: name -> the broken manifest text, made from the real manifest.
HOSTILE: dict[str, Callable[[dict[str, Any], str], str | bytes]] = {
    "5": lambda m, text: "5",
    "null": lambda m, text: "null",
    "true": lambda m, text: "true",
    "empty list": lambda m, text: "[]",
    "configs is a list": lambda m, text: changed(m, ("configs",), []),
    "a file entry {}": lambda m, text: changed(m, ("files", "*"), {}),
    "an image without pixel_sha256": lambda m, text: changed(m, ("images", "*", "pixel_sha256"), ...),
    "deeply nested brackets": lambda m, text: "[" * 100_000 + "]" * 100_000,
    "deeply nested objects": lambda m, text: '{"a": ' * 100_000 + "1" + "}" * 100_000,
    "a spec nested 200 deep": lambda m, text: changed(m, ("images", "*", "spec", "strength"), deep(200)),
    "an integer of 5,000 digits": lambda m, text: text.replace(
        f'"format": {MANIFEST_FORMAT}', '"format": 1' + "0" * 5000
    ),
    "a lone surrogate": lambda m, text: changed(m, ("builder_version",), "\ud800"),
    "a shard outside the folder": lambda m, text: changed(
        m, ("files", "../escape.parquet"), m["files"][next(iter(m["files"]))]
    ),
    "a negative row count": lambda m, text: changed(m, ("configs", "*", "splits", "*", "num_rows"), -1),
    "a split shard missing from files": lambda m, text: changed(m, ("files", "*"), ...),
    "a config named ../up": lambda m, text: changed(m, ("configs", "../up"), m["configs"]["muller_lyer"]),
    "not UTF-8": lambda m, text: b"\xff\xfe{}",
    "truncated": lambda m, text: text[: len(text) // 2],
}


@pytest.fixture
def hostile_folder(tiny_build: Path, tmp_path: Path) -> Callable[[str], Path]:
    """`hostile_folder(name)` -> a copy of the tiny build whose manifest is `HOSTILE[name]`."""

    def _make(name: str) -> Path:
        folder = tmp_path / "out" / tiny_build.name
        shutil.copytree(tiny_build, folder)
        text = (folder / MANIFEST_NAME).read_text(encoding="utf-8")
        broken = HOSTILE[name](json.loads(text), text)
        path = folder / MANIFEST_NAME
        path.write_bytes(broken if isinstance(broken, bytes) else broken.encode("utf-8"))
        return folder

    return _make


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_every_command_that_reads_a_manifest_refuses_a_hostile_one_in_one_sentence(
    hostile_folder, tmp_path, name
):
    """Defect 9: TypeError / AttributeError / KeyError / RecursionError from verify, gallery, build, upload.

    (`eval tasks` did not read the manifest at all and wrote tasks for a broken folder.)
    """
    folder = hostile_folder(name)
    before = sorted(p.relative_to(folder.parent) for p in folder.parent.rglob("*"))
    for label, (command, argv) in commands(folder, tmp_path).items():
        code, err = run(command, argv)
        assert code == 2, f"{label}: {code} {err}"
        assert err.startswith("error: ") and err.count("\n") == 1, f"{label}: {err}"
        assert MANIFEST_NAME in err, f"{label}: {err}"
    assert sorted(p.relative_to(folder.parent) for p in folder.parent.rglob("*")) == before
    assert not (tmp_path / "gallery").exists() and not (tmp_path / "tasks").exists()


def test_a_card_that_is_not_utf8_fails_verify_and_upload_with_one_problem(tiny_build, tmp_path):
    """Defect 10: a README.md that is not UTF-8 raised UnicodeDecodeError in verify."""
    folder = tmp_path / tiny_build.name
    shutil.copytree(tiny_build, folder)
    (folder / CARD_NAME).write_bytes(b"---\n\xff\xfe not text\n")
    code, err = run(builders_main, ["verify", str(folder), "--no-redraw"])
    assert code == 1 and err.splitlines()[0] == "FAIL README.md is not UTF-8 text"
    code, err = run(
        upload.main, [str(folder), "--repo", "org/x", "--version", "v1.0.0", "--dry-run", "--no-redraw"]
    )
    assert code == 1 and "FAIL README.md is not UTF-8 text" in err and "Traceback" not in err


def test_specs_that_do_not_load_or_draw_are_problems_of_verify(tiny_build, tmp_path):
    """Defect 9: a hand-edited spec (unknown kind, a field of the wrong type) is reported, not raised."""
    folder = tmp_path / tiny_build.name
    shutil.copytree(tiny_build, folder)
    manifest = json.loads((folder / MANIFEST_NAME).read_text())
    first, second = sorted(manifest["images"])[:2]
    manifest["images"][first]["spec"]["kind"] = "no_such_spec"
    manifest["images"][second]["spec"]["strength"] = "strong"
    (folder / MANIFEST_NAME).write_text(json.dumps(manifest))
    code, err = run(builders_main, ["verify", str(folder), "--workers", "1"])
    assert code == 1 and "Traceback" not in err
    assert f"FAIL image {first} has a spec that does not load (SpecError: unknown spec kind" in err
    assert f"FAIL image {second} cannot be re-drawn from its spec (ValueError: " in err


@pytest.mark.parametrize(
    ("repo", "version"),
    [
        ("org/vi-probe", "v1.0.0\n"),
        ("org/vi-probe", "v١.٠.٠"),  # ARABIC-INDIC DIGITS
        ("org/vi-probe", "v1.0.0 "),
        ("org/vi-probe\n", "v1.0.0"),
        ("org/vi-pröbe", "v1.0.0"),
    ],
)
def test_release_versions_and_repo_ids_are_whole_ascii_matches(tiny_build, repo, version):
    """Defect 13: `--version $'v1.0.0\\n'`, Arabic-Indic digits and a repo id ending in a newline passed."""
    code, err = run(upload.main, [str(tiny_build), "--repo", repo, "--version", version, "--dry-run"])
    assert code == 2 and err.startswith("error: ") and "is not of the form" in err
    assert prepare_release(tiny_build, "org/vi-probe", "v1.0.0").version == "v1.0.0"


# --- fuzz: random and adversarial manifests and cards through verify, gallery and upload -------------

ADVERSARIAL = st.sampled_from(
    [
        "",
        "..",
        "../x.parquet",
        "/etc/passwd",
        "muller_lyer/../../x.parquet",
        "muller_lyer/main-00000-of-00001.parquet",
        "\ud800",
        "x" * 500,
        "<script>alert(1)</script>",
        "main\n",
        "vlmbias",
        "viprobe",
        "all",
    ]
)
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
    | ADVERSARIAL,
    lambda children: (
        st.lists(children, max_size=3)
        | st.dictionaries(st.text(max_size=8) | ADVERSARIAL, children, max_size=3)
    ),
    max_leaves=8,
)


def node_paths(value: Any, prefix: tuple = ()) -> Iterator[tuple]:
    """The path of every node under `value` (dict keys and list indices)."""
    yield prefix
    if isinstance(value, dict):
        for key, child in value.items():
            yield from node_paths(child, (*prefix, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from node_paths(child, (*prefix, index))


@st.composite
def mutated(draw: st.DrawFn, manifest: dict[str, Any]) -> bytes:
    """The real manifest with one node replaced, removed, renamed or given a new sibling."""
    data = copy.deepcopy(manifest)
    path = draw(st.sampled_from(list(node_paths(data))[1:]))
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    action = draw(st.sampled_from(["replace", "remove", "rename", "add"]))
    if action == "replace":
        parent[path[-1]] = draw(JSON)
    elif action == "remove":
        del parent[path[-1]]
    elif isinstance(parent, dict) and action == "rename":
        parent[draw(ADVERSARIAL | st.text(max_size=8))] = parent.pop(path[-1])
    elif isinstance(parent, dict):
        parent[draw(ADVERSARIAL | st.text(max_size=8))] = draw(JSON)
    else:
        parent.append(draw(JSON))
    return json.dumps(data).encode()  # ASCII escapes: a lone surrogate is written as \\ud800


@pytest.fixture(scope="module")
def fuzz_folder(tiny_build: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """One copy of the tiny build that every fuzz example overwrites the manifest and card of."""
    folder = tmp_path_factory.mktemp("fuzz") / "data" / tiny_build.name
    shutil.copytree(tiny_build, folder)
    yield folder


def test_fuzzed_manifests_and_cards_never_raise_in_verify_gallery_or_upload(tiny_build, fuzz_folder):
    """No manifest or card, random or adversarial, makes verify, gallery or upload raise."""
    manifest = json.loads((tiny_build / MANIFEST_NAME).read_text())
    card = (tiny_build / CARD_NAME).read_bytes()
    manifests = st.one_of(
        mutated(manifest),
        mutated(manifest),
        mutated(manifest),
        JSON.map(lambda value: json.dumps(value).encode()),
        st.binary(max_size=64),
    )
    cards = st.one_of(
        st.just(card),
        st.binary(max_size=64),
        st.text(max_size=64).map(lambda text: text.encode("utf-8", "surrogatepass")),
    )

    @settings(max_examples=FUZZ_EXAMPLES, deadline=None, derandomize=FUZZ_EXAMPLES == 60, database=None)
    @given(manifest_bytes=manifests, card_bytes=cards)
    def check(manifest_bytes: bytes, card_bytes: bytes) -> None:
        (fuzz_folder / MANIFEST_NAME).write_bytes(manifest_bytes)
        (fuzz_folder / CARD_NAME).write_bytes(card_bytes)
        gallery = fuzz_folder.parent.parent / "gallery"
        runs = {
            "verify": (builders_main, ["verify", str(fuzz_folder), "--no-redraw"]),
            "gallery": (builders_main, ["gallery", str(fuzz_folder), "--out", str(gallery), "--no-progress"]),
            "upload": (
                upload.main,
                [str(fuzz_folder), "--repo", "org/x", "--version", "v1.0.0", "--dry-run", "--no-redraw"],
            ),
        }
        for label, (command, argv) in runs.items():
            code, err = run(command, argv)
            assert code in (0, 1, 2), f"{label}: {code}"
            assert all(line.startswith(("error: ", "FAIL ", "note: ")) for line in err.splitlines()), (
                f"{label}: {err}"
            )
            assert code != 2 or err.count("\n") == 1, f"{label}: {err}"

    check()
