"""Pixel audits of the paper preset: the attribute shows in every typical image and in no exceptional one.

Every image of every tuple is drawn at 256 px (the scene is resolution-free)
and the norm's attribute is measured from the pixels with the probe the
geometry names: hands and strings and legs and tines and lamps and arms
counted along a line or circle, sides as corners of the plate's outline, balls
as bulges of the snowman, spots and stripes as blobs, erasers, manes, horns,
tails and suits by their presence, colours by hue at points on the body. The
count must equal the geometry's, and the norm must hold exactly for typical images.
"""

from __future__ import annotations

import numpy as np
import pytest

from builders.visage.concepts import CONCEPTS, TUPLES
from builders.visage.render import measured
from builders.visage.spec import drawn_specs
from tests.visage.measure import View

SIZE = 256
PAPER = list(drawn_specs("paper"))


@pytest.mark.parametrize("tuple_id", list(TUPLES))
def test_the_attribute_shows_in_typical_images_only(tuple_id: str) -> None:
    images = [spec for spec in PAPER if spec.tuple_id == tuple_id]
    assert len(images) == 8
    for spec in images:
        norm = CONCEPTS[spec.concept].norm(spec.norm)
        expected = measured(spec)[norm.measure]
        view = View(spec, SIZE)
        found = view.measure(expected.probe)
        assert found == expected.value, (
            f"{spec.image_id}: {norm.measure} drawn {expected.value}, measured {found}"
        )
        assert norm.expect.holds(found) == (spec.image_type == "typical"), (
            f"{spec.image_id}: {norm.key} = {found}"
        )
        # The object lies wholly inside the picture: the border shows only background.
        border = np.concatenate([view.image[[0, -1]], view.image[:, [0, -1]].transpose(1, 0, 2)], axis=1)
        background = np.concatenate(
            [view.background[[0, -1]], view.background[:, [0, -1]].transpose(1, 0, 2)], axis=1
        )
        assert (np.abs(border - background) <= 2).all(), f"{spec.image_id} touches the edge"


def test_the_audit_notices_a_missing_attribute() -> None:
    """A typical clock re-drawn as its digital exception (same spec otherwise) measures no hands."""
    typical = next(spec for spec in PAPER if spec.image_id == "clock-hands-digital_clock-t0")
    probe = measured(typical)["hands"].probe
    assert View(typical, SIZE).measure(probe) == 2
    as_exception = next(spec for spec in PAPER if spec.image_id == "clock-hands-digital_clock-e0")
    assert View(as_exception, SIZE).measure(probe) == 0
