"""The VLMBias `evaluate` module folder: `evaluate.load` reads vlmbias.py beside this file."""
