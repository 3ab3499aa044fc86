"""pytest collects `eval/` for doctests; the `evaluate` module script needs the optional `eval` extra and
the inspect_ai task files need inspect-ai (the `test` extra)."""

import importlib.util

collect_ignore_glob = [
    *([] if importlib.util.find_spec("evaluate") else ["metric/*/*.py"]),
    *([] if importlib.util.find_spec("inspect_ai") else ["inspect/*.py"]),
]
