"""Frozen specs: one JSON-serialisable dataclass per image.

A spec holds everything needed to draw one image. Its hash keys the image in
the manifest, and `from_dict(to_dict(spec)) == spec` lets `verify` re-render
any image from the manifest alone; an image read from the user's files needs
those files given again, as its spec names them only relative to their root
(`input_root`: the root is never published).
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from typing import Any, ClassVar, TypeVar

from builders.core.errors import SpecError
from builders.core.hashing import stable_hash

S = TypeVar("S", bound="Spec")

#: Field metadata key of an input root: which named input (`path` or an option) fills the field.
INPUT = "input"
#: The input name of `--source KIND PATH`'s PATH (the others are the options' names, e.g. "images").
SOURCE_PATH = "path"


def input_root(name: str) -> Any:
    """A spec field holding the local folder or file of the user's input `name`, e.g. `--images DIR`.

    It is never serialised or hashed: the manifest keeps names relative to the input, so nothing of
    the user's machine is published. A build fills it from its source, and `verify` from the same
    flags given again (`Spec.with_inputs`); a spec loaded from a manifest has it empty.
    """
    return dataclasses.field(default="", compare=False, repr=False, metadata={INPUT: name})


@dataclasses.dataclass(frozen=True, kw_only=True)
class Spec:
    """Base class for image specs. Subclasses are frozen, keyword-only dataclasses.

    `kind` names the subclass in serialised form so a manifest entry can be turned
    back into the right spec type.
    """

    kind: ClassVar[str] = "spec"
    #: The edition seed this image was drawn for (`build --seed N`); None: the canonical edition.
    #: Drawing code passes it to `rng_for`, so `verify` re-draws a fresh edition from its specs alone.
    edition: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready dict, tagged with the spec kind; a canonical spec names no edition."""
        data = {"kind": self.kind, **dataclasses.asdict(self)}
        for name in self.input_fields():
            del data[name]  # a local path: never published (see `input_root`)
        if data["edition"] is None:
            del data["edition"]  # so canonical specs, and their hashes, are what they always were
        return data

    @classmethod
    def from_dict(cls: type[S], data: Mapping[str, Any]) -> S:
        """Inverse of `to_dict`; rejects unknown or missing fields by name."""
        payload = dict(data)
        kind = payload.pop("kind", cls.kind)
        if kind != cls.kind:
            raise SpecError(f"expected a spec of kind {cls.kind!r}, got {kind!r}")
        names = {field.name for field in dataclasses.fields(cls)} - set(cls.input_fields())
        unknown = sorted(set(payload) - names)
        if unknown:
            raise SpecError(f"unknown field(s) {unknown} for spec kind {cls.kind!r}")
        hints = typing.get_type_hints(cls)
        for name, value in payload.items():
            if isinstance(value, list) and "tuple" in str(hints.get(name, "")):
                payload[name] = _to_tuple(value)
        try:
            return cls(**payload)
        except (TypeError, ValueError) as error:  # a field of the wrong type or shape (a hand edit)
            raise SpecError(f"cannot build spec kind {cls.kind!r} from {data!r}: {error}") from None

    @classmethod
    def input_fields(cls) -> dict[str, str]:
        """Field name -> the input it holds the root of, for every `input_root` field."""
        return {f.name: f.metadata[INPUT] for f in dataclasses.fields(cls) if INPUT in f.metadata}

    def with_inputs(self: S, roots: Mapping[str, str | None]) -> S:
        """This spec with its input roots filled from `roots` (input name -> local path)."""
        filled: dict[str, Any] = {name: roots.get(given) or "" for name, given in self.input_fields().items()}
        return dataclasses.replace(self, **filled) if filled else self

    def inputs_missing(self) -> list[str]:
        """The inputs this spec reads from the user's disk whose roots are not filled."""
        return [wanted for name, wanted in self.input_fields().items() if not getattr(self, name)]

    @property
    def spec_hash(self) -> str:
        """Stable hash of the spec's content."""
        return stable_hash(self.to_dict())


def expect_spec(spec: Spec, cls: type[S], config: str) -> S:
    """`spec` typed as `cls`, or a SpecError naming the config: a family handed another family's spec.

    >>> expect_spec(Spec(), Spec, "config").kind
    'spec'
    """
    if not isinstance(spec, cls):
        raise SpecError(f"{config} draws {cls.__name__}, got {type(spec).__name__}: {spec!r}")
    return spec


def _to_tuple(value: Any) -> Any:
    """JSON turns tuples into lists; turn them back, recursively."""
    if isinstance(value, list):
        return tuple(_to_tuple(item) for item in value)
    return value


class SpecRegistry:
    """Maps spec kinds to classes so manifest entries can be re-instantiated.

    >>> SpecRegistry(Spec).load({"kind": "spec", "edition": 3})
    Spec(edition=3)
    """

    def __init__(self, *classes: type[Spec]) -> None:
        self._kinds: dict[str, type[Spec]] = {}
        for cls in classes:
            if cls.kind in self._kinds and self._kinds[cls.kind] is not cls:
                raise SpecError(f"spec kind {cls.kind!r} is registered twice")
            self._kinds[cls.kind] = cls

    def load(self, data: Mapping[str, Any]) -> Spec:
        """Instantiate the spec a manifest entry describes."""
        kind = data.get("kind")
        if kind not in self._kinds:
            raise SpecError(f"unknown spec kind {kind!r}; known kinds: {sorted(self._kinds)}")
        return self._kinds[kind].from_dict(data)
