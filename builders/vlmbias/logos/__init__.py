"""VLMBias topic `logos`: shoes and cars whose emblem has one element more (Maserati: two more)."""
