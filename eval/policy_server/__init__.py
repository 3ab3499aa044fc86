"""`python -m eval policy-server`: a dry-run model that answers every row by a known policy, offline.

It serves OpenAI's chat-completions API on 127.0.0.1, so lmms-eval, inspect_ai and VLMEvalKit runs
can be checked end to end before a real model is paid for, and a user sees what a model that is
always right (`truth`), perfectly biased (`bias`), constant or a coin flip scores. Each request's
row is found from the image's pixels and the prompt (`index`), answered by the policy (`policies`)
in the family's answer format (`answers/<family>.py`, declared by the family's `FamilyEval`), and
served over HTTP (`server`); `chat` reads a request, `pixels` compares images.
"""
