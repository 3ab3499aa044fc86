"""Gallery pages in a real browser: the bytes of every page and how long headless Chromium takes to open it.

Writes the gallery of a built folder with `python -m builders gallery` (timed as a whole process,
start-up included), then opens every page in Debian's headless Chromium (`tests/browser.py`) and
times each from the request to a laid-out page (load event done, then layout forced). Prints one
line per split (pages, largest page, slowest page) and the overall maximum. Run:

    .venv/bin/python benchmarks/gallery_pages.py build/aipsych [--out /tmp/aipsych-gallery]

Not a test: numbers depend on the machine; quote them, do not assert them.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser import headless_chromium, open_page  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="a built dataset folder, e.g. build/aipsych")
    parser.add_argument("--out", type=Path, help="where the gallery goes (default: a temporary folder)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="gallery-bench-") as scratch:
        out = args.out or Path(scratch) / "gallery"
        start = time.perf_counter()
        command = [
            sys.executable,
            "-m",
            "builders",
            "gallery",
            str(args.folder),
            "--out",
            str(out),
            "--no-progress",
        ]
        subprocess.run(command, check=True, cwd=ROOT)
        print(f"gallery written in {time.perf_counter() - start:.1f} s (whole process)")
        browser = headless_chromium(Path(scratch) / "profile")
        try:
            worst_bytes, worst_seconds = 0, 0.0
            for split_page in sorted(out.glob("*/*.html")):
                if "~" in split_page.name:
                    continue  # a later page of a split: measured with its first page below
                stem = split_page.stem
                pages = [split_page, *sorted(split_page.parent.glob(f"{stem}~*.html"), key=_number)]
                sizes, seconds = [], []
                for page in pages:
                    begin = time.perf_counter()
                    open_page(browser, page.as_uri())
                    browser.execute_script("return document.body.getBoundingClientRect().height")
                    seconds.append(time.perf_counter() - begin)
                    sizes.append(page.stat().st_size)
                worst_bytes, worst_seconds = max(worst_bytes, *sizes), max(worst_seconds, *seconds)
                where = split_page.relative_to(out).with_suffix("").as_posix()
                print(
                    f"{where}: {len(pages)} pages, largest {max(sizes) / 1e6:.2f} MB, "
                    f"slowest {max(seconds):.2f} s, median {sorted(seconds)[len(seconds) // 2]:.2f} s"
                )
            print(f"every page: at most {worst_bytes / 1e6:.2f} MB and {worst_seconds:.2f} s")
        finally:
            browser.quit()


def _number(page: Path) -> int:
    return int(page.stem.rsplit("~", 1)[1])


if __name__ == "__main__":
    main()
