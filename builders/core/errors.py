"""Typed errors: every message is one sentence that names the problem and the fix."""


class BuilderError(Exception):
    """Base class for every error the builders raise on purpose."""


class SpecError(BuilderError, ValueError):
    """A spec or a declarative entry is malformed."""


class RenderError(BuilderError):
    """Rasterising a scene failed or produced an image that breaks its own contract."""


class UsageError(BuilderError):
    """The user asked for something that does not exist (family, config, preset, path)."""


class VerifyError(BuilderError):
    """A built folder does not match its manifest."""
