"""VLMBias topic `flags`: national flags with one star or one stripe added or removed."""
