"""The allocator setting: image-sized buffers are reused, not faulted in afresh for every image."""

from __future__ import annotations

import subprocess
import sys

import pytest

from builders.core.allocator import keep_freed_memory

#: 200 images, each holding three 4 MB buffers at once (PNG, rows, pixels) and then freeing them;
#: prints the minor page faults it cost. Freed together they exceed glibc's default trim threshold.
CHURN = """
import resource, sys
from builders.core.allocator import keep_freed_memory
if sys.argv[1] == "kept":
    assert keep_freed_memory()
before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
for index in range(200):
    buffers = [bytearray(4 * 2**20) for _ in range(3)]
    for buffer in buffers:
        buffer[::4096] = b"x" * len(buffer[::4096])  # touch every page
    del buffers, buffer
print(resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before)
"""


def page_faults(mode: str) -> int:
    result = subprocess.run([sys.executable, "-c", CHURN, mode], capture_output=True, text=True, check=True)
    return int(result.stdout)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's mallopt")
def test_freed_image_buffers_are_reused_instead_of_faulted_in_again():
    default, kept = page_faults("default"), page_faults("kept")
    assert default > 200 * 1024  # every round faults its pages in again
    assert kept < default / 20


def test_the_setting_is_safe_to_repeat():
    assert keep_freed_memory() == keep_freed_memory()
