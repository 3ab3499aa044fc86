"""VLMBias's build parameters: the resolutions and one table per topic, and the two presets as values.

`python -m builders params vlmbias` prints them as TOML; `build --params FILE` changes any of them.
Every topic plans from its table (`Topic.plan(params, edition)`), never from a preset's name.
The paper preset is the paper's design; lite keeps every topic at 384 px with fewer illusion cells
and grid groups, for tests and quick looks.
"""

from __future__ import annotations

import dataclasses

from builders.core.params import Parameters, parameter
from builders.vlmbias.animals.spec import AnimalsParameters
from builders.vlmbias.chess_pieces.spec import ChessPiecesParameters
from builders.vlmbias.flags.spec import FlagsParameters
from builders.vlmbias.game_boards.spec import GameBoardsParameters
from builders.vlmbias.logos.spec import LogosParameters
from builders.vlmbias.optical_illusions.spec import IllusionsParameters
from builders.vlmbias.patterned_grids.spec import GridParameters
from builders.vlmbias.spec import MAX_PX, MIN_PX, RESOLUTIONS


@dataclasses.dataclass(frozen=True, kw_only=True)
class VlmBiasParameters(Parameters):
    """Everything `--params` may change in a VLMBias build; each table is one topic's."""

    resolutions: tuple[int, ...] = parameter(
        RESOLUTIONS,
        meaning="the longest side C of every image, in pixels: each image is drawn once per resolution "
        "(xiangqi boards are C x 1.125C)",
        minimum=MIN_PX,
        maximum=MAX_PX,
        max_items=8,
        unique=True,
    )
    animals: AnimalsParameters = dataclasses.field(default_factory=AnimalsParameters)
    logos: LogosParameters = dataclasses.field(default_factory=LogosParameters)
    flags: FlagsParameters = dataclasses.field(default_factory=FlagsParameters)
    chess_pieces: ChessPiecesParameters = dataclasses.field(default_factory=ChessPiecesParameters)
    game_boards: GameBoardsParameters = dataclasses.field(default_factory=GameBoardsParameters)
    optical_illusions: IllusionsParameters = dataclasses.field(default_factory=IllusionsParameters)
    patterned_grids: GridParameters = dataclasses.field(default_factory=GridParameters)


PRESETS: dict[str, VlmBiasParameters] = {
    # 1,392 counterfactual images (7 topics), each at 384, 768 and 1152 px.
    "paper": VlmBiasParameters(),
    # Every topic at 384 px; illusions keep their first 2 difference-0 and 2 modified cells, patterned
    # grids one anomaly cell for N = 6, 9 and 12 (groups 1, 4, 7).
    "lite": VlmBiasParameters(
        resolutions=(384,),
        optical_illusions=IllusionsParameters(cells=2),
        patterned_grids=GridParameters(sizes=(6, 9, 12), anomalies_per_size=1),
    ),
}
