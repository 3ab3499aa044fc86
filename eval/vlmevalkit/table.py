"""Read a VLMEvalKit prediction file (`.xlsx`, `.tsv` or `.csv`) as replies keyed by row id.

VLMEvalKit writes its predictions as the benchmark's columns (without `image`) plus `prediction`,
one row per `index`. The `index` is the row's position in the exported split
(`eval.vlmevalkit.export`), so it maps back to the row with no side file; when the file also
carries our `id` column, each row's id must be the id of the exported row its index names, which
catches a file scored against another build, config or split. Every problem is one sentence naming
the file's row (the header is row 1).
"""

from __future__ import annotations

import codecs
import csv
import io
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from builders.core.bounded_json import safe_text
from eval.errors import PredictionsError
from eval.zipcheck import zip_problem

#: The file endings VLMEvalKit writes predictions with, and the delimiter of the text ones.
DELIMITERS = {".tsv": "\t", ".csv": ","}
SUFFIXES = (".xlsx", *DELIMITERS)
REQUIRED = ("index", "prediction")
#: Replies with long reasoning exceed the csv module's default field limit (128 KiB).
FIELD_LIMIT = 2**31 - 1
SAME_EXPORT = "score the file with the --data, --config and --split it was exported from"
FIX = "pass the prediction file VLMEvalKit wrote for the TSV `python -m eval export vlmevalkit` made"


def is_table(path: Path) -> bool:
    """Whether `path` names a VLMEvalKit prediction file (by its ending) rather than JSONL."""
    return path.suffix.lower() in SUFFIXES


def read_table(path: Path, row_ids: Sequence[str], where: str) -> dict[str, str]:
    """`{id: prediction}` of the file at `path`; `row_ids` are the exported split's ids by index.

    `where` names the split in messages ("patterned_grids/main"). An empty `prediction` cell is an
    empty reply (scored as unparsed), as VLMEvalKit leaves a failed request.

    Raises:
        PredictionsError: the file is missing, unreadable, not a table of its ending, begins with a
            byte-order mark, lacks `index` or `prediction`, or a line has an index that is not a
            whole number, repeats, is not a row of `where`, or names a row whose id differs from
            the line's `id`.
    """
    lines = _lines(path)
    names = next(lines, None)
    if names is None:
        raise PredictionsError(f"prediction file {str(path)!r} is empty; {FIX}")
    columns = {name: position for position, name in reversed(list(enumerate(names)))}
    missing = [name for name in REQUIRED if name not in columns]
    if missing:
        found = ", ".join(repr(name) for name in names[:8]) or "none"
        lacking = " or ".join(repr(name) for name in missing)
        raise PredictionsError(
            f"prediction file {str(path)!r} has no {lacking} column (its columns: {found}); {FIX}"
        )
    replies: dict[str, str] = {}
    seen: set[int] = set()
    for number, cells in enumerate(lines, start=2):
        if not any(_text(cell) for cell in cells):
            continue
        cell = {name: cells[position] for name, position in columns.items() if position < len(cells)}
        place = f"{path}: row {number}"
        index = _index(cell.get("index"), place)
        if index in seen:
            raise PredictionsError(f"{place}: index {index} already has a prediction; keep one row per index")
        if not 0 <= index < len(row_ids):
            raise PredictionsError(
                f"{place}: index {index} is not a row of the export of {where} (indexes 0 to "
                f"{len(row_ids) - 1}); {SAME_EXPORT}"
            )
        row_id = row_ids[index]
        claimed = _text(cell.get("id")) if "id" in columns else row_id
        if claimed != row_id:
            raise PredictionsError(
                f"{place}: index {index} names row {row_id!r} of {where}, but the file gives id {claimed!r}; "
                f"{SAME_EXPORT}"
            )
        seen.add(index)
        replies[row_id] = _text(cell.get("prediction"))
    return replies


def _lines(path: Path) -> Iterator[list[Any]]:
    """The file's lines as lists of cells, the header first."""
    if path.suffix.lower() == ".xlsx":
        return _sheet_lines(path)
    try:
        data = path.read_bytes()
    except OSError as error:
        raise PredictionsError(f"cannot read prediction file {str(path)!r} ({error.strerror})") from None
    if data.startswith(codecs.BOM_UTF8):
        raise PredictionsError(
            f"prediction file {str(path)!r} begins with a byte-order mark; save it as UTF-8 without one"
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise PredictionsError(f"prediction file {str(path)!r} is not UTF-8 text; {FIX}") from None
    delimiter = DELIMITERS[path.suffix.lower()]
    return _text_lines(text, delimiter, path)


def _text_lines(text: str, delimiter: str, path: Path) -> Iterator[list[str]]:
    limit = csv.field_size_limit(FIELD_LIMIT)
    try:
        lines = list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True))
    except csv.Error as error:
        kind = "tab" if delimiter == "\t" else "comma"
        raise PredictionsError(
            f"prediction file {str(path)!r} is not a {kind}-separated table ({error}); {FIX}"
        ) from None
    finally:
        csv.field_size_limit(limit)
    return iter(lines)


def _sheet_lines(path: Path) -> Iterator[list[Any]]:
    """The first worksheet's rows as cell values (openpyxl, read-only: large files stream)."""
    from openpyxl import load_workbook

    problem = path.is_file() and zip_problem(path)
    if problem:
        raise PredictionsError(f"prediction file {str(path)!r} {problem}; {FIX}")
    try:
        workbook = load_workbook(path, read_only=True, data_only=True)
    except OSError as error:
        raise PredictionsError(f"cannot read prediction file {str(path)!r} ({error.strerror})") from None
    except Exception as error:  # openpyxl raises zip, XML and its own errors for a file that is no workbook
        raise PredictionsError(
            f"prediction file {str(path)!r} is not an Excel workbook ({type(error).__name__}); {FIX}"
        ) from None
    try:
        sheet = workbook.worksheets[0] if workbook.worksheets else None
        if sheet is None:
            raise PredictionsError(f"prediction file {str(path)!r} has no worksheet; {FIX}")
        for values in sheet.iter_rows(values_only=True):
            yield ["" if value is None else value for value in values]
    except PredictionsError:
        raise
    except Exception as error:  # a damaged part of the archive shows only when its rows are read
        raise PredictionsError(
            f"prediction file {str(path)!r} is a damaged Excel workbook ({type(error).__name__}); {FIX}"
        ) from None
    finally:
        workbook.close()


def _index(value: Any, place: str) -> int:
    """A cell's whole number: `7`, `7.0` or `"7"` (Excel stores numbers as floats)."""
    number = value
    if isinstance(value, float) and value.is_integer():
        number = int(value)
    elif isinstance(value, str):
        number = _whole(value.strip())
    if not isinstance(number, int) or isinstance(number, bool):
        raise PredictionsError(f"{place}: index {value!r} is not a whole number; keep the exported index")
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
