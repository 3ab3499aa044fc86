"""Parametric illusions shared by any family: cases declare elements, the engine derives variants."""
