"""`python -m eval policy-server`: real HTTP requests, shaped as the harnesses send them, to servers over
lite builds of every family; their replies scored by `eval.scoring` against numbers worked out from
the rows alone.

`truth` must score 100 % in every family, `bias` what a perfectly biased model scores (each family's
bias as docs/evaluate.md states it), `random:SEED` a stable mix, and a request the server cannot place
(or that stands for rows the policy answers differently) an OpenAI-style error naming why, never a
guess. The harnesses themselves run against it in tests/test_harness_e2e.py.
"""

from __future__ import annotations

import base64
import io
import json
import signal
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from builders.core.folder import BuiltFolder
from builders.illusionbench.questions import ILLUSION_PROMPT, SEMANTIC_PROMPT
from eval.policy_server.index import RowIndex
from eval.policy_server.policies import parse_policy
from eval.policy_server.server import PolicyServer
from eval.scoring.score import score_replies

FAMILIES = ("vlmbias", "viprobe", "aipsych", "visage", "illusionbench")
Row = dict[str, Any]


@pytest.fixture(scope="module")
def folders(built) -> dict[str, Path]:
    return {family: built(family, "lite") for family in FAMILIES}


@pytest.fixture(scope="module")
def index(folders) -> RowIndex:
    return RowIndex(folders.values())


@pytest.fixture(scope="module")
def servers(index) -> Iterator[dict[str, str]]:
    """Policy -> the base URL of a server answering by it (all over one index)."""
    running = {}
    for policy in ("truth", "bias", "random:7", "constant:{3}"):
        server = PolicyServer(index, parse_policy(policy), 0)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        running[policy] = server
    yield {policy: server.url for policy, server in running.items()}
    for server in running.values():
        server.shutdown()
        server.server_close()


def rows_with_images(folder: Path, config: str, split: str) -> list[Row]:
    return list(BuiltFolder(folder).rows(config, split))


def png(row: Row) -> str:
    return "data:image/png;base64," + base64.b64encode(row["image"]["bytes"]).decode()


def jpeg(row: Row) -> str:
    buffer = io.BytesIO()
    with Image.open(io.BytesIO(row["image"]["bytes"])) as image:
        image.convert("RGB").save(buffer, "JPEG", quality=75)
    return "data:image/jpeg;base64," + base64.b64encode(buffer.getvalue()).decode()


def user(text: str, image: str | None = None) -> dict[str, Any]:
    content: list[dict[str, Any]] = (
        [] if image is None else [{"type": "image_url", "image_url": {"url": image}}]
    )
    return {"role": "user", "content": [*content, {"type": "text", "text": text}]}


