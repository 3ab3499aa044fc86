"""pytest collects `eval/` for doctests; the `evaluate` module script needs the optional `eval` extra and
the inspect_ai task files need inspect-ai (the `test` extra)."""

import importlib.util

collect_ignore_glob = [
    *([] if importlib.util.find_spec("evaluate") else ["metric/*/*.py"]),
    *([] if importlib.util.find_spec("inspect_ai") else ["inspect/*.py"]),
    # imports VLMEvalKit (`ms-vlmeval`), which the test install leaves out (6.9 GB with CUDA torch)
    *([] if importlib.util.find_spec("vlmeval") else ["vlmevalkit/dataset.py"]),
]
