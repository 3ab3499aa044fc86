"""Read a VLMEvalKit prediction file (`.xlsx`, `.tsv` or `.csv`) as replies keyed by row id.

VLMEvalKit writes its predictions as the benchmark's columns (without `image`) plus `prediction`,
one row per `index`. The `index` is the row's position in the exported split
(`eval.vlmevalkit.export`), so it maps back to the row with no side file; when the file also
carries our `id` column, each row's id must be the id of the exported row its index names, which
catches a file scored against another build, config or split. Every problem is one sentence naming
the file's row (the header is row 1).

The file is read under the user-file rules (`builders.core.user_files`: a regular file within
`MAX_TABLE_BYTES`, UTF-8 without a byte-order mark for text tables, streamed); a workbook's first
sheet through `eval.vlmevalkit.sheet`, bounded in size, rows and columns. A reply saved as a
formula (openpyxl and xlsxwriter turn text that begins with "=" into one) is read as the text its
writer was given, "=" included, with an `InputWarning`: its stored value is empty or 0.
"""

from __future__ import annotations

import csv
import os
import warnings
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from builders.core.bounded_json import safe_text
from builders.core.errors import shown
from builders.core.user_files import opened, text_lines
from eval.errors import InputWarning, PredictionsError
from eval.vlmevalkit.sheet import Formula, SheetProblem, first_sheet
from eval.zipcheck import BoundedZip, NotAZip, ZipProblem

#: The file endings VLMEvalKit writes predictions with, and the delimiter of the text ones.
DELIMITERS = {".tsv": "\t", ".csv": ","}
SUFFIXES = (".xlsx", *DELIMITERS)
REQUIRED = ("index", "prediction")
#: Replies with long reasoning exceed the csv module's default field limit (128 KiB).
FIELD_LIMIT = 2**31 - 1
#: The largest prediction file read (a text table; a workbook, which holds it compressed).
MAX_TABLE_BYTES = 1 << 30
SAME_EXPORT = "score the file with the --data, --config and --split it was exported from"
FIX = "pass the prediction file VLMEvalKit wrote for the TSV `python -m eval export vlmevalkit` made"


def is_table(path: Path) -> bool:
    """Whether `path` names a VLMEvalKit prediction file (by its ending) rather than JSONL."""
    return path.suffix.lower() in SUFFIXES


def read_table(
    path: Path, row_ids: Sequence[str], where: str, role: str = "predictions file"
) -> dict[str, str]:
    """`{id: prediction}` of the file at `path`; `row_ids` are the exported split's ids by index.

    `where` names the split in messages ("patterned_grids/main"). An empty `prediction` cell is an
    empty reply (scored as unparsed), as VLMEvalKit leaves a failed request.

    Raises:
        PredictionsError: the file is not a regular file within the cap, not a table of its ending,
            begins with a byte-order mark, lacks `index` or `prediction`, or a line has an index that
            is not a whole number, repeats, is not a row of `where`, or names a row whose id differs
            from the line's `id`.
    """
    name = f"{role} {str(path)!r}"
    lines = _lines(path, name)
    header = next(lines, None)
    if header is None:
        raise PredictionsError(f"{name} is empty; {FIX}")
    names = header[1]
    columns = {cell: position for position, cell in reversed(list(enumerate(names))) if isinstance(cell, str)}
    missing = [column for column in REQUIRED if column not in columns]
    if missing:
        found = ", ".join(shown(cell, 40) for cell in names[:8]) or "none"
        lacking = " or ".join(repr(column) for column in missing)
        raise PredictionsError(f"{name} has no {lacking} column (its columns: {found}); {FIX}")
    replies: dict[str, str] = {}
    seen: set[int] = set()
    formulas: list[int] = []
    for number, cells in lines:
        if not any(_text(cell) for cell in cells):
            continue
        cell = {column: cells[position] for column, position in columns.items() if position < len(cells)}
        place = f"{path}: row {number}"
        index = _index(cell.get("index"), place)
        if index in seen:
            raise PredictionsError(f"{place}: index {index} already has a prediction; keep one row per index")
        if not 0 <= index < len(row_ids):
            raise PredictionsError(
                f"{place}: index {shown(index)} is not a row of the export of {where} (indexes 0 to "
                f"{len(row_ids) - 1}); {SAME_EXPORT}"
            )
        row_id = row_ids[index]
        claimed = _text(cell.get("id")) if "id" in columns else row_id
        if claimed != row_id:
            raise PredictionsError(
                f"{place}: index {index} names row {row_id!r} of {where}, but the file gives id "
                f"{shown(claimed)}; {SAME_EXPORT}"
            )
        seen.add(index)
        prediction = cell.get("prediction")
        if isinstance(prediction, Formula):
            if not prediction:
                raise PredictionsError(
                    f"{place}: the prediction is a copy of a shared formula, which holds no reply; save the "
                    "predictions as text"
                )
            formulas.append(number)
        replies[row_id] = _text(prediction)
    if formulas:
        warnings.warn(
            f"{name} stores {len(formulas)} prediction(s) as spreadsheet formulas (first: row "
            f"{formulas[0]}), which a spreadsheet shows as their computed value; each is read as the text "
            "its writer was given, '=' included (openpyxl and xlsxwriter save a reply that begins with '=' "
            "as a formula)",
            InputWarning,
            stacklevel=2,
        )
    return replies


