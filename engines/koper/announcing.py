"""Announcement rounds: who must announce, who is passed over, and who removes a checker.

After every third turn both players announce, the second mover first (RULINGS). A player with
fewer than five checkers on cards, or whose every possible announcement is already used, is
passed over automatically with a ``pass`` event. A player who can announce must: the text says
each player forms a hand, and declining would only be another way of losing a checker, so the
referee waits for an announcement and offers no "pass". Resolution: the higher hand wins and the
loser removes a checker; a tie, or neither player able, removes nothing; when only one player
announced, the other removes a checker.
"""

from __future__ import annotations

from dataclasses import replace

from engines.core import RuleEvent
from engines.koper.hands import Hand, compare, possible_announcements
from engines.koper.state import Call, Cycle, KoperState, Phase

HAND_SIZE = 5


def seat_name(state: KoperState, seat: int) -> str:
    """ "Light" or "Dark": how rulings name a seat.

    >>> from engines.koper.setup import new_state
    >>> seat_name(new_state({"colors": ["dark", "light"]}, seed=1), 0)
    'Dark'
    """
    return state.colors[seat].capitalize()


def available(state: KoperState, seat: int) -> list[Hand]:
    """The announcements ``seat`` may make now, best first: makeable and not used before."""
    cards = state.cards_under(seat)
    if len(cards) < HAND_SIZE:
        return []
    return [h for h in possible_announcements(cards) if h.text not in state.used[seat]]


def cannot_announce(state: KoperState, seat: int) -> str | None:
    """Why ``seat`` is passed over in this round, in words; None if it can announce."""
    on_cards = len(state.cards_under(seat))
    if on_cards < HAND_SIZE:
        return (
            f"{seat_name(state, seat)} cannot announce: only {on_cards} "
            f"checker{'s' if on_cards != 1 else ''} on cards."
        )
    if not available(state, seat):
        return f"{seat_name(state, seat)} cannot announce: every hand they make is used up."
    return None


def open_round(state: KoperState) -> tuple[KoperState, list[RuleEvent]]:
    """Start the announcement round that follows the turn just completed."""
    text = f"Turn {state.turn} is over: both players announce, {state.colors[1 - state.builder]}"
    state = replace(state, phase=Phase.ANNOUNCE, cycles=(*state.cycles, Cycle(state.turn)))
    events = [RuleEvent("announce_round", f"{text} first.", {"turn": state.turn})]
    state, more = next_caller(state)
    return state, events + more


def record_call(state: KoperState, seat: int, hand: Hand) -> tuple[KoperState, list[RuleEvent]]:
    """``seat`` announced ``hand`` (already checked): note it and move the round on."""
    used = tuple(u | {hand.text} if s == seat else u for s, u in enumerate(state.used))
    state = _with_call(replace(state, used=(used[0], used[1])), Call(seat, hand))
    event = RuleEvent(
        "announce",
        f"{seat_name(state, seat)} announces {hand.text}.",
        {"seat": seat, "hand": hand.text},
    )
    state, more = next_caller(state)
    return state, [event, *more]


def next_caller(state: KoperState) -> tuple[KoperState, list[RuleEvent]]:
    """Wait for the next seat that can announce, passing over those that cannot; resolve the
    round once both seats have had their call."""
    order = (1 - state.builder, state.builder)
    events = []
    for seat in order[len(state.cycles[-1].calls) :]:
        reason = cannot_announce(state, seat)
        if reason is None:
            return replace(state, to_act=seat), events
        state = _with_call(state, Call(seat, None, reason))
        events.append(RuleEvent("pass", reason, {"seat": seat}))
    state, result = _resolve(state)
    return state, [*events, result]


def next_turn(state: KoperState) -> KoperState:
    """The next turn, the builder moving first."""
    return replace(state, phase=Phase.MOVE, turn=state.turn + 1, to_act=state.builder)


def _with_call(state: KoperState, call: Call) -> KoperState:
    cycle = state.cycles[-1]
    return _with_cycle(state, replace(cycle, calls=(*cycle.calls, call)))


def _with_cycle(state: KoperState, cycle: Cycle) -> KoperState:
    return replace(state, cycles=(*state.cycles[:-1], cycle))


def _resolve(state: KoperState) -> tuple[KoperState, RuleEvent]:
    first, second = state.cycles[-1].calls
    a, b = first.hand, second.hand
    loser: int | None = None
    if a is None and b is None:
        text = "Neither player can announce: nobody removes a checker."
    elif a is None or b is None:
        loser = first.seat if a is None else second.seat
        text = f"Only {state.colors[1 - loser]} announced: {state.colors[loser]} removes a checker."
    elif compare(a, b) == 0:
        text = f"{a.text} ties {b.text}: nobody removes a checker."
    else:
        high, low, loser = (a, b, second.seat) if compare(a, b) > 0 else (b, a, first.seat)
        text = f"{high.text} beats {low.text}: {state.colors[loser]} removes a checker."
    state = _with_cycle(state, replace(state.cycles[-1], result=text, loser=loser))
    event = RuleEvent("result", text, {"loser": loser})
    if loser is None:
        return next_turn(state), event
    return replace(state, phase=Phase.REMOVE, to_act=loser), event
