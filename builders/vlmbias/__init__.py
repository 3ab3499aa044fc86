"""VLMBias ("Vision Language Models are Biased"): counterfactual counting and identification.

The family object is `builders.vlmbias.family.FAMILY`; each topic is a sub-package
(`flags/`, `animals/`, ...) whose `topic.py` holds its `Topic` class. Importing a
topic's geometry or drawing modules loads neither the family nor `datasets`.
"""
