"""Each family's eval side, one module per family (`x.py` defines `FAMILY_EVAL`, an `eval.family.FamilyEval`).

`eval.registry` names each module in one line; nothing else imports them.
"""
