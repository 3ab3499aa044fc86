"""What every family's inspect_ai task shares: rows to samples, replies to the numbers `eval score` gives.

A sample is one row of a built split, asked exactly as the family's lmms-eval task asks it: the
lmms-eval adapter's own `doc_to_visual`/`doc_to_text` (or `doc_to_messages`) build the messages, the
image goes where lmms-eval puts it (before the text), as the stored image's bytes when they are RGB
(lmms-eval sends `image.convert("RGB")`, so the model decodes the same pixels) and re-encoded as RGB
PNG otherwise, and the generation settings come from the task's YAML template. Each sample keeps
its row (without the image) as metadata and is one single-turn request: AIpsych's four prompts of a
set and VI-Probe's forward and reversed questions are separate requests, as in lmms-eval and the
papers, and are grouped only when scored.

The scorer grades each reply with `eval.scoring` (1 for a right answer, 0 otherwise; AIpsych grades
4-prompt sets, not prompts, so its rows score 1 when answered). The metric `eval_score` hands every
scored sample's reply to `eval.scoring.score.score_replies` with all the split's rows, as `python -m
eval score` does, and reports the family's headline metrics (`HEADLINE`) with their 95 % intervals
(`<metric>.ci95_low`, `<metric>.ci95_high`). The whole JSON, breakdowns included, is `python -m eval
score <family> ... --predictions <the .eval log>`.
"""

from __future__ import annotations

import argparse
import base64
import dataclasses
import io
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import yaml
from inspect_ai import Task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import (
    ChatMessage,
    ChatMessageAssistant,
    ChatMessageSystem,
    ChatMessageUser,
    Content,
    ContentImage,
    ContentText,
    GenerateConfig,
)
from inspect_ai.scorer import Metric, SampleScore, Score, Scorer, Target, Value, metric, scorer
from inspect_ai.solver import TaskState, generate
from PIL import Image

from builders.core.errors import BuilderError
from eval.data import load_rows, open_folder
from eval.errors import EvalError, UsageError

try:  # inspect prints these as their message alone, without a traceback
    from inspect_ai._util.error import PrerequisiteError
except ImportError:  # pragma: no cover - a later inspect may move it; the error still says what is wrong
    PrerequisiteError = Exception  # type: ignore[misc,assignment]
from eval.scoring.bootstrap import DEFAULT_RESAMPLES, DEFAULT_SEED, flatten
from eval.scoring.score import accepted, family_scoring, score_replies
from eval.tasks.declaration import TASKS_ROOT


@dataclasses.dataclass(frozen=True)
class Asking:
    """How the family's lmms-eval task asks a row: its `doc_to_visual` and `doc_to_text`, or its own
    `doc_to_messages`, with the `lmms_eval_specific_kwargs` its YAML passes (None: none)."""

    visual: Callable[[dict[str, Any]], list[Any]]
    text: Callable[..., str]
    messages: Callable[[dict[str, Any]], list[dict[str, Any]]] | None = None
    kwargs: Mapping[str, Any] | None = None


@dataclasses.dataclass(frozen=True)
class FamilyTask:
    """What a family's task file declares: how rows are asked (one way, or chosen per row), the
    lmms-eval YAML template holding the generation settings and the target column (`templates` per
    split where they differ), and whether a graded row is right (None: the family grades groups of
    rows, not rows)."""

    family: str
    ask: Asking | Callable[[dict[str, Any]], Asking]
    template: str = "_default_template_yaml"
    templates: Mapping[str, str] = dataclasses.field(default_factory=dict)
    correct: Callable[[Any, Mapping[str, Any]], bool] | None = None

    def asking(self, row: dict[str, Any]) -> Asking:
        return self.ask if isinstance(self.ask, Asking) else self.ask(row)

    def settings(self, split: str) -> dict[str, Any]:
        """The YAML settings of the split's template."""
        return template_settings(self.family, self.templates.get(split, self.template))


class TaskArgumentError(UsageError, PrerequisiteError):
    """A task argument (`-T`) names no usable build, config, split or option: one sentence, no traceback."""

    def __init__(self, message: str) -> None:
        UsageError.__init__(self, message)
        self.message = f"error: {message}"


class _ImageSlot:
    """Stands in for the row's PIL image in the lmms-eval functions; replaced by the image's data URI."""

    def convert(self, mode: str) -> _ImageSlot:
        return self


