"""The three language variants asked of every image, built from the case's wording.

Forward (f) is the release's question followed by its answer-instruction block.
Reversed (r) flips the polarity with a per-case template (the release has none),
so its truthful label is the inverse. Instructional (I) is the forward question
with the paper's visual-comparison instructions as the system prompt.
`TEMPLATE_VERSION` changes whenever a reversed wording or these texts change.
"""

from __future__ import annotations

import dataclasses

from builders.illusions.engine import IllusionCase, Variant

TEMPLATE_VERSION = "viprobe-questions-1"

POLARITIES = ("f", "r", "I")

#: Verbatim from the release's sweep configs (the paper's appendix prints it without indentation).
ANSWER_INSTRUCTIONS = """Answer Instructions:
1. Write your reasoning inside <reasons>...</reasons>.
   - Use natural language explanation.
2. Give the final numeric answer inside <answer>...</answer>.
   - Use "1" if yes.
   - Use "0" if no.
   - Do not write anything else inside <answer>."""

#: The paper's supplementary "Visual Comparison Instruction Prompt" (typographic quotes made straight).
VISUAL_COMPARISON_INSTRUCTIONS = """Visual Comparison Instructions:
Base your judgment exclusively on direct visual perception of the image. Compare the two targets \
systematically using only what is visible in the image itself.
Critical constraints:
• Disregard language priors and linguistic biases
• Ignore implications from question phrasing
• Set aside world knowledge and assumptions
• Do not rely on typical patterns or expectations
Required approach:
1. Evaluate the "equal" hypothesis against visual evidence
2. Evaluate the "not equal" hypothesis against visual evidence
3. Compare which hypothesis better matches the observable data
4. Provide a binary answer based solely on this visual analysis
Your response must be grounded entirely in what you can directly perceive in the image."""


@dataclasses.dataclass(frozen=True)
class Question:
    """One row's question: polarity, the bare question, the full user prompt, system prompt, label."""

    polarity: str
    question: str
    prompt: str
    system_prompt: str
    label: int


def questions(case: IllusionCase, variant: Variant) -> list[Question]:
    """The f, r and I questions for one image of `case`, with their truthful labels."""
    forward, reversed_ = case.forward_question(variant), case.reversed_question_for(variant)
    label = case.label(variant)
    return [
        Question("f", forward, _prompt(forward), "", label),
        Question("r", reversed_, _prompt(reversed_), "", 1 - label),
        Question("I", forward, _prompt(forward), VISUAL_COMPARISON_INSTRUCTIONS, label),
    ]


def _prompt(question: str) -> str:
    return f"{question}\n{ANSWER_INSTRUCTIONS}"
