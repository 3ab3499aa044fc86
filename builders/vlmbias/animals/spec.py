"""The animal spec (species, legs drawn, resolution) and the specs the parameters plan."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import ClassVar

from builders.core.errors import SpecError
from builders.core.params import Parameters, selection
from builders.vlmbias.animals.catalogue import CATALOGUE
from builders.vlmbias.animals.species import BIRD, MAMMAL, Species
from builders.vlmbias.spec import VlmBiasSpec

#: Output height / width: every animal scene is 4:3 landscape.
ASPECT = (4, 3)


@dataclasses.dataclass(frozen=True, kw_only=True)
class AnimalSpec(VlmBiasSpec):
    """One animal image: which species, how many legs are drawn, at which resolution."""

    kind: ClassVar[str] = "animal"

    #: Species name as released, a key of `CATALOGUE` (e.g. `"Arctic Fox"`).
    species: str
    #: Legs drawn: the standard count (2 or 4, original) or one more (3 or 5, counterfactual).
    legs: int

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.species not in CATALOGUE:
            raise SpecError(f"unknown animal {self.species!r}; use a name of the catalogue, e.g. 'Horse'")
        standard = self.entry.legs
        if isinstance(self.legs, bool) or self.legs not in (standard, standard + 1):
            raise SpecError(
                f"a {self.species} is drawn with {standard} legs (original) or {standard + 1} "
                f"(counterfactual), got {self.legs!r}"
            )

    @property
    def entry(self) -> Species:
        """The species entry this spec draws."""
        return CATALOGUE[self.species]

    @property
    def is_original(self) -> bool:
        """Whether the animal has its standard number of legs."""
        return self.legs == self.entry.legs

    @property
    def size(self) -> tuple[int, int]:
        """Output (width, height) in pixels: C x 3C/4."""
        return self.px, self.px * ASPECT[1] // ASPECT[0]


CLASSES = (BIRD, MAMMAL)


@dataclasses.dataclass(frozen=True, kw_only=True)
class AnimalsParameters(Parameters):
    """What `--params` may change in `[animals]`."""

    classes: tuple[str, ...] = selection(
        CLASSES, "the animals drawn: birds (3 legs drawn, 2 expected) and mammals (5 drawn, 4 expected)"
    )


def _entries(params: AnimalsParameters) -> list[Species]:
    return [entry for entry in CATALOGUE.values() if entry.group in params.classes]


def counterfactual_specs(
    params: AnimalsParameters, resolutions: tuple[int, ...], edition: int | None = None
) -> Iterator[AnimalSpec]:
    """Every kept animal with one added leg, in release order, each at every resolution."""
    for entry in _entries(params):
        for px in resolutions:
            yield AnimalSpec(species=entry.name, legs=entry.legs + 1, px=px, edition=edition)


def original_specs(
    params: AnimalsParameters, resolutions: tuple[int, ...], edition: int | None = None
) -> Iterator[AnimalSpec]:
    """Every kept animal with its standard legs, in release order, each at every resolution."""
    for entry in _entries(params):
        for px in resolutions:
            yield AnimalSpec(species=entry.name, legs=entry.legs, px=px, edition=edition)
