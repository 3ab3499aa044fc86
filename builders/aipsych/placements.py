"""How an object can sit in a scene: on the ground, on a table, on a shelf, on a wall, in the air.

Settings say which placements they have room for and where; figures say which they take in which
setting (a cup stands on a kitchen counter or shelf, a bird flies in the sky or over a street).
"""

from __future__ import annotations

GROUND, SURFACE, SHELF, WALL, AIR = "ground", "surface", "shelf", "wall", "air"
PLACEMENTS = (GROUND, SURFACE, SHELF, WALL, AIR)
#: Placements on a receding plane: drawn smaller when further away, with a shadow at the feet.
PLANES = (GROUND, SURFACE)
