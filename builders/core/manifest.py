"""`manifest.json`: what a built folder must contain, down to each image's pixels.

It records the builder and package versions, every shard's SHA-256, the configs
(and the union configs made of them) with their splits, and for every image its
full spec and pixel hash, so `verify` can check a folder without trusting
anything else in it. Reading validates every field: a malformed manifest is one
`VerifyError` sentence, never a `TypeError` further down. Beyond types, reading checks
what the readers rely on: config, split and union names are plain names, shard paths are
plain relative `.parquet` paths listed under `files`, counts are not negative, specs nest
at most `MAX_SPEC_DEPTH` deep, and every string is valid Unicode (the file is read by
`builders.core.user_files`, as a user's files are: a built folder is whatever is on disk).
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Mapping
from importlib import metadata
from pathlib import Path
from typing import Any, TypeVar

from builders import __version__
from builders.core.errors import VerifyError
from builders.core.fonts import PINNED_FONTS
from builders.core.source import EMBEDDED_KIND, Source
from builders.core.user_files import parse_json, read_text

MANIFEST_NAME = "manifest.json"
#: 2: typed entries, union configs recorded, no per-image title. 3: the edition, each config's parameters.
MANIFEST_FORMAT = 3
#: Formats this version reads (a format-2 folder is the canonical edition, built before parameters).
READABLE_FORMATS = (2, 3)

#: Distributions whose versions can change the bytes of a build.
BYTE_AFFECTING_PACKAGES = ("resvg", "deflate", "pillow", "pyarrow", "datasets", "huggingface_hub", "numpy")

#: Config, split and union names, and each part of a shard path: they become folder and file names.
SAFE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*\Z", re.ASCII)
#: How deeply a spec (and a config's parameters) may nest: lists of points are two levels; specs
#: are plain data. Both sit three levels down (`images.<id>.spec`), and nothing else nests deeper.
MAX_SPEC_DEPTH = 16
MAX_MANIFEST_DEPTH = 3 + MAX_SPEC_DEPTH
#: Largest manifest read: about 380 bytes per image, so some 2.8 million images.
MAX_MANIFEST_BYTES = 1 << 30
#: What every refusal of a manifest suggests.
REBUILD = "rebuild the folder"

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
    #: The resolved parameters it was built with (`builders.core.params.to_plain`); None: the family has none.
    parameters: Mapping[str, Any] | None = None


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
    #: The edition seed of every image in the folder (`build --seed`); None: the canonical edition.
    edition: int | None = None
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

    def read_from_files(self) -> dict[str, Source]:
        """Config -> its recorded source, for every config built from the user's files (not drawn)."""
        return {
            config: entry.source
            for config, entry in self.configs.items()
            if entry.source.kind != EMBEDDED_KIND
        }

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
            "edition": self.edition,
            "packages": dict(self.packages),
            "fonts": dict(self.fonts),
            "configs": {
                name: {
                    "preset": entry.preset,
                    "parameters": entry.parameters,
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
        data = parse_json(text, where, REBUILD, max_depth=MAX_MANIFEST_DEPTH, error=VerifyError)
        root = _Reader(where)
        data = root.expect(data, dict, "the manifest")
        version = root.field(data, "format", int)
        if version not in READABLE_FORMATS:
            raise VerifyError(
                f"{where} has format {version!r}, this tool reads "
                f"{' and '.join(map(str, READABLE_FORMATS))}; rebuild the folder with this version"
            )
        configs = {
            name: root.config(name, entry) for name, entry in root.field(data, "configs", dict).items()
        }
        unions = {
            name: root.members(name, members, configs)
            for name, members in root.field(data, "unions", dict).items()
        }
        files = {path: root.file(path, entry) for path, entry in root.field(data, "files", dict).items()}
        root.listed(configs, files)
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
            edition=root.edition(data.get("edition")),
        )

    @classmethod
    def read(cls, folder: Path) -> Manifest:
        """The manifest of `folder`, or one clear VerifyError."""
        path = folder / MANIFEST_NAME
        where = repr(str(path))
        text = read_text(path, where, REBUILD, max_bytes=MAX_MANIFEST_BYTES, error=VerifyError)
        return cls.from_json(text, where)

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
        return {key: self.expect(value, str, f"{where}.{_part(key)}") for key, value in data.items()}

    def count(self, data: dict[str, Any], key: str, where: str) -> int:
        value = self.field(data, key, int, where)
        if value < 0:
            raise VerifyError(f"{self.where}: {where}.{key} is {value}, a negative count; rebuild the folder")
        return value

    def name(self, name: str, what: str) -> str:
        if not SAFE_NAME.match(name):
            raise VerifyError(
                f"{self.where} names a {what} {name!r}, which is not a plain name; rebuild the folder"
            )
        return name

    def path(self, path: Any, where: str) -> str:
        """A shard path: plain names joined by `/`, ending in `.parquet` (nothing outside the folder)."""
        path = self.expect(path, str, where)
        if not path.endswith(".parquet") or not all(SAFE_NAME.match(part) for part in path.split("/")):
            raise VerifyError(
                f"{self.where}: {where} is {path!r}, not a relative path of a .parquet shard; "
                "rebuild the folder"
            )
        return path

    def listed(self, configs: Mapping[str, ConfigEntry], files: Mapping[str, FileEntry]) -> None:
        """Every shard a split names has its entry under `files` (its hash and size)."""
        for name, entry in configs.items():
            for split, stats in entry.splits.items():
                for path in stats.files:
                    if path not in files:
                        raise VerifyError(
                            f"{self.where}: configs.{name}.splits.{split} lists {path!r}, which `files` "
                            "does not; rebuild the folder"
                        )

    def config(self, name: str, entry: Any) -> ConfigEntry:
        where = f"configs.{self.name(name, 'config')}"
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
            splits={
                self.name(split, "split"): self.split(f"{where}.splits.{split}", stats)
                for split, stats in splits.items()
            },
            parameters=self.parameters(entry.get("parameters"), f"{where}.parameters"),
        )

    def split(self, where: str, stats: Any) -> SplitEntry:
        stats = self.expect(stats, dict, where)
        files = self.field(stats, "files", list, where)
        return SplitEntry(
            files=tuple(self.path(path, f"{where}.files[]") for path in files),
            num_rows=self.count(stats, "num_rows", where),
            num_bytes=self.count(stats, "num_bytes", where),
        )

    def members(self, name: str, members: Any, configs: Mapping[str, ConfigEntry]) -> tuple[str, ...]:
        where = f"unions.{self.name(name, 'union config')}"
        members = [self.expect(member, str, f"{where}[]") for member in self.expect(members, list, where)]
        for member in members:
            if member not in configs:
                raise VerifyError(
                    f"{self.where}: union config {name!r} names {member!r}, which is not a built config; "
                    "rebuild the folder"
                )
        return tuple(members)

    def file(self, path: str, entry: Any) -> FileEntry:
        where = f"files.{self.path(path, 'a key of files')}"
        entry = self.expect(entry, dict, where)
        return FileEntry(self.field(entry, "sha256", str, where), self.count(entry, "size", where))

    def image(self, image_id: str, entry: Any, configs: Mapping[str, ConfigEntry]) -> ImageEntry:
        where = f"images.{_part(image_id)}"
        entry = self.expect(entry, dict, where)
        image = ImageEntry(
            config=self.field(entry, "config", str, where),
            role=self.field(entry, "role", str, where),
            spec=self.field(entry, "spec", dict, where),
            pixel_sha256=self.field(entry, "pixel_sha256", str, where),
            width=self.count(entry, "width", where),
            height=self.count(entry, "height", where),
        )
        if image.config not in configs:
            raise VerifyError(
                f"{self.where}: image {image_id!r} belongs to config {image.config!r}, which is not built; "
                "rebuild the folder"
            )
        return image

    def edition(self, value: Any) -> int | None:
        if value is None:
            return None
        if self.expect(value, int, "edition") < 0:
            raise VerifyError(f"{self.where}: edition is {value}, a negative seed; rebuild the folder")
        return value

    def parameters(self, value: Any, where: str) -> dict[str, Any] | None:
        """A config's parameters: a table the family checks key by key when it reads them (`overlay`)."""
        if value is None:
            return None
        return self.expect(value, dict, where)

    def _options(self, source: dict[str, Any], where: str) -> tuple[tuple[str, str], ...]:
        options = self.strings(self.field(source, "options", dict, where), f"{where}.options")
        return tuple(sorted(options.items()))

    def _optional_str(self, value: Any, what: str) -> str | None:
        return None if value is None else self.expect(value, str, what)


_KIND_NAMES: dict[type, str] = {dict: "an object", list: "a list", str: "a string", int: "an integer"}


def _part(key: str) -> str:
    """A key as part of a field's path in an error: quoted when it holds anything unprintable."""
    return key if key.isprintable() and len(key) <= 80 else repr(key[:80])


def _shown(value: Any) -> str:
    """A value as the error shows it: its kind for containers, else short JSON."""
    if isinstance(value, (dict, list)):
        return _KIND_NAMES[type(value)]
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."
