"""Read the released VLMBias photos (`anvo25/vlms-are-biased`) from a local copy, for `--source upstream`.

The release is one config with Parquet files `data/<split>-*.parquet` and the
twelve released columns. For a photo topic (Animals, Logos) we take its rows of
`main` (Q1, Q2), `identification` (Q3), `withtitle` (Q1, Q2) and, if present,
`original`, check them, and plan one `UpstreamPhotoSpec` per released image:
the spec records where the image is (file, row group, row), its released ID and
the SHA-256 of its bytes, and carries the released prompts, answers, IDs,
`image_path` and `metadata`, so the rows we emit repeat the release's values.
Its scene is the decoded photo at its own size.

Mapping onto our splits: an image of `main` gives our `main` (its Q1, Q2) and
`identification` (the Q3 row whose ID matches it) rows; our `withtitle` rows
draw our title bar above that same photo and keep the released withtitle IDs
(the release's own titled photos are checked, not re-emitted, because the
pipeline draws every title bar itself). `original` rows map one to one.

Counts: under the paper preset each split must hold exactly the release's rows
for the topic (e.g. 546 Animals rows in `main`), else we refuse; the lite
preset keeps the 384 px images only and accepts a partial copy, as long as
every image it keeps has all of its rows.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from builders.core.bounded_json import JSONProblem, parse
from builders.core.errors import RenderError, SpecError, UsageError
from builders.core.photos import UnreadablePhoto, decoded_photo, photo_size
from builders.core.scene import Scene
from builders.core.spec import SOURCE_PATH, input_root
from builders.core.user_files import MAX_JSON_DEPTH
from builders.vlmbias.columns import RELEASED_COLUMNS
from builders.vlmbias.questions import Question
from builders.vlmbias.spec import VlmBiasSpec
from builders.vlmbias.topic import type_before_px

if TYPE_CHECKING:  # pyarrow is imported where the release is read, so drawn builds never load it
    import pyarrow.parquet as pq

RELEASE = "anvo25/vlms-are-biased"
#: Splits we read; `original` is optional.
REQUIRED_SPLITS = ("main", "identification", "withtitle")
OPTIONAL_SPLITS = ("original",)
#: The released `topic` value of each config we can read.
TOPICS = {"animals": "Animals", "logos": "Logos"}
#: Rows of each split per topic in the release (spec §0, §1.8): checked under the paper preset.
RELEASED_ROWS = {
    "animals": {"main": 546, "identification": 273, "withtitle": 546},
    "logos": {"main": 414, "identification": 207, "withtitle": 414},
}
LITE_PX = 384
COUNTERFACTUAL, ORIGINAL = "counterfactual", "original"
TEXT_COLUMNS = tuple(column for column in RELEASED_COLUMNS if column != "image")
_Q_TOKEN = re.compile(r"_(Q\d+)(?=_|$)")


# --------------------------------------------------------------------------- questions and ids


@dataclasses.dataclass(frozen=True)
class ReleasedQuestion(Question):
    """A question copied from the release, with the IDs its rows had there."""

    plain_id: str = ""  # ID of the row about the untitled image
    titled_id: str = ""  # ID of the withtitle row ("" if none)
    titled_image_id: str = ""  # our image id of the titled twin


def row_id(image_id: str, question: Question) -> str:
    """A row's `ID`: the released one for copied questions, else the question type before `_px`."""
    if isinstance(question, ReleasedQuestion):
        return question.titled_id if image_id == question.titled_image_id else question.plain_id
    return type_before_px(image_id, question)


def image_key(released_id: str) -> str:
    """The released row ID without its question token: the key shared by an image's rows.

    >>> image_key("car_067_notitle_Q1_px1152"), image_key("shoe_018_withtitle_Q2_px768")
    ('car_067_notitle_px1152', 'shoe_018_withtitle_px768')
    """
    return _Q_TOKEN.sub("", released_id, count=1)


# --------------------------------------------------------------------------- the spec


