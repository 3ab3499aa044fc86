"""AIpsych lmms-eval tasks; a package only so that tests and doctests import utils.py by name."""
