"""`manifest.json`: what a built folder must contain, down to each image's pixels.

It records the builder and package versions, every shard's SHA-256, the configs
(and the union configs made of them) with their splits, and for every image its
full spec and pixel hash, so `verify` can check a folder without trusting
anything else in it. Reading validates every field: a malformed manifest is one
`VerifyError` sentence, never a `TypeError` further down. Beyond types, reading checks
what the readers rely on: config, split and union names are plain names, shard paths are
plain relative `.parquet` paths listed under `files`, counts are not negative, specs nest
at most `MAX_SPEC_DEPTH` deep, and every string is valid Unicode.
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

MANIFEST_NAME = "manifest.json"
#: 2: typed entries, union configs recorded, no per-image title. 3: the edition, each config's parameters.
MANIFEST_FORMAT = 3
#: Formats this version reads (a format-2 folder is the canonical edition, built before parameters).
READABLE_FORMATS = (2, 3)

#: Distributions whose versions can change the bytes of a build.
BYTE_AFFECTING_PACKAGES = ("resvg", "deflate", "pillow", "pyarrow", "datasets", "huggingface_hub", "numpy")

#: Config, split and union names, and each part of a shard path: they become folder and file names.
SAFE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*\Z", re.ASCII)
#: How deeply a spec's values may nest (lists of points are two levels; specs are plain data).
MAX_SPEC_DEPTH = 16

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
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as error:  # ValueError: also an integer of 4,300+ digits
            reason = error.msg if isinstance(error, json.JSONDecodeError) else _reason(error)
            raise VerifyError(f"{where} is not valid JSON ({reason}); rebuild the folder") from None
        _check_unicode(text, data, where)
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
            spec=self.spec(self.field(entry, "spec", dict, where), f"{where}.spec"),
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

    def spec(self, spec: dict[str, Any], where: str) -> dict[str, Any]:
        if _depth(spec, MAX_SPEC_DEPTH) > MAX_SPEC_DEPTH:
            raise VerifyError(
                f"{self.where}: {where} nests more than {MAX_SPEC_DEPTH} levels deep; rebuild the folder"
            )
        return spec

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
        return self.spec(self.expect(value, dict, where), where)

    def _options(self, source: dict[str, Any], where: str) -> tuple[tuple[str, str], ...]:
        options = self.strings(self.field(source, "options", dict, where), f"{where}.options")
        return tuple(sorted(options.items()))

    def _optional_str(self, value: Any, what: str) -> str | None:
        return None if value is None else self.expect(value, str, what)


_KIND_NAMES: dict[type, str] = {dict: "an object", list: "a list", str: "a string", int: "an integer"}

#: A `\uD800`-`\uDFFF` escape: the only way JSON text can hold a lone surrogate (not valid Unicode).
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _part(key: str) -> str:
    """A key as part of a field's path in an error: quoted when it holds anything unprintable."""
    return key if key.isprintable() and len(key) <= 80 else repr(key[:80])


def _check_unicode(text: str, data: Any, where: str) -> None:
    """VerifyError if a string holds a lone surrogate, which no file can store as UTF-8."""
    if not _SURROGATE_ESCAPE.search(text):
        return  # the usual case: no such escape anywhere, nothing to encode
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise VerifyError(f"{where} holds a string that is not valid Unicode; rebuild the folder") from None


def _depth(value: Any, limit: int) -> int:
    """How deeply `value` nests (a scalar is 0), counting no further than `limit` + 1."""
    children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else None
    if children is None:
        return 0
    if limit < 0:
        return 1
    return 1 + max((_depth(child, limit - 1) for child in children), default=0)


def _reason(error: Exception) -> str:
    return "nested too deeply" if isinstance(error, RecursionError) else str(error).split(";")[0][:80]


def _shown(value: Any) -> str:
    """A value as the error shows it: its kind for containers, else short JSON."""
    if isinstance(value, (dict, list)):
        return _KIND_NAMES[type(value)]
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."
