"""IllusionBench+ scoring: two answer parsers, an optional LLM judge, the paper's metrics.

- `strict`: the strict reading of true/false and multiple-choice replies (the default parser);
- `lmms_eval_compat`: lmms-eval 0.7.3's `illusionbench` reading, rule for rule (`--parser lmms-eval`);
- `metrics`: one reply's `Graded` outcome under every grader, and the metrics over outcomes;
- `circular`: each question asked under every rotation of its options, and circular accuracy;
- `judge`: an LLM judge behind any OpenAI-compatible endpoint; `verdicts` its grading of
  questions, `descriptions` its 0-2 preciseness of descriptions and the step-by-step comparison;
- `options`: the family's options (`--parser`, `--grader`, `--judge-*`, `--step-by-step`);
- `scorer`: the family's `Scorer` for `eval.scoring.score`.
"""
