"""VISaGE (Visual Generics and Exceptions): does a model's knowledge of a kind override what it sees?

A tuple pairs a generic ("clocks have hands") with a named exception
("digital clock"); each (typical, exceptional) image pair of a tuple is asked
the paper's seven conditions. The `drawn` config draws real-world concepts
from code (`concepts/`, one file per category); `external` reads the authors'
tuples and photos from local files. `family.py` wires both into the pipeline.
"""
