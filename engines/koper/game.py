"""The Koper game object: applying actions, listing legal ones, and the phone's view.

Actions (``Action.kind`` and ``data``):

* ``move``: ``{"from": [r, c], "to": [r, c]}``, a step or any hop chain that reaches ``to``;
* ``announce``: ``{"hand": "Pair, queens"}``, an announcement the player can make now from five
  of their checkers on cards and has not used before;
* ``remove``: ``{"at": [r, c]}``, the loser of an announcement round removes one of their own.

Rule events (``RuleEvent.kind``): ``move``; ``announce_round`` (after turns 3, 6, 9, ...);
``pass`` (a seat that cannot announce, and why); ``announce``; ``result`` (who removes a
checker, if anyone); ``remove``; ``win``.

Illegal actions come back as ``Step.reject(reason)``; malformed ones (unknown kind, a square that
is not two numbers 0..7, no seat) raise :class:`~engines.core.EngineError`.

>>> from engines.core import Action
>>> state = GAME.new_state({}, seed=1)
>>> step = GAME.apply(state, Action("move", 0, {"from": [5, 4], "to": [4, 4]}))
>>> step.ok, step.state.to_act
(True, 1)
>>> GAME.apply(step.state, Action("move", 0, {"from": [5, 5], "to": [4, 5]})).reason
'It is not your turn: dark is to move.'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from engines.core import Action, EngineError, RuleEvent, Step
from engines.koper import announcing
from engines.koper.announcing import seat_name
from engines.koper.board import SIZE, Square, square_name
from engines.koper.hands import Hand, possible_announcements
from engines.koper.moves import Move, legal_moves, move_error
from engines.koper.setup import new_state
from engines.koper.state import KoperState, Phase

LOSING_COUNT = 4
_KIND_OF_PHASE = {Phase.MOVE: "move", Phase.ANNOUNCE: "announce", Phase.REMOVE: "remove"}
_DOING = {"move": "move", "announce": "announce a hand", "remove": "remove a checker"}


class KoperGame:
    """Koper's rules (koper.txt with the RULINGS), as an :class:`engines.core.Game`."""

    name = "koper"

    def new_state(self, options: Mapping[str, Any], seed: int) -> KoperState:
        return new_state(options, seed)

    def apply(self, state: KoperState, action: Action) -> Step[KoperState]:
        handler = {"move": _move, "announce": _announce, "remove": _remove}.get(action.kind)
        if handler is None:
            raise EngineError(f"Koper has no action {action.kind!r}")
        seat = action.player
        if seat not in (0, 1) or isinstance(seat, bool):
            raise EngineError(f"a Koper {action.kind} needs seat 0 or 1, not {seat!r}")
        if state.phase is Phase.OVER or state.to_act is None:
            return Step.reject(f"The game is over: {state.cycles[-1].result}")
        expected = _KIND_OF_PHASE[state.phase]
        if seat != state.to_act:
            return Step.reject(
                f"It is not your turn: {state.colors[state.to_act]} is to {_DOING[expected]}."
            )
        if action.kind != expected:
            return Step.reject(f"You must {_DOING[expected]} now, not {_DOING[action.kind]}.")
        return handler(state, seat, action.data)

    def legal_actions(self, state: KoperState) -> list[Action]:
        seat = state.to_act
        if seat is None:
            return []
        if state.phase is Phase.MOVE:
            return [_move_action(seat, m) for m in legal_moves(state)]
        if state.phase is Phase.ANNOUNCE:
            hands = announcing.available(state, seat)
            return [Action("announce", seat, {"hand": h.text}) for h in hands]
        return [Action("remove", seat, {"at": list(s)}) for s in sorted(state.checkers[seat])]

    def is_terminal(self, state: KoperState) -> bool:
        return state.phase is Phase.OVER

    def view(self, state: KoperState) -> dict[str, Any]:
        """The state as JSON for the phones."""
        seat = state.to_act
        announcing_seat = seat if state.phase is Phase.ANNOUNCE else None
        return {
            "game": self.name,
            "cells": [list(row) for row in state.cells],
            "checkers": [
                {"row": r, "col": c, "color": state.colors[s], "seat": s}
                for s in (0, 1)
                for r, c in sorted(state.checkers[s])
            ],
            "seats": [
                {
                    "seat": s,
                    "color": state.colors[s],
                    "end": state.ends[s],
                    "builder": s == state.builder,
                    "checkers": len(state.checkers[s]),
                    "on_cards": len(state.cards_under(s)),
                    "used": sorted(state.used[s]),
                }
                for s in (0, 1)
            ],
            "phase": state.phase.value,
            "turn": state.turn,
            "to_move": seat if state.phase is Phase.MOVE else None,
            "to_announce": announcing_seat,
            "to_remove": state.pending_loser,
            "status": status(state),
            "moves": list(state.moves),
            "announcements": [
                {
                    "turn": cycle.turn,
                    "calls": [
                        {
                            "seat": call.seat,
                            "color": state.colors[call.seat],
                            "hand": call.hand.text if call.hand else None,
                            "reason": call.reason,
                        }
                        for call in cycle.calls
                    ],
                    "result": cycle.result or None,
                    "loser": cycle.loser,
                    "removed": square_name(cycle.removed) if cycle.removed else None,
                }
                for cycle in state.cycles
            ],
            "legal_announcements": (
                [h.text for h in announcing.available(state, announcing_seat)]
                if announcing_seat is not None
                else []
            ),
            "result": state.cycles[-1].result if state.phase is Phase.OVER else None,
            "winner": state.winner,
        }


