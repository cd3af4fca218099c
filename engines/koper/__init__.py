"""Koper: poker hands under checkers on a board of 52 cards and 12 empty spaces (koper.txt).

The engine follows the RULINGS for the gaps (start blocks, Halma moves, announcement format and
ranking). ``GAME`` is the :class:`engines.core.Game` the runtime uses; the modules hold cards,
hands, board geometry, state, moves, announcement rounds and the camera's move inference.

>>> from engines.core import Action
>>> from engines.koper import GAME
>>> state = GAME.new_state({}, seed=1)
>>> GAME.apply(state, Action("move", 0, {"from": [5, 4], "to": [4, 4]})).events[0].text
'Light moves e6-e5.'
"""

from engines.koper.game import GAME, KoperGame
from engines.koper.hands import Category, Hand, best_hand, compare, possible_announcements
from engines.koper.moves import LegalMoves, Move, legal_moves
from engines.koper.observe import Inference, infer_action
from engines.koper.state import Call, Cycle, KoperState, Phase, board_text

__all__ = [
    "GAME",
    "Call",
    "Category",
    "Cycle",
    "Hand",
    "Inference",
    "KoperGame",
    "KoperState",
    "LegalMoves",
    "Move",
    "Phase",
    "best_hand",
    "board_text",
    "compare",
    "infer_action",
    "legal_moves",
    "possible_announcements",
]
