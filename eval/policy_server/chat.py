"""What one chat-completions request asks: its user turns' texts, its system text and its images.

Harnesses send a row as an OpenAI chat: lmms-eval and inspect_ai an `image_url` part (a base64 data
URI) before a `text` part, VLMEvalKit the same with a JPEG; VI-Probe's instructional rows add a
system message, VLMBias's double-check and IllusionBench+'s step-by-step chats replay an answer and
ask again. Only data URIs are read: the server never reaches the network.
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
from typing import Any


class ChatError(ValueError):
    """A request the server cannot answer: one sentence, sent back as an OpenAI-style error."""

    def __init__(self, message: str, code: str, status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.status = status


@dataclasses.dataclass(frozen=True)
class Asked:
    """A request as the index reads it."""

    model: str
    #: The text of every user turn, in order (a turn's text parts joined by newlines).
    turns: tuple[str, ...]
    system: str
    #: The images of the user turns, as the bytes their data URIs hold.
    images: tuple[bytes, ...]


def read_request(payload: Any) -> Asked:
    """The request body (parsed JSON) as an `Asked`.

    Raises:
        ChatError: it is not a chat-completions request with at least one user turn, a part is of a
            kind the server does not read, or an image is not a base64 data URI.
    """
    if not isinstance(payload, dict) or not isinstance(payload.get("messages"), list):
        raise ChatError("the body is not a chat-completions request (no 'messages' list)", "invalid_request")
    if payload.get("stream"):
        raise ChatError("streaming is not supported; send the request without 'stream': true", "stream")
    turns: list[str] = []
    system: list[str] = []
    images: list[bytes] = []
    for message in payload["messages"]:
        if not isinstance(message, dict):
            raise ChatError("a message is not a JSON object", "invalid_request")
        texts, found = _parts(message.get("content"))
        if message.get("role") == "user":
            turns.append("\n".join(texts))
            images += found
        elif message.get("role") in ("system", "developer"):
            system += texts
    if not turns:
        raise ChatError("the request has no user message", "invalid_request")
    model = payload.get("model")
    return Asked(str(model) if model is not None else "", tuple(turns), "\n".join(system), tuple(images))


def _parts(content: Any) -> tuple[list[str], list[bytes]]:
    """The texts and images of a message's content (a string, or a list of typed parts)."""
    if content is None:
        return [], []
    if isinstance(content, str):
        return [content], []
    if not isinstance(content, list):
        raise ChatError("a message's content is neither a string nor a list of parts", "invalid_request")
    texts, images = [], []
    for part in content:
        kind = part.get("type") if isinstance(part, dict) else None
        if kind in ("text", "input_text") and isinstance(part.get("text"), str):
            texts.append(part["text"])
        elif kind in ("image_url", "input_image"):
            url = part.get("image_url")
            url = url.get("url") if isinstance(url, dict) else url
            images.append(_data_uri(url))
        else:
            raise ChatError(
                f"a content part of type {kind!r} is not read here; send text and image_url parts",
                "unsupported_part",
            )
    return texts, images


def _data_uri(url: Any) -> bytes:
    """The bytes of a `data:<mime>;base64,...` URI."""
    if not isinstance(url, str) or not url.startswith("data:"):
        shown = url[:60] if isinstance(url, str) else url
        raise ChatError(
            f"image {shown!r} is not a data URI; the policy server reads images sent inline "
            "(data:image/png;base64,...), never from the network",
            "image_not_inline",
        )
    header, comma, data = url.partition(",")
    if not comma or not header.endswith(";base64"):
        raise ChatError("an image data URI is not base64 (data:<type>;base64,...)", "bad_image")
    try:
        return base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError):
        raise ChatError("an image data URI holds invalid base64", "bad_image") from None
