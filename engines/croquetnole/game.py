"""Castle Croquetnole as an :class:`engines.core.Game`: new match, apply, legal inputs, view.

Observed events (``flick``, ``pass``, ``hit``, ``strike``, ``off_table``, ``rest``, ``place``)
carry the DESIGN's event objects as ``data``; player inputs are ``end_turn``, ``croquet``
``{"kind": 1..5}`` and ``correct`` (see :func:`engines.croquetnole.inputs.on_correct`). Player
inputs must come from the seat on turn (or ``player=None``); observations may come from anyone.

>>> from engines.core import Action
>>> s = GAME.new_state({}, seed=0)
>>> s.turn, s.in_play, len(s.placements)
('moons', 'moons-knight', 5)
>>> GAME.apply(s, Action("croquet", 0, {"kind": 1})).reason
'No croquet is on offer.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engines.core import Action, Step
from engines.croquetnole.inputs import on_correct, on_croquet, on_end_turn
from engines.croquetnole.names import guard, knight, seat, words
from engines.croquetnole.observed import (
    on_flick,
    on_hit,
    on_off_table,
    on_pass,
    on_place,
    on_rest,
    on_strike,
)
from engines.croquetnole.referee import Referee
from engines.croquetnole.state import Coin, Options, State, initial_layout
from engines.croquetnole.view import legal_inputs, view

Handler = Callable[[Referee, Mapping[str, Any]], "str | None"]

OBSERVED: dict[str, Handler] = {
    "flick": on_flick,
    "pass": on_pass,
    "hit": on_hit,
    "strike": on_strike,
    "off_table": on_off_table,
    "rest": on_rest,
    "place": on_place,
}
PLAYER_INPUTS: dict[str, Handler] = {
    "end_turn": on_end_turn,
    "croquet": on_croquet,
    "correct": on_correct,
}


class CroquetnoleGame:
    """The rules of Castle Croquetnole (stateless; states are :class:`State` values)."""

    name = "croquetnole"

    def new_state(self, options: Mapping[str, Any], seed: int) -> State:
        """Setup: every playing guard is placed by its tower, then Moons (or the first playing
        castle) places its knight and plays. ``seed`` is unused: the game has no chance."""
        layout = initial_layout(options)
        opts = Options.from_json(options, layout.castle_names)
        blank = State(layout, opts, (), opts.players[0])
        courses = Referee(blank)
        coins: list[Coin] = []
        for castle in opts.players:
            coins.append(Coin(knight(castle), castle, course=courses.full_course(castle)))
            coins.append(Coin(guard(castle), castle))
        ref = Referee(State(layout, opts, tuple(coins), opts.players[0]))
        for castle in opts.players:
            ref.instruct(
                guard(castle),
                layout.start_spot(castle, "guard"),
                "setup: each guard starts within a coin-width of its tower.",
            )
        ref.begin_turn(opts.players[0])
        return ref.freeze()

    def apply(self, state: State, action: Action) -> Step[State]:
        """Rule on one observed event or player input; rejects only what makes no sense."""
        if state.winner is not None:
            return Step.reject(f"The game is over: {words(state.winner)} won.")
        handler = OBSERVED.get(action.kind)
        if handler is None:
            handler = PLAYER_INPUTS.get(action.kind)
            if handler is None:
                return Step.reject(f"Castle Croquetnole has no action {action.kind!r}.")
            if action.player is not None and action.player != seat(state.turn):
                return Step.reject(f"It is {words(state.turn)}' turn.")
        ref = Referee(state)
        reason = handler(ref, action.data)
        if reason is not None:
            return Step.reject(reason)
        return Step.accept(ref.freeze(), ref.events)

    def legal_actions(self, state: State) -> Sequence[Action]:
        """The inputs expected now: flicks of the coins that may be flicked, ``rest`` while a
        flick is under way, croquet kinds on offer, placements due, ``end_turn``."""
        return legal_inputs(state)

    def is_terminal(self, state: State) -> bool:
        return state.winner is not None

    def view(self, state: State) -> dict[str, Any]:
        """The JSON picture of the match for the phones (see :func:`view`)."""
        return view(state)


GAME = CroquetnoleGame()
