"""VLMBias topic `optical_illusions`: six classic illusions, unmodified (difference 0) and modified."""
