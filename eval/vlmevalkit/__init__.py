"""VLMEvalKit (`ms-vlmeval`) support: export a split as the TSV VLMEvalKit reads, read back its predictions.

- `export`: `python -m eval export vlmevalkit` writes one config/split as a VLMEvalKit benchmark TSV;
- `table`: `python -m eval score --predictions FILE.xlsx|.tsv|.csv` reads VLMEvalKit's prediction
  files and maps each `index` back to the row it was exported from;
- `dataset.py`: the dataset class a user drops into VLMEvalKit (it imports `vlmeval`, so nothing here
  imports it).
"""
