"""What every family's inspect_ai task shares: rows to samples, replies to the numbers `eval score` gives.

A sample is one row of a built split, asked as the family's lmms-eval task asks it: the family's task
declaration (`FamilyEval.tasks()`) names the template that asks each row, which gives the prompt (the
same `prompt` function lmms-eval's `doc_to_text` is, with the template's arguments), the column sent
as a system message, the target and the generation settings. The image goes before the text, as
lmms-eval puts it, as the stored image's bytes when they are RGB (lmms-eval sends
`image.convert("RGB")`, so the model decodes the same pixels) and re-encoded as RGB PNG otherwise.
Each sample keeps its row (without the image) as metadata and is one single-turn request: AIpsych's
four prompts of a set and VI-Probe's forward and reversed questions are separate requests, as in
lmms-eval and the papers, and are grouped only when scored.

The scorer grades each reply with the family's scorer (1 for a right answer, 0 otherwise; AIpsych
grades 4-prompt sets, not prompts, so its rows score 1 when answered). The metric `eval_score`
hands every scored sample's reply to `eval.scoring.score.score_replies` with all the split's rows,
as `python -m eval score` does, and reports the family's headline metrics with their 95 %
intervals (`<metric>.ci95_low`, `<metric>.ci95_high`). The whole JSON, breakdowns included, is
`python -m eval score <family> ... --predictions <the .eval log>`.
"""

from __future__ import annotations

import base64
import io
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from inspect_ai import Task

# inspect prints a PrerequisiteError as its message alone, without a traceback (inspect-ai 0.3.x, the
# range pyproject.toml allows, keeps it here).
from inspect_ai._util.error import PrerequisiteError
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import (
    ChatMessage,
    ChatMessageSystem,
    ChatMessageUser,
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
from eval.family import FamilyEval
from eval.registry import family_eval
from eval.scoring.bootstrap import DEFAULT_RESAMPLES, DEFAULT_SEED, flatten
from eval.scoring.score import score_replies
from eval.tasks.templates import Generation, Template

#: Which template asks a row of a split (`FamilyTasks.ask`, or a task file's own choice).
Ask = Callable[[Mapping[str, Any], str], Template]


class TaskArgumentError(UsageError, PrerequisiteError):
    """A task argument (`-T`) names no usable build, config, split or option: one sentence, no traceback."""

    def __init__(self, message: str) -> None:
        UsageError.__init__(self, message)
        self.message = f"error: {message}"


def generate_config(generation: Generation) -> GenerateConfig:
    """lmms-eval's generation settings as inspect's (greedy, the same token limit, the same stop)."""
    return GenerateConfig(
        max_tokens=generation.max_new_tokens, temperature=0, stop_seqs=list(generation.stop or []) or None
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


def messages(family: FamilyEval, template: Template, row: Mapping[str, Any], image: str) -> list[ChatMessage]:
    """The chat lmms-eval sends for `row` under `template`: the system column's text, if it names
    one, then the image and the prompt."""
    text = family.tasks().prompt(row, template.setting("prompt"))
    system = template.setting("system")
    chat: list[ChatMessage] = (
        [] if system is None else [ChatMessageSystem(content=[ContentText(text=row[system])])]
    )
    chat.append(ChatMessageUser(content=[ContentImage(image=image), ContentText(text=text)]))
    return chat


def samples(
    family: FamilyEval, data: Path, config: str, split: str, ask: Ask
) -> tuple[list[Sample], Generation]:
    """One sample per row of `config`/`split`, in the split's order, with the row as metadata; and the
    generation settings of the templates that ask them.

    Raises:
        UsageError: the split's rows are asked with templates whose generation settings differ.
    """
    uris = _image_uris(data, config, split)
    found, generations = [], []
    for row in load_rows(data, config, split):
        template = ask(row, split)
        target = template.target_column()
        generations.append(template.setting("generation"))
        found.append(
            Sample(
                id=row["id"],
                input=messages(family, template, row, uris[row["id"]]),
                target=str(row[target]) if target is not None and target in row else "",
                metadata=row,
            )
        )
    settings = set(generations) or {family.tasks().templates[0].setting("generation")}
    if len(settings) > 1:
        raise UsageError(
            f"rows of {config}/{split} are asked with different generation settings; ask them apart"
        )
    return found, settings.pop()


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
    for path in family_eval(family).scorer.headline:
        found[path] = leaves.get(path)
        low, high = intervals.get(path) or (None, None)
        found[f"{path}.ci95_low"], found[f"{path}.ci95_high"] = low, high
    return found


def family_task(
    family: FamilyEval,
    data: str | Path,
    config: str,
    split: str,
    options: Mapping[str, Any] | None = None,
    *,
    ask: Ask | None = None,
    bootstrap: int = DEFAULT_RESAMPLES,
    bootstrap_seed: int = DEFAULT_SEED,
) -> Task:
    """The inspect Task of `config`/`split` of the build at `data`, scored as `eval score` scores it.

    `options` are the family's scoring options (None values left out); `ask` chooses the template
    that asks each row (default: the family's `tasks.ask`).

    Raises:
        TaskArgumentError: `data` is not a readable build of the family, it lacks the config or split,
            or an option is unknown or refused.
    """
    try:
        return _family_task(
            family, data, config, split, options, ask or family.tasks().ask, bootstrap, bootstrap_seed
        )
    except (EvalError, BuilderError) as error:
        raise TaskArgumentError(str(error)) from None


def _family_task(
    family: FamilyEval,
    data: str | Path,
    config: str,
    split: str,
    options: Mapping[str, Any] | None,
    ask: Ask,
    bootstrap: int,
    bootstrap_seed: int,
) -> Task:
    options = {key: value for key, value in (options or {}).items() if value is not None}
    scoring = family.scorer
    given = scoring.options.given(family.name, options)
    folder = user_path(data)
    built = open_folder(folder)
    if built.family != family.name:
        raise UsageError(
            f"{str(data)!r} holds a {built.family} build, not {family.name}; "
            f"run eval/inspect/{built.family}.py on it"
        )

    @scorer(metrics=[], name=family.name)
    def graded_reply() -> Scorer:
        async def score(state: TaskState, target: Target) -> Score:
            reply = state.output.completion
            row = state.metadata
            correct = scoring.correct
            units = [] if correct is None else scoring.grade_rows([row], {row["id"]: reply}, given)
            if correct is None or not units:
                return Score(value=float(bool(reply.strip())), answer=reply, explanation="answered")
            (unit,) = units
            return Score(value=float(correct(unit, given)), answer=reply, metadata=unit.to_record())

        return score

    asked, generation = samples(family, folder, config, split, ask)
    metrics = eval_score(family.name, str(folder), config, split, dict(options), bootstrap, bootstrap_seed)
    return Task(
        dataset=MemoryDataset(asked, name=f"{family.name}/{config}/{split}"),
        solver=generate(),
        scorer=graded_reply(),
        metrics=[metrics],
        config=generate_config(generation),
        metadata={"family": family.name, "config": config, "split": split, "options": options},
    )
