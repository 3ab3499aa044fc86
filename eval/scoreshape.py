"""Check a score JSON's shape on reading, so `eval report` and `eval compare` refuse a wrongly typed one.

A score JSON is read back by code that computes with its values; a hand-edited or foreign file
with `"parse_failure_rate": "0.9"`, `"rates": "bad"` or a list where a number belongs would fail
deep inside a figure. `check_score` refuses it first, in one sentence naming the file, the key path
and the type expected:

- the facts every score has (`family`, `config`, `split`, `n`, `ci95`, ...) by a fixed table;
- each per-row outcome record by the family's unit class (its scorer's `unit`): every field its
  `from_record` needs, typed as the class declares it;
- every metric by the same metrics computed again from those outcomes (the family's `aggregate`,
  which `eval score` wrote them with): where that gives a number, the file must hold a number or
  null; an object, an object; text, text. A file without outcomes is checked by the table only.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from collections.abc import Mapping, Sequence
from typing import Any

from builders.core.errors import shown
from eval.errors import UsageError
from eval.registry import family_eval, family_names

#: The facts of every score JSON: key -> the JSON types it may hold.
FACTS: dict[str, tuple[type, ...]] = {
    "family": (str,),
    "config": (str,),
    "split": (str,),
    "rows": (int,),
    "n": (int,),
    "missing_ids": (list,),
    "unknown_ids": (list,),
    "ci95": (dict,),
    "ci95_notes": (dict,),
    "bootstrap": (dict,),
    "outcomes": (dict,),
}
_NAMES = {
    str: "a string",
    int: "a whole number",
    float: "a number",
    bool: "true or false",
    dict: "an object",
    list: "a list",
    type(None): "null",
}


class ShapeError(Exception):
    """A value of the wrong type: its key path and what was expected (`check_score` words it)."""

    def __init__(self, path: str, expected: str, found: Any) -> None:
        super().__init__(path)
        self.path, self.expected, self.found = path, expected, found


def check_score(score: Mapping[str, Any], where: str, fix: str) -> None:
    """Refuse `score` (read from the file `where` names) when a value has the wrong type.

    Raises:
        UsageError: one sentence with `where`, the key path, the type expected and `fix`.
    """
    try:
        _check_facts(score)
        units = _checked_units(score)
        if units is not None:
            _check_metrics(score, units)
    except ShapeError as error:
        raise UsageError(
            f"{where} holds {_kind(error.found)} at {shown(error.path)} where {error.expected} belongs; {fix}"
        ) from None


def _check_facts(score: Mapping[str, Any]) -> None:
    for key, kinds in FACTS.items():
        if key in score and not _is(score[key], kinds):
            raise ShapeError(key, " or ".join(_NAMES[kind] for kind in kinds), score[key])
    for key, bounds in (score.get("ci95") or {}).items():
        if bounds is not None and not (
            isinstance(bounds, list) and len(bounds) == 2 and all(_is(b, (float,)) for b in bounds)
        ):
            raise ShapeError(f"ci95.{key}", "null or a [low, high] pair of numbers", bounds)


def _checked_units(score: Mapping[str, Any]) -> dict[str, list[Any]] | None:
    """The outcome records as units, each record checked against the family's unit class first."""
    outcomes, family = score.get("outcomes"), score.get("family")
    if outcomes is None or family not in family_names():
        return None
    scoring = family_eval(family).scorer
    if "options" in outcomes and not isinstance(outcomes["options"], dict):
        raise ShapeError("outcomes.options", "an object", outcomes["options"])
    units = {}
    for group in ("units", "blind"):
        records = outcomes.get(group)
        if records is None:
            continue
        if not isinstance(records, list):
            raise ShapeError(f"outcomes.{group}", "a list", records)
        for number, record in enumerate(records):
            _check_fields(record, scoring.unit, f"outcomes.{group}[{number}]")
        units[group] = scoring.units_of(records)
    return units


def _check_fields(record: Any, unit: type, path: str) -> None:
    """`record` holds every field `unit` needs, each of its declared type (nested units too)."""
    if not isinstance(record, dict):
        raise ShapeError(path, "an object", record)
    for name, hint, required in _fields_of(unit):
        if name not in record:
            if required:
                raise ShapeError(f"{path}.{name}", "a value (the key is missing)", _MISSING)
            continue
        _check_value(record[name], hint, f"{path}.{name}")


