"""Background-removed images: a counterfactual's subject alone on one flat page.

The release's later paper versions ask Q1, Q2 (split `remove_background_q1q2`) and Q3
(`remove_background_q3`) about every counterfactual image with its background removed. The release
matted photos; we draw every image from a scene, so the subject is drawn without the rest exactly:
each topic says what its background is (`Topic.background`) and keeps the subject's own elements,
unchanged, from the very scene its `main` image was rasterised from (`keep_only`, `leave_out`), on a
page of one colour; a background that hides part of the subject is painted the page's colour instead
(`painted`), so it keeps hiding it. The subject keeps its count and modified element, and its pixels
wherever the page is the colour it was drawn on. Images and rows are named as the `main` ones with
`nobackground` in place of `notitle` (`marked`), so each pairs with its `main` image by id. Photo
topics read from the release (`--source upstream`) draw none: their subjects are not separate shapes.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator

from builders.core.errors import RenderError
from builders.core.scene import Scene
from builders.core.svg import Canvas
from builders.vlmbias.columns import NO_BACKGROUND_SPLITS
from builders.vlmbias.topic import marked_form

#: The marker of a background-removed image in ids and file names, in place of `notitle`.
NO_BACKGROUND = "nobackground"
COUNTING_SPLIT, IDENTIFICATION_SPLIT = NO_BACKGROUND_SPLITS
#: The page of subjects drawn on white: what every topic drawn on white keeps.
WHITE = "#ffffff"
#: The page of subjects that are white or pale themselves (stars), which a white page would hide.
GREY = "#808080"

#: Picks elements of a scene by what they are (their `class` tokens, see `classes`).
Pick = Callable[[ET.Element], bool]


def split_of(question_type: str) -> str:
    """The split a question about a background-removed image goes to: Q3 to its own, as released."""
    return IDENTIFICATION_SPLIT if question_type == "Q3" else COUNTING_SPLIT


def marked(name: str, px: int) -> str:
    """An id, `ID` or `image_path` of the `main` image, for its background-removed twin.

    >>> marked("animal_053_arcticfox_notitle_Q1_px768", 768), marked("images/cuba_768.png", 768)
    ('animal_053_arcticfox_nobackground_Q1_px768', 'images/cuba_nobackground_768.png')
    """
    return marked_form(name, px, NO_BACKGROUND)


def classes(element: ET.Element) -> frozenset[str]:
    """The tokens of an element's `class`, e.g. {"star", "counted"}."""
    return frozenset(element.get("class", "").split())


def elements(scene: Scene) -> Iterator[ET.Element]:
    """Every element of the scene's canvas, in document order."""
    return _canvas(scene).root.iter()


def keep_only(scene: Scene, keep: Pick, page: str) -> Scene:
    """The elements of `scene` that `keep` picks, inside the groups that hold them (their transforms
    and styles) and with every `<defs>`, on a page of colour `page`: everything else is left out.

    Kept elements are shared with `scene`, not copied: neither is changed once drawn.

    >>> drawn = Canvas(10, 10, background="#0000ff")
    >>> group = drawn.group(transform="scale(2)")
    >>> group.append(ET.Element("circle", {"class": "star counted", "r": "1"}))
    >>> _ = drawn.add("rect", class_="canton", width=5, height=5)
    >>> stars = keep_only(Scene(drawn, 20, 20), lambda e: "counted" in classes(e), GREY)
    >>> stars.canvas.to_string()
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect x="0" y="0" width="10" \
height="10" fill="#808080" /><g transform="scale(2)"><circle class="star counted" r="1" /></g></svg>'
    """
    canvas = _canvas(scene)
    subject = Canvas(canvas.width, canvas.height, background=page)
    subject.root.extend(kept for kept in (_kept(child, keep) for child in canvas.root) if kept is not None)
    return Scene(subject, scene.width, scene.height)


def _kept(element: ET.Element, keep: Pick) -> ET.Element | None:
    if element.tag == "defs" or keep(element):
        return element
    children = [kept for kept in (_kept(child, keep) for child in element) if kept is not None]
    return _shell(element, children) if children else None


def leave_out(scene: Scene, drop: Pick, page: str | None = None) -> Scene:
    """`scene` without the elements `drop` picks (and what they hold); with `page`, on a page of that
    colour (under what is left), otherwise on the scene's own.

    >>> drawn = Canvas(4, 4, background="#ffffff")
    >>> _ = drawn.add("circle", class_="inducer", r=2), drawn.add("circle", class_="target", r=1)
    >>> leave_out(Scene(drawn, 8, 8), lambda e: "inducer" in classes(e)).canvas.to_string()
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect x="0" y="0" width="4" \
height="4" fill="#ffffff" /><circle class="target" r="1" /></svg>'
    """
    canvas = _canvas(scene)
    subject = Canvas(canvas.width, canvas.height, background=page)
    subject.root.extend(left for left in (_left(child, drop) for child in canvas.root) if left is not None)
    return Scene(subject, scene.width, scene.height)


def _left(element: ET.Element, drop: Pick) -> ET.Element | None:
    if drop(element):
        return None
    if not len(element):
        return element
    return _shell(element, [left for left in (_left(child, drop) for child in element) if left is not None])


def painted(scene: Scene, pick: Pick, colour: str) -> Scene:
    """`scene` with the elements `pick` picks filled (and stroked) with `colour`: on a page of that colour
    they are gone, yet still hide what they covered, so the subject shows exactly what it showed.

    >>> drawn = Canvas(4, 4, background="#ffffff")
    >>> _ = drawn.add("rect", class_="inducer bar", width=1, height=4, fill="#808080")
    >>> painted(Scene(drawn, 8, 8), lambda e: "inducer" in classes(e), WHITE).canvas.to_string()
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect x="0" y="0" width="4" \
height="4" fill="#ffffff" /><rect class="inducer bar" width="1" height="4" fill="#ffffff" /></svg>'
    """
    canvas = _canvas(scene)
    subject = Canvas(canvas.width, canvas.height)
    subject.root.extend(_painted(child, pick, colour) for child in canvas.root)
    return Scene(subject, scene.width, scene.height)


def _painted(element: ET.Element, pick: Pick, colour: str) -> ET.Element:
    if pick(element):
        paint = {key: colour for key in ("fill", "stroke") if element.get(key, "none") != "none"}
        return _shell(element, list(element), {**element.attrib, **paint})
    if not len(element):
        return element
    return _shell(element, [_painted(child, pick, colour) for child in element])


def _canvas(scene: Scene) -> Canvas:
    """The scene's canvas; a scene drawn otherwise (SVG text, a photo) has no elements to pick."""
    if not isinstance(scene.canvas, Canvas):
        kind = type(scene.canvas).__name__
        raise RenderError(f"a {kind} scene has no elements to remove a background from")
    return scene.canvas


def _shell(
    element: ET.Element, children: list[ET.Element], attributes: dict[str, str] | None = None
) -> ET.Element:
    """A new element with `element`'s tag, text and attributes (or `attributes`), holding `children`."""
    shell = ET.Element(element.tag, element.attrib if attributes is None else attributes)
    shell.text = element.text
    shell.extend(children)
    return shell
