"""`Canvas.to_string` writes what ElementTree would; `fmt`'s fast paths follow its general rule."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from builders.core.svg import Canvas, _fmt_general, element, fmt, serialize, sub


def et_text(canvas: Canvas) -> str:
    return ET.tostring(canvas.root, encoding="unicode", short_empty_elements=True)


def test_escapes_text_tails_nesting_and_empty_elements_match_elementtree():
    canvas = Canvas(100.5, 50, background="#fff")
    group = canvas.group(class_="a & b", clip_path="url(#c)", font_size=12.0)
    sub(group, "text", 'x < y > z & "q"\n', x=-0.0004, y=1e-9, data_note='say "hi"\r\n\tnow <ok> & done')
    sub(group, "text", "", x=1)  # empty text is written as an empty element, as ElementTree does
    detached = element("rect", width=np.float64(2.5), height=np.int64(3), visible=True)
    detached.tail = "tail & <more>"
    group.append(detached)
    sub(sub(canvas.root, "defs"), "clipPath", id="c")
    canvas.add("path", d="M0 0 L1 1", stroke_width=None)
    assert canvas.to_string() == et_text(canvas)
    assert '<text x="1" />' in canvas.to_string()


def test_trees_the_writer_does_not_handle_fall_back_to_elementtree():
    canvas = Canvas(10, 10)
    canvas.add("use").set("{http://www.w3.org/1999/xlink}href", "#a")
    canvas.root.append(ET.Comment("a comment"))
    assert serialize(canvas.root) == et_text(canvas)
    assert "xmlns:ns0" in serialize(canvas.root) and "<!--a comment-->" in serialize(canvas.root)


numbers = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.booleans(),
    st.floats(min_value=-1e4, max_value=1e4).map(np.float64),
    st.integers(min_value=-(10**6), max_value=10**6).map(np.int64),
    st.text(max_size=5),
)


@given(numbers)
def test_fmt_follows_the_general_rule_for_every_type(value):
    assert fmt(value) == _fmt_general(value)


@given(st.floats(allow_nan=False, allow_infinity=False), st.floats(allow_nan=False, allow_infinity=False))
def test_attributes_are_formatted_by_fmt(x, y):
    assert element("circle", cx=x, cy=y).attrib == {"cx": fmt(x), "cy": fmt(y)}
