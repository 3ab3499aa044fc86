"""What the dry-run model costs: start-up (indexing builds) and requests answered per second.

Start-up: `python -m eval policy-server --data FOLDER --policy truth --port 0` as a fresh process per
folder, from launch to the line with its URL: wall seconds, the server's CPU seconds (user + sys, from
/proc) and its resident memory then; `--repeat` runs, the fastest counts.

Throughput: one server (`--policy truth`) over the lite builds of every family; every row of each
family's default config and split asked once, as lmms-eval sends it (the stored PNG as a data URI,
the prompt; VI-Probe's instructions as a system message), by N client threads, requests encoded
beforehand: requests per second over the wall time, and the server's CPU milliseconds per request.
Again with every image re-encoded as JPEG (quality 75), as VLMEvalKit's GPT-4V wrapper sends it,
which the server places by comparing images (the first JPEG of a shard also reads its images).

    .venv/bin/python benchmarks/policy_server.py --lite build/lite --startup build/paper/vi-probe \\
        [--startup build/paper/aipsych] [--clients 1 --clients 4] [--repeat 3]

Not a test: numbers depend on the machine; quote them, do not assert them.
"""

from __future__ import annotations

import argparse
import base64
import io
import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from builders.core.folder import BuiltFolder  # noqa: E402

#: Each family's build folder under --lite and the config and split asked.
SPLITS = {
    "vlmbias": ("vlmbias", "all", "main"),
    "viprobe": ("vi-probe", "all", "test"),
    "aipsych": ("aipsych", "synthetic", "test"),
    "visage": ("visage", "drawn", "test"),
    "illusionbench": ("illusionbench-plus", "drawn", "test"),
}
TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def rss_mib(pid: int) -> float:
    return int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def start(folders: list[Path]) -> tuple[subprocess.Popen[str], str, float]:
    """A server over `folders`: its process, the line it printed when ready, and the wall seconds to it."""
    command = [sys.executable, "-m", "eval", "policy-server", "--policy", "truth", "--port", "0"]
    for folder in folders:
        command += ["--data", str(folder)]
    began = time.perf_counter()
    server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert server.stdout is not None
    line = server.stdout.readline()
    if not line.startswith("policy server: "):
        raise SystemExit(f"the server did not start: {line}{server.stdout.read()}")
    return server, line, time.perf_counter() - began


def stop(server: subprocess.Popen[str]) -> None:
    server.terminate()
    server.wait(timeout=60)


def startup(folder: Path, repeat: int) -> None:
    runs = []
    for _ in range(repeat):
        server, line, wall = start([folder])
        runs.append((wall, cpu_seconds(server.pid), rss_mib(server.pid)))
        stop(server)
    indexed = line.split("; ", 1)[1].split(" from ")[0]  # "28710 rows of viprobe"
    wall, cpu, rss = min(r[0] for r in runs), min(r[1] for r in runs), max(r[2] for r in runs)
    print(f"| {folder.name} | {indexed} | {wall:.1f} s | {cpu:.1f} s | {rss:.0f} MiB |", flush=True)


def requests(lite: Path, jpeg: bool) -> dict[str, list[bytes]]:
    """Family -> the encoded request bodies of every row of its default config and split."""
    found: dict[str, list[bytes]] = {}
    for family, (name, config, split) in SPLITS.items():
        bodies = []
        for row in BuiltFolder(lite / name).rows(config, split):
            image, mime = row["image"]["bytes"], "image/png"
            if jpeg:
                buffer = io.BytesIO()
                with Image.open(io.BytesIO(image)) as decoded:
                    decoded.convert("RGB").save(buffer, "JPEG", quality=75)
                image, mime = buffer.getvalue(), "image/jpeg"
            uri = f"data:{mime};base64,{base64.b64encode(image).decode()}"
            messages = (
                [{"role": "system", "content": row["system_prompt"]}] if row.get("system_prompt") else []
            )
            content = [
                {"type": "image_url", "image_url": {"url": uri}},
                {"type": "text", "text": row["prompt"]},
            ]
            messages.append({"role": "user", "content": content})
            bodies.append(json.dumps({"model": "MODEL", "messages": messages}).encode())
        found[family] = bodies
    return found


def send(url: str, body: bytes) -> int:
    request = urllib.request.Request(
        f"{url}/chat/completions", data=body, headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=120) as answer:
            answer.read()
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code


def throughput(lite: Path, clients: list[int]) -> None:
    folders = [lite / name for name, _, _ in SPLITS.values()]
    for jpeg in (False, True):
        bodies = requests(lite, jpeg)
        server, line, _ = start(folders)
        url = line.split()[2]
        try:
            for count in clients:
                for family, batch in bodies.items():
                    cpu = cpu_seconds(server.pid)
                    began = time.perf_counter()
                    with ThreadPoolExecutor(count) as pool:
                        statuses = list(pool.map(send, [url] * len(batch), batch))
                    wall = time.perf_counter() - began
                    used = cpu_seconds(server.pid) - cpu
                    refused = sum(status != 200 for status in statuses)
                    print(
                        f"| {family} | {'JPEG' if jpeg else 'PNG'} | {count} | {len(batch):,} | "
                        f"{len(batch) / wall:.0f} | {1000 * used / len(batch):.1f} | {refused} |",
                        flush=True,
                    )
        finally:
            stop(server)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lite", type=Path, help="folder of the lite builds (build/lite)")
    parser.add_argument(
        "--startup", type=Path, action="append", default=[], help="a build to time start-up on"
    )
    parser.add_argument("--clients", type=int, action="append", help="client threads (default 1 and 4)")
    parser.add_argument("--repeat", type=int, default=3, help="start-ups per folder; the fastest counts")
    args = parser.parse_args()
    if args.startup:
        print("| build | indexed | wall to ready | CPU (user + sys) | resident |")
        print("|---|---|---|---|---|")
        for folder in args.startup:
            startup(folder, args.repeat)
    if args.lite:
        print("\n| family | images | clients | requests | per second | server CPU ms per request | refused |")
        print("|---|---|---|---|---|---|---|")
        throughput(args.lite, args.clients or [1, 4])


if __name__ == "__main__":
    main()
