"""A judge call ends within its deadline whatever the endpoint does, and a hostile answer is one sentence
(issue 29, items 9, 10 and 17).

Real HTTP servers on 127.0.0.1, in threads, each misbehaving one way: trickling the answer's
bytes (so no single read ever waits as long as the timeout), trickling its headers, never
answering, answering too much, answering JSON nested thousands deep or holding a lone surrogate.
"""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from eval.data import load_rows
from eval.scoring.judge import MAX_ANSWER_BYTES, Judge, JudgeError
from tests.test_reliability_parsing import at_most

COMPLETION = {"model": "m", "choices": [{"message": {"content": "1"}}]}


class RawServer:
    """A TCP server on 127.0.0.1 that hands each connection to `serve(connection)` in a thread."""

    def __init__(self, serve: Callable[[socket.socket], None]) -> None:
        self.socket = socket.create_server(("127.0.0.1", 0))
        self.serve, self.stop = serve, threading.Event()
        self.connections = 0
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.socket.getsockname()[1]}/v1"

    def _accept(self) -> None:
        while not self.stop.is_set():
            try:
                connection, _ = self.socket.accept()
            except OSError:
                return
            self.connections += 1
            threading.Thread(target=self._serve, args=(connection,), daemon=True).start()

    def _serve(self, connection: socket.socket) -> None:
        with connection:
            try:
                _read_request(connection)
                self.serve(connection)
            except OSError:
                pass  # the client gave up: what the tests want

    def trickle(self, connection: socket.socket, data: bytes, every: float) -> None:
        for byte in data:
            if self.stop.wait(every):
                return
            connection.sendall(bytes([byte]))

    def close(self) -> None:
        self.stop.set()
        self.socket.close()


def _read_request(connection: socket.socket) -> None:
    """The whole request, headers and body: a server that closed with part of it unread would make
    the kernel reset the connection, and the client would see that instead of the failure under test."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = connection.recv(65536)
        if not chunk:
            return
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(
        (
            int(line.split(b":", 1)[1])
            for line in head.split(b"\r\n")
            if line.lower().startswith(b"content-length:")
        ),
        0,
    )
    while len(body) < length:
        chunk = connection.recv(65536)
        if not chunk:
            return
        body += chunk


def answer(body: bytes) -> bytes:
    head = f"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
    return head.encode() + body


@pytest.fixture
def server() -> Iterator[Callable[[Callable[[RawServer, socket.socket], None]], RawServer]]:
    started: list[RawServer] = []

    def start(serve: Callable[[RawServer, socket.socket], None]) -> RawServer:
        found: list[RawServer] = []
        raw = RawServer(lambda connection: serve(found[0], connection))
        found.append(raw)
        started.append(raw)
        return raw

    yield start
    for raw in started:
        raw.close()


def trickled_body(raw: RawServer, connection: socket.socket) -> None:
    data = answer(json.dumps(COMPLETION).encode() + b" " * 1000)
    head = data.index(b"\r\n\r\n") + 4
    connection.sendall(data[:head])
    raw.trickle(connection, data[head:], every=0.1)


def trickled_headers(raw: RawServer, connection: socket.socket) -> None:
    raw.trickle(connection, answer(json.dumps(COMPLETION).encode()), every=0.1)


def silent(raw: RawServer, connection: socket.socket) -> None:
    raw.stop.wait()


@pytest.mark.parametrize(
    "serve", [trickled_body, trickled_headers, silent], ids=["body", "headers", "silent"]
)
def test_a_judge_that_trickles_or_stays_silent_times_out_within_the_deadline(server, serve) -> None:
    """Defect 17: one byte every few seconds reset the per-read timeout, so a call never ended."""
    raw = server(serve)
    judge = Judge(raw.base_url, "m", votes=1, timeout=0.5, workers=1)
    started = time.monotonic()
    with at_most(20), pytest.raises(JudgeError, match=r"did not answer within 0\.5 s after 3 attempts"):
        judge.ask_all(["Is it?"])
    assert time.monotonic() - started < 5  # 3 attempts of 0.5 s, pauses of 0.5 s and 1 s
    assert raw.connections == 3


def oversized(raw: RawServer, connection: socket.socket) -> None:
    content = "1" * (MAX_ANSWER_BYTES + 10)
    connection.sendall(answer(json.dumps({"choices": [{"message": {"content": content}}]}).encode()))


def deeply_nested(raw: RawServer, connection: socket.socket) -> None:
    connection.sendall(answer(b'{"choices": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"))


@pytest.mark.parametrize(
    ("serve", "message"),
    [
        (oversized, "answered with more than 4,000,000 bytes, which is no chat completion"),
        (deeply_nested, "did not answer with a chat completion"),
    ],
    ids=["oversized", "deeply-nested"],
)
def test_a_hostile_answer_is_one_judge_error(server, serve, message) -> None:
    """Defect 9: JSON nested 100,000 deep raised RecursionError out of the judge's thread."""
    judge = Judge(server(serve).base_url, "m", votes=1, timeout=10, workers=1)
    with at_most(20), pytest.raises(JudgeError, match=message):
        judge.ask_all(["Is it?"])


def test_a_lone_surrogate_in_an_answer_becomes_a_replacement_character(server) -> None:
    """Defect 10: a judge's "\\ud800" (valid JSON) reached the score JSON, which cannot be written."""
    body = b'{"model": "m\\udfff", "choices": [{"message": {"content": "1 \\ud800"}}]}'
    raw = server(lambda raw, connection: connection.sendall(answer(body)))
    [found] = Judge(raw.base_url, "m", votes=1, timeout=10, workers=1).ask_all(["Is it?"])
    assert (found.text, found.model) == ("1 \ufffd", "m\ufffd")
    found.text.encode("utf-8")


def test_ctrl_c_stops_scoring_at_once_while_the_judge_trickles(
    illusionbench_lite: Path, tmp_path: Path, server
) -> None:
    """Defect 17: Ctrl-C reaches the command at once while a trickling judge holds every call."""
    rows = load_rows(illusionbench_lite, "drawn_trap", "test")
    predictions = tmp_path / "replies.jsonl"
    predictions.write_text("".join(json.dumps({"id": row["id"], "response": "True"}) + "\n" for row in rows))
    out = tmp_path / "scores.json"
    arrived = threading.Event()

    def trickle_forever(raw: RawServer, connection: socket.socket) -> None:
        arrived.set()
        connection.sendall(b"HTTP/1.1 200 OK\r\n")
        raw.trickle(connection, b"X-Slow: " + b"x" * 10_000, every=0.2)

    raw = server(trickle_forever)
    command = [
        sys.executable, "-m", "eval", "score", "illusionbench", "--data", str(illusionbench_lite),
        "--config", "drawn_trap", "--predictions", str(predictions), "--out", str(out),
        "--grader", "judge", "--judge-url", raw.base_url, "--judge-model", "m",
    ]  # fmt: skip
    process = subprocess.Popen(command, stderr=subprocess.PIPE, text=True)
    try:
        assert arrived.wait(timeout=120), "the judge was never asked"
        started = time.monotonic()
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=30)
        assert process.returncode == 130 and time.monotonic() - started < 5
        assert err == "error: interrupted; no output was written\n" and not out.exists()
    finally:
        if process.poll() is None:
            process.kill()
