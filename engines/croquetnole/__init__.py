"""Castle Croquetnole: the referee for Ron Hale-Evans' piecepack flicking game.

The engine is pure: it rules on what the camera (or a player on the phone) reports happened on
the table, and on the players' inputs. ``GAME`` is the :class:`engines.core.Game`;
:func:`default_layout` and :class:`Layout` hold the table geometry shared with the vision code;
:mod:`engines.croquetnole.notation` reads events written like the rules
("moons-knight passes suns-gate in").

>>> from engines.core import Action
>>> s = GAME.new_state({"players": ["moons", "suns"]}, seed=0)
>>> [a.kind for a in GAME.legal_actions(s)][-1]
'end_turn'
"""

from engines.croquetnole.game import GAME, CroquetnoleGame
from engines.croquetnole.layout import (
    COIN_MM,
    TILE_MM,
    CastleGeometry,
    Corridor,
    Layout,
    Tile,
    default_layout,
)
from engines.croquetnole.state import Coin, Options, Placement, State

__all__ = [
    "COIN_MM",
    "GAME",
    "TILE_MM",
    "CastleGeometry",
    "Coin",
    "Corridor",
    "CroquetnoleGame",
    "Layout",
    "Options",
    "Placement",
    "State",
    "Tile",
    "default_layout",
]
