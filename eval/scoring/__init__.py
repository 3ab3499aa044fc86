"""Answer parsing and metrics: pure functions, no lmms-eval import.

Any family: `score_pairs(family, [(row, reply), ...])` (or `score_replies`) gives the JSON `python
-m eval score` writes, every metric with its 95 % interval, and `score_rows` the metrics alone
(`eval.scoring.score`); harness adapters call them rather than scoring themselves. Each family's
scoring is its package or module here (`vlmbias/`, `viprobe.py`, `visage.py`, `illusionbench/`,
`aipsych/`), declared to the rest of `eval` as a `Scorer` (`scorer.py`) with typed options
(`options.py`); `window.py` bounds how much of a reply any reader reads, `bootstrap.py` counts rates
and their intervals, `blind.py` pairs replies given without the image with the seeing ones.
"""

from eval.scoring.score import score_pairs, score_replies, score_rows

__all__ = ["score_pairs", "score_replies", "score_rows"]
