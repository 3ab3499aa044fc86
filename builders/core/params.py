"""Typed build parameters: what a preset fixes, a researcher may change, and `verify` reads back.

A family declares its parameters as a frozen, keyword-only dataclass subclassing `Parameters`,
each field made with `parameter(...)`: the type comes from the annotation (int, float, bool, str,
or a tuple of one of those), the bounds and a one-line meaning from the call. A nested `Parameters`
class is a TOML table (`field(default_factory=Table)`). A preset is one instance; `--params FILE`
overlays a TOML file on it, and every value is checked on the way in, so a wrong key, type or range
is one sentence that names the key and what is allowed, before anything is written. `to_toml`
writes an instance back as TOML with each key's meaning as a comment (`python -m builders params
FAMILY`), and reading that text back gives the same instance. Nothing here imports `datasets`:
`params` and refused builds stay fast.
"""

from __future__ import annotations

import dataclasses
import json
import math
import sys
import typing
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, TypeVar

from builders.core.errors import UsageError
from builders.core.user_files import read_text

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 reads TOML with the tomli backport
    import tomli as tomllib

P = TypeVar("P", bound="Parameters")

#: A parameter file is a few hundred bytes; anything this large is not one.
MAX_FILE_BYTES = 1 << 20


@dataclasses.dataclass(frozen=True, kw_only=True)
class Parameters:
    """Base of every family's parameters; `check` holds rules that span several fields."""

    def check(self) -> None:
        """Raise ValueError (one sentence naming the keys) when the values contradict each other."""


def parameter(
    default: Any,
    *,
    meaning: str,
    minimum: float | None = None,
    maximum: float | None = None,
    choices: tuple[Any, ...] | None = None,
    min_items: int = 1,
    max_items: int | None = None,
    unique: bool = False,
) -> Any:
    """A dataclass field of a `Parameters` class with what the TOML file may set it to.

    `minimum`, `maximum` and `choices` bound a scalar or every item of a tuple; `min_items`,
    `max_items` and `unique` bound a tuple's length and repeats.
    """
    rules = {
        "meaning": meaning,
        "minimum": minimum,
        "maximum": maximum,
        "choices": choices,
        "min_items": min_items,
        "max_items": max_items,
        "unique": unique,
    }
    return dataclasses.field(default=default, metadata=rules)


def selection(values: Iterable[str], meaning: str, default: Iterable[str] | None = None) -> Any:
    """A `parameter` picking from a fixed set (brands, boards, settings, ...): a list of `values`, each at
    most once, all of them unless `default` says which.

    >>> field = selection(("a", "b", "c"), "letters drawn", default=("a",))
    >>> field.default, field.metadata["choices"], field.metadata["max_items"]
    (('a',), ('a', 'b', 'c'), 3)
    """
    every = tuple(values)
    chosen = every if default is None else tuple(default)
    return parameter(chosen, meaning=meaning, choices=every, max_items=len(every), unique=True)


def overlay(base: P, data: Mapping[str, Any], where: str) -> P:
    """`base` with the values of `data` (a parsed TOML table) checked and applied; UsageError if any is wrong.

    `where` names the input in messages (a file name, or "manifest.json").
    """
    result = _overlay(base, data, where, prefix="")
    try:
        _check_all(result)
    except ValueError as error:
        raise UsageError(f"the parameters in {where} contradict each other: {error}") from None
    return result


def to_plain(params: Parameters) -> dict[str, Any]:
    """JSON- and TOML-ready nested dict (tuples as lists), as the manifest stores it."""
    plain: dict[str, Any] = {}
    for field in dataclasses.fields(params):
        value = getattr(params, field.name)
        if isinstance(value, Parameters):
            plain[field.name] = to_plain(value)
        elif isinstance(value, tuple):
            plain[field.name] = list(value)
        else:
            plain[field.name] = value
    return plain


def changed_keys(params: Parameters, base: Parameters, prefix: str = "") -> list[str]:
    """Dotted keys whose value in `params` differs from `base` (e.g. a preset), in declaration order."""
    changed = []
    for field in dataclasses.fields(params):
        mine, theirs = getattr(params, field.name), getattr(base, field.name)
        if isinstance(mine, Parameters):
            changed += changed_keys(mine, theirs, f"{prefix}{field.name}.")
        elif mine != theirs:
            changed.append(f"{prefix}{field.name}")
    return changed


def read_params_file(path: Path) -> dict[str, Any]:
    """The TOML table in `path`, or one UsageError sentence saying what is wrong with the file."""
    name = f"--params {str(path)!r}"
    fix = f"pass a TOML file such as the output of `python -m builders params FAMILY > {path.name}`"
    text = read_text(path, name, fix, max_bytes=MAX_FILE_BYTES)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise UsageError(f"{name} is not valid TOML ({error}); {fix}") from None
    except RecursionError:
        raise UsageError(f"{name} nests too deeply to be a parameter file; {fix}") from None
    except ValueError as error:  # an integer of over 4,300 digits, which Python refuses to convert
        detail = str(error).split(";")[0][:80]
        raise UsageError(f"{name} is not a parameter file we read ({detail}); {fix}") from None


