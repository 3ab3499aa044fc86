"""Typed errors of the `eval` package: every message is one sentence that names the problem and the fix."""


class EvalError(Exception):
    """Base class for every error `eval` raises on purpose."""


class UsageError(EvalError):
    """The user asked for something that does not exist (folder, config, split, family)."""


class PredictionsError(EvalError, ValueError):
    """A predictions file is missing or malformed."""
