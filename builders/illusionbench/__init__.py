"""IllusionBench+: illusion questions in the paper's format, drawn offline or read from the release.

The calls a family makes (the family object itself is wired in `family.py` once the core's
family seam is in place):

- `plan.specs(config, preset, release=None)`: the specs of a config, in order (`plan.CONFIGS`,
  `plan.UNIONS`, `spec.PRESETS`); release configs need `release.read_release(folder,
  category_map=..., limits=...)`, which checks the user's copy and raises one `UsageError` sentence;
- `rows.scene(spec)` -> `Scene`, and `rows.rows(spec, picture)` -> `[(split, row)]` (`schema.SPLITS`,
  `schema.FEATURES`);
- `plan.SPECS`: the spec registry `verify` loads manifest entries with;
- `card.illusion_table()`, `card.ladder_table()`, `card.release_section(release)` and
  `card.release_note(release)`: the card's family fields and the build note.
"""
