"""Every way the judge's transport fails is one `JudgeError` sentence, its flags are bounded, and answers
that never parse are said on standard error (issue 42, items 6, 12 and 13).

Real servers on 127.0.0.1 (`RawServer` of tests/illusionbench/test_judge_deadline.py), each breaking
HTTP one way: a chunked body cut short, an endpoint that does not speak HTTP, a 70 KB header line,
150 headers. Before this change each escaped the judge as a traceback.
"""

from __future__ import annotations

import json
import socket
from pathlib import Path
from typing import Any

import pytest

from eval.cli import main
from eval.data import load_rows
from eval.scoring import judge as judge_module
from eval.scoring.judge import Judge, JudgeError
from tests.illusionbench.test_judge_deadline import RawServer
from tests.loopback import LoopbackServer
from tests.test_hostile_eval_inputs import memory_cap
from tests.test_reliability_parsing import at_most


def answered(connection: socket.socket, data: bytes) -> None:
    """Send `data` and end the answer, then read whatever is left of the request until the client
    closes: a connection closed with the request unread would be reset, a different failure than
    the one under test."""
    connection.sendall(data)
    connection.shutdown(socket.SHUT_WR)
    connection.settimeout(10)
    while connection.recv(65536):
        pass


def cut_chunked_body(raw: RawServer, connection: socket.socket) -> None:
    answered(connection, b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n100\r\n" + b'{"choices"')


def not_http(raw: RawServer, connection: socket.socket) -> None:
    answered(connection, b"SSH-2.0-OpenSSH_9.6\r\n")


def long_header(raw: RawServer, connection: socket.socket) -> None:
    answered(connection, b"HTTP/1.1 200 OK\r\nX-Long: " + b"x" * 70_000 + b"\r\n\r\n")


def many_headers(raw: RawServer, connection: socket.socket) -> None:
    answered(connection, b"HTTP/1.1 200 OK\r\n" + b"".join(b"X-%d: 1\r\n" % n for n in range(150)) + b"\r\n")


@pytest.mark.parametrize(
    ("serve", "message"),
    [
        (cut_chunked_body, r"the judge at '[^']+' cut its answer short after 3 attempts; check the endpoint"),
        (not_http, r"the judge at '[^']+' did not answer in HTTP \(BadStatusLine: .*\); check --judge-url"),
        (long_header, r"did not answer in HTTP \(LineTooLong: got more than 65536 bytes when reading header"),
        (
            many_headers,
            r"did not answer in HTTP \(HTTPException: got more than 100 headers\); check --judge-url",
        ),
    ],
    ids=["IncompleteRead", "BadStatusLine", "LineTooLong", "150 headers"],
)
def test_every_transport_failure_is_one_judge_error(serve, message, monkeypatch) -> None:
    """Item 12: a broken chunked body (`IncompleteRead`), a non-HTTP endpoint (`BadStatusLine`), a 70 KB
    header (`LineTooLong`) and 150 headers escaped the judge as tracebacks."""
    monkeypatch.setattr(judge_module, "PAUSE", 0.01)  # a body cut short is retried; no need to wait
    raw = RawServer(lambda connection: serve(raw, connection))
    try:
        judge = Judge(raw.base_url, "m", votes=1, timeout=10, workers=1)
        with at_most(20), pytest.raises(JudgeError, match=message):
            judge.ask_all(["Is it?"])
    finally:
        raw.close()


@pytest.mark.parametrize("url", ["not a url", "ftp://host/v1", "http://", "http://host:port/v1"])
def test_a_judge_url_that_is_no_http_url_is_one_sentence(
    url: str, illusionbench_lite: Path, tmp_path: Path, capsys
) -> None:
    """Item 12: `--judge-url 'not a url'` raised `ValueError: unknown url type` from the judge's thread."""
    code = main([*_argv(illusionbench_lite, tmp_path), "--judge-url", url, "--judge-model", "m"])
    err = capsys.readouterr().err
    assert code == 2 and err == (
        f"error: --judge-url {url!r} is not an http(s) URL; pass the endpoint up to /v1, e.g. http://localhost:8000/v1\n"
    )


@pytest.mark.parametrize(
    ("flag", "value", "phrase"),
    [
        ("--judge-timeout", "inf", "'inf' is not a number of seconds above 0 and at most 3,600"),
        ("--judge-votes", "1000000000", "judge calls per reply: a whole number from 1 to 25"),
    ],
)  # fmt: skip
def test_the_judge_flags_are_bounded(
    flag: str, value: str, phrase: str, illusionbench_lite: Path, tmp_path: Path, capsys
) -> None:
    """Item 13: `--judge-timeout inf` and `--judge-votes 1000000000` were taken (a billion prompts
    built in memory before the first call)."""
    argv = [
        *_argv(illusionbench_lite, tmp_path),
        "--judge-url",
        "http://127.0.0.1:9/v1",
        "--judge-model",
        "m",
    ]
    with at_most(20), memory_cap(2 << 30), pytest.raises(SystemExit) as exit_:  # a billion prompts: 8 GB
        main([*argv, flag, value])
    assert exit_.value.code == 2 and capsys.readouterr().err.splitlines()[-1].endswith(phrase)


class Undecided(LoopbackServer):
    """A judge whose every answer holds no verdict."""

    def reply(self, messages: list[dict[str, Any]]) -> str:
        return "It is hard to say."


def test_answers_that_never_parse_are_said_on_standard_error(
    illusionbench_lite: Path, tmp_path: Path, capsys
) -> None:
    """Item 6: judge answers that never parsed gave accuracy 0.0 with exit 0 and nothing on standard
    error (only the JSON's `no_vote_parsed` said so)."""
    server = Undecided()
    try:
        argv = [*_argv(illusionbench_lite, tmp_path), "--judge-url", server.base_url, "--judge-model", "m"]
        assert main([*argv, "--judge-votes", "1", "--bootstrap", "0", "--out", str(tmp_path / "s.json")]) == 0
    finally:
        server.close()
    score = json.loads((tmp_path / "s.json").read_text())
    judged = score["parse_failures"]["no_vote_parsed"]
    assert judged == score["n"] > 0 and score["accuracy"] == 0.0
    assert capsys.readouterr().err.splitlines() == [
        f"warning: the judge's answers to {judged} of {judged} replies held no vote that could be read "
        "(parse_failures.no_vote_parsed in the JSON); they count as wrong: check --judge-model and the "
        "judge's answers"
    ]


def _argv(data: Path, folder: Path) -> list[str]:
    """`eval score illusionbench` of true/false and multiple-choice replies on drawn_trap, judged."""
    rows = load_rows(data, "drawn_trap", "test")
    predictions = folder / "replies.jsonl"
    predictions.write_text("".join(json.dumps({"id": row["id"], "response": "True"}) + "\n" for row in rows))
    argv = ["score", "illusionbench", "--data", str(data), "--config", "drawn_trap", "--split", "test"]
    return [*argv, "--predictions", str(predictions), "--grader", "judge"]
