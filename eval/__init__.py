"""Evaluation of the built datasets.

- `eval.scoring`: answer parsing and metrics, pure functions (no lmms-eval import);
- `eval/tasks/`: the lmms-eval include path (a folder per family: YAML and a thin utils.py);
- `eval.metric`: the same metrics as Hugging Face `evaluate` modules;
- `python -m eval score | tasks`: score a JSONL of replies; point the tasks at a local build.

Import as `from eval.scoring import ...`; never `import eval`, which would shadow the builtin.
"""
