"""`manifest.json`: what a built folder must contain, down to each image's pixels.

It records the builder and package versions, every shard's SHA-256, and for
every image its full spec and pixel hash, so `verify` can check a folder
without trusting anything else in it.
"""

from __future__ import annotations

import json
from importlib import metadata
from pathlib import Path
from typing import Any

from builders import __version__
from builders.core.errors import VerifyError
from builders.core.fonts import PINNED_FONTS

MANIFEST_NAME = "manifest.json"
MANIFEST_FORMAT = 1

#: Distributions whose versions can change the bytes of a build.
BYTE_AFFECTING_PACKAGES = ("resvg-py", "pillow", "pyarrow", "datasets", "huggingface_hub", "numpy")


def package_versions() -> dict[str, str]:
    """Installed versions of the packages that affect built bytes."""
    versions = {}
    for name in BYTE_AFFECTING_PACKAGES:
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            versions[name] = "not installed"
    return versions


def new_manifest(family: str, repo_name: str) -> dict[str, Any]:
    """An empty manifest for a build of `family` with this package's versions."""
    return {
        "format": MANIFEST_FORMAT,
        "family": family,
        "repo_name": repo_name,
        "builder_version": __version__,
        "packages": package_versions(),
        "fonts": dict(sorted(PINNED_FONTS.items())),
        "configs": {},
        "files": {},
        "images": {},
    }


def write_manifest(folder: Path, manifest: dict[str, Any]) -> None:
    """Write the manifest with sorted keys and a trailing newline (stable bytes)."""
    text = json.dumps(manifest, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    (folder / MANIFEST_NAME).write_text(text, encoding="utf-8")


def read_manifest(folder: Path) -> dict[str, Any]:
    """Read and sanity-check a folder's manifest, or raise one clear VerifyError."""
    path = folder / MANIFEST_NAME
    if not path.is_file():
        raise VerifyError(f"{str(path)!r} does not exist; point to a folder written by `build`")
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise VerifyError(f"{str(path)!r} is not valid JSON ({error}); rebuild the folder") from None
    missing = {"format", "family", "configs", "files", "images"} - set(manifest)
    if not isinstance(manifest, dict) or missing:
        raise VerifyError(f"{str(path)!r} lacks {sorted(missing)}; rebuild the folder")
    if manifest["format"] != MANIFEST_FORMAT:
        raise VerifyError(
            f"{str(path)!r} has format {manifest['format']!r}, this tool reads {MANIFEST_FORMAT}; "
            "rebuild the folder with this version"
        )
    return manifest
