"""VLMBias topic `patterned_grids`: count dots or tally strokes in the one cell that breaks the pattern."""