@dataclasses.dataclass(frozen=True, kw_only=True)
class UpstreamPhotoSpec(VlmBiasSpec):
    """One released photo: where it is, what it hashes to, and the released rows about it."""

    kind: ClassVar[str] = "upstream_photo"

    config: str  # "animals" or "logos"
    source_file: str  # the Parquet file holding the image, relative to the copy (`data/main-....parquet`)
    row_group: int
    row_index: int  # row within the row group
    released_id: str  # ID of the released row whose image this is
    image_sha256: str  # SHA-256 of the stored image bytes; `px` is the released `pixel`
    role: str  # "counterfactual" or "original"
    sub_topic: str
    title: str  # drawn in our title bar
    released_metadata: str  # the `metadata` column of the released rows, verbatim
    released_path: str  # the released rows' `image_path`
    plain_image_id: str
    titled_image_id: str
    #: (type, prompt, ground truth, expected bias, released ID) per question.
    questions_released: tuple[tuple[str, str, str, str | None, str], ...]
    #: (type, released withtitle ID) for Q1 and Q2.
    titled_ids: tuple[tuple[str, str], ...] = ()
    titled_path: str = ""  # the released withtitle rows' `image_path` ("" for originals)
    upstream: str = input_root(SOURCE_PATH)  # the `--source upstream PATH` copy: never published

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.config not in TOPICS:
            raise SpecError(f"upstream photos exist for {sorted(TOPICS)}, not {self.config!r}")
        if self.role not in (COUNTERFACTUAL, ORIGINAL):
            raise SpecError(f"role must be {COUNTERFACTUAL!r} or {ORIGINAL!r}, got {self.role!r}")
        if not re.fullmatch(r"[0-9a-f]{64}", self.image_sha256):
            raise SpecError(f"image_sha256 must be 64 lower-case hex digits, got {self.image_sha256!r}")

    def image_id(self, titled: bool) -> str:
        if titled and self.role == ORIGINAL:
            raise SpecError(f"original photos are not drawn with a title: {self.released_id!r}")
        return self.titled_image_id if titled else self.plain_image_id

    @property
    def modification(self) -> str:
        return "add" if self.role == COUNTERFACTUAL else "none"

    def questions(self) -> list[Question]:
        titled = dict(self.titled_ids)
        out: list[Question] = []
        for qtype, prompt, truth, bias, released in self.questions_released:
            answer = "number" if truth.isdigit() else ("yes_no" if truth in ("Yes", "No") else "text")
            out.append(
                ReleasedQuestion(
                    qtype, prompt, truth, bias, answer, released, titled.get(qtype, ""), self.titled_image_id
                )
            )
        return out

    def metadata(self) -> dict[str, Any]:
        """The released metadata parsed, when it is a JSON object (rows carry it verbatim)."""
        if not self.released_metadata:
            return {}
        try:
            parsed = parse(self.released_metadata, max_depth=MAX_JSON_DEPTH, surrogates="refuse")
        except JSONProblem:
            return {}
        return parsed if isinstance(parsed, dict) else {}

    def scene(self) -> Scene:
        """The released photo, decoded, at its own size."""
        image = decoded_photo(photo_bytes(self), f"the image of row {self.released_id!r}")
        return Scene(image, image.width, image.height)


def photo_bytes(spec: UpstreamPhotoSpec) -> bytes:
    """The stored image bytes of a spec's row, checked against its ID and hash."""
    import pyarrow as pa

    local = str(Path(spec.upstream) / spec.source_file)
    try:
        ids, images = _row_group(local, spec.row_group)
    except (OSError, pa.ArrowException) as error:
        raise RenderError(f"cannot read {local!r} again ({error}); keep the upstream copy in place") from None
    if spec.row_index >= len(ids) or ids[spec.row_index] != spec.released_id:
        raise RenderError(f"{local!r} no longer holds {spec.released_id!r} where it was planned; rebuild")
    data = images[spec.row_index]
    if hashlib.sha256(data).hexdigest() != spec.image_sha256:
        raise RenderError(f"the image of {spec.released_id!r} changed since the build was planned; rebuild")
    return data


@functools.lru_cache(maxsize=2)
def _row_group(path: str, index: int) -> tuple[list[str], list[bytes]]:
    import pyarrow.parquet as pq

    table = pq.ParquetFile(path).read_row_group(index, columns=["ID", "image"])
    images = [(cell or {}).get("bytes") or b"" for cell in table.column("image").to_pylist()]
    return table.column("ID").to_pylist(), images


# --------------------------------------------------------------------------- reading and checking


@dataclasses.dataclass(frozen=True)
class ReleasedRow:
    """One released row of the topic, with where its image is and the image's hash."""

    split: str
    file: str
    row_group: int
    row_index: int
    fields: dict[str, Any]
    image_sha256: str

    @property
    def id(self) -> str:
        return str(self.fields["ID"])

    @property
    def key(self) -> str:
        return image_key(self.id)


