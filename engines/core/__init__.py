"""The shared engine core: actions, rule events, match records and the Game protocol.

Every game engine speaks the same small vocabulary so that the runtime, the storage and the web
page never need to know which game is being played:

* :class:`Action` is something a player (or the camera, on a player's behalf) did.
* :class:`RuleEvent` is what the referee made of it, with the reason in words.
* :class:`Step` is the result of applying an action: either the new state and its events, or a
  rejection with a reason (an invalid move is a returned value, never an exception).
* :class:`MatchRecord` is the seed, the options and every accepted action; the state is always
  :func:`replay` of the record, so undo, replay and crash recovery are one mechanism.

Example::

    >>> from engines.core import Action
    >>> Action("end_turn", player=0).to_json()
    {'kind': 'end_turn', 'player': 0, 'data': {}}
"""

from engines.core.actions import Action, RuleEvent, Step
from engines.core.errors import EngineError, ReplayError
from engines.core.game import Game
from engines.core.record import MatchRecord, replay, replay_events

__all__ = [
    "Action",
    "EngineError",
    "Game",
    "MatchRecord",
    "ReplayError",
    "RuleEvent",
    "Step",
    "replay",
    "replay_events",
]
