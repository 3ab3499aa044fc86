"""Hugging Face `evaluate` modules of the benchmark families: pass a folder's path to `evaluate.load`."""

from pathlib import Path

#: `evaluate.load(VLMBIAS)` gives the VLMBias metric module (eval/metric/vlmbias/vlmbias.py).
VLMBIAS = str(Path(__file__).parent / "vlmbias")
