"""The first worksheet of an `.xlsx` workbook as numbered rows of cell values, read within bounds.

openpyxl's read-only mode trusts a sheet's declared dimension and fills every row and column up to
it: a 1.6 KB workbook declaring `A1:XFD1048576`, or holding one cell on row 200,000,000, streams
filler rows for minutes. Here the workbook's XML is parsed with expat as it inflates
(`eval.zipcheck.BoundedZip`, so its size is measured while inflating), a DOCTYPE is refused (no
entities, no external references), and only cells that exist are kept: each row comes with its
number, its cells placed by their column. The declared dimension and every cell's place are checked
as they are met: at most `MAX_ROWS` rows (Excel's own limit) and `MAX_COLUMNS` columns.

A cell's value is what the writer stored: text (shared or inline), a whole or decimal number, true
or false, an error's text. A formula cell is read as a `Formula`: openpyxl and xlsxwriter save text
that begins with "=" (a reply such as "=3") as a formula with no value, or a cached 0, so its value
says nothing of the reply; the formula's own text, with its "=", is the text the writer was given.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any
from xml.parsers import expat

from eval.zipcheck import BoundedZip

#: The most rows and columns a sheet may declare or fill: Excel's rows, and far more columns than a
#: prediction file has (VLMEvalKit writes the benchmark's columns and `prediction`, about a dozen).
MAX_ROWS = 1_048_576
MAX_COLUMNS = 1_024
#: The most cells a sheet may hold: each costs a few calls of Python, so this bounds the time spent.
MAX_CELLS = 1 << 24
_REFERENCE = re.compile(r"\$?([A-Z]{1,3})\$?([0-9]{1,9})")
_OFFICE = "officeDocument"


class SheetProblem(Exception):
    """Why a workbook is refused, as a clause that follows the file's name."""


class Formula(str):
    """A formula cell, as the text its writer was given: "=" and the formula (empty for a shared
    formula's copies, which hold no text of their own)."""


def first_sheet(archive: BoundedZip) -> Iterator[tuple[int, list[Any]]]:
    """(row number, cells) of the workbook's first worksheet, in the file's order; a row's cells are
    placed by column (None where a row has no cell), up to its last cell.

    Raises:
        SheetProblem: the archive is not a workbook, its XML is not well-formed or has a DOCTYPE,
            or the sheet declares or holds cells beyond `MAX_ROWS` or `MAX_COLUMNS`.
        ZipProblem: a part breaks a bound of `BoundedZip` as it inflates.
    """
    workbook = _target(archive, "_rels/.rels", lambda kind: kind.endswith(f"/{_OFFICE}")) or "xl/workbook.xml"
    if workbook not in archive.members:
        raise SheetProblem(f"is not an Excel workbook (it holds no {workbook})")
    relations = posixpath.join(posixpath.dirname(workbook), "_rels", posixpath.basename(workbook) + ".rels")
    sheet_id = _first_sheet_id(archive, workbook)
    sheet = _target(archive, relations, lambda kind: False, sheet_id)
    if sheet is None or sheet not in archive.members:
        raise SheetProblem("is not an Excel workbook (it has no worksheet)")
    shared = _target(archive, relations, lambda kind: kind.endswith("/sharedStrings"))
    strings = _shared_strings(archive, shared) if shared in archive.members else []
    reader = _SheetReader(strings)
    yield from _parsed(archive.inflate(sheet), reader)


def _target(
    archive: BoundedZip, relations: str, wanted: Callable[[str], bool], identifier: str | None = None
) -> str | None:
    """The member a relationship of `relations` points at: the one with `identifier`, or the first
    whose type `wanted` takes; None when there is none."""
    if relations not in archive.members:
        return None
    found: list[str] = []

    def start(name: str, attributes: dict[str, str]) -> None:
        if found or _local(name) != "Relationship":
            return
        attributes = {_local(key): value for key, value in attributes.items()}
        chosen = attributes.get("Id") == identifier if identifier else wanted(attributes.get("Type", ""))
        if chosen and attributes.get("TargetMode") != "External":
            found.append(attributes.get("Target", ""))

    _parse(archive.inflate(relations), start)
    if not found:
        return None
    folder = posixpath.dirname(posixpath.dirname(relations))
    target = found[0]
    path = target.lstrip("/") if target.startswith("/") else posixpath.join(folder, target)
    return posixpath.normpath(path)


