"""`manifest.json`: what a built folder must contain, down to each image's pixels.

It records the builder and package versions, every shard's SHA-256, the configs
(and the union configs made of them) with their splits, and for every image its
full spec and pixel hash, so `verify` can check a folder without trusting
anything else in it. Reading validates every field: a malformed manifest is one
`VerifyError` sentence, never a `TypeError` further down.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from importlib import metadata
from pathlib import Path
from typing import Any, TypeVar

from builders import __version__
from builders.core.errors import VerifyError
from builders.core.family import Source
from builders.core.fonts import PINNED_FONTS

MANIFEST_NAME = "manifest.json"
#: 2: typed entries, union configs recorded, no per-image title.
MANIFEST_FORMAT = 2

#: Distributions whose versions can change the bytes of a build.
BYTE_AFFECTING_PACKAGES = ("resvg", "deflate", "pillow", "pyarrow", "datasets", "huggingface_hub", "numpy")

T = TypeVar("T")


def package_versions() -> dict[str, str]:
    """Installed versions of the packages that affect built bytes."""
    versions = {}
    for name in BYTE_AFFECTING_PACKAGES:
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            versions[name] = "not installed"
    return versions


@dataclasses.dataclass(frozen=True)
class FileEntry:
    """A shard's SHA-256 and size in bytes."""

    sha256: str
    size: int


@dataclasses.dataclass(frozen=True)
class SplitEntry:
    """One split of one config: its shard paths (relative to the folder), rows and Arrow bytes."""

    files: tuple[str, ...]
    num_rows: int
    num_bytes: int


@dataclasses.dataclass(frozen=True)
class ConfigEntry:
    """A built config: the preset and source it was built with, and its splits."""

    preset: str
    source: Source
    splits: Mapping[str, SplitEntry]


@dataclasses.dataclass(frozen=True)
class ImageEntry:
    """One image: the config and role of its rows, its spec (enough to re-draw it) and its pixels."""

    config: str
    role: str
    spec: Mapping[str, Any]
    pixel_sha256: str
    width: int
    height: int


