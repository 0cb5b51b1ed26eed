"""One package per game.  ``cardtable.games()`` lists them (this module is callable).

``cardtable.games`` is both this package and the documented function ``cardtable.games()``:
importing a game package rebinds the attribute to this module, so the module itself answers
the call rather than the function being silently shadowed.
"""

from __future__ import annotations

import sys
import types
from typing import Any


class _CallableModule(types.ModuleType):
    def __call__(self) -> list[Any]:
        from ..registry import list_games
        return list_games()


sys.modules[__name__].__class__ = _CallableModule