def _first_sheet_id(archive: BoundedZip, workbook: str) -> str:
    found: list[str] = []

    def start(name: str, attributes: dict[str, str]) -> None:
        if not found and _local(name) == "sheet":
            found.append(next((v for k, v in attributes.items() if _local(k) == "id"), ""))

    _parse(archive.inflate(workbook), start)
    if not found:
        raise SheetProblem("has no worksheet")
    return found[0]


def _shared_strings(archive: BoundedZip, member: str) -> list[str]:
    """The workbook's shared strings, in order: each item's text runs joined (phonetic hints left out)."""
    strings: list[str] = []
    parts: list[str] = []
    state = {"phonetic": 0, "text": False}

    def start(name: str, attributes: dict[str, str]) -> None:
        local = _local(name)
        if local == "si":
            parts.clear()
        elif local == "rPh":
            state["phonetic"] += 1
        elif local == "t":
            state["text"] = not state["phonetic"]

    def end(name: str) -> None:
        local = _local(name)
        if local == "si":
            strings.append("".join(parts))
        elif local == "rPh":
            state["phonetic"] -= 1
        elif local == "t":
            state["text"] = False

    def text(data: str) -> None:
        if state["text"]:
            parts.append(data)

    _parse(archive.inflate(member), start, end, text)
    return strings


class _SheetReader:
    """expat handlers that turn a worksheet's XML into (row number, cells), checking every bound."""

    def __init__(self, strings: list[str]) -> None:
        self.strings = strings
        self.done: list[tuple[int, list[Any]]] = []
        self.row_number = 0
        self.cells: list[Any] = []
        self.cell: dict[str, str] = {}
        self.texts: dict[str, list[str]] = {}
        self.into: str | None = None
        self.phonetic = 0
        self.counted = {"row": 0, "c": 0}

    def start(self, name: str, attributes: dict[str, str]) -> None:
        local = _local(name)
        if local in self.counted:
            self.counted[local] += 1
            if self.counted["row"] > MAX_ROWS or self.counted["c"] > MAX_CELLS:
                raise SheetProblem(
                    f"holds more than {MAX_ROWS:,} rows or {MAX_CELLS:,} cells, more than a prediction "
                    "file has"
                )
        if local == "dimension":
            _check_dimension(attributes.get("ref", ""))
        elif local == "row":
            self.row_number = _row_number(attributes.get("r"), self.row_number + 1)
            self.cells = []
        elif local == "c":
            self.cell = {key: value for key, value in attributes.items() if key in ("r", "t")}
            self.texts = {}
        elif local == "rPh":
            self.phonetic += 1
        elif local in ("v", "f", "t") and not self.phonetic:
            self.into = local
            self.texts.setdefault(local, [])

    def end(self, name: str) -> None:
        local = _local(name)
        if local == "row":
            self.done.append((self.row_number, self.cells))
        elif local == "c":
            column = _column(self.cell.get("r"), len(self.cells) + 1, self.row_number)
            self.cells.extend([None] * (column - len(self.cells)))
            self.cells[column - 1] = self._value()
        elif local == "rPh":
            self.phonetic -= 1
        if local in ("v", "f", "t"):
            self.into = None

    def text(self, data: str) -> None:
        if self.into is not None:
            self.texts[self.into].append(data)

    def _value(self) -> Any:
        kind = self.cell.get("t", "n")
        value = "".join(self.texts.get("v", []))
        if "f" in self.texts:
            formula = "".join(self.texts["f"])
            return Formula(f"={formula}" if formula else "")
        if kind == "inlineStr":
            return "".join(self.texts.get("t", []))
        if kind == "s":
            return self._shared(value)
        if kind == "b":
            return value.strip() == "1"
        if kind == "n" and value.strip():
            return _number(value.strip())
        return value or None

    def _shared(self, value: str) -> str:
        try:
            return self.strings[int(value)]
        except (ValueError, IndexError):
            raise SheetProblem(
                f"has a cell on row {self.row_number:,} naming shared text {value[:20]!r}, which the "
                "workbook does not hold (a damaged workbook)"
            ) from None


