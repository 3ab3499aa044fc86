"""Typed errors of the `eval` package: every message is one sentence that names the problem and the fix."""


class EvalError(Exception):
    """Base class for every error `eval` raises on purpose."""


class UsageError(EvalError):
    """The user asked for something that does not exist (folder, config, split, family)."""


class PredictionsError(EvalError, ValueError):
    """A predictions file is missing or malformed."""


#: lmms-eval's trap: a failed task still ends the run with exit status 0 unless `--verbosity DEBUG`.
LMMS_EVAL_EXIT_TRAP = (
    "lmms-eval 0.7.3 exits with status 0 when a task fails unless run with --verbosity DEBUG"
)


class TaskError(EvalError, ValueError):
    """An error one of our lmms-eval tasks raises inside lmms-eval: its message ends with the exit trap.

    lmms-eval prints it and, without `--verbosity DEBUG`, still exits 0, so a script or CI job that
    checks the exit status would take the run for a success; the message says so where it is read.
    """

    def __init__(self, message: str) -> None:
        super().__init__(f"{message} (note: {LMMS_EVAL_EXIT_TRAP}, so check for this error in its log)")


class InputWarning(UserWarning):
    """A user's file was read, but not as plainly as it looks (replies saved as spreadsheet formulas,
    a judge's answers that never parsed): `python -m eval` prints each as one `warning:` line when the
    command succeeds."""
