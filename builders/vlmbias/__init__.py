"""VLMBias ("Vision Language Models are Biased"): counterfactual counting and identification.

Each topic lives in its own sub-package and is registered here; the order is
the order of configs in `list` and in the dataset card.
"""

from builders.core.spec import SpecRegistry
from builders.vlmbias.animals import TOPIC as ANIMALS
from builders.vlmbias.chess_pieces import TOPIC as CHESS_PIECES
from builders.vlmbias.family import VlmBiasFamily
from builders.vlmbias.flags import TOPIC as FLAGS
from builders.vlmbias.game_boards import TOPIC as GAME_BOARDS
from builders.vlmbias.logos import TOPIC as LOGOS
from builders.vlmbias.optical_illusions import TOPIC as OPTICAL_ILLUSIONS
from builders.vlmbias.patterned_grids import TOPIC as PATTERNED_GRIDS

SPECS = SpecRegistry()

FAMILY = VlmBiasFamily(
    topics={
        topic.config: topic
        for topic in (ANIMALS, LOGOS, FLAGS, CHESS_PIECES, GAME_BOARDS, OPTICAL_ILLUSIONS, PATTERNED_GRIDS)
    },
    spec_registry=SPECS,
)

for _topic in FAMILY.topics.values():
    for _spec_type in _topic.spec_types:
        SPECS.register(_spec_type)