def status(state: KoperState) -> str:
    """One line saying what the game waits for, e.g. "Turn 2: dark to move."."""
    if state.phase is Phase.OVER or state.to_act is None:
        return state.cycles[-1].result
    return f"Turn {state.turn}: {state.colors[state.to_act]} to {_DOING[state.phase.value]}."


def _move(state: KoperState, seat: int, data: Mapping[str, Any]) -> Step[KoperState]:
    move = Move(_square(data, "from"), _square(data, "to"))
    reason = move_error(state, seat, move)
    if reason:
        return Step.reject(reason)
    mine = (state.checkers[seat] - {move.frm}) | {move.to}
    checkers = (mine, state.checkers[1]) if seat == 0 else (state.checkers[0], mine)
    state = replace(state, checkers=checkers, moves=(*state.moves, move.text))
    events = [
        RuleEvent(
            "move",
            f"{seat_name(state, seat)} moves {move.text}.",
            {"seat": seat, "from": list(move.frm), "to": list(move.to)},
        )
    ]
    if seat == state.builder:
        return Step.accept(replace(state, to_act=1 - seat), events)
    if state.turn % 3:
        return Step.accept(announcing.next_turn(state), events)
    state, more = announcing.open_round(state)
    return Step.accept(state, events + more)


def _announce(state: KoperState, seat: int, data: Mapping[str, Any]) -> Step[KoperState]:
    text = data.get("hand")
    if not isinstance(text, str):
        raise EngineError('an announce action needs {"hand": "<announcement>"}')
    try:
        hand = Hand.parse(text)
    except ValueError as exc:
        return Step.reject(f"That is not an announcement: {exc}.")
    if hand.text in state.used[seat]:
        return Step.reject(f'You have already used "{hand.text}".')
    if hand not in possible_announcements(state.cards_under(seat)):
        return Step.reject(f'No five of your checkers on cards make "{hand.text}".')
    state, events = announcing.record_call(state, seat, hand)
    return Step.accept(state, events)


def _remove(state: KoperState, seat: int, data: Mapping[str, Any]) -> Step[KoperState]:
    at = _square(data, "at")
    if at not in state.checkers[seat]:
        return Step.reject(f"There is no checker of yours on {square_name(at)} to remove.")
    left = state.checkers[seat] - {at}
    checkers = (left, state.checkers[1]) if seat == 0 else (state.checkers[0], left)
    cycle = replace(state.cycles[-1], removed=at)
    state = replace(state, checkers=checkers, cycles=(*state.cycles[:-1], cycle))
    events = [
        RuleEvent(
            "remove",
            f"{seat_name(state, seat)} removes the checker on {square_name(at)}.",
            {"seat": seat, "at": list(at)},
        )
    ]
    if len(left) > LOSING_COUNT:
        return Step.accept(announcing.next_turn(state), events)
    text = f"{seat_name(state, 1 - seat)} wins: {state.colors[seat]} is down to four checkers."
    cycle = replace(cycle, result=f"{cycle.result} {text}")
    state = replace(
        state, phase=Phase.OVER, to_act=None, winner=1 - seat, cycles=(*state.cycles[:-1], cycle)
    )
    return Step.accept(state, [*events, RuleEvent("win", text, {"winner": 1 - seat})])


def _square(data: Mapping[str, Any], key: str) -> Square:
    """``data[key]`` as a square; EngineError unless it is two whole numbers 0..7."""
    raw = data.get(key)
    if (
        isinstance(raw, (list, tuple))
        and len(raw) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < SIZE for v in raw)
    ):
        return (raw[0], raw[1])
    raise EngineError(f"{key!r} must be a square [row, col] with both in 0..7, not {raw!r}")


def _move_action(seat: int, move: Move) -> Action:
    return Action("move", seat, {"from": list(move.frm), "to": list(move.to)})


GAME = KoperGame()
