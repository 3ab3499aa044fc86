"""An LLM judge behind any OpenAI-compatible `/chat/completions` endpoint, asked many times at once.

Shared by the families that grade with a judge: IllusionBench+ (its paper graded with Qwen-plus, 5
calls per item, `votes`; `illusionbench.descriptions`: 0-2 preciseness; `illusionbench.verdicts`:
right or wrong true/false and multiple-choice replies) and VLMBias's `--grader judge`
(`vlmbias.judging`). Each asks through `Judge.ask_all`, which:

- sends each prompt alone, with the endpoint's default sampling, and records the model name and
  system fingerprint the endpoint reports for each answer (hosted judges drift);
- bounds every call: each attempt, from connecting to the answer's last byte, ends after `timeout`
  seconds of wall-clock time (an endpoint that trickles a byte every few seconds never resets a
  per-read timeout, so the attempt runs in a helper thread the caller stops waiting for), and an
  answer over `MAX_ANSWER_BYTES` is refused; `ATTEMPTS` attempts for connection errors, timeouts
  and HTTP 5xx/429 (with a short pause between), none for other HTTP errors; the first call that
  still fails stops the run with one `JudgeError` sentence;
- runs `workers` calls at a time in daemon threads and waits for them in a way Ctrl-C interrupts
  at once (no queued call is started after it, and none delays the process's exit);
- turns every way the transport can fail (a refused connection, a body cut short, an endpoint that
  does not speak HTTP, a header line of 70 KB or 150 headers, a URL that is none) into one
  `JudgeError` sentence: a `Judge` checks its URL, votes and timeout when it is made (`MAX_VOTES`,
  `MAX_TIMEOUT`).

Answers that never parse are not transport failures: the graders that read them (`verdicts`,
`descriptions`) count them, and `warn_unread` says so on standard error (an `InputWarning`).

The API key is read from `$ILLUSIONBENCH_JUDGE_API_KEY` only (`judge_from_options`), never from a
flag, so it appears in no shell history, process list or output.
"""

from __future__ import annotations

import dataclasses
import http.client
import json
import math
import os
import queue
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import warnings
from collections.abc import Sequence
from typing import Any

from builders.core.bounded_json import safe_text
from builders.core.errors import shown
from eval.errors import EvalError, InputWarning, UsageError
from eval.jsontext import JSONTextError, parse

#: The environment variable holding the judge endpoint's API key (sent as a bearer token).
API_KEY_VARIABLE = "ILLUSIONBENCH_JUDGE_API_KEY"
ATTEMPTS = 3
#: A judge's chat completion is a few kilobytes; a larger answer is not one.
MAX_ANSWER_BYTES = 4_000_000
PAUSE = 0.5  # seconds before the second attempt; doubled before each further one
#: The most calls per reply (the paper: 5) and the longest attempt, in seconds, a judge may be given.
MAX_VOTES = 25
MAX_TIMEOUT = 3600.0
_RETRIED_STATUS = {429, 500, 502, 503, 504}


class JudgeError(EvalError):
    """The judge endpoint could not be reached or answered with something other than a chat completion."""


@dataclasses.dataclass(frozen=True)
class Answer:
    """One chat completion: its text, the model the endpoint reported and its system fingerprint."""

    text: str
    model: str
    fingerprint: str


