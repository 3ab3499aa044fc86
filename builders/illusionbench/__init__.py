"""IllusionBench+: illusion questions in the paper's format, drawn offline or read from the release.

`family.FAMILY` is the family object the pipeline builds (`python -m builders build illusionbench`);
drawn configs are built by default, the release's with `--source release DIR`. Inside:

- `plan`: configs, unions and the planner (config + preset (+ release) -> specs);
- `spec` (drawn specs and presets), `classic/`, `ishihara/`, `scenes` (drawing), `questions`;
- `release` and `archive`: the user's copy of the release, read safely into specs;
- `rows`: spec -> scene, spec + picture -> rows (`schema` holds the features);
- `card`: the card's family fields and the build note.
"""
