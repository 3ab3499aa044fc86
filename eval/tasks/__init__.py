"""The lmms-eval include path (`--include_path eval/tasks`): per family, YAML and a thin utils.py."""
