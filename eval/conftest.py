"""pytest collects `eval/` for doctests; the `evaluate` module script needs the optional `eval` extra."""

import importlib.util

collect_ignore_glob = [] if importlib.util.find_spec("evaluate") else ["metric/*/*.py"]
if not importlib.util.find_spec("vlmeval"):
    collect_ignore_glob.append("vlmevalkit/dataset.py")  # imports VLMEvalKit (`ms-vlmeval`), not installed
