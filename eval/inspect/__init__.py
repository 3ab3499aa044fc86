"""inspect_ai tasks: one file per family, `eval/inspect/<family>.py`, run as
`inspect eval eval/inspect/<family>.py -T data=DIR [-T config=C] [-T split=S] --model ...`.

Each file names how its family's lmms-eval task asks a row (the functions of `eval/tasks/<family>/utils.py`
and the YAML template holding its generation settings); `eval.inspect.adapter` turns that into samples,
a per-row scorer and a metric that reports what `python -m eval score` reports, intervals included.
"""
