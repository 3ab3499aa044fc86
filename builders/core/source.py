"""Where a build's images come from (`--source KIND [PATH]`, `--images DIR`), as the manifest records it.

Its own module so that reading a manifest needs neither the `Family` contract nor the rasteriser
that contract imports.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from builders.core.hashing import file_sha256
from builders.core.spec import SOURCE_PATH

#: The source every family has: images drawn by the family's own code, nothing downloaded.
EMBEDDED_KIND = "embedded"


@dataclasses.dataclass(frozen=True)
class Source:
    """Where a build's images come from: `--source KIND [PATH]` plus named inputs (`--images DIR`).

    Which kinds other than `embedded` a family accepts, and what they mean, is the family's
    business (`Family.sources`); the pipeline only records the source in the manifest, as
    `published()` says it: by flag and content digest, never by a path of the user's machine.
    """

    kind: str = EMBEDDED_KIND
    path: str | None = None
    options: tuple[tuple[str, str], ...] = ()

    def option(self, name: str) -> str | None:
        """The named input `name` (e.g. "images"), or None when it was not given."""
        return dict(self.options).get(name)

    def roots(self) -> dict[str, str | None]:
        """Every input by the name a spec's `input_root` field takes: `path` and the options."""
        return {SOURCE_PATH: self.path, **dict(self.options)}

    def published(self) -> Source:
        """This source as the manifest records it: each input by its flag, a file with its SHA-256
        (`--questions FILE sha256:...`, `--source upstream DIR`), so a folder built from the user's
        files names nothing of their machine and `verify` can tell whether it is given the same files."""
        path = None if self.path is None else _neutral(f"--source {self.kind}", self.path)
        options = tuple((name, _neutral(f"--{name}", value)) for name, value in self.options)
        return Source(self.kind, path, options)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "path": self.path, "options": dict(self.options)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Source:
        return cls(str(data["kind"]), data["path"], tuple(sorted(dict(data["options"]).items())))


EMBEDDED = Source()


def _neutral(flag: str, path: str) -> str:
    """How the manifest names a local input: its flag and kind, and a file's content digest."""
    if Path(path).is_file():
        return f"{flag} FILE sha256:{file_sha256(path)}"
    return f"{flag} DIR"
