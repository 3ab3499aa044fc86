"""The HTTP side: OpenAI's chat-completions API on 127.0.0.1, each request answered by the policy.

`POST /v1/chat/completions` (also `/chat/completions`) answers a placed row with the policy's reply
as a `chat.completion`; `GET /v1/models` lists the one model, whatever its name. A request the
server cannot place or answer gets HTTP 400 with OpenAI's error shape (`{"error": {"message",
"type", "code"}}`), its message one sentence saying why, so a harness logs the reason; an unknown
path gets 404, a body over 64 MB 413. With `verbose`, one line per request goes to `log`.
"""

from __future__ import annotations

import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, TextIO

from eval.errors import UsageError
from eval.policy_server.chat import Asked, ChatError, read_request
from eval.policy_server.index import Entry, RowIndex
from eval.policy_server.policies import Policy

CHAT_PATHS = ("/v1/chat/completions", "/chat/completions")
MODELS_PATHS = ("/v1/models", "/models")
#: Larger bodies are refused (a request carries one image, a few MB at most).
MOST_BODY_BYTES = 64 * 1024 * 1024
HOST = "127.0.0.1"


class PolicyServer(ThreadingHTTPServer):
    """A chat-completions endpoint answering the rows of `index` by `policy`."""

    daemon_threads = True

    def __init__(
        self,
        index: RowIndex,
        policy: Policy,
        port: int = 0,
        *,
        verbose: bool = False,
        log: TextIO = sys.stdout,
    ) -> None:
        try:
            super().__init__((HOST, port), _Handler)
        except OSError as error:
            raise UsageError(
                f"cannot listen on {HOST}:{port} ({error.strerror}); stop what holds the port or pass "
                "another --port (0 picks a free one)"
            ) from None
        self.index, self.policy, self.verbose, self.log = index, policy, verbose, log
        self.lock = threading.Lock()
        self.answered = self.refused = 0

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.server_address[1]}/v1"

    def reply(self, asked: Asked) -> tuple[str, list[Entry]]:
        """The policy's reply to the request and the rows it answers.

        Raises:
            ChatError: the request cannot be placed, or its rows answer differently under the policy.
        """
        entries = self.index.place(asked)
        replies = {self.policy.answer(self.index.answers[e.family], e.row) for e in entries}
        if len(replies) > 1:
            ids = sorted({str(entry.row["id"]) for entry in entries})
            how = "without an image" if not asked.images else "with this image"
            raise ChatError(
                f"{len(ids)} rows are asked this way {how} ({ids[0]!r}, {ids[1]!r}, ...) and answer "
                f"differently under policy {self.policy}; send the row's image (a _noimage task can be "
                "answered only where its text alone decides the answer)",
                "ambiguous",
            )
        return replies.pop(), entries

    def note(self, line: str, *, refused: bool) -> None:
        with self.lock:
            if refused:
                self.refused += 1
            else:
                self.answered += 1
            if self.verbose:
                print(line, file=self.log, flush=True)


class _Handler(BaseHTTPRequestHandler):
    server: PolicyServer
    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:
        if self.path.rstrip("/") in MODELS_PATHS:
            model = {"id": f"policy-{self.server.policy}", "object": "model", "owned_by": "see-or-recall"}
            self._send(200, {"object": "list", "data": [model]})
        else:
            self._error(404, f"no such endpoint {self.path!r}; POST to /v1/chat/completions", "not_found")

    def do_POST(self) -> None:
        if self.path.rstrip("/") not in CHAT_PATHS:
            self._drain()
            self._error(404, f"no such endpoint {self.path!r}; POST to /v1/chat/completions", "not_found")
            return
        try:
            asked = read_request(self._body())
            reply, entries = self.server.reply(asked)
        except ChatError as error:
            self.server.note(
                f"{self.command} {self.path} -> {error.status} {error.code}: {error}", refused=True
            )
            self._error(error.status, str(error), error.code)
            return
        ids = sorted({str(entry.row["id"]) for entry in entries})
        more = f" (+{len(ids) - 1} more)" if len(ids) > 1 else ""
        self.server.note(
            f"{self.command} {self.path} -> {entries[0].family} {ids[0]}{more}: {reply!r}", refused=False
        )
        prompt_tokens = sum(len(turn.split()) for turn in asked.turns)
        completion_tokens = len(reply.split())
        self._send(
            200,
            {
                "id": f"chatcmpl-policy-{self.server.answered}",
                "object": "chat.completion",
                "created": 0,
                "model": asked.model,
                "choices": [
                    {"index": 0, "message": {"role": "assistant", "content": reply}, "finish_reason": "stop"}
                ],
                "usage": {
                    "prompt_tokens": prompt_tokens,
                    "completion_tokens": completion_tokens,
                    "total_tokens": prompt_tokens + completion_tokens,
                },
            },
        )

    def _body(self) -> Any:
        try:
            length = int(self.headers.get("Content-Length", ""))
        except ValueError:
            raise ChatError(
                "the request has no Content-Length; send the body with its length", "no_length", 411
            ) from None
        if length > MOST_BODY_BYTES:
            raise ChatError(
                f"the body of {length} bytes is over the 64 MB a request may carry", "too_large", 413
            )
        data = self.rfile.read(length)
        try:
            return json.loads(data)
        except (UnicodeDecodeError, json.JSONDecodeError):
            raise ChatError("the body is not JSON", "invalid_json") from None

    def _drain(self) -> None:
        length = self.headers.get("Content-Length", "")
        if length.isdigit() and int(length) <= MOST_BODY_BYTES:
            self.rfile.read(int(length))

    def _error(self, status: int, message: str, code: str) -> None:
        error = {"message": message, "type": "invalid_request_error", "param": None, "code": code}
        # A body left unread (411, 413) would be read as the next request: close the connection.
        self._send(status, {"error": error}, close=status in (411, 413))

    def _send(self, status: int, payload: dict[str, Any], *, close: bool = False) -> None:
        body = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        if close:
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        pass  # `note` prints one line per request when asked to


def serve(
    index: RowIndex, policy: Policy, port: int, *, verbose: bool = False, log: TextIO = sys.stdout
) -> None:
    """Answer requests until interrupted (Ctrl-C or SIGTERM), then say how many were answered."""
    server = PolicyServer(index, policy, port, verbose=verbose, log=log)
    rows = "; ".join(f"{loaded.rows} rows of {loaded.family} from {loaded.folder}" for loaded in index.loaded)
    print(f"policy server: {server.url} (policy {policy}; {rows})", file=log, flush=True)
    for family, answers in index.answers.items():
        if policy.kind in ("bias", "random"):
            print(f"  {family} bias: {answers.bias_means}", file=log, flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    print(
        f"policy server stopped: {server.answered} requests answered, {server.refused} refused",
        file=log,
        flush=True,
    )