@dataclasses.dataclass(frozen=True)
class Judge:
    """An OpenAI-compatible chat endpoint and the model that judges (`base_url` ends before `/chat`)."""

    base_url: str
    model: str
    api_key: str = ""
    votes: int = 5
    timeout: float = 60.0
    workers: int = 4

    def __post_init__(self) -> None:
        _check(self.base_url, self.votes, self.timeout)

    @property
    def url(self) -> str:
        return self.base_url.rstrip("/") + "/chat/completions"

    def ask(self, prompt: str) -> Answer:
        """One chat completion, retried on transient failures (see the module's docstring)."""
        for attempt in range(1, ATTEMPTS + 1):
            try:
                return self._ask_once(prompt)
            except _Transient as error:
                if attempt == ATTEMPTS:
                    raise JudgeError(f"{error.reason} after {ATTEMPTS} attempts; {error.fix}") from None
                time.sleep(PAUSE * 2 ** (attempt - 1))
        raise AssertionError("unreachable")

    def _ask_once(self, prompt: str) -> Answer:
        """One attempt, given up after `timeout` seconds whatever the endpoint does meanwhile."""
        finished: queue.SimpleQueue[Answer | BaseException] = queue.SimpleQueue()

        def attempt() -> None:
            try:
                finished.put(self._request(prompt))
            except BaseException as error:  # handed to the waiting thread, which raises it
                finished.put(error)

        threading.Thread(target=attempt, daemon=True).start()
        try:
            outcome = finished.get(timeout=self.timeout)
        except queue.Empty:
            raise self._late() from None
        if isinstance(outcome, BaseException):
            raise outcome
        return outcome

    def _late(self) -> _Transient:
        return _Transient(
            f"the judge at {self.url!r} did not answer within {self.timeout:g} s",
            "raise --judge-timeout or check the endpoint",
        )

    def _request(self, prompt: str) -> Answer:
        body = json.dumps({"model": self.model, "messages": [{"role": "user", "content": prompt}]}).encode()
        data = self._post(body)
        try:
            payload = parse(data)
            text = payload["choices"][0]["message"]["content"]
        except (JSONTextError, ValueError, KeyError, IndexError, TypeError):
            raise JudgeError(
                f"the judge at {shown(self.url)} did not answer with a chat completion"
            ) from None
        return Answer(
            safe_text(str(text or "")),
            safe_text(str(payload.get("model") or "")),
            safe_text(str(payload.get("system_fingerprint") or "")),
        )

    def _post(self, body: bytes) -> bytes:
        """The endpoint's answer to `body`; every way the transport fails is a `JudgeError` or, worth
        another attempt, a `_Transient`."""
        headers = {"Content-Type": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        url = shown(self.url)
        try:
            request = urllib.request.Request(self.url, data=body, headers=headers, method="POST")
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                data: bytes = response.read(MAX_ANSWER_BYTES + 1)
        except urllib.error.HTTPError as error:
            if error.code in _RETRIED_STATUS:
                raise _Transient(
                    f"the judge at {url} answered HTTP {error.code}", "try again later"
                ) from None
            raise JudgeError(
                f"the judge at {url} refused the request (HTTP {error.code} {shown(error.reason, 60)}); "
                f"check --judge-url, --judge-model and ${API_KEY_VARIABLE}"
            ) from None
        except TimeoutError:
            raise self._late() from None
        except (urllib.error.URLError, OSError) as error:
            reason = getattr(error, "reason", error)
            if isinstance(reason, TimeoutError):
                raise self._late() from None
            raise _Transient(
                f"cannot reach the judge at {url} ({shown(str(reason), 100)})", "check --judge-url"
            ) from None
        except http.client.IncompleteRead:
            raise _Transient(f"the judge at {url} cut its answer short", "check the endpoint") from None
        except http.client.HTTPException as error:  # a status line, header or chunk that is no HTTP
            raise JudgeError(
                f"the judge at {url} did not answer in HTTP ({_what(error)}); check --judge-url"
            ) from None
        except Exception as error:  # anything else the transport raises (an address it cannot encode)
            raise JudgeError(
                f"the judge at {url} could not be asked ({_what(error)}); check --judge-url"
            ) from None
        if len(data) > MAX_ANSWER_BYTES:
            raise JudgeError(
                f"the judge at {url} answered with more than {MAX_ANSWER_BYTES:,} bytes, which is "
                "no chat completion; check --judge-url"
            )
        return data

    def ask_all(self, prompts: Sequence[str]) -> list[Answer]:
        """Every prompt's answer, in order; up to `workers` calls at a time.

        Raises:
            JudgeError: a call failed (the calls not yet started are dropped).
            KeyboardInterrupt: Ctrl-C; the calls not yet started are dropped and running ones abandoned.
        """
        answers: list[Answer | None] = [None] * len(prompts)
        work: queue.SimpleQueue[tuple[int, str]] = queue.SimpleQueue()
        for item in enumerate(prompts):
            work.put(item)
        done: queue.SimpleQueue[tuple[int, Answer | BaseException]] = queue.SimpleQueue()
        stop = threading.Event()

        def worker() -> None:
            while not stop.is_set():
                try:
                    index, prompt = work.get_nowait()
                except queue.Empty:
                    return
                try:
                    done.put((index, self.ask(prompt)))
                except BaseException as error:  # handed to the waiting thread, which raises it
                    done.put((index, error))
                    return

        for _ in range(min(max(1, self.workers), len(prompts))):
            threading.Thread(target=worker, daemon=True).start()
        try:
            for _ in prompts:
                index, outcome = _next(done)
                if isinstance(outcome, BaseException):
                    raise outcome
                answers[index] = outcome
        finally:
            stop.set()
        return [answer for answer in answers if answer is not None]

    def identity(self) -> dict[str, Any]:
        """Who was asked to judge, and how: the model, the endpoint, the votes per reply, the timeout."""
        return {
            "model": self.model,
            "base_url": self.base_url,
            "votes": self.votes,
            "timeout_s": self.timeout,
        }


class _Transient(Exception):
    """A failure worth another attempt: what happened and what to do if it keeps happening."""

    def __init__(self, reason: str, fix: str) -> None:
        super().__init__(reason)
        self.reason, self.fix = reason, fix


def _next(done: queue.SimpleQueue[Any]) -> Any:
    """The next finished call; waits in short slices so Ctrl-C reaches the waiting thread at once."""
    while True:
        try:
            return done.get(timeout=0.2)
        except queue.Empty:
            continue


def judge_from_options(
    url: str | None, model: str | None, votes: int | None = None, timeout: float | None = None
) -> Judge | None:
    """The judge the command line asks for (None without one); its API key comes from the environment.

    Raises:
        UsageError: only one of `url` and `model`, or a URL, votes or timeout a `Judge` refuses.
    """
    if url is None and model is None:
        if votes is not None or timeout is not None:
            raise UsageError(
                "--judge-votes and --judge-timeout need a judge: add --judge-url and --judge-model"
            )
        return None
    if url is None or model is None:
        raise UsageError("the judge needs both --judge-url and --judge-model; give both or neither")
    return Judge(
        url,
        model,
        os.environ.get(API_KEY_VARIABLE, ""),
        votes=Judge.votes if votes is None else votes,
        timeout=Judge.timeout if timeout is None else timeout,
    )


def _check(url: str, votes: int, timeout: float) -> None:
    """UsageError unless `url` is an http(s) URL with a host, `votes` from 1 to `MAX_VOTES` and
    `timeout` a finite number of seconds above 0, at most `MAX_TIMEOUT`."""
    try:
        parts = urllib.parse.urlsplit(url)
        parts.port  # noqa: B018 (a port that is no number raises here)
        usable = (
            parts.scheme in ("http", "https")
            and bool(parts.hostname)
            and url.isprintable()
            and " " not in url
        )
    except (ValueError, TypeError, AttributeError):
        usable = False
    if not usable:
        raise UsageError(
            f"--judge-url {shown(url)} is not an http(s) URL; pass the endpoint up to /v1, e.g. "
            "http://localhost:8000/v1"
        )
    if isinstance(votes, bool) or not isinstance(votes, int) or not 1 <= votes <= MAX_VOTES:
        raise UsageError(f"--judge-votes must be a whole number from 1 to {MAX_VOTES}, got {shown(votes)}")
    if not isinstance(timeout, int | float) or not (math.isfinite(timeout) and 0 < timeout <= MAX_TIMEOUT):
        raise UsageError(
            f"--judge-timeout must be a number of seconds above 0 and at most {MAX_TIMEOUT:,g}, got "
            f"{shown(timeout)}"
        )


def _what(error: BaseException) -> str:
    """An exception as a message shows it: its type and the first line of its text, cut."""
    text = str(error).split("\n")[0]
    text = text if len(text) <= 60 else text[:57] + "..."
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def warn_unread(unread: int, total: int, replies: str, key: str, counted: str) -> None:
    """Say on standard error (an `InputWarning`) that the judge's answers to `unread` of `total`
    `replies` held no vote a grader could read: they are counted as `counted`, as `key` shows."""
    if unread:
        warnings.warn(
            f"the judge's answers to {unread} of {total} {replies} held no vote that could be read "
            f"({key} in the JSON); they count as {counted}: check --judge-model and the judge's answers",
            InputWarning,
            stacklevel=2,
        )
