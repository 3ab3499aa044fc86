"""Drawers: one module per kind of object, each split into geometry, drawing and measures."""
