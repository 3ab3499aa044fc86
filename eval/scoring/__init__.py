"""Answer parsers and metrics: pure functions, no lmms-eval import (see the scoring issue)."""
