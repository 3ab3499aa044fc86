"""The animal spec (species, legs drawn, resolution) and the specs each preset plans."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import ClassVar

from builders.core.errors import SpecError, UsageError
from builders.vlmbias.animals.catalogue import CATALOGUE
from builders.vlmbias.animals.species import Species
from builders.vlmbias.spec import RESOLUTIONS, VlmBiasSpec

#: preset -> (one-line description, resolutions drawn).
PRESETS: dict[str, tuple[str, tuple[int, ...]]] = {
    "paper": ("91 animals (23 birds, 68 mammals) with one added leg at 384, 768 and 1152 px", RESOLUTIONS),
    "lite": ("the same 91 animals at 384 px only", (384,)),
}

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


def resolutions(preset: str) -> tuple[int, ...]:
    """The resolutions a preset draws."""
    if preset not in PRESETS:
        raise UsageError(f"unknown preset {preset!r} for animals; choose from: {', '.join(PRESETS)}")
    return PRESETS[preset][1]


def counterfactual_specs(preset: str) -> Iterator[AnimalSpec]:
    """Every animal with one added leg, in release order, each at every resolution of the preset."""
    pixels = resolutions(preset)
    for entry in CATALOGUE.values():
        for px in pixels:
            yield AnimalSpec(species=entry.name, legs=entry.legs + 1, px=px)


def original_specs(preset: str) -> Iterator[AnimalSpec]:
    """Every animal with its standard legs, in release order, each at every resolution of the preset."""
    pixels = resolutions(preset)
    for entry in CATALOGUE.values():
        for px in pixels:
            yield AnimalSpec(species=entry.name, legs=entry.legs, px=px)
