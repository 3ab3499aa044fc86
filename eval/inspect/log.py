"""Replies from an inspect_ai log, so `python -m eval score --predictions run.eval` gives the full JSON.

inspect writes one log per task run (`.eval`, or indented `.json` with `--log-format json`); each sample is a
row of the split (its id is the row's `id`) and its reply is the model's final completion. Samples
that ended in an error have no reply and are left out (`eval score` lists their rows as missing).

inspect trusts what it reads, so the log is checked first, under the user-file rules
(`builders.core.user_files`: a regular file, within `MAX_LOG_BYTES`): a `.eval` zip has every member
inflated within bounds (`eval.zipcheck`: none may inflate past the size its directory declares, so a
455 KB log can no longer unpack to gigabytes inside inspect), and no JSON in it may nest deeper
than `MAX_DEPTH`. A log with a sample id twice is refused, as JSONL refuses a repeated id.
A log whose run did not succeed (`inspect eval` exits 0 even when its task stopped on an error, e.g.
"no samples completed" because the model could not be reached) is refused with inspect's reason.
"""

from __future__ import annotations

import io
import os
from collections import Counter
from pathlib import Path
from typing import Any

from builders.core.bounded_json import safe_text, too_deep
from builders.core.errors import shown
from builders.core.user_files import opened, read_bytes
from eval.errors import PredictionsError
from eval.jsontext import MAX_DEPTH
from eval.zipcheck import BoundedZip, NotAZip, ZipProblem

#: The largest log read: a `.eval` zip holds its samples compressed; a `.json` log is read whole.
MAX_LOG_BYTES = {".eval": 2 << 30, ".json": 512 << 20}
FIX = "pass the .eval or .json log `inspect eval` wrote"


def is_inspect_log(path: Path) -> bool:
    """A `.eval` file, or a regular `.json` file laid out as inspect writes one (an indented object,
    so its first line is a lone "{"; a JSONL file named .json has a whole object on its first line)."""
    if path.suffix == ".eval":
        return True
    if path.suffix != ".json":
        return False
    try:
        with opened(path, "log", error=OSError) as file:
            return file.readline(64).strip() == b"{"
    except OSError:
        return False


def read_log_replies(path: Path, role: str = "predictions file") -> dict[str, str]:
    """`{row id: reply}` of the samples of the inspect log at `path`.

    Raises:
        PredictionsError: inspect-ai is not installed, the file is not a regular file within the cap,
            not an inspect log, breaks a bound, repeats a sample id, or the run asked each sample more
            than once (`--epochs`), which leaves no single reply per row.
    """
    name = f"{role} {str(path)!r}"
    cap = MAX_LOG_BYTES[path.suffix]
    source: Any
    if path.suffix == ".json":
        source = io.BytesIO(read_bytes(path, name, FIX, max_bytes=cap, error=PredictionsError))
        problem = _depth_problem(path.name, source.getvalue())
    else:
        with opened(path, name, FIX, PredictionsError) as handle:
            if os.fstat(handle.fileno()).st_size > cap:
                raise PredictionsError(
                    f"{name} is over {cap >> 20:,} MiB, too large for an inspect log; {FIX}"
                )
            problem = _problem(handle)
        source = str(path)
    if problem:
        raise PredictionsError(f"{name} {problem}; {FIX}")
    try:  # once the file is known to be safe to hand over (inspect takes a second to import)
        from inspect_ai.log import read_eval_log
    except ImportError:
        raise PredictionsError(
            f"{str(path)!r} is an inspect log; reading it needs inspect-ai (pip install inspect-ai)"
        ) from None
    try:
        log = read_eval_log(
            source,
            format="eval" if path.suffix == ".eval" else "json",
            exclude_fields={"messages", "events", "store", "attachments"},
        )
    except Exception as error:  # inspect raises many kinds for a foreign or damaged file
        raise PredictionsError(
            f"{str(path)!r} is not a readable inspect log ({type(error).__name__}); {FIX}"
        ) from None
    if log.status != "success":
        reason = f": {log.error.message.strip().splitlines()[-1][:200]}" if log.error else ""
        raise PredictionsError(
            f"inspect log {str(path)!r} is of a run that ended with status {log.status!r}{reason}; "
            "fix what stopped it and run `inspect eval` again"
        )
    epochs = log.eval.config.epochs or 1
    if epochs > 1:
        raise PredictionsError(
            f"{str(path)!r} asked every sample {epochs} times (--epochs {epochs}); score a run with one epoch"
        )
    samples = log.samples or ()
    repeated = [key for key, count in Counter(str(sample.id) for sample in samples).items() if count > 1]
    if repeated:
        raise PredictionsError(
            f"inspect log {str(path)!r} holds sample id {shown(repeated[0])} more than once, which leaves no "
            f"single reply for its row; {FIX}"
        )
    return {
        safe_text(str(sample.id)): safe_text(sample.output.completion)
        for sample in samples
        if sample.error is None
    }


def _problem(handle: Any) -> str | None:
    """Why a `.eval` log is refused before inspect reads it: a member breaking a bound of
    `eval.zipcheck` as it inflates, or JSON nested more than MAX_DEPTH deep, which inspect's
    streaming reader pays for in gigabytes (`too_deep`)."""
    try:
        archive = BoundedZip(handle)
        for info in archive.entries:
            if not info.filename.endswith(".json"):
                for _ in archive.inflate(info):  # inflated only to be measured
                    pass
                continue
            problem = _depth_problem(info.filename, b"".join(archive.inflate(info)))
            if problem:
                return problem
    except NotAZip as problem:
        return f"is not a readable inspect log ({str(problem).removeprefix('is ')})"
    except ZipProblem as problem:
        return str(problem)
    return None


def _depth_problem(name: str, data: bytes) -> str | None:
    if too_deep(data, MAX_DEPTH):
        return f"holds {name!r}, JSON nested more than {MAX_DEPTH} levels deep"
    return None