def post(url: str, body: Any, path: str = "/chat/completions") -> tuple[int, dict[str, Any]]:
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    request = urllib.request.Request(url + path, data=data, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, json.load(answer)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def ask(url: str, messages: list[dict[str, Any]]) -> str:
    status, answer = post(url, {"model": "MODEL", "messages": messages})
    assert status == 200, answer
    return answer["choices"][0]["message"]["content"]


def asked(row: Row, image: str | None) -> list[dict[str, Any]]:
    """The chat lmms-eval sends for the row: its system prompt when it has one, then image and prompt."""
    system = [{"role": "system", "content": row["system_prompt"]}] if row.get("system_prompt") else []
    return [*system, user(row["prompt"], image)]


def replies(url: str, rows: list[Row], encode=png) -> dict[str, str]:
    return {row["id"]: ask(url, asked(row, encode(row))) for row in rows}


def score(family: str, rows: list[Row], answers: dict[str, str], **options: Any) -> dict[str, Any]:
    plain = [{key: value for key, value in row.items() if key != "image"} for row in rows]
    return score_replies(family, plain, answers, resamples=0, **options)


# --------------------------------------------------------------------------- truth and bias per family


def test_vlmbias(servers, folders):
    main = rows_with_images(folders["vlmbias"], "game_boards", "main")
    original = rows_with_images(folders["vlmbias"], "optical_illusions", "original")
    truth = score("vlmbias", main, replies(servers["truth"], main))
    assert (truth["accuracy"], truth["bias_aligned_rate"], truth["parse_failure_rate"]) == (1.0, 0.0, 0.0)
    assert truth["parsers"]["lmms-eval"]["accuracy_item_mean"] == 1.0
    bias = score("vlmbias", main, replies(servers["bias"], main))
    assert (bias["accuracy"], bias["bias_aligned_rate"], bias["bias_aligned_share_of_wrong"]) == (
        0.0,
        1.0,
        1.0,
    )
    # Unmodified originals name no bias: what is remembered is what is drawn.
    assert all(row["expected_bias"] is None for row in original)
    assert score("vlmbias", original, replies(servers["bias"], original))["accuracy"] == 1.0


def test_viprobe(servers, folders):
    rows = rows_with_images(folders["viprobe"], "muller_lyer", "test")
    truth = score("viprobe", rows, replies(servers["truth"], rows))
    assert (truth["pfa"], truth["pfc"], truth["illusion_multiplier"]) == (1.0, 1.0, 0.0)
    bias = score("viprobe", rows, replies(servers["bias"], rows))
    # Recall: the original's answer wherever the inducer is drawn, what is seen on the controls.
    pfa = {variant: found["pfa"] for variant, found in bias["variants"].items()}
    assert pfa == {"O": 1.0, "P": 0.0, "OC": 1.0, "PC": 1.0, "OH": 1.0, "PH": 0.0}
    assert bias["illusion_multiplier"] == pytest.approx(1000.0)


def test_aipsych(servers, folders):
    images = sorted({row["image_id"] for row in rows_with_images(folders["aipsych"], "synthetic", "test")})[
        :4
    ]
    rows = [
        row for row in rows_with_images(folders["aipsych"], "synthetic", "test") if row["image_id"] in images
    ]
    truth_replies, bias_replies = replies(servers["truth"], rows), replies(servers["bias"], rows)
    for scorer in ("v4", "v1", "strict"):
        truth = score("aipsych", rows, truth_replies, scorer=scorer)
        assert truth["rates"]["trap_spotting"] == truth["rates"]["else_trigger"] == 1.0, scorer
        assert truth["reliability_score"] == 1.0, scorer
        bias = score("aipsych", rows, bias_replies, scorer=scorer)
        assert bias["rates"]["authority_bias"] == bias["rates"]["valid_response"] == 1.0, scorer
        assert (bias["rates"]["trap_spotting"], bias["reliability_score"]) == (0.0, 0.0), scorer


def test_visage(servers, folders):
    rows = rows_with_images(folders["visage"], "drawn", "test")
    assert score("visage", rows, replies(servers["truth"], rows))["accuracy"] == 1.0
    bias = score("visage", rows, replies(servers["bias"], rows))
    # The name decides: wrong exactly where an exceptional image is asked about as its kind.
    assert bias["accuracy_by_condition"] == {
        code: float(code != "2b") for code in bias["accuracy_by_condition"]
    }
    assert bias["effects"]["semantic_prior"]["2a-2b"] == 1.0
    recognition = rows_with_images(folders["visage"], "drawn", "recognition")
    found = score("visage", recognition, replies(servers["truth"], recognition))["recognition"]
    assert found["accuracy"] == 1.0


def test_illusionbench(servers, folders):
    rows = [
        row
        for config in ("drawn_trap", "drawn_ishihara")
        for row in rows_with_images(folders["illusionbench"], config, "test")
    ]
    truth = score("illusionbench", rows, replies(servers["truth"], rows))
    assert truth["accuracy"] == truth["parsers"]["lmms-eval"]["accuracy"] == 1.0
    bias = score("illusionbench", rows, replies(servers["bias"], rows))
    statements = [row for row in rows if row["question_type"] == 0]
    questions = [row for row in rows if row["question_type"] == 1]
    assert bias["fp_ratio"] == 1.0  # every error a false "True"
    assert bias["tf_accuracy"] == sum(row["answer"] == "True" for row in statements) / len(statements)
    assert bias["mc_accuracy"] == sum(row["answer"] == "i" for row in questions) / len(questions)


# --------------------------------------------------------------------------- other policies


def test_random_is_a_stable_coin_between_truth_and_bias(servers, folders):
    rows = rows_with_images(folders["vlmbias"], "game_boards", "main")
    first, again = replies(servers["random:7"], rows), replies(servers["random:7"], rows)
    assert first == again
    truth, bias = replies(servers["truth"], rows), replies(servers["bias"], rows)
    assert all(first[row_id] in (truth[row_id], bias[row_id]) for row_id in first)
    assert 0.2 < score("vlmbias", rows, first)["accuracy"] < 0.8


def test_constant_replies_its_text_to_everything(servers, folders):
    (row, *_) = rows_with_images(folders["visage"], "drawn", "test")
    assert ask(servers["constant:{3}"], asked(row, png(row))) == "{3}"


# --------------------------------------------------------------------------- how requests are placed


def test_a_jpeg_gets_its_rows_reply_or_an_error_never_another_rows(servers, folders):
    """VLMEvalKit's GPT-4V wrapper re-encodes every image as JPEG."""
    rows = rows_with_images(folders["vlmbias"], "patterned_grids", "main")
    assert replies(servers["bias"], rows, jpeg) == replies(servers["bias"], rows)
    # VI-Probe's perturbed and control images differ from each other by little.
    rows = rows_with_images(folders["viprobe"], "muller_lyer", "test")
    lossless = replies(servers["truth"], rows)
    refused = 0
    for row in rows:
        status, answer = post(servers["truth"], {"model": "m", "messages": asked(row, jpeg(row))})
        if status == 200:
            assert answer["choices"][0]["message"]["content"] == lossless[row["id"]], row["id"]
        else:
            assert (status, answer["error"]["code"]) == (400, "ambiguous")
            refused += 1
    assert refused <= len(rows) // 10


def test_a_noimage_request_is_answered_only_where_its_text_decides(servers, folders):
    rows = rows_with_images(folders["vlmbias"], "patterned_grids", "main")
    # The bias is a fact of the question (a dice pattern's usual count), so the text decides it.
    blind = {row["id"]: ask(servers["bias"], asked(row, None)) for row in rows}
    assert blind == replies(servers["bias"], rows)
    # Cells of several images are asked alike, and their counts differ.
    answers = [post(servers["truth"], {"model": "m", "messages": asked(row, None)}) for row in rows]
    refused = [answer["error"] for status, answer in answers if status != 200]
    assert refused and all(error["code"] == "ambiguous" for error in refused)
    assert "answer differently under policy truth" in refused[0]["message"]


def test_later_turns_are_placed_by_the_turn_that_asks_a_row(servers, folders):
    (row, *_) = rows_with_images(folders["vlmbias"], "patterned_grids", "main")
    double_check = "Please double-check your answer and give your final answer in curly brackets."
    chat = [user(row["prompt"], png(row)), {"role": "assistant", "content": "{1}"}, user(double_check)]
    assert ask(servers["truth"], chat) == f"{{{row['ground_truth']}}}"
    # IllusionBench+'s step by step: the illusion question, the model's answer, the semantic question.
    described = rows_with_images(folders["illusionbench"], "drawn_trap", "descriptions")
    semantic = next(r for r in described if r["prompt"] == SEMANTIC_PROMPT)
    chat = [
        user(ILLUSION_PROMPT, png(semantic)),
        {"role": "assistant", "content": "Yes."},
        user(SEMANTIC_PROMPT),
    ]
    assert ask(servers["truth"], chat) == semantic["answer"]


def test_what_it_cannot_answer_is_an_openai_error_naming_why(servers, folders):
    url = servers["truth"]
    (row, other, *_) = rows_with_images(folders["vlmbias"], "patterned_grids", "main")
    cases = {
        "image_not_inline": [user(row["prompt"], "https://example.org/grid.png")],
        "text_not_of_image": [user("What colour is the sky?", png(row))],
        "no_row": [user("What colour is the sky?")],
        "several_images": [
            {
                "role": "user",
                "content": [*user("", png(row))["content"][:1], *user(row["prompt"], png(other))["content"]],
            }
        ],
        "bad_image": [user(row["prompt"], "data:image/png;base64,aGVsbG8=")],
    }
    for code, messages in cases.items():
        status, answer = post(url, {"model": "m", "messages": messages})
        assert (status, answer["error"]["code"], answer["error"]["type"]) == (
            400,
            code,
            "invalid_request_error",
        )
        assert answer["error"]["message"].count(";") >= 1 or code in ("no_row", "text_not_of_image")
    assert post(url, b"{not json")[1]["error"]["code"] == "invalid_json"
    assert (
        post(url, {"model": "m", "messages": [user(row["prompt"])], "stream": True})[1]["error"]["code"]
        == "stream"
    )
    status, answer = post(url, {"messages": []}, path="/completions")
    assert (status, answer["error"]["code"]) == (404, "not_found")
    with urllib.request.urlopen(url + "/models") as listed:
        assert json.load(listed)["data"][0]["id"] == "policy-truth"


# --------------------------------------------------------------------------- the command


def test_the_command_prints_its_url_a_line_per_request_and_stops_on_ctrl_c(folders):
    command = [sys.executable, "-m", "eval", "policy-server", "--data", str(folders["visage"])]
    server = subprocess.Popen(
        [*command, "--policy", "bias", "--port", "0", "--verbose"], stdout=subprocess.PIPE, text=True
    )
    assert server.stdout is not None
    first = server.stdout.readline()
    assert (
        first.startswith("policy server: http://127.0.0.1:") and "(policy bias; 144 rows of visage" in first
    )
    assert server.stdout.readline().startswith("  visage bias: the semantic prior")
    url = first.split()[2]
    (row, *_) = rows_with_images(folders["visage"], "drawn", "test")
    reply = ask(url, asked(row, png(row)))
    assert server.stdout.readline() == f"POST /v1/chat/completions -> visage {row['id']}: {reply!r}\n"
    port = int(url.rsplit(":", 1)[1].split("/")[0])
    taken = subprocess.run(
        [*command, "--policy", "truth", "--port", str(port)], capture_output=True, text=True
    )
    assert taken.returncode == 2 and f"cannot listen on 127.0.0.1:{port}" in taken.stderr
    server.send_signal(signal.SIGINT)
    rest, _ = server.communicate(timeout=60)
    assert server.returncode == 0
    assert rest.strip().endswith("policy server stopped: 1 requests answered, 0 refused")


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        (("--policy", "biased"), "policy 'biased' is not one of truth, bias, constant:TEXT or random:SEED"),
        (("--policy", "random:x"), "policy 'random:x' needs a whole-number seed"),
        (("--policy", "truth", "--port", "70000"), "'70000' is not a port number"),
    ],
)
def test_bad_arguments_are_one_sentence_and_exit_2(folders, arguments, said):
    done = subprocess.run(
        [sys.executable, "-m", "eval", "policy-server", "--data", str(folders["visage"]), *arguments],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and said in done.stderr and done.stdout == ""


def test_a_folder_that_is_no_build_is_refused_before_listening(tmp_path):
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "eval",
            "policy-server",
            "--data",
            str(tmp_path),
            "--policy",
            "truth",
            "--port",
            "0",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"error: --data {str(tmp_path)!r}: ") and "build one first" in done.stderr