@functools.cache
def _fields_of(unit: type) -> tuple[tuple[str, Any, bool], ...]:
    """(name, declared type, required) of each field of `unit`, derived once per class: resolving the
    hints evaluates their text, which would otherwise cost more than checking a record."""
    hints = typing.get_type_hints(unit)
    return tuple(
        (
            field.name,
            hints[field.name],
            field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING,
        )
        for field in dataclasses.fields(unit)
    )


def _check_value(value: Any, hint: Any, path: str) -> None:
    if not _fits(value, hint):
        raise ShapeError(path, _describe(hint), value)
    for option in _options(hint):
        if isinstance(option, type) and dataclasses.is_dataclass(option) and isinstance(value, dict):
            _check_fields(value, option, path)


@functools.cache
def _options(hint: Any) -> tuple[Any, ...]:
    """The types a hint allows (each member of a union), derived once per hint."""
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        return typing.get_args(hint)
    return (hint,)


def _fits(value: Any, hint: Any) -> bool:
    """Whether a JSON value can stand for a field declared as `hint` (unknown hints accept anything)."""
    if len(_options(hint)) > 1:
        return any(_fits(value, option) for option in _options(hint))
    if hint is Any:
        return True
    if hint in (str, int, float, bool, type(None)):
        return _is(value, (hint,))
    if dataclasses.is_dataclass(hint):
        return isinstance(value, dict)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (tuple, list, Sequence):
        inner = args[0] if args else Any
        return isinstance(value, list) and all(_fits(item, inner) for item in value)
    if origin in (dict, Mapping):
        return isinstance(value, dict)
    if origin is typing.Literal:
        return value in args
    return True


def _describe(hint: Any) -> str:
    if len(_options(hint)) > 1:
        return " or ".join(_describe(option) for option in _options(hint))
    if hint in _NAMES:
        return _NAMES[hint]
    if dataclasses.is_dataclass(hint):
        return "an object"
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (tuple, list, Sequence):
        return f"a list of {_describe(args[0]).removeprefix('a ').removeprefix('an ')}s" if args else "a list"
    return "an object" if origin in (dict, Mapping) else str(hint)


def _check_metrics(score: Mapping[str, Any], units: dict[str, list[Any]]) -> None:
    """Every metric has the type the family's `aggregate` gives it on the file's own outcomes."""
    family = score["family"]
    scoring = family_eval(family).scorer
    try:
        options = scoring.options.given(family, score["outcomes"].get("options") or {})
        reference = scoring.aggregate(units.get("units", []), options)
        if "blind" in units and "blind" in score:
            reference["blind"] = scoring.blind_summary(units.get("units", []), units["blind"], options)
    except (KeyError, TypeError, ValueError, AttributeError, UsageError):
        return  # outcomes the family cannot aggregate: the table's checks are all we can make
    _like(score, reference, "")


def _like(value: Mapping[str, Any], reference: Mapping[str, Any], prefix: str) -> None:
    for key, expected in reference.items():
        path = f"{prefix}{key}"
        if key not in value or expected is None:
            continue
        found = value[key]
        if isinstance(expected, Mapping):
            if not isinstance(found, dict):
                raise ShapeError(path, "an object", found)
            _like(found, expected, f"{path}.")
        elif isinstance(expected, bool):
            if not isinstance(found, bool | None):
                raise ShapeError(path, "true, false or null", found)
        elif isinstance(expected, int | float):
            if not _is(found, (float, type(None))):
                raise ShapeError(path, "a number or null", found)
        elif isinstance(expected, str):
            if not isinstance(found, str | None):
                raise ShapeError(path, "a string or null", found)
        elif isinstance(expected, list | tuple) and not isinstance(found, list | None):
            raise ShapeError(path, "a list or null", found)


def _is(value: Any, kinds: tuple[type, ...]) -> bool:
    """JSON typing: a bool is no number, an int is a number."""
    if isinstance(value, bool):
        return bool in kinds
    if isinstance(value, int) and float in kinds:
        return True
    return isinstance(value, kinds)


_MISSING = object()


def _kind(value: Any) -> str:
    """What was found, in words, with a short view of a scalar."""
    if value is _MISSING:
        return "nothing"
    if isinstance(value, str):
        cut = value if len(value) <= 20 else value[:17] + "..."
        return f"the string {cut!r}"
    if isinstance(value, list):
        return f"a list of {len(value)}"
    if isinstance(value, dict):
        return "an object"
    return "null" if value is None else f"{type(value).__name__} {shown(value)}"
