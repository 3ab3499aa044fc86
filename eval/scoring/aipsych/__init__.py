"""AIpsych scoring: each 4-prompt set gets one of five behaviours, or is excluded with a reason.

- `trap`: how a first reply meets its set's trap (the `strict` scorer's reading);
- `classify`: one set's replies as a behaviour, under the release's v4 or v1 logic or `strict`;
- `sets`: a config's rows gathered into sets and classified (`ScoredSet`);
- `rates`: the release's rates, the reliability score ReS and the paper's ±;
- `scorer`: the family's `Scorer` (its options `--scorer`, `--res-k`, `--res-w`, blind runs).
"""
