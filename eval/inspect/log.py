"""Replies from an inspect_ai log, so `python -m eval score --predictions run.eval` gives the full JSON.

inspect writes one log per task run (`.eval`, or indented `.json` with `--log-format json`); each sample is a
row of the split (its id is the row's `id`) and its reply is the model's final completion. Samples
that ended in an error have no reply and are left out (`eval score` lists their rows as missing). A
log whose run did not succeed (`inspect eval` exits 0 even when its task stopped on an error, e.g.
"no samples completed" because the model could not be reached) is refused with inspect's reason.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

from builders.core.bounded_json import safe_text, too_deep
from eval.errors import PredictionsError
from eval.jsontext import MAX_DEPTH
from eval.zipcheck import zip_problem


def is_inspect_log(path: Path) -> bool:
    """A `.eval` file, or a `.json` file laid out as inspect writes one (an indented object, so its
    first line is a lone "{"; a JSONL file named .json has a whole object on its first line)."""
    if path.suffix == ".eval":
        return True
    if path.suffix != ".json":
        return False
    try:
        with path.open("rb") as file:
            return file.readline(64).strip() == b"{"
    except OSError:
        return False


def read_log_replies(path: Path) -> dict[str, str]:
    """`{row id: reply}` of the samples of the inspect log at `path`.

    Raises:
        PredictionsError: inspect-ai is not installed, the file is missing or not an inspect log, or the
            run asked each sample more than once (`--epochs`), which leaves no single reply per row.
    """
    try:
        from inspect_ai.log import read_eval_log
    except ImportError:
        raise PredictionsError(
            f"{str(path)!r} is an inspect log; reading it needs inspect-ai (pip install inspect-ai)"
        ) from None
    if not path.is_file():
        state = "is a folder, not a file" if path.is_dir() else "does not exist"
        raise PredictionsError(f"predictions file {str(path)!r} {state}; pass the log inspect wrote")
    problem = _problem(path)
    if problem:
        raise PredictionsError(f"inspect log {str(path)!r} {problem}; pass the log `inspect eval` wrote")
    try:
        log = read_eval_log(str(path), exclude_fields={"messages", "events", "store", "attachments"})
    except Exception as error:  # inspect raises many kinds for a foreign or damaged file
        raise PredictionsError(
            f"{str(path)!r} is not a readable inspect log ({type(error).__name__}); pass the .eval or .json "
            "log `inspect eval` wrote"
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
    return {
        safe_text(str(sample.id)): safe_text(sample.output.completion)
        for sample in log.samples or ()
        if sample.error is None
    }


def _problem(path: Path) -> str | None:
    """Why the log is refused before inspect reads it: a zip bomb (`zip_problem`), or JSON nested
    more than MAX_DEPTH deep, which inspect's streaming reader pays for in gigabytes (`too_deep`)."""
    try:
        if path.suffix != ".eval":
            return _depth_problem(path.name, path.read_bytes())
        problem = zip_problem(path)
        if problem:
            return problem
        with zipfile.ZipFile(path) as archive:
            for member in archive.infolist():
                if member.filename.endswith(".json"):
                    problem = _depth_problem(member.filename, archive.read(member))
                    if problem:
                        return problem
    except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError):
        return None  # damage inspect names itself
    return None


def _depth_problem(name: str, data: bytes) -> str | None:
    if too_deep(data, MAX_DEPTH):
        return f"holds {name!r}, JSON nested more than {MAX_DEPTH} levels deep"
    return None
