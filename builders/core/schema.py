"""A family's row schema without importing `datasets`: column types, Arrow schema, row encoding, card YAML.

`build` writes Parquet and the card's `dataset_info` from this description, so a build pays
for pyarrow (about 0.3 s) and never for `datasets` with pandas and the Hub client (about 1.5 s
more, most of a small build's start-up). Everything here gives exactly what `datasets.Features`
gives for the same columns (its JSON in the Parquet metadata, Arrow types, `encode_example`,
the card's YAML list): `tests/test_row_schema.py` compares them for every family. Reading and
checking built folders use `Schema.features`, the real `datasets.Features`.
"""

from __future__ import annotations

import dataclasses
import functools
import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pyarrow as pa
    from datasets import Features


@dataclasses.dataclass(frozen=True)
class Value:
    """A scalar column: `dtype` is one of bool, int32, int64, float64, string."""

    dtype: str

    def to_dict(self) -> dict[str, Any]:
        return {"dtype": self.dtype, "_type": "Value"}

    def arrow_type(self) -> pa.DataType:
        import pyarrow as pa

        return getattr(pa, "bool_" if self.dtype == "bool" else self.dtype)()

    def encode(self, value: Any) -> Any:
        if self.dtype == "bool":
            return bool(value)
        if self.dtype.startswith("int"):
            return int(value)
        if self.dtype.startswith("float"):
            return float(value)
        return str(value)

    def yaml(self) -> dict[str, Any]:
        return {"dtype": self.dtype}


@dataclasses.dataclass(frozen=True)
class ClassLabel:
    """A label column stored as its index in `names`; rows give the name (or the index)."""

    names: tuple[str, ...]

    def __init__(self, names: list[str] | tuple[str, ...]) -> None:
        object.__setattr__(self, "names", tuple(names))

    def to_dict(self) -> dict[str, Any]:
        return {"names": list(self.names), "_type": "ClassLabel"}

    def arrow_type(self) -> pa.DataType:
        import pyarrow as pa

        return pa.int64()

    def encode(self, value: Any) -> int:
        index = self._index.get(value, value) if isinstance(value, str) else value
        if not isinstance(index, int) or not -1 <= index < len(self.names):
            raise ValueError(f"{value!r} is not one of the class labels {list(self.names)}")
        return index

    @functools.cached_property
    def _index(self) -> dict[str, int]:
        return {name: index for index, name in enumerate(self.names)}

    def yaml(self) -> dict[str, Any]:
        return {"dtype": {"class_label": {"names": {str(i): name for i, name in enumerate(self.names)}}}}


@dataclasses.dataclass(frozen=True)
class Image:
    """An image column: PNG bytes and a file name."""

    def to_dict(self) -> dict[str, Any]:
        return {"_type": "Image"}

    def arrow_type(self) -> pa.DataType:
        import pyarrow as pa

        return pa.struct({"bytes": pa.binary(), "path": pa.string()})

    def encode(self, value: Mapping[str, Any]) -> dict[str, Any]:
        return {"bytes": value.get("bytes"), "path": value.get("path")}

    def yaml(self) -> dict[str, Any]:
        return {"dtype": "image"}


@dataclasses.dataclass(frozen=True)
class List:
    """A list column of one element type (a column type, or a struct given as a dict of them)."""

    feature: Value | ClassLabel | Image | List | Mapping[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return {"feature": _to_dict(self.feature), "_type": "List"}

    def arrow_type(self) -> pa.DataType:
        import pyarrow as pa

        return pa.list_(_arrow_type(self.feature))

    def encode(self, value: Any) -> list[Any]:
        return [_encode(self.feature, item) for item in value]

    def yaml(self) -> dict[str, Any]:
        inner = _yaml(self.feature)
        return {"list": inner[next(iter(inner))] if list(inner) in (["dtype"], ["struct"]) else inner}


Column = Value | ClassLabel | Image | List | Mapping[str, Any]


def _to_dict(column: Column) -> dict[str, Any]:
    if isinstance(column, Mapping):
        return {name: _to_dict(inner) for name, inner in column.items()}
    return column.to_dict()


def _arrow_type(column: Column) -> pa.DataType:
    if isinstance(column, Mapping):
        import pyarrow as pa

        return pa.struct({name: _arrow_type(inner) for name, inner in column.items()})
    return column.arrow_type()


def _encode(column: Column, value: Any) -> Any:
    if value is None:
        return None
    if isinstance(column, Mapping):
        return {name: _encode(inner, value.get(name)) for name, inner in column.items()}
    return column.encode(value)


def _yaml(column: Column) -> dict[str, Any]:
    if isinstance(column, Mapping):
        return {"struct": [{"name": name, **_yaml(inner)} for name, inner in column.items()]}
    return column.yaml()


class Schema:
    """The ordered columns of a family's rows."""

    def __init__(self, columns: Mapping[str, Column]) -> None:
        self.columns = dict(columns)

    def to_dict(self) -> dict[str, Any]:
        """The columns as `datasets.Features.to_dict()` gives them."""
        return _to_dict(self.columns)

    @functools.cached_property
    def arrow_schema(self) -> pa.Schema:
        """The Arrow schema with the `huggingface` metadata `datasets` reads the features back from."""
        import pyarrow as pa

        metadata = {"huggingface": json.dumps({"info": {"features": self.to_dict()}})}
        return pa.schema({name: _arrow_type(column) for name, column in self.columns.items()}).with_metadata(
            metadata
        )

    def encode(self, row: Mapping[str, Any]) -> dict[str, Any]:
        """A row as Arrow stores it (class labels as indexes), every column present (missing: None)."""
        return {name: _encode(column, row.get(name)) for name, column in self.columns.items()}

    def yaml_list(self) -> list[dict[str, Any]]:
        """The columns as the card's `dataset_info.features` lists them."""
        return _yaml(self.columns)["struct"]

    @functools.cached_property
    def features(self) -> Features:
        """The same columns as `datasets.Features` (imports `datasets`: for reading built folders)."""
        from datasets import Features

        return Features.from_dict(self.to_dict())


#: The columns every family's rows carry about their image (`family.image_columns`); every schema ends with
#: them.
IMAGE_COLUMNS = {
    "width": Value("int32"),
    "height": Value("int32"),
    "spec_hash": Value("string"),
    "pixel_sha256": Value("string"),
    "builder_version": Value("string"),
}
