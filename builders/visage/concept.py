"""Declarative catalogue entries: a category, its norms, and the named exceptions that break them.

One `Concept` per category (`concepts/<key>.py`). A norm is a generic ("clocks
have hands") with the surface form its questions need and the attribute that
makes it visible; an exception is a real, named subcategory ("digital clock")
that lacks the attribute, with the drawer variant that shows it, the fact that
makes it an exception, and the norms whose violation its name states
("maneless lion"). Each (norm, exception) pair the exception lists is one
VISaGE tuple.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from typing import Any

from builders.core.errors import SpecError
from builders.visage.drawing import Drawer, Point
from builders.visage.predicates import PREDICATES, VisageTuple

_KEY = re.compile(r"[a-z][a-z0-9_]*")

#: What a category is about, so the catalogue is not all animals (issue 31 names these).
DOMAINS = ("animals", "plants and produce", "artefacts", "vehicles", "signs", "food", "body", "nature")


@dataclasses.dataclass(frozen=True)
class Noun:
    """A name in both numbers; `aliases` are other names a recognition answer may use."""

    singular: str
    plural: str
    aliases: tuple[str, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        """Every accepted way to name it: singular, plural, then the aliases."""
        return (self.singular, self.plural, *self.aliases)


@dataclasses.dataclass(frozen=True)
class Expect:
    """What a typical image shows: a count of at least / exactly `value`, or a colour family.

    >>> Expect("exactly", 6).holds(6), Expect("at_least", 1).holds(0), Expect("colour", "red").holds("red")
    (True, False, True)
    """

    kind: str
    value: int | str

    def holds(self, measured: int | str) -> bool:
        if self.kind == "exactly":
            return measured == self.value
        if self.kind == "at_least":
            return isinstance(measured, int) and isinstance(self.value, int) and measured >= self.value
        if self.kind == "colour":
            return measured == self.value
        raise SpecError(f"unknown expectation kind {self.kind!r}; use exactly, at_least or colour")


def exactly(count: int) -> Expect:
    return Expect("exactly", count)


def at_least(count: int) -> Expect:
    return Expect("at_least", count)


def is_colour(name: str) -> Expect:
    return Expect("colour", name)


@dataclasses.dataclass(frozen=True)
class Framing:
    """A closer view for a norm whose attribute is small in the whole object (an elephant's tusks):
    the drawing is magnified `zoom` times about `focus` (local object units), so the object may
    run off the picture's edges while the attribute is seen large."""

    focus: Point
    zoom: float

    def __post_init__(self) -> None:
        if not 1.0 < self.zoom <= 3.0:
            raise SpecError(f"a framing zooms in by more than 1 and at most 3, not {self.zoom!r}")


@dataclasses.dataclass(frozen=True)
class Norm:
    """A generic about the category: its predicate surface form and the attribute that shows it.

    `attribute` is the concept-question form ("manes"), `attribute_sg` the instance form when it
    differs ("a mane"); `measure` names the drawer's measurable attribute and `expect` what typical
    images show of it. `fine_detail` marks an attribute too fine to count at the usual size (a
    guitar's strings side by side): its images are drawn at the counting resolution
    (`params.VisageParameters.counting_resolution`). `framing` draws its images closer (`Framing`).
    """

    key: str
    predicate: str
    attribute: str
    measure: str
    expect: Expect
    attribute_sg: str | None = None
    fine_detail: bool = False
    framing: Framing | None = None


@dataclasses.dataclass(frozen=True)
class Subcategory:
    """A named exception: a real subcategory lacking the attribute of each norm in `norms`.

    `fact` is what makes it an exception, as a reference would state it ("Tsavo lions are
    maneless or nearly so"); `reveals` lists the norms whose violation the name itself states
    ("maneless lion", "seven-string guitar"), which make its exception-named questions
    answerable from the text alone.
    """

    key: str
    name: Noun
    norms: tuple[str, ...]
    variant: Any
    #: Palette role -> candidate hexes that replace the drawer's (a green banana's body).
    palette: Mapping[str, tuple[str, ...]] = dataclasses.field(default_factory=dict)
    fact: str = ""
    reveals: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True)
class PoseRange:
    """How far poses of this concept may vary: rotation in degrees, scale, mirror image."""

    max_rotation: float = 12.0
    min_scale: float = 0.78
    max_scale: float = 1.0
    flip: bool = True


@dataclasses.dataclass(frozen=True)
class Concept:
    """One category: its name, its drawer and typical variant, its norms and exceptions."""

    key: str
    name: Noun
    drawer: Drawer[Any, Any]
    typical: Any
    norms: tuple[Norm, ...]
    exceptions: tuple[Subcategory, ...]
    palette: Mapping[str, tuple[str, ...]] = dataclasses.field(default_factory=dict)
    pose: PoseRange = PoseRange()
    domain: str = ""

    def __post_init__(self) -> None:
        keys = [self.key, *(n.key for n in self.norms), *(e.key for e in self.exceptions)]
        for key in keys:
            if not _KEY.fullmatch(key):
                raise SpecError(f"concept key {key!r} must be lower-case letters, digits and underscores")
        if self.domain not in DOMAINS:
            raise SpecError(f"concept {self.key} has domain {self.domain!r}; choose from {DOMAINS}")
        norms = {norm.key for norm in self.norms}
        for norm in self.norms:
            if norm.predicate not in PREDICATES:
                raise SpecError(f"norm {self.key}.{norm.key} has unknown predicate {norm.predicate!r}")
        for exception in self.exceptions:
            unknown = sorted(set(exception.norms) - norms)
            if unknown or not exception.norms:
                raise SpecError(f"exception {self.key}.{exception.key} names unknown norms {unknown}")
            if set(exception.reveals) - set(exception.norms):
                raise SpecError(
                    f"exception {self.key}.{exception.key} reveals norms it does not break: "
                    f"{sorted(set(exception.reveals) - set(exception.norms))}"
                )
            if not exception.fact.strip():
                raise SpecError(
                    f"exception {self.key}.{exception.key} cites no fact; "
                    "state what makes it an exception in `fact`"
                )
        roles = {role.name for role in self.drawer.roles}
        for overrides in (self.palette, *(e.palette for e in self.exceptions)):
            if set(overrides) - roles:
                raise SpecError(
                    f"{self.key}: palette overrides {sorted(set(overrides) - roles)} are no roles"
                )

    def norm(self, key: str) -> Norm:
        return next(norm for norm in self.norms if norm.key == key)

    def exception(self, key: str) -> Subcategory:
        return next(exception for exception in self.exceptions if exception.key == key)

    def variant(self, exception: str | None) -> Any:
        """The drawer variant of the typical category (None) or of one exception."""
        return self.typical if exception is None else self.exception(exception).variant

    def tuples(self) -> list[VisageTuple]:
        """This concept's (norm, exception) tuples, in declaration order of the exceptions."""
        return [self.tuple(norm, exception.key) for exception in self.exceptions for norm in exception.norms]

    def tuple(self, norm_key: str, exception_key: str) -> VisageTuple:
        norm, exception = self.norm(norm_key), self.exception(exception_key)
        return VisageTuple.from_norm(
            tuple_id=f"{self.key}-{norm.key}-{exception.key}",
            norm_id=f"{self.key}-{norm.key}",
            category=(self.name.singular, self.name.plural),
            exception=(exception.name.singular, exception.name.plural),
            predicate=norm.predicate,
            attribute=norm.attribute,
            attribute_sg=norm.attribute_sg,
            category_names=self.name.names,
            exception_names=exception.name.names,
            name_reveals=norm.key in exception.reveals,
        )
