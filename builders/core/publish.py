"""Publishing a built folder to the Hugging Face Hub as one commit and one immutable tag.

The folder is verified against its manifest first; then every file is added and
every remote shard the folder no longer has is deleted, in a single commit, which
is tagged with the release version. An existing tag is never moved. The Hub is
reached only through the `HfApi`-like object passed in, so tests can hand in a fake.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from builders.core.card import CARD_NAME
from builders.core.errors import BuilderError, UsageError
from builders.core.folder import BuiltFolder
from builders.core.manifest import MANIFEST_NAME

#: Whole-string patterns (used with `fullmatch`): ASCII digits and letters only, no trailing newline.
VERSION_PATTERN = re.compile(r"v[0-9]+\.[0-9]+\.[0-9]+", re.ASCII)
REPO_PATTERN = re.compile(r"[A-Za-z0-9][\w.-]*/[A-Za-z0-9][\w.-]*", re.ASCII)


class PublishError(BuilderError):
    """The Hub refused or failed an upload step."""


class HubApi(Protocol):
    """The part of `huggingface_hub.HfApi` that publishing uses."""

    def create_repo(self, repo_id: str, **kwargs: Any) -> Any: ...
    def list_repo_refs(self, repo_id: str, **kwargs: Any) -> Any: ...
    def list_repo_files(self, repo_id: str, **kwargs: Any) -> list[str]: ...
    def create_commit(self, repo_id: str, operations: list[Any], **kwargs: Any) -> Any: ...
    def create_tag(self, repo_id: str, **kwargs: Any) -> Any: ...


@dataclasses.dataclass(frozen=True)
class Release:
    """What is being published: a verified folder, where to, and under which tag."""

    folder: Path
    repo: str
    version: str
    private: bool
    files: tuple[str, ...]  # paths relative to the folder, in upload order
    configs: tuple[str, ...]
    builder_version: str
    #: The folder's edition seed (a fresh edition, its card says so); None: the canonical edition.
    edition: int | None = None

    def load_line(self) -> str:
        """The call users pin this release with."""
        config = self.configs[0] if self.configs else "<config>"
        return f'load_dataset("{self.repo}", "{config}", revision="{self.version}")'


def prepare_release(folder: Path, repo: str, version: str, *, private: bool = False) -> Release:
    """Check the arguments and list the folder's files (call `verify` before publishing)."""
    if not VERSION_PATTERN.fullmatch(version):
        raise UsageError(
            f"version {version!r} is not of the form vX.Y.Z (e.g. v1.0.0); pass --version vX.Y.Z"
        )
    if not REPO_PATTERN.fullmatch(repo):
        raise UsageError(f"repository {repo!r} is not of the form ORG/NAME; pass --repo ORG/NAME")
    refusal = hub_refusal(repo)
    if refusal:
        raise UsageError(f"the Hub refuses the repository name {repo!r} ({refusal}); pass another --repo")
    manifest = BuiltFolder(folder).manifest
    shards = sorted(manifest.files)
    return Release(
        folder=folder,
        repo=repo,
        version=version,
        private=private,
        files=(CARD_NAME, MANIFEST_NAME, *shards),
        configs=tuple(sorted(manifest.configs)),
        builder_version=manifest.builder_version,
        edition=manifest.edition,
    )


#: The longest organisation or dataset name the Hub accepts.
HUB_NAME_LENGTH = 96


def hub_refusal(repo: str) -> str | None:
    """Why the Hub would refuse `repo` (ORG/NAME), or None: huggingface_hub's own `validate_repo_id`,
    after the Hub's documented rules it does not check in every version."""
    from huggingface_hub.utils import HFValidationError, validate_repo_id

    longest = max(repo.split("/"), key=len)
    if len(longest) > HUB_NAME_LENGTH:
        return f"a name of {len(longest)} characters; at most {HUB_NAME_LENGTH}"
    if "--" in repo or ".." in repo:
        return "it holds '--' or '..'"
    if any(name.endswith((".", "-")) for name in repo.split("/")) or repo.endswith(".git"):
        return "a name ends with '.', '-' or '.git'"
    try:
        validate_repo_id(repo)
    except HFValidationError as error:
        return str(error).splitlines()[0][:200]
    return None


def describe_plan(release: Release) -> list[str]:
    """Every operation an upload would perform, as lines for a dry run (no network)."""
    edition = (
        "canonical"
        if release.edition is None
        else f"fresh, seed {release.edition} (its card says it was drawn fresh)"
    )
    lines = [f"edition: {edition}"]
    lines.append(
        f"create dataset repo {release.repo} if missing (private: {'yes' if release.private else 'no'})"
    )
    lines += [f"upload {path} ({(release.folder / path).stat().st_size} bytes)" for path in release.files]
    lines.append("delete every remote *.parquet file not listed above (stale shards; listed at upload time)")
    lines.append(f"commit all of the above as one commit: {commit_message(release)!r}")
    lines.append(f"tag that commit {release.version} (refused if the tag already exists)")
    return lines


def commit_message(release: Release) -> str:
    edition = "" if release.edition is None else f", fresh edition seed {release.edition}"
    return f"{release.folder.name} {release.version} (builder {release.builder_version}{edition})"


def publish(api: HubApi, release: Release, say: Callable[[str], None] = print) -> str:
    """Upload the release as one commit, tag it, and return the commit id."""
    from huggingface_hub import CommitOperationAdd, CommitOperationDelete

    kind = {"repo_type": "dataset"}
    try:
        api.create_repo(release.repo, private=release.private, exist_ok=True, **kind)
        tags = {ref.name: ref.target_commit for ref in api.list_repo_refs(release.repo, **kind).tags}
        remote = api.list_repo_files(release.repo, **kind)
    except Exception as error:
        raise PublishError(
            f"could not reach {release.repo} on the Hub ({_reason(error)}); nothing was uploaded"
        ) from None
    if release.version in tags:
        raise PublishError(
            f"tag {release.version} already exists on {release.repo} (commit {tags[release.version][:12]}); "
            "tags are never moved: publish under a new --version"
        )
    stale = sorted(path for path in remote if path.endswith(".parquet") and path not in release.files)
    operations: list[Any] = [
        CommitOperationAdd(path_in_repo=path, path_or_fileobj=str(release.folder / path))
        for path in release.files
    ]
    operations += [CommitOperationDelete(path_in_repo=path) for path in stale]
    say(f"uploading {len(release.files)} files and deleting {len(stale)} stale shards as one commit")
    try:
        commit = api.create_commit(release.repo, operations, commit_message=commit_message(release), **kind)
    except Exception as error:
        raise PublishError(
            f"the upload failed before anything was committed ({_reason(error)}); "
            "the Hub repo is unchanged, so it is safe to run the same command again"
        ) from None
    try:
        api.create_tag(
            release.repo,
            tag=release.version,
            revision=commit.oid,
            tag_message=commit_message(release),
            exist_ok=False,
            **kind,
        )
    except Exception as error:
        raise PublishError(
            f"commit {commit.oid[:12]} was uploaded but tagging it {release.version} failed "
            f"({_reason(error)}); run the same command again to upload and tag"
        ) from None
    return commit.oid


def _reason(error: Exception) -> str:
    """A one-line reason that never echoes credentials."""
    text = str(error).splitlines()[0] if str(error) else ""
    return f"{type(error).__name__}: {text}"[:300] if text else type(error).__name__
