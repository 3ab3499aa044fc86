"""VI-Probe ("Do VLMs Perceive or Recall?"): 27 graded illusions with matched controls and hints.

The family object is `builders.viprobe.family.FAMILY`; the cases are `builders/viprobe/cases/`.
"""