def split_files(root: Path) -> dict[str, list[Path]]:
    """`data/<split>-*.parquet` files of a local copy of the release, by split; UsageError if absent."""
    where = f"upstream path {str(root)!r}"
    hint = f"pass the folder of a local copy of {RELEASE} (it holds data/<split>-*.parquet)"
    if not root.exists():
        raise UsageError(f"{where} does not exist; {hint}")
    if not root.is_dir():
        raise UsageError(f"{where} is not a folder; {hint}")
    data = root / "data"
    if not data.is_dir():
        raise UsageError(f"{where} has no data/ folder, so it is not a copy of {RELEASE}; {hint}")
    files: dict[str, list[Path]] = {}
    for path in sorted(data.glob("*.parquet")):
        files.setdefault(path.name.split("-", 1)[0], []).append(path)
    for split in REQUIRED_SPLITS:
        if split not in files:
            raise UsageError(
                f"{where} has no data/{split}-*.parquet, so it is not a full copy of {RELEASE}; {hint}"
            )
    return files


def _open(path: Path) -> pq.ParquetFile:
    """Open a release file and check it has exactly the released columns."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    try:
        handle = pq.ParquetFile(path)
    except (OSError, pa.ArrowException) as error:
        raise UsageError(
            f"cannot read {str(path)!r} as Parquet ({error}); replace it with the file from {RELEASE}"
        ) from None
    names = handle.schema_arrow.names
    missing = [c for c in RELEASED_COLUMNS if c not in names]
    extra = [c for c in names if c not in RELEASED_COLUMNS]
    if missing or extra:
        raise UsageError(
            f"upstream file {str(path)!r} does not have the columns of {RELEASE} "
            f"(missing {missing}, unexpected {extra}); pass an unmodified copy of the release"
        )
    image = handle.schema_arrow.field("image").type
    if not pa.types.is_struct(image) or image.get_field_index("bytes") < 0:
        raise UsageError(
            f"upstream file {str(path)!r} stores `image` as {image}, not as a struct with bytes; "
            "pass the release"
        )
    return handle


def read_topic_rows(files: Iterable[Path], split: str, topic: str) -> list[ReleasedRow]:
    """Every row of `topic` in a split's files, its image hashed and checked to decode."""
    import pyarrow as pa

    rows: list[ReleasedRow] = []
    for path in files:
        handle = _open(path)
        for group in range(handle.num_row_groups):
            try:
                table = handle.read_row_group(group, columns=list(TEXT_COLUMNS))
            except (OSError, pa.ArrowException) as error:
                raise UsageError(
                    f"cannot read {str(path)!r} ({error}); replace it with the file from {RELEASE}"
                ) from None
            records = table.to_pylist()
            wanted = [i for i, record in enumerate(records) if record["topic"] == topic]
            if not wanted:
                continue
            images = handle.read_row_group(group, columns=["image"]).column("image").to_pylist()
            for i in wanted:
                data = (images[i] or {}).get("bytes") or b""
                _check_image(data, records[i]["ID"], path)
                digest = hashlib.sha256(data).hexdigest()
                rows.append(ReleasedRow(split, str(path), group, i, records[i], digest))
    return rows


def _check_image(data: bytes, released_id: str, path: Path) -> None:
    try:
        photo_size(data, f"the image of row {released_id!r} in {str(path)!r}")
    except UnreadablePhoto as error:
        raise UsageError(
            f"the image of row {released_id!r} in {str(path)!r} cannot be decoded ({error.reason}); "
            f"replace the file with the one from {RELEASE}"
        ) from None


def _group(rows: list[ReleasedRow], split: str, types: tuple[str, ...]) -> dict[str, dict[str, ReleasedRow]]:
    """Rows by image key, then by question type; UsageError on a duplicate or unexpected type."""
    grouped: dict[str, dict[str, ReleasedRow]] = {}
    for row in rows:
        qtype = row.fields["type_of_question"]
        if types and qtype not in types:
            raise UsageError(
                f"row {row.id!r} of {split} asks {qtype!r}; the release's {split} holds {list(types)}"
            )
        slot = grouped.setdefault(row.key, {})
        if qtype in slot:
            raise UsageError(
                f"{split} holds two {qtype} rows for the image {row.key!r}; pass an unmodified copy"
            )
        slot[qtype] = row
    return grouped


def _question(row: ReleasedRow) -> tuple[str, str, str, str | None, str]:
    f = row.fields
    bias = f["expected_bias"]
    return (
        f["type_of_question"],
        f["prompt"],
        str(f["ground_truth"]),
        None if bias in (None, "") else str(bias),
        row.id,
    )


Titler = Callable[[ReleasedRow, list[ReleasedRow]], str]