@dataclasses.dataclass(frozen=True)
class Manifest:
    """The whole manifest; `to_json` and `from_json` are inverses."""

    family: str
    repo_name: str
    builder_version: str
    packages: Mapping[str, str]
    fonts: Mapping[str, str]
    configs: Mapping[str, ConfigEntry]
    unions: Mapping[str, tuple[str, ...]]
    files: Mapping[str, FileEntry]
    images: Mapping[str, ImageEntry]
    format: int = MANIFEST_FORMAT

    @classmethod
    def new(cls, family: str, repo_name: str, **parts: Any) -> Manifest:
        """A manifest of this package's builder version, package versions and fonts."""
        return cls(
            family=family,
            repo_name=repo_name,
            builder_version=__version__,
            packages=package_versions(),
            fonts=dict(sorted(PINNED_FONTS.items())),
            **parts,
        )

    def config_names(self) -> tuple[str, ...]:
        """Built configs, then union configs: every config `load_dataset` knows for this folder."""
        return (*self.configs, *self.unions)

    def members(self, config: str) -> tuple[str, ...]:
        """The built configs whose files make up `config` (itself, or a union's members)."""
        return self.unions.get(config, (config,))

    def to_json(self) -> str:
        """Sorted keys, one space of indent, a trailing newline: stable bytes."""
        data = {
            "format": self.format,
            "family": self.family,
            "repo_name": self.repo_name,
            "builder_version": self.builder_version,
            "packages": dict(self.packages),
            "fonts": dict(self.fonts),
            "configs": {
                name: {
                    "preset": entry.preset,
                    "source": entry.source.to_dict(),
                    "splits": {split: dataclasses.asdict(stats) for split, stats in entry.splits.items()},
                }
                for name, entry in self.configs.items()
            },
            "unions": {name: list(members) for name, members in self.unions.items()},
            "files": {path: dataclasses.asdict(entry) for path, entry in self.files.items()},
            "images": {image_id: dataclasses.asdict(entry) for image_id, entry in self.images.items()},
        }
        return json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n"

    @classmethod
    def from_json(cls, text: str, where: str = MANIFEST_NAME) -> Manifest:
        """Parse and validate; any malformed part is a VerifyError naming it."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, RecursionError) as error:
            reason = error.msg if isinstance(error, json.JSONDecodeError) else "nested too deeply"
            raise VerifyError(f"{where} is not valid JSON ({reason}); rebuild the folder") from None
        root = _Reader(where)
        data = root.expect(data, dict, "the manifest")
        version = root.field(data, "format", int)
        if version != MANIFEST_FORMAT:
            raise VerifyError(
                f"{where} has format {version!r}, this tool reads {MANIFEST_FORMAT}; "
                "rebuild the folder with this version"
            )
        configs = {
            name: root.config(name, entry) for name, entry in root.field(data, "configs", dict).items()
        }
        unions = {
            name: root.members(name, members, configs)
            for name, members in root.field(data, "unions", dict).items()
        }
        files = {path: root.file(path, entry) for path, entry in root.field(data, "files", dict).items()}
        images = {
            image_id: root.image(image_id, entry, configs)
            for image_id, entry in root.field(data, "images", dict).items()
        }
        return cls(
            family=root.field(data, "family", str),
            repo_name=root.field(data, "repo_name", str),
            builder_version=root.field(data, "builder_version", str),
            packages=root.strings(root.field(data, "packages", dict), "packages"),
            fonts=root.strings(root.field(data, "fonts", dict), "fonts"),
            configs=configs,
            unions=unions,
            files=files,
            images=images,
        )

    @classmethod
    def read(cls, folder: Path) -> Manifest:
        """The manifest of `folder`, or one clear VerifyError."""
        path = folder / MANIFEST_NAME
        if not path.is_file():
            raise VerifyError(f"{str(path)!r} does not exist; point to a folder written by `build`")
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            raise VerifyError(f"{str(path)!r} is not UTF-8 text; rebuild the folder") from None
        except OSError as error:
            raise VerifyError(
                f"cannot read {str(path)!r} ({error.strerror}); check its permissions"
            ) from None
        return cls.from_json(text, repr(str(path)))

    def write(self, folder: Path) -> None:
        (folder / MANIFEST_NAME).write_text(self.to_json(), encoding="utf-8")


class _Reader:
    """Typed access to parsed JSON: every mismatch is one VerifyError naming the field's path."""

    def __init__(self, where: str) -> None:
        self.where = where

    def expect(self, value: Any, kind: type[T], what: str) -> T:
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise VerifyError(
                f"{self.where}: {what} is {_shown(value)}, not {_KIND_NAMES[kind]}; rebuild the folder"
            )
        return value

    def field(self, data: dict[str, Any], key: str, kind: type[T], where: str = "") -> T:
        what = f"{where}.{key}" if where else key
        if key not in data:
            raise VerifyError(f"{self.where} lacks {what!r}; rebuild the folder")
        return self.expect(data[key], kind, what)

    def strings(self, data: dict[str, Any], where: str) -> dict[str, str]:
        return {key: self.expect(value, str, f"{where}.{key}") for key, value in data.items()}

    def config(self, name: str, entry: Any) -> ConfigEntry:
        where = f"configs.{name}"
        entry = self.expect(entry, dict, where)
        source = self.field(entry, "source", dict, where)
        splits = self.field(entry, "splits", dict, where)
        return ConfigEntry(
            preset=self.field(entry, "preset", str, where),
            source=Source(
                self.field(source, "kind", str, f"{where}.source"),
                self._optional_str(source.get("path"), f"{where}.source.path"),
                self._options(source, f"{where}.source"),
            ),
            splits={split: self.split(f"{where}.splits.{split}", stats) for split, stats in splits.items()},
        )

    def split(self, where: str, stats: Any) -> SplitEntry:
        stats = self.expect(stats, dict, where)
        files = self.field(stats, "files", list, where)
        return SplitEntry(
            files=tuple(self.expect(path, str, f"{where}.files[]") for path in files),
            num_rows=self.field(stats, "num_rows", int, where),
            num_bytes=self.field(stats, "num_bytes", int, where),
        )

    def members(self, name: str, members: Any, configs: Mapping[str, ConfigEntry]) -> tuple[str, ...]:
        members = self.expect(members, list, f"unions.{name}")
        for member in members:
            if member not in configs:
                raise VerifyError(
                    f"{self.where}: union config {name!r} names {member!r}, which is not a built config; "
                    "rebuild the folder"
                )
        return tuple(members)

    def file(self, path: str, entry: Any) -> FileEntry:
        where = f"files.{path}"
        entry = self.expect(entry, dict, where)
        return FileEntry(self.field(entry, "sha256", str, where), self.field(entry, "size", int, where))

    def image(self, image_id: str, entry: Any, configs: Mapping[str, ConfigEntry]) -> ImageEntry:
        where = f"images.{image_id}"
        entry = self.expect(entry, dict, where)
        image = ImageEntry(
            config=self.field(entry, "config", str, where),
            role=self.field(entry, "role", str, where),
            spec=self.field(entry, "spec", dict, where),
            pixel_sha256=self.field(entry, "pixel_sha256", str, where),
            width=self.field(entry, "width", int, where),
            height=self.field(entry, "height", int, where),
        )
        if image.config not in configs:
            raise VerifyError(
                f"{self.where}: image {image_id!r} belongs to config {image.config!r}, which is not built; "
                "rebuild the folder"
            )
        return image

    def _options(self, source: dict[str, Any], where: str) -> tuple[tuple[str, str], ...]:
        options = self.strings(self.field(source, "options", dict, where), f"{where}.options")
        return tuple(sorted(options.items()))

    def _optional_str(self, value: Any, what: str) -> str | None:
        return None if value is None else self.expect(value, str, what)


_KIND_NAMES: dict[type, str] = {dict: "an object", list: "a list", str: "a string", int: "an integer"}


def _shown(value: Any) -> str:
    """A value as the error shows it: its kind for containers, else short JSON."""
    if isinstance(value, (dict, list)):
        return _KIND_NAMES[type(value)]
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."
