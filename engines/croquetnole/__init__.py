"""Castle Croquetnole: the referee for Ron Hale-Evans' piecepack flicking game.

The engine is pure: it rules on what the camera (or a player on the phone) reports happened on
the table, and on the players' inputs. ``GAME`` is the :class:`engines.core.Game`;
:func:`default_layout` and :class:`Layout` hold the table geometry shared with the vision code;
:mod:`engines.croquetnole.notation` reads events written like the rules
("moons-knight passes suns-gate in").

Where the text and RULINGS leave a gap, the engine decides as follows (each in the module named):

* Observations are facts (observed): a flick of a coin that may not be flicked now is accepted
  with a ``flick_refused`` ruling; nothing in it counts and every coin it moved is put back.
* Bonus flicks go only to the coin in play (referee): a guard taking a prisoner during another
  player's flick, or a knight driven through its next feature by another coin, earns no flick
  (the knight's score still counts). Contacts between other coins take prisoners but earn nothing.
* Croquet replaces the strike bonus (observed, inputs): every kind gives two more flicks, kinds 2
  to 4 first ask for the knight to be placed by its guard; a flick before the choice takes the
  ``croquet_default`` option (kind 1).
* An illegal gate entry puts back whichever coin made it; only the flicked coin is then barred
  for the rest of the turn (observed).
* Turn flow (referee): the knight's part ends when it has no flicks left once everything rests,
  or when the guard is flicked; the turn passes when the guard has none left, or on ``end_turn``.
  Each knight is placed by its tower on its owner's first turn.
* A gate scores only with the castle change it stands for (in from the Wasteland, out from
  inside); a released knight leaves home by its gate, then restarts the castle it was held in if
  it had begun it (course).
* A prisoner, or a released knight recovering on its tower, never moves by itself: observations
  about it are void until it is placed again (observed).
* Castles nobody plays stay on every knight's course unless ``course`` is ``"players"``.

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
