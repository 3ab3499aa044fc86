"""VLMBias topic `animals`: side views of 91 animals with one extra leg in the middle of the body."""
