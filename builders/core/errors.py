"""Typed errors: every message is one sentence that names the problem and the fix."""

from __future__ import annotations

from pathlib import Path


class BuilderError(Exception):
    """Base class for every error the builders raise on purpose."""


class SpecError(BuilderError, ValueError):
    """A spec or a declarative entry is malformed."""


class RenderError(BuilderError):
    """Rasterising a scene failed or produced an image that breaks its own contract."""


class UsageError(BuilderError):
    """The user asked for something that does not exist (family, config, preset, path)."""


class VerifyError(BuilderError):
    """A built folder does not match its manifest."""


def wrong_kind(path: Path | str, folder: bool) -> str | None:
    """Why `path` is not the folder (or, `folder` False, the file) wanted, as the words after its name;
    None if it is one.

    >>> wrong_kind("/", folder=False), wrong_kind("/no/such/thing", folder=True)
    ('is a folder, not a file', 'does not exist')
    """
    path = Path(path)
    if path.is_dir() if folder else path.is_file():
        return None
    if not path.exists():
        return "does not exist"
    return "is a file, not a folder" if folder else "is a folder, not a file"


#: How many characters of a user's value a message shows.
SHOWN_CHARS = 80


def shown(value: object, limit: int = SHOWN_CHARS) -> str:
    """`repr(value)` as a message shows a value read from a user's file or command line: cut to about
    `limit` characters, saying how long it was, so a 200,000-character key stays one readable line.
    (No reader makes an integer of over 4,300 digits, which Python would refuse to write out.)

    >>> shown("stripes"), shown("x" * 200_000, 12), shown(int("9" * 4000), 12)
    ("'stripes'", "'xxxxxxxx... (200,000 characters)", '999999999... (4,000 digits)')
    """
    text = repr(value)
    if len(text) <= limit:
        return text
    size = len(value) if isinstance(value, str) else len(text)
    unit = "digits" if isinstance(value, int) else "characters"
    return f"{text[: limit - 3]}... ({size:,} {unit})"
