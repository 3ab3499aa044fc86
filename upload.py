"""Publish a built dataset folder to the Hugging Face Hub as a tagged version.

    python upload.py build/vlmbias --repo ORG/vlmbias --version v1.0.0 [--dry-run] [--private]

The folder is verified against its manifest first. The token comes from the
environment (HF_TOKEN) or `hf auth login`; it is never printed.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from builders.core.interrupts import EXIT_INTERRUPTED, exit_on_interrupt, exit_with, raise_on_interrupt

if TYPE_CHECKING:
    from builders.core.publish import Release


def main(argv: list[str] | None = None, api: object | None = None) -> int:
    """Run the upload; `api` lets tests pass a fake `HfApi`."""
    # Imported here, not above: `python upload.py` installs its Ctrl-C handler before these load.
    from builders.core.atomic import reading
    from builders.core.errors import BuilderError
    from builders.core.publish import prepare_release

    parser = argparse.ArgumentParser(prog="upload.py", description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="a built dataset folder, e.g. build/vlmbias")
    parser.add_argument("--repo", required=True, help="Hub dataset repository, ORG/NAME")
    parser.add_argument("--version", required=True, help="release tag, vX.Y.Z; existing tags are never moved")
    parser.add_argument("--dry-run", action="store_true", help="print every operation; touch no network")
    parser.add_argument("--private", action="store_true", help="create the repository as private")
    parser.add_argument("--no-redraw", action="store_true", help="verify without re-drawing every image")
    args = parser.parse_args(argv)
    raise_on_interrupt()
    try:
        release = prepare_release(args.folder, args.repo, args.version, private=args.private)
        with reading(Path(os.path.abspath(args.folder)), "upload"):  # no build swaps it meanwhile
            return _verify_and_publish(args, release, api)
    except BuilderError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(
            "error: interrupted; run the same command again (the Hub never holds half a commit)",
            file=sys.stderr,
        )
        return EXIT_INTERRUPTED


def _verify_and_publish(args: argparse.Namespace, release: Release, api: object | None) -> int:
    """Verify the folder, then print the plan (dry run) or publish it."""
    from builders.core.folder import BuiltFolder
    from builders.core.publish import describe_plan, publish
    from builders.core.verify import verify
    from builders.families import family_of

    folder = BuiltFolder(args.folder)
    report = verify(folder, family_of(folder), redraw=not args.no_redraw)
    for note in report.notes:
        print(f"note: {note}", file=sys.stderr)
    if not report.ok:
        for problem in report.problems:
            print(f"FAIL {problem}", file=sys.stderr)
        print(
            f"error: {args.folder} does not match its manifest; rebuild it before uploading",
            file=sys.stderr,
        )
        return 1
    if args.dry_run:
        print(f"dry run: nothing will be sent to the Hub. Plan for {release.repo}:")
        for line in describe_plan(release):
            print(f"  {line}")
        print(f"users would pin it with: {release.load_line()}")
        return 0
    if api is None:
        from huggingface_hub import HfApi

        api = HfApi()
    commit = publish(api, release)
    print(f"published {release.repo} {release.version} (commit {commit[:12]})")
    print(f"pin it with: {release.load_line()}")
    return 0


if __name__ == "__main__":
    exit_on_interrupt("interrupted; nothing was uploaded")
    exit_with(main())