def _parsed(pieces: Iterable[bytes], reader: _SheetReader) -> Iterator[tuple[int, list[Any]]]:
    """The rows of a worksheet's XML, yielded as each piece of it is parsed."""
    parser = _parser(reader.start, reader.end, reader.text)
    for piece in pieces:
        _feed(parser, piece, final=False)
        yield from reader.done
        reader.done.clear()
    _feed(parser, b"", final=True)
    yield from reader.done


def _parse(
    pieces: Iterable[bytes],
    start: Callable[[str, dict[str, str]], None],
    end: Callable[[str], None] | None = None,
    text: Callable[[str], None] | None = None,
) -> None:
    parser = _parser(start, end, text)
    for piece in pieces:
        _feed(parser, piece, final=False)
    _feed(parser, b"", final=True)


def _parser(
    start: Callable[[str, dict[str, str]], None],
    end: Callable[[str], None] | None,
    text: Callable[[str], None] | None,
) -> Any:
    parser = expat.ParserCreate(namespace_separator="}")
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.StartDoctypeDeclHandler = _no_doctype
    parser.EntityDeclHandler = _no_doctype
    parser.StartElementHandler = start
    parser.buffer_text = True
    if end is not None:
        parser.EndElementHandler = end
    if text is not None:
        parser.CharacterDataHandler = text
    return parser


def _feed(parser: Any, piece: bytes, *, final: bool) -> None:
    try:
        parser.Parse(piece, final)
    except expat.ExpatError as error:
        raise SheetProblem(
            f"is a damaged Excel workbook (its XML breaks at line {error.lineno}: "
            f"{expat.ErrorString(error.code)})"
        ) from None


def _no_doctype(*_: Any) -> None:
    raise SheetProblem(
        "is not an Excel workbook we read (its XML declares a DOCTYPE, which Excel never writes)"
    )


def _local(name: str) -> str:
    return name.rpartition("}")[2]


def _check_dimension(reference: str) -> None:
    """Refuse a declared dimension (`A1:C46`) beyond the bounds, before any row is read."""
    corners = [_REFERENCE.fullmatch(part) for part in reference.upper().split(":")]
    if not reference or not all(corners):
        return  # a dimension is only a hint; the cells themselves are checked
    rows = max(int(corner.group(2)) for corner in corners if corner)
    columns = max(_letters(corner.group(1)) for corner in corners if corner)
    if rows > MAX_ROWS or columns > MAX_COLUMNS:
        raise SheetProblem(
            f"declares a sheet of {rows:,} rows by {columns:,} columns ({reference[:40]}); a prediction file "
            f"has at most {MAX_ROWS:,} rows and {MAX_COLUMNS:,} columns"
        )


def _row_number(given: str | None, default: int) -> int:
    """A row's number (its `r`, or the one after the previous row's), refused beyond `MAX_ROWS`."""
    if given is not None and not given.isdigit():
        raise SheetProblem(f"has a row numbered {given[:20]!r}, which is no row number (a damaged workbook)")
    number = default if given is None else int(given[:12])
    if not 1 <= number <= MAX_ROWS:
        shown = given if given is None or len(given) <= 12 else given[:12] + "..."
        raise SheetProblem(
            f"has a row numbered {shown or number}, past the {MAX_ROWS:,} rows a sheet can have"
        )
    return number


def _column(reference: str | None, default: int, row: int) -> int:
    """The column (1 for A) of a cell's reference (`B7`), or `default` when it has none."""
    if reference is None:
        column = default
    else:
        match = _REFERENCE.fullmatch(reference.upper())
        if match is None:
            raise SheetProblem(f"has a cell on row {row:,} at {reference[:20]!r}, which is no cell reference")
        column = _letters(match.group(1))
        if int(match.group(2)) > MAX_ROWS:
            raise SheetProblem(f"has a cell at {reference[:20]}, past the {MAX_ROWS:,} rows a sheet can have")
    if column > MAX_COLUMNS:
        raise SheetProblem(
            f"has a cell on row {row:,} in column {column:,}, past the {MAX_COLUMNS:,} columns a prediction "
            "file has"
        )
    return column


def _letters(letters: str) -> int:
    """A column's number from its letters: A is 1, Z 26, AA 27, XFD 16,384."""
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - ord("A") + 1
    return number


def _number(text: str) -> int | float | str:
    """A number cell's value as written: whole numbers stay whole; anything else unreadable stays text."""
    if re.fullmatch(r"-?[0-9]{1,18}", text):
        return int(text)
    try:
        return float(text)
    except ValueError:
        return text
