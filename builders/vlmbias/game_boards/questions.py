"""Prompts, ground truth and expected bias for the game boards (the paper's Appendix G and N).

Counting questions ask about the modified axis: the truth is the new count,
the bias the standard one. Q3 asks whether the board is the standard one
(truth No, bias Yes). Unmodified boards get the sanity questions.
"""

from __future__ import annotations

from builders.vlmbias.boards.board import ROW, Board, Variant
from builders.vlmbias.questions import Question, count_question, naming_question, yes_no_question

NAMING_PROMPT, NAMING_EXAMPLE = "What board game is this?", "Shogi"


def counting_texts(board: Board, axis: str) -> tuple[str, str]:
    """Q1 and Q2 without the answer instruction, e.g. "How many rows are there on this board?"."""
    noun = board.nouns[axis]
    return f"How many {noun} are there on this {board.subject}?", f"Count the {noun} on this {board.subject}."


def standard_count(board: Board, axis: str) -> int:
    """Rows or columns of the standard board."""
    return board.rows if axis == ROW else board.cols


def counterfactual_questions(board: Board, variant: Variant) -> list[Question]:
    """Q1, Q2 (count along the modified axis) and Q3 (is this the standard board?)."""
    layout = board.layout(variant)
    truth = layout.rows if variant.axis == ROW else layout.cols
    bias = standard_count(board, variant.axis)
    q1, q2 = counting_texts(board, variant.axis)
    return [
        count_question("Q1", q1, truth, bias),
        count_question("Q2", q2, truth, bias),
        yes_no_question("Q3", board.identity, False, True),
    ]


def original_questions(board: Board) -> list[Question]:
    """The sanity questions: name the game, then count its rows (or horizontal lines)."""
    q1, _ = counting_texts(board, ROW)
    return [
        naming_question(NAMING_PROMPT, NAMING_EXAMPLE, board.game),
        count_question("Q1", q1, standard_count(board, ROW), None),
    ]
