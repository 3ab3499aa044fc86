"""How an object can sit in a scene: on the ground, the road or the pavement, on a table, on a shelf,
on a wall, in the air.

Settings say which placements they have room for and where; figures say which they take in which
setting (a cup stands on a kitchen counter or shelf, a car drives on the road, a bench stands on the
pavement, a kite flies over the park).
"""

from __future__ import annotations

GROUND, ROAD, PAVEMENT, SURFACE = "ground", "road", "pavement", "surface"
SHELF, WALL, AIR = "shelf", "wall", "air"
PLACEMENTS = (GROUND, ROAD, PAVEMENT, SURFACE, SHELF, WALL, AIR)
#: Placements on a receding plane (a floor, lawn, road, pavement or table): the feet fix the depth, and
#: so the size; a shadow falls at them.
PLANES = (GROUND, ROAD, PAVEMENT, SURFACE)
#: Placements at the back wall, where the plane ends: a shelf's top, the wall itself.
AT_WALL = (SHELF, WALL)
