"""VLMBias scoring: read each reply, grade it against its row, and compute the paper's metrics.

- `answers`: `parse_answer`, the strict reading of one reply (with `numbers`, numbers as models
  write them);
- `lmms_eval_compat`: lmms-eval 0.7.3's `vlms_are_biased` reading, rule for rule;
- `grading`: `grade`, one row's `Graded` outcome under both readings;
- `metrics`: rates, breakdowns, the paper's task mean and every published definition;
- `scorer`: the family's `Scorer` (its options, blind runs and clusters) for `eval.scoring.score`.
"""
