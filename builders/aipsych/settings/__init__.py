"""Scene settings, one small file each: where a synthetic scene takes place and how its backdrop looks.

The default settings are the photo-like ones (`DEFAULT_SETTINGS`); `plain` (a flat background) is
there for comparison. Adding a setting is adding its module name here.
"""

from __future__ import annotations

from builders.aipsych.settings.base import Backdrop, Setting
from builders.core.catalogue import entries

MODULES = ("street", "kitchen", "living_room", "park", "sky", "table_top", "plain")

#: Setting name -> setting, in `MODULES` order.
SETTINGS: dict[str, Setting] = {setting.name: setting for setting in entries(__name__, MODULES, "SETTING")}
SETTING_NAMES: tuple[str, ...] = tuple(SETTINGS)
#: The photo-like settings every preset draws, in turn.
DEFAULT_SETTINGS: tuple[str, ...] = tuple(name for name in SETTING_NAMES if name != "plain")

__all__ = ["DEFAULT_SETTINGS", "SETTINGS", "SETTING_NAMES", "Backdrop", "Setting"]
