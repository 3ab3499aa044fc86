"""SVG emission: deterministic text for deterministic pixels.

Scenes are drawn in a fixed, resolution-independent viewBox; the output size
only scales it. Attributes whose value is None are dropped, numbers are always
formatted the same way, and `class_`/`font_size`-style keyword names map to
`class`/`font-size`.

Drawing code builds a tree of ElementTree elements (so it can nest, append and
remove them), but `Canvas.to_string` writes the text in one pass of its own:
ElementTree's serialiser spends most of its time on namespace bookkeeping that
our scenes never need. The text is exactly what `ET.tostring(root,
encoding="unicode")` gives (tests/test_svg_golden.py holds recorded hashes),
so the pixels cannot depend on which of the two wrote it.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from typing import Any

SVG_NS = "http://www.w3.org/2000/svg"

#: Integers below this magnitude are exact as floats, so `str` matches the `.3f` rule for them.
_EXACT_INT = 2**53


def fmt(value: Any) -> str:
    """Format an attribute value: numbers with at most 3 decimals, no trailing zeros.

    >>> fmt(2.0), fmt(1 / 3), fmt(-0.0001), fmt("red")
    ('2', '0.333', '0', 'red')
    """
    kind = type(value)  # exact types first: this runs for every attribute of every scene
    if kind is float:
        text = f"{value:.3f}".rstrip("0").rstrip(".")
        return "0" if text == "-0" else text
    if kind is str:
        return value
    if kind is int and -_EXACT_INT < value < _EXACT_INT:
        return str(value)
    return _fmt_general(value)


def _fmt_general(value: Any) -> str:
    """The rule `fmt` implements, for any type (bools, numpy numbers, huge ints, str subclasses)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        text = f"{value:.3f}".rstrip("0").rstrip(".")
        return "0" if text in ("-0", "") else text
    return str(value)


_ATTR_NAMES: dict[str, str] = {}


def _attr_name(name: str) -> str:
    """`class_` -> `class`, `font_size` -> `font-size` (memoised: scenes reuse a few dozen names)."""
    converted = _ATTR_NAMES.get(name)
    if converted is None:
        converted = "class" if name == "class_" else name.rstrip("_").replace("_", "-")
        _ATTR_NAMES[name] = converted
    return converted


def _attrib(attrs: dict[str, Any]) -> dict[str, str]:
    """Keyword arguments -> SVG attributes (`fmt` and `_attr_name` inlined for their common cases)."""
    names = _ATTR_NAMES
    attrib = {}
    for key, value in attrs.items():
        if value is None:
            continue
        name = names.get(key) or _attr_name(key)
        kind = type(value)
        if kind is str:
            attrib[name] = value
        elif kind is float:
            text = f"{value:.3f}".rstrip("0").rstrip(".")
            attrib[name] = "0" if text == "-0" else text
        else:
            attrib[name] = fmt(value)
    return attrib


def element(tag: str, **attrs: Any) -> ET.Element:
    """A detached SVG element; keyword names use underscores for hyphens."""
    return ET.Element(tag, _attrib(attrs))


def sub(parent: ET.Element, tag: str, text: str | None = None, /, **attrs: Any) -> ET.Element:
    """Append a child element to `parent` and return it."""
    child = ET.SubElement(parent, tag, _attrib(attrs))
    if text is not None:
        child.text = text
    return child


def points(coords: Sequence[tuple[float, float]]) -> str:
    """`points` attribute for polygons and polylines."""
    return " ".join(f"{fmt(x)},{fmt(y)}" for x, y in coords)


class _Unsupported(Exception):
    """A tree our writer does not handle (namespaced names, comments, non-text values)."""


def _escape_attrib(value: str) -> str:
    """ElementTree's attribute escaping, in its order (`&` first); most values need none."""
    if "&" in value or "<" in value or ">" in value or '"' in value:
        value = value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    if "\r" in value or "\n" in value or "\t" in value:
        value = value.replace("\r", "&#13;").replace("\n", "&#10;").replace("\t", "&#09;")
    return value


def _escape_text(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _write(elem: ET.Element, out: list[str]) -> None:
    """Append `elem` as ElementTree writes it (short empty elements, attributes in insertion order)."""
    tag = elem.tag
    if type(tag) is not str or tag.startswith("{"):
        raise _Unsupported
    parts = ["<", tag]
    for key, value in elem.items():
        if type(key) is not str or type(value) is not str or key.startswith("{"):
            raise _Unsupported
        parts += (" ", key, '="', _escape_attrib(value), '"')
    out.append("".join(parts))
    text = elem.text
    if text or len(elem):
        out.append(">")
        if text:
            out.append(_escape_text(text))
        for child in elem:
            _write(child, out)
        out.append("</" + tag + ">")
    else:
        out.append(" />")
    if elem.tail:
        out.append(_escape_text(elem.tail))


def serialize(root: ET.Element) -> str:
    """The text `ET.tostring(root, encoding="unicode")` gives, written in one fast pass."""
    out: list[str] = []
    try:
        _write(root, out)
    except _Unsupported:
        return ET.tostring(root, encoding="unicode", short_empty_elements=True)
    return "".join(out)


class Canvas:
    """An SVG document with a fixed viewBox `width` x `height` (user units).

    >>> canvas = Canvas(10, 5, background="#fff")
    >>> _ = canvas.add("circle", cx=2, cy=2, r=1.5, fill="red")
    >>> canvas.to_string()
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 5"><rect x="0" y="0" width="10" \
height="5" fill="#fff" /><circle cx="2" cy="2" r="1.5" fill="red" /></svg>'
    """

    def __init__(self, width: float, height: float, *, background: str | None = None) -> None:
        self.width = width
        self.height = height
        self.root = element("svg", xmlns=SVG_NS, viewBox=f"0 0 {fmt(width)} {fmt(height)}")
        if background is not None:
            self.add("rect", x=0, y=0, width=width, height=height, fill=background)

    def add(self, tag: str, text: str | None = None, /, **attrs: Any) -> ET.Element:
        """Append an element at the top level."""
        return sub(self.root, tag, text, **attrs)

    def group(self, **attrs: Any) -> ET.Element:
        """Append and return a `<g>` for related elements (e.g. `class_="cell"`)."""
        return sub(self.root, "g", **attrs)

    def to_string(self) -> str:
        """Serialise; identical canvases give identical strings."""
        return serialize(self.root)
