"""The protocol every game engine implements (shaped after OpenSpiel's State API).

A game object is stateless; states are immutable values. The runtime only ever calls these
methods, so adding a game never touches the runtime.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeVar

from engines.core.actions import Action, Step

S = TypeVar("S")


class Game(Protocol[S]):
    """A set of rules.

    * ``name``: the game's identifier ("koper", "croquetnole", ...).
    * ``new_state(options, seed)``: the state before any action. ``options`` is JSON (layouts,
      rulings kept as named options); ``seed`` is recorded for any chance the game needs.
    * ``apply(state, action)``: a :class:`Step`; never raises for an illegal action.
    * ``legal_actions(state)``: the actions that ``apply`` would accept now, where they are
      finite and enumerable (for a flicking game, the player inputs it expects).
    * ``is_terminal(state)`` and ``view(state)``: whether the game is over, and a JSON picture of
      the state for the phones.
    """

    name: str

    def new_state(self, options: Mapping[str, Any], seed: int) -> S: ...

    def apply(self, state: S, action: Action) -> Step[S]: ...

    def legal_actions(self, state: S) -> Sequence[Action]: ...

    def is_terminal(self, state: S) -> bool: ...

    def view(self, state: S) -> dict[str, Any]: ...
