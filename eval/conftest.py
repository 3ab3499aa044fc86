"""pytest collects `eval/` for doctests; the `evaluate` module script needs the optional `eval` extra."""

import importlib.util

collect_ignore_glob = [] if importlib.util.find_spec("evaluate") else ["metric/*/*.py"]
