"""The one JSON core (`builders.core.bounded_json`) and the one reader of a user's files
(`builders.core.user_files`), which every reader of both packages goes through: the bounds each
reader asks for hold exactly, and each way a file can be wrong is one error of the reader's type.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from builders.core.bounded_json import JSONProblem, parse
from builders.core.errors import UsageError, VerifyError
from builders.core.manifest import MAX_MANIFEST_DEPTH, MAX_SPEC_DEPTH, Manifest
from builders.core.user_files import MAX_JSON_DEPTH, parse_json, read_bytes, read_text, text_lines
from eval.jsontext import MAX_DEPTH, JSONTextError
from eval.jsontext import parse as eval_parse

BOM = b"\xef\xbb\xbf"


def nested(levels: int) -> str:
    """JSON text of `levels` lists, one inside the other, around a number."""
    return "[" * levels + "1" + "]" * levels


@pytest.mark.parametrize("limit", [1, 2, 16, 64])
def test_the_depth_limit_is_exact_and_the_problem_names_the_first_place_too_deep(limit: int) -> None:
    assert parse(nested(limit), max_depth=limit, surrogates="refuse") is not None
    with pytest.raises(JSONProblem) as caught:
        parse(nested(limit + 1), max_depth=limit, surrogates="refuse")
    assert (caught.value.kind, caught.value.limit, caught.value.keys) == ("depth", limit, (0,) * limit)


def test_json_too_deep_for_json_itself_is_a_depth_problem_without_a_place() -> None:
    with pytest.raises(JSONProblem) as caught:
        parse(nested(100_000), max_depth=32, surrogates="replace")
    assert caught.value.kind == "depth" and caught.value.keys is None


def test_a_lone_surrogate_is_refused_at_its_key_path_or_replaced_keys_included() -> None:
    text = '{"a": [1, {"b\\udc00": "x"}], "c": "ok \\ud800"}'
    with pytest.raises(JSONProblem) as caught:
        parse(text, max_depth=8, surrogates="refuse")
    assert caught.value.kind == "surrogate" and caught.value.at == '.a[1]["b\\udc00"]'
    assert parse(text, max_depth=8, surrogates="replace") == {"a": [1, {"b\ufffd": "x"}], "c": "ok \ufffd"}
    assert parse('"\\ud800"', max_depth=1, surrogates="replace") == "\ufffd"


def test_invalid_json_and_an_integer_python_refuses_are_problems_with_json_s_words() -> None:
    with pytest.raises(JSONProblem) as caught:
        parse('{"a": 1,\n "b": }', max_depth=4, surrogates="refuse")
    assert (caught.value.kind, caught.value.detail, caught.value.line) == ("syntax", "Expecting value", 2)
    with pytest.raises(JSONProblem) as caught:
        parse("1" + "0" * 5000, max_depth=4, surrogates="refuse")
    assert caught.value.kind == "number" and "4300" in caught.value.detail


def test_each_reader_keeps_its_own_bound_through_the_core() -> None:
    """User files 32 levels, eval's replies and score files 64, a manifest's specs 16 (19 in all)."""
    assert parse_json(nested(MAX_JSON_DEPTH), "f", "fix") is not None
    with pytest.raises(UsageError, match=rf"^f nests more than {MAX_JSON_DEPTH} levels deep \(at \[0\]"):
        parse_json(nested(MAX_JSON_DEPTH + 1), "f", "fix")
    assert eval_parse(nested(MAX_DEPTH)) is not None
    with pytest.raises(JSONTextError, match=rf"^JSON that nests too deeply \(more than {MAX_DEPTH} levels"):
        eval_parse(nested(MAX_DEPTH + 1))
    assert MAX_MANIFEST_DEPTH == MAX_SPEC_DEPTH + 3  # a spec sits at images.<id>.spec
    spec = json.loads(nested(MAX_SPEC_DEPTH - 1).replace("1", '{"kind": "x"}', 1))
    text = json.dumps({"images": {"a": {"spec": {"deep": spec}}}})
    with pytest.raises(VerifyError, match=r"^m nests more than 19 levels deep \(at \.images\.a\.spec\.deep"):
        Manifest.from_json(text, "m")
    shallower = json.dumps({"images": {"a": {"spec": spec}}})
    with pytest.raises(VerifyError, match="lacks 'format'"):  # past the depth check, to the fields
        Manifest.from_json(shallower, "m")


def test_a_byte_order_mark_is_dropped_or_refused_as_the_reader_says(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    path.write_bytes(BOM + b'{"a": 1}')
    assert read_text(path, "file f", "fix it") == '{"a": 1}'
    with pytest.raises(UsageError, match=r"^file f begins with a byte-order mark; save it as UTF-8 without"):
        read_text(path, "file f", "fix it", bom="refuse")
    with pytest.raises(UsageError, match=r"^file f begins with a byte-order mark"):
        list(text_lines(path, "file f", "fix it", bom="refuse"))
    assert list(text_lines(path, "file f", "fix it")) == ['{"a": 1}']


def test_what_is_not_a_readable_regular_file_is_one_error_of_the_reader_s_type(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)  # nobody writes it: a reader that waited on it would hang here
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    cases = {
        tmp_path / "missing": "^x does not exist; fix it$",
        tmp_path: "^x is a folder, not a file; fix it$",
        pipe: r"^x is a named pipe \(FIFO\), not a file; fix it$",
        Path("/dev/null"): r"^x is a character device, not a file; fix it$",
        loop: "^x is a symbolic link loop; fix it$",
        tmp_path
        / (
            "n" * 300
        ): r"^x has a name too long for a file system \(a file name has at most 255 bytes\); fix it$",
        Path("/proc/self/mem"): r"^x cannot be read \(input/output error\); fix it$",
        tmp_path / "a\x00b": r"^x cannot be read \(a NUL in its name\); fix it$",
    }
    for path, message in cases.items():
        with pytest.raises(VerifyError, match=message):
            read_bytes(path, "x", "fix it", error=VerifyError)
        with pytest.raises(UsageError, match=message):
            list(text_lines(path, "x", "fix it"))


def test_a_cap_is_exact_and_a_streamed_read_never_holds_more_than_the_cap(tmp_path: Path) -> None:
    path = tmp_path / "f.txt"
    path.write_bytes(b"a\n" * 512)
    assert len(read_bytes(path, "f", max_bytes=1024)) == 1024
    with pytest.raises(UsageError, match=r"^f is over 1023 bytes, too large to be what it claims; fix$"):
        read_bytes(path, "f", "fix", max_bytes=1023)
    assert list(text_lines(path, "f", "fix", max_bytes=1024)) == ["a\n"] * 512
    lines = text_lines(path, "f", "fix", max_bytes=1023)
    assert [next(lines) for _ in range(511)] == ["a\n"] * 511  # every whole line within the cap
    with pytest.raises(UsageError, match=r"^f is over 1023 bytes"):
        next(lines)
    path.write_bytes(b"x" * (1 << 16))  # one line, no newline: never read past the cap
    with pytest.raises(UsageError, match=r"^f is over 1 KiB"):
        next(text_lines(path, "f", "fix", max_bytes=1 << 10))


def test_streamed_lines_keep_their_endings_and_a_bad_byte_is_named_at_its_line(tmp_path: Path) -> None:
    path = tmp_path / "f.csv"
    path.write_bytes(b'a,"two\nlines"\r\nb,c\n' + b"\xff\n")
    lines = text_lines(path, "file f", "save it as UTF-8")
    assert [next(lines), next(lines), next(lines)] == ['a,"two\n', 'lines"\r\n', "b,c\n"]
    with pytest.raises(UsageError, match=r"^file f is not UTF-8 text; save it as UTF-8$"):
        next(lines)
