"""Typed scoring options: a family declares its options once, as a dataclass, and gets its flags from it.

A family's options class subclasses `ScoreOptions`; each field is one option, named by the keyword
`score_pairs` and inspect's `-T` take. Its type may carry a `Flag` (`Annotated[str, Flag(...)]`),
its `eval score` flag (AIpsych's `k` is `--res-k`), and `RECORDED` when its metrics depend on it.
Values are checked once, by `ScoreOptions.given`: an unknown name, a value outside an option's
choices or one its flag's parser refuses is one sentence naming the option. A score JSON records
the recorded options the caller gave (`recorded`), so `eval compare` and `eval report` recompute
the metrics with the same options.
"""

from __future__ import annotations

import argparse
import dataclasses
import typing
from collections.abc import Callable, Mapping
from typing import Annotated, Any, TypeVar

from eval.errors import UsageError

OptionsT = TypeVar("OptionsT", bound="ScoreOptions")


@dataclasses.dataclass(frozen=True)
class Flag:
    """An option's `--flag VALUE` of `eval score`: its help, its choices, and how its text is read."""

    flag: str
    help: str
    choices: tuple[str, ...] | None = None
    parse: Callable[[str], Any] = str

    @property
    def dest(self) -> str:
        """The argparse attribute the value lands in."""
        return self.flag.lstrip("-").replace("-", "_")


class Recorded:
    """Marks an option its family's metrics depend on: a score JSON records it when given."""


RECORDED = Recorded()


@dataclasses.dataclass(frozen=True)
class ScoreOptions:
    """A family's scoring options; this base class has none (VI-Probe's and VISaGE's scoring takes none)."""

    #: The options the caller gave, by name: what `recorded` reports.
    _given: tuple[str, ...] = dataclasses.field(default=(), init=False, repr=False, compare=False)

    @classmethod
    def declared(cls) -> tuple[tuple[str, Flag | None, bool], ...]:
        """(keyword, flag or None, recorded) of every option, in declaration order."""
        return _declared(cls)

    @classmethod
    def names(cls) -> tuple[str, ...]:
        return tuple(name for name, _, _ in cls.declared())

    @classmethod
    def flags(cls) -> tuple[tuple[str, Flag], ...]:
        """(keyword, flag) of every option that has a flag, in declaration order."""
        return tuple((name, flag) for name, flag, _ in cls.declared() if flag is not None)

    @classmethod
    def given(cls: type[OptionsT], family: str, values: Mapping[str, Any]) -> OptionsT:
        """The options `values` names (others at their defaults), checked.

        Raises:
            UsageError: a name that is not an option of `family` scoring, a value outside an option's
                choices, or one its flag's parser refuses.
        """
        names = cls.names()
        flags = dict(cls.flags())
        for name, value in values.items():
            if name not in names:
                known = ", ".join(names) or "none"
                raise UsageError(
                    f"{name} is not an option of {family} scoring (its options: {known}); leave it out"
                )
            flag = flags.get(name)
            if flag is not None and value is not None:
                _check(name, value, flag)
        options = cls(**values)
        object.__setattr__(options, "_given", tuple(name for name in names if name in values))
        return options

    def for_blind(self: OptionsT) -> OptionsT:
        """The options that grade the replies given without the image (`--blind`): these, but for any
        that belong to the seeing replies alone (IllusionBench+'s review of its judge's verdicts)."""
        return self

    def recorded(self) -> dict[str, Any]:
        """The given options the family's metrics depend on, by name: a score JSON's `outcomes.options`."""
        return {
            name: getattr(self, name)
            for name, _, recorded in self.declared()
            if recorded and name in self._given
        }


#: `ScoreOptions.declared` of each options class, derived once.
DECLARED: dict[type[ScoreOptions], tuple[tuple[str, Flag | None, bool], ...]] = {}


def _declared(options: type[ScoreOptions]) -> tuple[tuple[str, Flag | None, bool], ...]:
    """`ScoreOptions.declared`, derived once per class: resolving the hints evaluates their text, which
    checking every record of a large score file would otherwise repeat."""
    if options in DECLARED:
        return DECLARED[options]
    hints = typing.get_type_hints(options, include_extras=True)
    found = []
    for field in dataclasses.fields(options):
        if field.name == "_given":
            continue
        hint = hints[field.name]
        extras = typing.get_args(hint)[1:] if typing.get_origin(hint) is Annotated else ()
        flag = next((extra for extra in extras if isinstance(extra, Flag)), None)
        found.append((field.name, flag, any(extra is RECORDED for extra in extras)))
    DECLARED[options] = tuple(found)
    return DECLARED[options]


def _check(name: str, value: Any, flag: Flag) -> None:
    """Refuse a value the command line would refuse: outside the choices, or unreadable by the flag."""
    if flag.choices is not None and value not in flag.choices:
        raise UsageError(f"{name}={value!r} is not one of {', '.join(flag.choices)}; pass one of them")
    try:
        flag.parse(str(value))
    except (argparse.ArgumentTypeError, ValueError) as error:
        raise UsageError(f"{name}={value!r}: {error}; pass another value") from None
