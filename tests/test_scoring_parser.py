"""`parse_answer` on a large corpus of realistic replies, plus a property test that it is total."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eval.scoring.vlmbias.answers import (
    AnswerKind,
    ParsedAnswer,
    canonical_answer,
    infer_answer_type,
    parse_answer,
)
from eval.scoring.vlmbias.numbers import WORD_VALUES

WORDS = {value: word for word, value in WORD_VALUES.items()}


def number_word(n: int) -> str:
    if n in WORDS:
        return WORDS[n]
    return f"{WORDS[n - n % 10]}-{WORDS[n % 10]}"


# (reply, expected value or None for unparsed) for number questions; written as models write.
NUMBER_CASES = [
    ("{4}", "4"),
    ("{ 4 }", "4"),
    ("The answer is {4}.", "4"),
    ("**{7}**", "7"),
    ("Answer: **{12}**", "12"),
    ("\\boxed{5}", "5"),
    ("$\\boxed{5}$", "5"),
    ("The final answer is $\\boxed{10}$.", "10"),
    ("five", "5"),
    ("Five.", "5"),
    ("{five}", "5"),
    ("{Twenty-one}", "21"),
    ("{twenty one}", "21"),
    ("There are 4 rows.", "4"),
    ("There are four rows. So: 4", "4"),
    ("7", "7"),
    ("07", "7"),
    ("7.", "7"),
    ("{7.0}", "7"),
    ("{4.5}", "4.5"),
    ("{4 rows}", "4"),
    ("{4 (four)}", "4"),
    ("{about 4}", "4"),
    ('{"answer": 4}', "4"),
    ('{"answer": {"count": 4}}', "4"),
    ("{{4}}", "4"),
    ("{{{9}}}", "9"),
    ("｛４｝", "4"),
    ("{٤}", "4"),
    ("The count is ４.", "4"),
    ("<think>Let me count: 1, 2, 3, 4, 5, 6, 7, 8. Hmm, maybe 9?</think>\n{7}", "7"),
    ("<think>\nrows: 1 2 3 4 5 6 7\n</think>\n\n**Answer:** {7}", "7"),
    ("<THINK>8 or 9</THINK>{9}", "9"),
    ("<thinking>12 13</thinking> The answer is {13}.", "13"),
    ("<analysis>2 3</analysis>{3}", "3"),
    ("<think>first</think>noise<think>second 3</think> {4}", "4"),
    ("I count the circles in cell C3: there are {2}.", "2"),
    ("Cell C3 has 2 circles.", "2"),
    ("The 8x8 board here has {7} rows.", "7"),
    ("This is not an 8x8 board: it has 7 rows.", "7"),
    ("Answer with a number in curly brackets, e.g., {9}. {7}", "7"),
    ("Answer with a number in curly brackets, e.g., {9}. There are 7 rows.", "7"),
    ("e.g. {9} ... I see {8}", "8"),
    ("{9} is the example, but the board has {8}", "8"),
    ("Counting row by row:\n1. Row one\n2. Row two\n3. Row three\n\nTotal: {3}", "3"),
    ("Step 1: count the top half (5). Step 2: the bottom half (5). Total {10}.", "10"),
    ("There are 13 stripes... wait, let me recount. Actually {14}.", "14"),
    ("{50}\n", "50"),
    ("  {51}  ", "51"),
    ("Answer: {3}!", "3"),
    ("{3}?", "3"),
    ("{3}.)", "3"),
    ("`{6}`", "6"),
    ("> {6}", "6"),
    ("# {6}", "6"),
    ("The legs: {5} — five in total.", "5"),
    ("{0}", "0"),
    ("zero", "0"),
    ("{ninety-nine}", "99"),
    ("{4}{}", "4"),
    ("{}{4}{ }", "4"),
    ("Final answer:\n\n{19}", "19"),
    ("{19}\n\nExplanation: a standard board has 19 lines, but this one has 19 too.", "19"),
    ("Ответ: {6}", "6"),
    ("答案是 {6}。", "6"),
    ("🙂 {6} 🙂", "6"),
    # adversarial: ambiguous, refused, empty, wrong type or cut off: unparsed
    ("4 stripes, not 3", None),
    ("There are 4 stripes, not three.", None),
    ("I count 7 rows and 8 columns.", None),
    ("Rows: 1, 2, 3, 4, 5, 6, 7. So there are 7.", None),
    ("Typically a chessboard has 8 rows, but I see 7.", None),
    ("{3 or 4}", None),
    ("{3-4}", None),
    ("{3} or {4}", None),
    ("{Yes}", None),
    ("{seven or eight}", None),
    ("{many}", None),
    ("{...}", None),
    ("I cannot determine the number of rows from this image.", None),
    ("I'm sorry, I can't help with that.", None),
    ("", None),
    ("   ", None),
    ("{}", None),
    ("<think>I think there are 7 rows", None),
    ("<think>7</think>", None),
    ("The image shows a chess board.", None),
    ("This one has 4 legs.", None),
    ("1e5", None),
    ("C3", None),
    ("8x8", None),
    ("3rd", None),
    ("Answer with a number in curly brackets, e.g., {9}.", None),
    ("{7} rows... no wait, {8 or 9}", None),
]

YES_NO_CASES = [
    ("{Yes}", "Yes"),
    ("{Yes}.", "Yes"),
    ("{yes}", "Yes"),
    ("{YES}", "Yes"),
    ("{No}", "No"),
    ("{no.}", "No"),
    ("**{No}**", "No"),
    ("Yes", "Yes"),
    ("Yes, it is", "Yes"),
    ("Yes. This is the standard starting position.", "Yes"),
    ("No.", "No"),
    ("no", "No"),
    ("**No**, the lines differ.", "No"),
    ("The answer is No.", "No"),
    ("The answer is: yes", "Yes"),
    ("No, there is no extra row.", "No"),
    ("{Yes, they are equal}", "Yes"),
    ("{No, not parallel}", "No"),
    ('{"answer": "No"}', "No"),
    ("\\boxed{\\text{Yes}}", "Yes"),
    ("<think>Is it 8x8? Yes... no, 7 rows. No.</think>{No}", "No"),
    ("<think>yes</think>No.", "No"),
    ("Answer in curly brackets, e.g., {Yes} or {No}. {No}", "No"),
    ("Answer in curly brackets, e.g., {Yes} or {No}. No", "No"),
    ("The board is not 8x8. {No}", "No"),
    ("Counting: 7 rows, 8 columns. {No}", "No"),
    ("｛Yes｝", "Yes"),
    # unparsed
    ("{Yes} or {No}", None),
    ("{Yes/No}", None),
    ("{Yes or No}", None),
    ("{Maybe}", None),
    ("{Y}", None),
    ("{True}", None),
    ("{7}", None),
    ("There is no way to tell.", None),
    ("I see no difference between the lines.", None),
    ("Not equal.", None),
    ("Nope.", None),
    ("Yesterday's board had 8 rows.", None),
    ("No, the answer is yes", None),
    ("It could be yes or no.", None),
    ("Yes and no.", None),
    ("", None),
    ("<think>Yes", None),
    ("I'm unable to answer that.", None),
]

TEXT_CASES = [
    ("{Chess}", "chess"),
    ("{chess}.", "chess"),
    ("{Xiangqi}", "xiangqi"),
    ("{Flag of Vietnam}", "flag of vietnam"),
    ("{The Flag of Vietnam}", "flag of vietnam"),
    ("{Müller-Lyer illusion}", "müller-lyer illusion"),
    ("{ Ebbinghaus   illusion }", "ebbinghaus illusion"),
    ("**{Go}**", "go"),
    ("This is a board game. {Sudoku}", "sudoku"),
    ("Answer in curly brackets, e.g., {Shogi}. {Go}", "go"),
    ("<think>Looks like shogi? No, chess.</think>{Chess}", "chess"),
    ("Chess", "chess"),
    ("Chess.", "chess"),
    ("**Sudoku**", "sudoku"),
    ("Mercedes-Benz", "mercedes-benz"),
    ("a go board", "go board"),
    # unparsed
    ("It looks like a chess board to me, with pieces.", None),
    ("Chess\nor maybe Shogi", None),
    ("", None),
    ("{}", None),
    ("{ ** }", None),
    ("Answer in curly brackets, e.g., {Shogi}.", None),
    ("Answer in curly brackets, e.g., {Shogi}. Chess", None),
]


def _number_families() -> list[tuple[str, str | None]]:
    """The same shapes for every count the benchmark asks about (0 to 51 stars on a flag)."""
    cases: list[tuple[str, str | None]] = []
    for n in range(52):
        word = number_word(n)
        cases += [
            (f"{{{n}}}", str(n)),
            (f"I count {{{n}}}.", str(n)),
            (f"**{{{n}}}**", str(n)),
            (f"\\boxed{{{n}}}", str(n)),
            (f"{{{word}}}", str(n)),
            (word.capitalize() + ".", str(n)),
            (f"There are {n} of them.", str(n)),
            (f"<think>{n + 1}? {n + 2}? Recount: {n}.</think>\nThe answer is {{{n}}}.", str(n)),
            (f"Answer with a number in curly brackets, e.g., {{9}}. {{{n}}}", str(n)),
            (f"There are {n + 1}, not {n}.", None),
            (f"{{{n} or {n + 1}}}", None),
        ]
    return cases


@pytest.mark.parametrize(("reply", "expected"), NUMBER_CASES + _number_families())
def test_number_replies(reply, expected):
    assert parse_answer(reply, "number").value == expected


@pytest.mark.parametrize(("reply", "expected"), YES_NO_CASES)
def test_yes_no_replies(reply, expected):
    assert parse_answer(reply, AnswerKind.YES_NO).value == expected


@pytest.mark.parametrize(("reply", "expected"), TEXT_CASES)
def test_text_replies(reply, expected):
    assert parse_answer(reply, "text").value == expected


def test_the_corpus_is_large():
    assert len(NUMBER_CASES) + len(_number_families()) + len(YES_NO_CASES) + len(TEXT_CASES) > 700


def test_result_records_the_exact_span_it_read():
    reply = "<think>maybe {3}</think> So the answer is {4}."
    assert parse_answer(reply) == ParsedAnswer("4", AnswerKind.NUMBER, "{4}", (42, 45))
    assert parse_answer("Yes, it is", "yes_no") == ParsedAnswer("Yes", AnswerKind.YES_NO, "Yes", (0, 3))
    assert parse_answer("There are 4 rows.") == ParsedAnswer("4", AnswerKind.NUMBER, "4", (10, 11))
    # An unparsed brace answer keeps the group that failed, so the reason is visible.
    assert parse_answer("{3 or 4}") == ParsedAnswer(None, AnswerKind.UNPARSED, "{3 or 4}", (0, 8))
    assert parse_answer("no idea") == ParsedAnswer(None, AnswerKind.UNPARSED)


def test_repr_is_re_evaluable():
    answer = parse_answer("**{Twenty-one}**")
    assert (
        repr(answer) == "ParsedAnswer(value='21', kind=AnswerKind.NUMBER, raw='{Twenty-one}', span=(2, 14))"
    )
    namespace = {"ParsedAnswer": ParsedAnswer, "AnswerKind": AnswerKind}
    assert eval(repr(answer), namespace) == answer


def test_answer_type_must_be_a_kind_but_the_reply_may_be_anything():
    with pytest.raises(ValueError, match="'unparsed'"):
        parse_answer("{4}", "unparsed")
    with pytest.raises(ValueError):
        parse_answer("{4}", "count")
    assert parse_answer(None).kind is AnswerKind.UNPARSED  # type: ignore[arg-type]


def test_expected_answers_are_canonicalised_like_replies():
    assert canonical_answer("07", "number") == parse_answer("{seven}").value == "7"
    assert canonical_answer("no", "yes_no") == parse_answer("No.", "yes_no").value == "No"
    assert canonical_answer("Flag of Vietnam", "text") == parse_answer("{flag of  vietnam}", "text").value
    assert [infer_answer_type(text) for text in ("7", "Yes", "no", "Chess", "4.5")] == [
        AnswerKind.NUMBER,
        AnswerKind.YES_NO,
        AnswerKind.YES_NO,
        AnswerKind.TEXT,
        AnswerKind.NUMBER,
    ]


# Replies built from the characters that steer the parser, and from any text at all.
STEERING = st.lists(
    st.sampled_from(
        [*"{}｛｝<>/ \n.,*\\e.g0123456789٤４yesnoYESNOthinkboxedor-", "</think>", "<think>", "e.g., "]
    )
).map("".join)


@settings(max_examples=300, deadline=None)
@given(reply=st.one_of(st.text(), STEERING), kind=st.sampled_from(["number", "yes_no", "text"]))
def test_parse_answer_is_total_and_consistent(reply, kind):
    answer = parse_answer(reply, kind)
    assert isinstance(answer, ParsedAnswer)
    assert answer.kind in (AnswerKind(kind), AnswerKind.UNPARSED)
    assert answer.parsed == (answer.value is not None)
    if answer.span is not None:
        assert reply[answer.span[0] : answer.span[1]] == answer.raw
    else:
        assert answer.raw == "" and not answer.parsed