class _TemplateLoader(yaml.SafeLoader):
    """Reads lmms-eval YAML, keeping each `!function` reference as its text."""


_TemplateLoader.add_constructor("!function", lambda loader, node: loader.construct_scalar(node))


def template_settings(family: str, name: str) -> dict[str, Any]:
    """The settings of `eval/tasks/<family>/<name>`, its `include`d templates merged in (later keys win)."""
    settings = yaml.load((TASKS_ROOT / family / name).read_text(encoding="utf-8"), Loader=_TemplateLoader)
    include = settings.pop("include", None)
    return {**(template_settings(family, include) if include else {}), **settings}


def generate_config(settings: Mapping[str, Any]) -> GenerateConfig:
    """lmms-eval's `generation_kwargs` as inspect's settings (greedy, the same token limit, no stop)."""
    kwargs = settings["generation_kwargs"]
    return GenerateConfig(
        max_tokens=kwargs["max_new_tokens"],
        temperature=kwargs.get("temperature", 0),
        stop_seqs=list(kwargs.get("until") or []) or None,
    )


def user_path(data: str | Path) -> Path:
    """`data` as the user meant it: inspect runs a task file from the file's folder, so a relative
    path is read from the folder inspect was started in (`$PWD`), else from the current one."""
    path = Path(data).expanduser()
    if path.is_absolute():
        return path
    bases = [Path(os.environ["PWD"])] if os.environ.get("PWD") else []
    found = [base / path for base in (*bases, Path.cwd()) if (base / path).exists()]
    return (found[0] if found else (bases or [Path.cwd()])[0] / path).resolve()


def data_uri(image: bytes) -> str:
    """The image as a data URI: its own bytes when RGB, else re-encoded as RGB PNG (what lmms-eval sends)."""
    with Image.open(io.BytesIO(image)) as decoded:
        if decoded.mode == "RGB" and decoded.format in Image.MIME:
            mime = Image.MIME[decoded.format]
        else:
            buffer = io.BytesIO()
            decoded.convert("RGB").save(buffer, format="PNG")
            image, mime = buffer.getvalue(), "image/png"
    return f"data:{mime};base64,{base64.b64encode(image).decode('ascii')}"


def _image_uris(data: Path, config: str, split: str) -> dict[str, str]:
    """Row id -> its image's data URI; rows showing the same pixels share one string."""
    folder = open_folder(data)
    by_pixels: dict[str, str] = {}
    uris = {}
    for row in folder.rows(config, split, ["id", "pixel_sha256", "image"]):
        uri = by_pixels.get(row["pixel_sha256"])
        if uri is None:
            uri = by_pixels[row["pixel_sha256"]] = data_uri(row["image"]["bytes"])
        uris[row["id"]] = uri
    return uris


def lmms_messages(asking: Asking, doc: dict[str, Any]) -> list[dict[str, Any]]:
    """The chat lmms-eval builds for `doc`: the task's own messages, else [user: visuals, then the text]."""
    if asking.messages is not None:
        return asking.messages(doc)
    text = asking.text(doc) if asking.kwargs is None else asking.text(doc, asking.kwargs)
    content = [{"type": "image", "url": visual} for visual in asking.visual(doc)]
    return [{"role": "user", "content": [*content, {"type": "text", "text": text}]}]


def _chat(message: Mapping[str, Any], image: str) -> ChatMessage:
    content: list[Content] = [
        ContentImage(image=image) if part["type"] == "image" else ContentText(text=part["text"])
        for part in message["content"]
    ]
    role = {"system": ChatMessageSystem, "user": ChatMessageUser, "assistant": ChatMessageAssistant}
    return role[message["role"]](content=content)


def samples(spec: FamilyTask, data: Path, config: str, split: str) -> list[Sample]:
    """One sample per row of `config`/`split`, in the split's order, with the row as metadata."""
    target = spec.settings(split).get("doc_to_target")
    uris = _image_uris(data, config, split)
    found = []
    for row in load_rows(data, config, split):
        messages = lmms_messages(spec.asking(row), {**row, "image": _ImageSlot()})
        found.append(
            Sample(
                id=row["id"],
                input=[_chat(message, uris[row["id"]]) for message in messages],
                target=str(row[target]) if isinstance(target, str) and target in row else "",
                metadata=row,
            )
        )
    return found


