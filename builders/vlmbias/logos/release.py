"""What the release shows of its logo photos: file names, and the subject of a photo for its title bar.

Released logo files are named `<brand>-<colour>-<body type>_<C>.png` for cars
(`audi-white-hatchback_1152.png`) and `<brand>-<colour>-<sport>-<trial>_<C>.png` for
shoes (`adidas-black-soccer-3_1152.png`), the trial being which of the generated
pictures was kept.
"""

from __future__ import annotations

from builders.vlmbias.logos.brands import BRANDS
from builders.vlmbias.photo_release import ReleasedRow

#: The kept trial of each shoe picture the release shows: the example images in anvo25/vlms-are-biased
#: (`examples/task2_logos/shoe_logos/` at 9d1afd9) and the project site's human-study image
#: `adidas-black-soccer-3_1152.png`. The others are not shown; their paths omit it.
SHOE_TRIALS: dict[tuple[str, str, str], int] = {
    ("Adidas", "black", "soccer"): 3,
    ("Adidas", "black", "basketball"): 5,
    ("Adidas", "red", "running"): 5,
    ("Adidas", "white", "running"): 2,
    ("Nike", "red", "soccer"): 5,
    ("Nike", "white", "basketball"): 1,
}
#: The brand as released file names write it.
FILE_BRANDS = {"Adidas": "adidas", "Nike": "nike", "Mercedes-Benz": "mercedes_benz", "Audi": "audi",
               "Maserati": "maserati"}  # fmt: skip


def released_file(brand: str, backdrop: str, colour: str) -> str:
    """The released file name without resolution: `audi-white-hatchback`, `adidas-black-soccer-3`.

    >>> released_file("Mercedes-Benz", "coupe", "black"), released_file("Nike", "tennis", "red")
    ('mercedes_benz-black-coupe', 'nike-red-tennis')
    """
    name = f"{FILE_BRANDS[brand]}-{colour}-{backdrop}"
    trial = SHOE_TRIALS.get((brand, colour, backdrop))
    return name if trial is None else f"{name}-{trial}"


def released_logo_title(first: ReleasedRow, rows: list[ReleasedRow]) -> str:
    """The brand: the one its Q3 names ("Is the logo on this car Audi logo?"), or the answer to its
    naming question (originals)."""
    for row in rows:
        text = f"{row.fields['prompt']} {row.fields['ground_truth']}".lower()
        for name in BRANDS:
            if name.lower() in text:
                return name
    return str(first.fields["sub_topic"])
