"""Our PNG writer: standard PNGs that decode exactly, with bytes pinned by the libdeflate version."""

from __future__ import annotations

import hashlib
import io
import zlib

import numpy as np
import pytest
from PIL import Image

from builders.core.raster import (
    WHITE,
    decode_png,
    decode_rgba_png,
    encode_png,
    pixel_sha256,
    png_pixels,
    rasterize_cached,
    rasterize_image,
)
from builders.core.svg import Canvas


def noise(width: int, height: int, seed: int = 0) -> Image.Image:
    """Worst case for the Up filter: no two rows alike."""
    values = np.random.default_rng(seed).integers(0, 256, size=(height, width, 3), dtype=np.uint8)
    return Image.fromarray(values, "RGB")


@pytest.mark.parametrize("size", [(1, 1), (1, 7), (7, 1), (33, 20)])
def test_pixels_come_back_exactly_and_the_hash_is_the_decoded_images(size):
    image = noise(*size)
    picture = encode_png(image)
    with Image.open(io.BytesIO(picture.png)) as decoded:
        decoded.verify()  # chunk CRCs and structure
    back = decode_png(picture.png)
    assert back.tobytes() == image.tobytes() and back.size == size
    assert (picture.width, picture.height) == size
    assert picture.pixel_sha256 == pixel_sha256(back) == pixel_sha256(image)


def test_other_modes_are_stored_as_rgb():
    rgba = Image.new("RGBA", (4, 3), (10, 20, 30, 255))
    assert decode_png(encode_png(rgba).png).getpixel((3, 2)) == (10, 20, 30)
    assert Image.open(io.BytesIO(encode_png(rgba).png)).mode == "RGB"


def test_bytes_are_pinned_so_a_changed_compressor_is_noticed():
    """A new `deflate` (libdeflate) version may change these bytes: then bump the builder version."""
    gradient = np.arange(64 * 48 * 3, dtype=np.uint32).reshape(48, 64, 3) % 251
    picture = encode_png(Image.fromarray(gradient.astype(np.uint8), "RGB"))
    assert picture.png == encode_png(Image.fromarray(gradient.astype(np.uint8), "RGB")).png
    assert hashlib.sha256(picture.png).hexdigest() == GRADIENT_PNG_SHA256


def test_the_title_bar_cache_gives_the_rendered_pixels():
    bar = Canvas(40, 10, background="#ffffff")
    bar.add("rect", x=5, y=2, width=10, height=6, fill="#000")
    cached = rasterize_cached(bar.to_string(), 80, 20)
    assert rasterize_cached(bar.to_string(), 80, 20) is cached
    assert cached.tobytes() == rasterize_image(bar, 80, 20).tobytes()


def pillow_png(image: Image.Image, **options) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG", **options)
    return out.getvalue()


@pytest.mark.parametrize("size", [(1, 1), (5, 3), (97, 61)])
def test_the_rgba_fast_path_decodes_as_pillow_does(size):
    """resvg hands back RGBA PNGs with every row filter; the fast path must undo each exactly."""
    pixels = np.asarray(noise(*size, seed=size[0]))
    alpha = np.full((*pixels.shape[:2], 1), 255, dtype=np.uint8)
    rgba = Image.fromarray(np.concatenate([pixels, alpha], axis=2), "RGBA")
    png = pillow_png(rgba, optimize=True)  # Pillow picks a filter per row
    assert decode_rgba_png(png).tobytes() == decode_png(png).tobytes() == rgba.convert("RGB").tobytes()


def test_the_rgba_fast_path_gives_a_rendered_scenes_pixels():
    scene = Canvas(120, 80, background="#ffffff")
    scene.add("circle", cx=60, cy=40, r=30, fill="#c03", opacity=0.5)
    scene.add("text", "Ab", x=10, y=70, font_size=30, fill="#036")
    rendered = rasterize_image(scene, 240, 160)
    assert rendered.mode == "RGB" and rendered.size == (240, 160)
    colours = {rendered.getpixel((120, 80)), rendered.getpixel((2, 2))}
    assert WHITE[:3] in colours and len(colours) == 2  # the half-transparent circle over white


@pytest.mark.parametrize("mode", ["RGB", "L", "P"])
def test_other_pngs_take_pillows_decoder(mode):
    image = noise(9, 4).convert(mode)
    assert decode_rgba_png(pillow_png(image)).tobytes() == image.convert("RGB").tobytes()


@pytest.mark.parametrize("mode", ["RGB", "L", "P", "RGBA"])
def test_a_png_we_did_not_write_decodes_as_pillow_decodes_it(mode):
    """Pillow's PNGs (a filter per row, other colour types) take Pillow's decoder; ours the fast one."""
    image = noise(9, 4).convert(mode)
    for png in (pillow_png(image), pillow_png(image, optimize=True)):
        assert decode_png(png).tobytes() == image.convert("RGB").tobytes()
        assert png_pixels(png).tobytes() == image.convert("RGB").tobytes()


def _damaged(png: bytes) -> dict[str, bytes]:
    """Our PNG broken in each way a stored image can be: each must fail or decode exactly as in Pillow."""
    idat, crc = png.index(b"IDAT"), len(png) - 16  # IDAT's CRC, before the 12 bytes of IEND
    return {
        "a pixel byte": png[: idat + 20] + bytes([png[idat + 20] ^ 0x40]) + png[idat + 21 :],
        "a CRC": png[:crc] + bytes([png[crc] ^ 1]) + png[crc + 1 :],
        "cut short": png[: len(png) // 2],
        "trailing bytes": png + b"\x00" * 7,
        "a huge header": _with_header(png, 60000, 60000),  # over Pillow's limit on pixels
    }


def _with_header(png: bytes, width: int, height: int) -> bytes:
    """`png` claiming another size, its header's CRC made right."""
    body = width.to_bytes(4, "big") + height.to_bytes(4, "big") + png[24:29]
    return png[:16] + body + zlib.crc32(b"IHDR" + body).to_bytes(4, "big") + png[33:]


@pytest.mark.parametrize("damage", ["a pixel byte", "a CRC", "cut short", "trailing bytes", "a huge header"])
def test_a_damaged_png_of_ours_is_pillows_to_judge(damage):
    png = _damaged(encode_png(noise(40, 30, seed=3)).png)[damage]

    def pillow() -> bytes:
        with Image.open(io.BytesIO(png)) as decoded:
            return decoded.convert("RGB").tobytes()

    try:
        expected: bytes | type[BaseException] = pillow()
    except Exception as error:
        expected = type(error)
    for decode in (lambda: decode_png(png).tobytes(), lambda: png_pixels(png).tobytes()):
        if isinstance(expected, bytes):
            assert decode() == expected
        else:
            with pytest.raises(expected):
                decode()


GRADIENT_PNG_SHA256 = "5d4c29592d51cbae5a231284098845fe616b2329083fe0f480429d0ead48c2c6"
