"""A real OpenAI-compatible chat endpoint on 127.0.0.1 and real `lmms-eval` runs against it.

Subclasses of `LoopbackServer` decide the reply to each conversation (usually by finding the dataset
row from the image's pixel hash and the question); a `Policy` does the same for the questions it
knows, behind a server that serves several (`tests.family_run`). Every lmms-eval run uses `--verbosity DEBUG`,
without which lmms-eval exits 0 on errors, and keeps every cache inside the test's folder.
"""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterable, Mapping
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from PIL import Image

from builders.core.raster import pixel_sha256

#: `pixel_hash` of every distinct data URL seen, by the URL's sha256 (a race only decodes one twice).
_PIXEL_HASHES: dict[bytes, str] = {}


def pixel_hash(image_url: str) -> str:
    """`pixel_sha256` of an image sent as a base64 data URL: matches the dataset row's column.

    Each distinct URL is decoded once: a harness sends the same image with every question about it.
    The memo is keyed by the URL's own digest, so a URL with other bytes is decoded afresh."""
    key = hashlib.sha256(image_url.encode()).digest()
    if key not in _PIXEL_HASHES:
        with Image.open(io.BytesIO(base64.b64decode(image_url.split(",", 1)[1]))) as decoded:
            _PIXEL_HASHES[key] = pixel_sha256(decoded.convert("RGB"))
    return _PIXEL_HASHES[key]


def opening(messages: list[dict[str, Any]]) -> tuple[str, str]:
    """(`pixel_hash` of the first image, text of the first user message) of a conversation: what a
    policy shared with others is asked about."""
    images = [
        part["image_url"]["url"]
        for message in messages
        if isinstance(message["content"], list)
        for part in message["content"]
        if part["type"] == "image_url"
    ]
    assert images, "a conversation without an image"
    (user, *_) = [message["content"] for message in messages if message["role"] == "user"]
    text = user if isinstance(user, str) else "".join(p["text"] for p in user if p["type"] == "text")
    return pixel_hash(images[0]), text


class Policy:
    """A model's replies to the conversations about some images, and what it was asked.

    `questions` holds the (`pixel_sha256`, question) openings (`opening`) it answers: a server
    shared by several policies hands each conversation to the one that knows its opening (an image
    may be in two families' builds, with other questions)."""

    def __init__(self, questions: Iterable[tuple[str, str]]) -> None:
        self.questions = frozenset(questions)
        self.received: list[dict[str, Any]] = []
        self.lock = threading.Lock()

    def reply(self, messages: list[dict[str, Any]]) -> str:
        raise NotImplementedError


class LoopbackServer(ThreadingHTTPServer):
    """`POST /v1/chat/completions` on 127.0.0.1, answered by `reply(messages)`."""

    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.received: list[dict[str, Any]] = []
        self.lock = threading.Lock()
        threading.Thread(target=self.serve_forever, daemon=True).start()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/v1"

    def reply(self, messages: list[dict[str, Any]]) -> str:
        raise NotImplementedError

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client that hung up before its answer (a harness past its timeout) is no error to print:
        printed seconds later, it landed in the standard error of whichever test ran then. Every other
        error (a `reply` that found no row) is printed, and the client gets no answer."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)

    def close(self) -> None:
        self.shutdown()
        self.server_close()


class _Handler(BaseHTTPRequestHandler):
    server: LoopbackServer

    def do_POST(self) -> None:
        payload = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        message = {"role": "assistant", "content": self.server.reply(payload["messages"])}
        body = json.dumps(
            {
                "id": "chatcmpl-loopback",
                "object": "chat.completion",
                "created": 0,
                "model": payload["model"],
                "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
                "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
            }
        ).encode()
        self.send_response(200 if self.path == "/v1/chat/completions" else 404)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        pass  # tests assert on `received`; access lines would only be noise


@dataclasses.dataclass(frozen=True)
class Part:
    """One family's share of an lmms-eval run: its build, the policy answering about its images, the
    tasks it asks, the environment they read and any task files of its own beside the build's
    (`files`, by path in the include folder)."""

    family: str
    data: Path
    policy: Policy
    tasks: tuple[str, ...]
    env: Mapping[str, str] = dataclasses.field(default_factory=dict)
    files: Mapping[str, str] = dataclasses.field(default_factory=dict)


class Run:
    """One `lmms-eval` process against its own loopback model; `wait()` before reading results."""

    def __init__(
        self, name: str, base: Path, overlay: Path, model: LoopbackServer, tasks: list[str], **env: str
    ):
        self.name, self.model, self.overlay = name, model, overlay
        self.out, self.log = base / name, base / f"{name}.log"
        lmms_eval = shutil.which("lmms-eval", path=str(Path(sys.executable).parent))
        assert lmms_eval, "the lmms-eval console script comes with the `eval` extra"
        command = [
            lmms_eval, "--model", "openai",
            "--model_args", f"model=loopback-vlm,base_url={model.base_url},max_retries=1,num_concurrent=4",
            "--tasks", ",".join(tasks), "--include_path", str(overlay),
            "--output_path", str(self.out), "--log_samples", "--verbosity", "DEBUG",
        ]  # fmt: skip
        with self.log.open("w") as log:
            self.process = subprocess.Popen(
                command, cwd=base, env={**offline_env(base), **env}, stdout=log, stderr=subprocess.STDOUT
            )

    def wait(self) -> int:
        return self.process.wait(timeout=900)

    def results(self) -> dict[str, dict[str, Any]]:
        (path,) = self.out.rglob("*_results.json")
        return json.loads(path.read_text())["results"]

    def samples(self, task: str) -> Path:
        (path,) = self.out.rglob(f"*_samples_{task}.jsonl")
        return path

    def tail(self) -> str:
        return f"lmms-eval run {self.name!r}, end of {self.log}:\n" + "\n".join(
            self.log.read_text().splitlines()[-40:]
        )


def offline_env(base: Path) -> dict[str, str]:
    """Loopback only, every cache inside the test's folder, no proxy between lmms-eval and the model."""
    env = {key: value for key, value in os.environ.items() if "proxy" not in key.lower()}
    cache = base / "hf-home"
    return {
        **env,
        "HF_HOME": str(cache),
        "HF_DATASETS_CACHE": str(cache / "datasets"),
        "LMMS_EVAL_DATASETS_CACHE": str(cache / "datasets"),
        "HF_HUB_OFFLINE": "1",
        "HF_DATASETS_OFFLINE": "1",
        "NO_PROXY": "127.0.0.1,localhost",
        "OPENAI_API_KEY": "sk-loopback",
        "WANDB_MODE": "disabled",
        "TOKENIZERS_PARALLELISM": "false",
    }
