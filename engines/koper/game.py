"""The Koper game object: applying actions, listing legal ones, and the phone's view.

Actions (``Action.kind`` and ``data``):

* ``move``: ``{"from": [r, c], "to": [r, c]}``, a step or any hop chain that reaches ``to``;
* ``announce``: ``{"hand": "Pair, queens"}``, an announcement the player can make now from five
  of their checkers on cards and has not used before;
* ``remove``: ``{"at": [r, c]}``, the loser of an announcement round removes one of their own;
* ``cards``: ``{"cells": [[r, c, "QH"], ...], "checked": [[r, c], ...]}``, the players' word on
  the board's cards where the camera was unsure (:mod:`vision.koper.correction`). It is no move
  of the game: either seat may send it at any time before the game is over, and the turn stays
  where it was. The cards listed must be the cards those cells held, put in another order (each
  card lies on the board once); the ``checked`` cells, among those listed, are the ones the
  players vouched for. What was ruled before stands (a ruling is made on the board as it was
  known then); the rules go on with the corrected cards.

Rule events (``RuleEvent.kind``): ``move``; ``announce_round`` (after turns 3, 6, 9, ...);
``pass`` (a seat that cannot announce, and why); ``announce``; ``result`` (who removes a
checker, if anyone); ``remove``; ``win``; ``cards`` (the board corrected).

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
        if handler is None and action.kind != "cards":
            raise EngineError(f"Koper has no action {action.kind!r}")
        seat = action.player
        if seat not in (0, 1) or isinstance(seat, bool):
            raise EngineError(f"a Koper {action.kind} needs seat 0 or 1, not {seat!r}")
        if state.phase is Phase.OVER or state.to_act is None:
            return Step.reject(f"The game is over: {state.cycles[-1].result}")
        if handler is None:
            return _cards(state, action.data)
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
            "checked": [list(square) for square in sorted(state.checked)],
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


def _cards(state: KoperState, data: Mapping[str, Any]) -> Step[KoperState]:
    """The players' word on the board's cards (see the module doc)."""
    listed = data.get("cells")
    if not isinstance(listed, list) or not listed:
        raise EngineError('a cards action needs {"cells": [[row, col, "QH"], ...]}')
    new: dict[Square, str] = {}
    for item in listed:
        if not (isinstance(item, list) and len(item) == 3 and isinstance(item[2], str)):
            raise EngineError(f"each of cells must be [row, col, card], not {item!r}")
        at = _square({"at": item[:2]}, "at")
        if at in new:
            raise EngineError(f"{square_name(at)} is listed twice")
        new[at] = item[2]
    checked = {_square({"at": sq}, "at") for sq in data.get("checked", [])}
    if not checked <= set(new):
        raise EngineError("checked cells must be among the cells listed")
    before = [state.card_at(at) for at in new]
    if None in before:
        empty = next(at for at in new if state.card_at(at) is None)
        return Step.reject(f"{square_name(empty)} is an empty space: it holds no card.")
    if sorted(before) != sorted(new.values()):  # type: ignore[type-var]
        return Step.reject(
            "Each card lies on the board once: the cards named must be those of the cells "
            "listed, in another order."
        )
    cells = [list(row) for row in state.cells]
    for (r, c), card in new.items():
        cells[r][c] = card
    changed = [
        f"{square_name(at)} is {card}" for at, card in new.items() if state.card_at(at) != card
    ]
    vouched = [square_name(at) for at in sorted(checked) if state.card_at(at) == new[at]]
    words = "; ".join([*changed, *([f"checked {', '.join(vouched)}"] if vouched else [])])
    state = replace(
        state, cells=tuple(tuple(row) for row in cells), checked=state.checked | checked
    )
    event = RuleEvent(
        "cards",
        f"The board is corrected: {words}.",
        {"cells": [[r, c, card] for (r, c), card in new.items()], "checked": sorted(checked)},
    )
    return Step.accept(state, [event])


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
