"""Our row schema (`builders.core.schema`) gives exactly what `datasets.Features` gives for every family.

A build writes Parquet and the card's `dataset_info` from the schema without importing `datasets`
(issue 30); readers decode those files with `datasets`. So for each family the Arrow schema (with
its `huggingface` metadata), the card's YAML list of features and the encoding of real drawn rows
must equal what `datasets` derives from the same columns.
"""

from __future__ import annotations

import itertools

import pyarrow as pa
import pytest
from datasets import Features

from builders.core.draw import bundles, render_bundle
from builders.core.shards import without_negative_zero
from builders.core.source import EMBEDDED
from builders.families import family_names, get_family


@pytest.mark.parametrize("name", family_names())
def test_schema_matches_datasets_features(name: str) -> None:
    family = get_family(name)
    features = Features.from_dict(family.schema.to_dict())
    assert family.features == features and features.to_dict() == family.schema.to_dict()
    assert family.schema.arrow_schema.equals(features.arrow_schema, check_metadata=True)
    assert family.schema.yaml_list() == features._to_yaml_list()
    assert Features._from_yaml_list(family.schema.yaml_list()) == features


@pytest.mark.parametrize("name", family_names())
def test_drawn_rows_encode_as_datasets_encodes_them(name: str) -> None:
    """The first images of each config's lite plan: the same Arrow table either way."""
    family = get_family(name)
    features = family.features
    checked = 0
    for config in family.configs_for(EMBEDDED):
        jobs = list(itertools.islice(family.jobs(config, "lite"), 1))
        for bundle in bundles(jobs):
            for _, picture, rows in render_bundle(family, bundle):
                for _, row in rows:
                    row = {"image": {"bytes": picture.png, "path": "x.png"}, **row}
                    ours = without_negative_zero(family.schema.encode(row))
                    theirs = without_negative_zero(features.encode_example(row))
                    assert ours == theirs
                    schema = family.schema.arrow_schema
                    assert pa.Table.from_pylist([ours], schema=schema).equals(
                        pa.Table.from_pylist([theirs], schema=schema)
                    )
                    checked += 1
    assert checked


def test_a_label_outside_the_names_is_refused() -> None:
    schema = get_family("visage").schema
    with pytest.raises(ValueError, match="not one of the class labels"):
        schema.encode({"label": "maybe"})
