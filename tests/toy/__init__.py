"""A toy benchmark family, registered only by `tests/test_toy_family.py`: one line per side.

It counts squares (one to four per image) and has every part a family has: its build side
(`family.py`, `card.md`), its scoring (`scoring.py`), its lmms-eval tasks (`tasks/`: the
declaration, the generated YAML and `utils.py`), its report section (`report.py`) and its eval
contract (`eval_family.py`). Nothing outside this folder names it.
"""