def _lines(path: Path, name: str) -> Iterator[tuple[int, list[Any]]]:
    """(row number, cells) of the file's lines, the header first (row 1)."""
    if path.suffix.lower() == ".xlsx":
        return _sheet_lines(path, name)
    lines = text_lines(path, name, FIX, max_bytes=MAX_TABLE_BYTES, bom="refuse", error=PredictionsError)
    return _text_lines(lines, DELIMITERS[path.suffix.lower()], name)


def _text_lines(lines: Iterator[str], delimiter: str, name: str) -> Iterator[tuple[int, list[Any]]]:
    limit = csv.field_size_limit(FIELD_LIMIT)
    try:
        yield from enumerate(csv.reader(lines, delimiter=delimiter, strict=True), start=1)
    except csv.Error as error:
        kind = "tab" if delimiter == "\t" else "comma"
        raise PredictionsError(f"{name} is not a {kind}-separated table ({error}); {FIX}") from None
    finally:
        csv.field_size_limit(limit)


def _sheet_lines(path: Path, name: str) -> Iterator[tuple[int, list[Any]]]:
    """The first worksheet's rows (`eval.vlmevalkit.sheet`), each problem one sentence naming the file."""
    with opened(path, name, FIX, PredictionsError) as handle:
        if os.fstat(handle.fileno()).st_size > MAX_TABLE_BYTES:
            raise PredictionsError(
                f"{name} is over {MAX_TABLE_BYTES >> 20:,} MiB, too large for a prediction file; {FIX}"
            )
        try:
            yield from first_sheet(BoundedZip(handle))
        except NotAZip as problem:
            raise PredictionsError(
                f"{name} is not an Excel workbook ({str(problem).removeprefix('is ')}); {FIX}"
            ) from None
        except (ZipProblem, SheetProblem) as problem:
            raise PredictionsError(f"{name} {problem}; {FIX}") from None


def _index(value: Any, place: str) -> int:
    """A cell's whole number: `7`, `7.0` or `"7"` (Excel stores numbers as floats)."""
    number = value
    if isinstance(value, float) and value.is_integer():
        number = int(value)
    elif isinstance(value, str):
        number = _whole(value.strip())
    if not isinstance(number, int) or isinstance(number, bool):
        raise PredictionsError(
            f"{place}: index {shown(value)} is not a whole number; keep the exported index"
        )
    return number


def _whole(text: str) -> int | str:
    """`"7"` or `"7.0"` (a column pandas wrote as floats) as 7; any other text as it is."""
    try:
        number = float(text)
    except ValueError:
        return text
    return int(number) if number.is_integer() else text


def _text(value: Any) -> str:
    """A cell as text: numbers Excel stored for a textual reply read back as they were written."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return "" if value is None else safe_text(str(value))