def upstream_specs(
    root: Path, preset: str, config: str, titler: Titler
) -> tuple[list[UpstreamPhotoSpec], list[UpstreamPhotoSpec]]:
    """(counterfactual specs, original specs) of `config` from a local copy of the release.

    `titler(first_row, all_rows_of_the_image)` names the subject for the title bar.
    """
    if config not in TOPICS:
        raise UsageError(f"only {sorted(TOPICS)} have released photos, not {config!r}")
    if preset not in ("paper", "lite"):
        raise UsageError(f"unknown preset {preset!r} for upstream photos; choose paper or lite")
    root = Path(root)
    files = split_files(root)
    topic = TOPICS[config]
    rows = {split: read_topic_rows(files[split], split, topic) for split in REQUIRED_SPLITS}
    originals = [
        row for split in OPTIONAL_SPLITS for row in read_topic_rows(files.get(split, []), split, topic)
    ]
    if preset == "paper":
        for split, expected in RELEASED_ROWS[config].items():
            if len(rows[split]) != expected:
                raise UsageError(
                    f"the upstream {split} split holds {len(rows[split])} {topic} rows, the release has "
                    f"{expected}; pass a complete copy, or use --preset lite for a partial one"
                )
    else:
        rows = {split: [r for r in found if r.fields["pixel"] == LITE_PX] for split, found in rows.items()}
        originals = [r for r in originals if r.fields["pixel"] == LITE_PX]
        if not rows["main"]:
            raise UsageError(
                f"the upstream main split holds no {topic} rows at {LITE_PX} px; pass a copy of {RELEASE}"
            )
    main = _group(rows["main"], "main", ("Q1", "Q2"))
    ident = _group(rows["identification"], "identification", ("Q3",))
    titled = _group(rows["withtitle"], "withtitle", ("Q1", "Q2"))
    counterfactuals: list[UpstreamPhotoSpec] = []
    for key, group in main.items():
        if set(group) != {"Q1", "Q2"}:
            raise UsageError(
                f"main holds {sorted(group)} for the image {key!r}, not Q1 and Q2; pass an unmodified copy"
            )
        q3 = ident.pop(key, {}).get("Q3")
        if q3 is None:
            raise UsageError(f"identification has no Q3 row for the image {key!r}; pass an unmodified copy")
        twin_key = key.replace("_notitle_", "_withtitle_") if "_notitle_" in key else f"{key}_withtitle"
        twin = titled.pop(twin_key, None)
        if twin is None or set(twin) != {"Q1", "Q2"}:
            raise UsageError(
                f"withtitle has no Q1 and Q2 rows for the image {key!r}; pass an unmodified copy"
            )
        counterfactuals.append(
            _spec(root, config, [group["Q1"], group["Q2"], q3], COUNTERFACTUAL, titler, key, twin_key, twin)
        )
    leftovers = sorted(ident) + sorted(titled)
    if leftovers:
        raise UsageError(
            f"{leftovers[0]!r} has identification or withtitle rows but no main rows; pass an unmodified copy"
        )
    taken = {spec.plain_image_id for spec in counterfactuals} | {
        spec.titled_image_id for spec in counterfactuals
    }
    original_specs: list[UpstreamPhotoSpec] = []
    for key, group in _group(originals, "original", ()).items():
        ordered = [group[t] for t in sorted(group)]
        plain = key if key not in taken else f"{key}_original"
        original_specs.append(_spec(root, config, ordered, ORIGINAL, titler, plain))
    return counterfactuals, original_specs


def _spec(
    root: Path,
    config: str,
    rows: list[ReleasedRow],
    role: str,
    titler: Titler,
    plain_id: str,
    titled_id: str = "",
    titled_rows: dict[str, ReleasedRow] | None = None,
) -> UpstreamPhotoSpec:
    """The spec of one released image: its first row's photo, and the questions of all its rows."""
    first = rows[0]
    fields = first.fields
    return UpstreamPhotoSpec(
        config=config,
        source_file=Path(first.file).relative_to(root).as_posix(),
        upstream=str(root),
        row_group=first.row_group,
        row_index=first.row_index,
        released_id=first.id,
        image_sha256=first.image_sha256,
        px=int(fields["pixel"]),
        role=role,
        sub_topic=str(fields["sub_topic"]),
        title=titler(first, rows),
        released_metadata=str(fields["metadata"] or ""),
        released_path=str(fields["image_path"] or ""),
        plain_image_id=plain_id,
        titled_image_id=titled_id,
        questions_released=tuple(_question(row) for row in rows),
        titled_ids=tuple((qtype, row.id) for qtype, row in sorted((titled_rows or {}).items())),
        titled_path=next((str(row.fields["image_path"] or "") for row in (titled_rows or {}).values()), ""),
    )
