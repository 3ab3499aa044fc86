"""Evaluation: answer parsing and metrics (`eval.scoring`) and lmms-eval tasks (`eval/tasks`).

Import as `from eval.scoring import ...`; never `import eval`, which would shadow the builtin.
"""