def to_toml(params: Parameters, header: str) -> str:
    """`params` as TOML, each key after a comment with its meaning and allowed values, `header` on top."""
    lines = [f"# {line}" if line else "#" for line in header.splitlines()]
    _write_table(params, "", lines)
    return "\n".join(lines).rstrip("\n") + "\n"


def _write_table(params: Parameters, prefix: str, lines: list[str]) -> None:
    hints = typing.get_type_hints(type(params))
    tables = []
    for field in dataclasses.fields(params):
        value = getattr(params, field.name)
        if isinstance(value, Parameters):
            tables.append((field.name, value))
            continue
        lines.append("")
        lines.append(f"# {field.metadata['meaning']} ({_allowed(field, hints[field.name])})")
        lines.append(f"{field.name} = {_toml_value(value)}")
    for name, table in tables:
        lines.append("")
        lines.append(f"[{prefix}{name}]")
        _write_table(table, f"{prefix}{name}.", lines)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # JSON's escapes are TOML basic-string escapes
    return "[" + ", ".join(_toml_value(item) for item in value) + "]"


def _overlay(base: P, data: Mapping[str, Any], where: str, prefix: str) -> P:
    fields = {field.name: field for field in dataclasses.fields(base)}
    hints = typing.get_type_hints(type(base))
    changes = {}
    for key, value in data.items():
        path = f"{prefix}{key}"
        if key not in fields:
            allowed = ", ".join(fields)
            where_in = f"[{prefix[:-1]}] of " if prefix else ""
            raise UsageError(f"unknown parameter {path!r} in {where_in}{where}; the keys allowed: {allowed}")
        current = getattr(base, key)
        if isinstance(current, Parameters):
            if not isinstance(value, Mapping):
                raise UsageError(
                    f"parameter {path!r} in {where} must be a table [{path}], got {_show(value)}"
                )
            changes[key] = _overlay(current, value, where, f"{path}.")
        else:
            changes[key] = _coerce(value, hints[key], fields[key], path, where)
    return dataclasses.replace(base, **changes)


def _coerce(value: Any, hint: Any, field: dataclasses.Field, path: str, where: str) -> Any:
    """`value` as the field's type, within its bounds, or a UsageError naming the key and what it allows."""
    wanted = f"{_allowed(field, hint)}, got {_show(value)}"
    if typing.get_origin(hint) is tuple:
        item_type = typing.get_args(hint)[0]
        if not isinstance(value, list) or not all(_is(item, item_type) for item in value):
            raise UsageError(f"parameter {path!r} in {where} must be {wanted}")
        items = tuple(float(item) if item_type is float else item for item in value)
        rules = field.metadata
        too_few = len(items) < rules["min_items"]
        too_many = rules["max_items"] is not None and len(items) > rules["max_items"]
        repeated = rules["unique"] and len(set(items)) != len(items)
        if too_few or too_many or repeated or not all(_within(item, rules) for item in items):
            raise UsageError(f"parameter {path!r} in {where} must be {wanted}")
        return items
    if not _is(value, hint) or not _within(value, field.metadata):
        raise UsageError(f"parameter {path!r} in {where} must be {wanted}")
    return float(value) if hint is float else value


def _is(value: Any, kind: Any) -> bool:
    if kind is bool:
        return isinstance(value, bool)
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
    return isinstance(value, kind)


def _within(value: Any, rules: Mapping[str, Any]) -> bool:
    if rules["choices"] is not None and value not in rules["choices"]:
        return False
    if rules["minimum"] is not None and value < rules["minimum"]:
        return False
    return rules["maximum"] is None or value <= rules["maximum"]


def _allowed(field: dataclasses.Field, hint: Any) -> str:
    """What a field accepts, in words: "a list of 1 to 8 distinct integers from 64 to 4096"."""
    rules = field.metadata
    words = [_kind_words(hint, rules)]
    if rules["choices"] is not None:
        words.append("one of " + ", ".join(_toml_value(choice) for choice in rules["choices"]))
    elif rules["minimum"] is not None and rules["maximum"] is not None:
        words.append(f"from {rules['minimum']} to {rules['maximum']}")
    elif rules["minimum"] is not None:
        words.append(f"at least {rules['minimum']}")
    elif rules["maximum"] is not None:
        words.append(f"at most {rules['maximum']}")
    return " ".join(words)


SINGULAR = {int: "an integer", float: "a number", bool: "true or false", str: "a string"}
PLURAL = {int: "integers", float: "numbers", bool: "booleans", str: "strings"}


def _kind_words(hint: Any, rules: Mapping[str, Any]) -> str:
    if typing.get_origin(hint) is not tuple:
        return SINGULAR[hint]
    if rules["max_items"] is None:
        count = f"at least {rules['min_items']}"
    elif rules["max_items"] == rules["min_items"]:
        count = f"exactly {rules['min_items']}"
    else:
        count = f"{rules['min_items']} to {rules['max_items']}"
    distinct = " distinct" if rules["unique"] else ""
    return f"a list of {count}{distinct} {PLURAL[typing.get_args(hint)[0]]}"


def _check_all(params: Parameters) -> None:
    for field in dataclasses.fields(params):
        value = getattr(params, field.name)
        if isinstance(value, Parameters):
            _check_all(value)
    params.check()


def _show(value: Any) -> str:
    """A short, safe rendering of a user's value for a message."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
