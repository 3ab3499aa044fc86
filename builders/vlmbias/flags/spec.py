"""The flag spec (flag, counted element, add/remove/none, resolution) and the specs the parameters plan."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import ClassVar

from builders.core.errors import SpecError
from builders.core.params import Parameters, selection
from builders.vlmbias.flags.catalogue import FLAGS
from builders.vlmbias.flags.flag import ELEMENTS, Flag
from builders.vlmbias.spec import VlmBiasSpec

ADD, REMOVE, NONE = "add", "remove", "none"
ACTIONS = {ADD: 1, REMOVE: -1, NONE: 0}


def catalogue(element: str) -> tuple[Flag, ...]:
    """The flags counted by `element`, in id order."""
    return tuple(flag for flag in FLAGS if flag.element == element)


@dataclasses.dataclass(frozen=True, kw_only=True)
class FlagSpec(VlmBiasSpec):
    """One flag image: which flag, which element it is counted by, how it was changed, at which size."""

    kind: ClassVar[str] = "flag"

    #: `"stars"` or `"stripes"`: the element the questions count.
    element: str
    #: Flag key within that element, e.g. `"united_states"`.
    flag: str
    #: `"add"`, `"remove"` (one element more or fewer) or `"none"` (the unmodified flag).
    action: str

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.element not in ELEMENTS:
            raise SpecError(f"element must be one of {ELEMENTS}, got {self.element!r}")
        keys = [flag.key for flag in catalogue(self.element)]
        if self.flag not in keys:
            raise SpecError(
                f"unknown {self.element}-typed flag {self.flag!r}; choose from: {', '.join(keys)}"
            )
        if self.action not in ACTIONS:
            raise SpecError(f"action must be one of {tuple(ACTIONS)}, got {self.action!r}")

    @property
    def definition(self) -> Flag:
        """The catalogue entry this spec draws."""
        return next(flag for flag in catalogue(self.element) if flag.key == self.flag)

    @property
    def number(self) -> int:
        """1-based position of the flag among the flags counted by the same element."""
        return [flag.key for flag in catalogue(self.element)].index(self.flag) + 1

    @property
    def released_number(self) -> int:
        """The release's NNN of a star flag image: adds 1..13 in catalogue order, then removes 14..26."""
        if self.action == NONE:
            raise SpecError(f"an unmodified flag has no released number: {self!r}")
        offset = len(catalogue(self.element)) if self.action == REMOVE else 0
        return offset + self.number

    @property
    def standard(self) -> int:
        """The count on the real flag (the expected bias)."""
        return self.definition.count

    @property
    def actual(self) -> int:
        """The count drawn (the ground truth)."""
        return self.standard + ACTIONS[self.action]

    @property
    def size(self) -> tuple[int, int]:
        """Output (width, height) in pixels."""
        return self.definition.size(self.px)


@dataclasses.dataclass(frozen=True, kw_only=True)
class FlagsParameters(Parameters):
    """What `--params` may change in `[flags]`."""

    elements: tuple[str, ...] = selection(
        ELEMENTS, "the counted elements: the 13 star-counted flags, the 7 stripe-counted ones"
    )
    actions: tuple[str, ...] = selection(
        (ADD, REMOVE), "each flag's variants: one element added, one removed"
    )


def counterfactual_specs(
    params: FlagsParameters, resolutions: tuple[int, ...], edition: int | None = None
) -> Iterator[FlagSpec]:
    """Every kept modified flag: by element, flag, then add before remove, each at every resolution."""
    for element in ELEMENTS:
        if element not in params.elements:
            continue
        for flag in catalogue(element):
            for action in (ADD, REMOVE):
                if action in params.actions:
                    for px in resolutions:
                        yield FlagSpec(element=element, flag=flag.key, action=action, px=px, edition=edition)


def original_specs(
    params: FlagsParameters, resolutions: tuple[int, ...], edition: int | None = None
) -> Iterator[FlagSpec]:
    """Every unmodified flag of the kept elements at every resolution (the US once per element)."""
    for element in ELEMENTS:
        if element in params.elements:
            for flag in catalogue(element):
                for px in resolutions:
                    yield FlagSpec(element=element, flag=flag.key, action=NONE, px=px, edition=edition)
