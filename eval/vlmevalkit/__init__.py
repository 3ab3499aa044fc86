"""VLMEvalKit (`ms-vlmeval`) support: export a split as the TSV VLMEvalKit reads, read back its predictions.

- `export`: `python -m eval export vlmevalkit` writes one config/split as a VLMEvalKit benchmark TSV
  (`--layout vlms_are_biased`: with the columns VLMEvalKit's own `VLMsAreBiased` evaluator reads);
- `table`: `python -m eval score --predictions FILE.xlsx|.tsv|.csv` reads VLMEvalKit's prediction
  files and maps each `index` back to the row it was exported from;
- `dataset.py`: VLMEvalKit's dataset class of an export (it imports `vlmeval`, so nothing here imports
  it at import time); `evaluate.py` what its `evaluate` scores;
- `launch.py`: `python -m eval vlmevalkit run --config FILE`, VLMEvalKit's own runner with that class
  registered in the process.
"""