@metric
def eval_score(
    family: str, data: str, config: str, split: str, options: dict[str, Any], resamples: int, seed: int
) -> Metric:
    """The family's headline metrics and their 95 % intervals, as `python -m eval score` gives them."""
    rows = load_rows(Path(data), config, split)

    def compute(scores: list[SampleScore]) -> Value:
        replies = {str(found.sample_id): found.score.answer or "" for found in scores}
        result = score_replies(family, rows, replies, resamples=resamples, seed=seed, **options)
        return headline(family, result)

    return compute


def headline(family: str, result: Mapping[str, Any]) -> dict[str, float | None]:
    """`n`, each `HEADLINE` metric of a score JSON and its interval bounds (None where undefined)."""
    leaves, intervals = flatten(result), result.get("ci95", {})
    found: dict[str, float | None] = {"n": result.get("n")}
    for path in family_scoring(family).HEADLINE:
        found[path] = leaves.get(path)
        low, high = intervals.get(path) or (None, None)
        found[f"{path}.ci95_low"], found[f"{path}.ci95_high"] = low, high
    return found


def check_options(family: str, options: Mapping[str, Any]) -> None:
    """Refuse, before any request, an option the family's scoring lacks or a value it does not accept."""
    declared = {option.keyword: option for option in getattr(family_scoring(family), "OPTIONS", ())}
    for keyword, value in options.items():
        option = declared.get(keyword)
        if option is None:
            raise UsageError(f"{keyword} is not an option of {family} scoring; leave it out")
        if option.choices is not None and value not in option.choices:
            raise UsageError(
                f"{keyword}={value!r} is not one of {', '.join(option.choices)}; pass one of them"
            )
        try:
            option.type(str(value))  # the command line's own check (AIpsych's k and w are fractions)
        except (argparse.ArgumentTypeError, ValueError) as error:
            raise UsageError(f"{keyword}={value!r}: {error}; pass another value") from None


def family_task(
    spec: FamilyTask,
    data: str | Path,
    config: str,
    split: str,
    options: Mapping[str, Any] | None = None,
    *,
    bootstrap: int = DEFAULT_RESAMPLES,
    bootstrap_seed: int = DEFAULT_SEED,
) -> Task:
    """The inspect Task of `config`/`split` of the build at `data`, scored as `eval score` scores it.

    Raises:
        TaskArgumentError: `data` is not a readable build of the family, it lacks the config or split,
            or an option is unknown.
    """
    try:
        return _family_task(spec, data, config, split, options, bootstrap, bootstrap_seed)
    except (EvalError, BuilderError) as error:
        raise TaskArgumentError(str(error)) from None


def _family_task(
    spec: FamilyTask,
    data: str | Path,
    config: str,
    split: str,
    options: Mapping[str, Any] | None,
    bootstrap: int,
    bootstrap_seed: int,
) -> Task:
    options = {key: value for key, value in (options or {}).items() if value is not None}
    check_options(spec.family, options)
    folder = user_path(data)
    built = open_folder(folder)
    if built.family != spec.family:
        raise UsageError(
            f"{str(data)!r} holds a {built.family} build, not {spec.family}; "
            f"run eval/inspect/{built.family}.py on it"
        )
    scoring = family_scoring(spec.family)
    grade_options = accepted(scoring.grade_rows, options)

    @scorer(metrics=[], name=spec.family)
    def graded_reply() -> Scorer:
        async def score(state: TaskState, target: Target) -> Score:
            reply = state.output.completion
            row = state.metadata
            units = (
                [] if spec.correct is None else scoring.grade_rows([row], {row["id"]: reply}, **grade_options)
            )
            if spec.correct is None or not units:
                return Score(value=float(bool(reply.strip())), answer=reply, explanation="answered")
            (unit,) = units
            return Score(value=float(spec.correct(unit, options)), answer=reply, metadata=unit.to_record())

        return score

    metrics = eval_score(spec.family, str(folder), config, split, dict(options), bootstrap, bootstrap_seed)
    return Task(
        dataset=MemoryDataset(samples(spec, folder, config, split), name=f"{spec.family}/{config}/{split}"),
        solver=generate(),
        scorer=graded_reply(),
        metrics=[metrics],
        config=generate_config(spec.settings(split)),
        metadata={"family": spec.family, "config": config, "split": split, "options": options},
    )
