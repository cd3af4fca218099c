"""Property test: random streams of table events never break the referee's invariants, and
replaying the match record always rebuilds the same state."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines.core import Action, MatchRecord, replay
from engines.croquetnole import GAME, State
from engines.croquetnole.course import full_course
from engines.croquetnole.names import CASTLES, COINS, FEATURES, WASTELAND, feature_kind

GATES_DOORS = [f for f in FEATURES if feature_kind(f) != "tower"]
TOWERS = [f for f in FEATURES if feature_kind(f) == "tower"]
POINT = st.lists(st.floats(-20, 884, allow_nan=False), min_size=2, max_size=2)
# Event kinds with their weights ("croquet" also stands for corrections when none is offered).
KINDS = [
    *["flick"] * 2,
    *["pass"] * 4,
    "hit",
    *["strike"] * 3,
    "off_table",
    *["rest"] * 3,
    *["place"] * 2,
    "end_turn",
    *["croquet"] * 2,
    *["advance"] * 2,
]


@st.composite
def action_for(draw: st.DrawFn, state: State) -> Action:
    """One plausible table event or input for ``state`` (it may still be refused by the rules)."""
    kind = draw(st.sampled_from(KINDS))
    # Mostly the coin that may be flicked now, so that streams get somewhere.
    coin = draw(st.sampled_from([state.in_play] * 8 + list(COINS)))
    if kind == "flick":
        due = [p for p in state.placements if p.coin == coin]
        if due and draw(st.integers(0, 4)) > 0:
            return Action("place", None, {"coin": coin, "at": list(due[0].target)})
        return Action("flick", None, {"coin": coin})
    if kind == "advance":  # the coin in play goes for the next step of its knight's course
        course = state.coin(f"{state.turn}-knight").course
        step = course[0] if course else f"{state.turn}-tower"
        name, _, way = step.partition(" ")
        if feature_kind(name) == "tower":
            return Action("hit", None, {"coin": state.in_play, "feature": name})
        return Action(
            "pass", None, {"coin": state.in_play, "feature": name, "direction": way or "in"}
        )
    if kind == "pass":
        return Action(
            "pass",
            None,
            {
                "coin": coin,
                "feature": draw(st.sampled_from(GATES_DOORS)),
                "direction": draw(st.sampled_from(["in", "out"])),
            },
        )
    if kind == "hit":
        return Action("hit", None, {"coin": coin, "feature": draw(st.sampled_from(TOWERS))})
    if kind == "strike":
        target = draw(st.sampled_from([c for c in COINS if c != coin]))
        if draw(st.booleans()):
            coin, target = target, coin
        return Action("strike", None, {"coin": coin, "target": target})
    if kind == "off_table":
        return Action("off_table", None, {"coin": coin, "at": draw(POINT)})
    if kind == "rest":
        moved = draw(st.dictionaries(st.sampled_from(COINS), POINT, max_size=3))
        return Action("rest", None, {"positions": moved})
    if kind == "place":
        if state.placements and draw(st.integers(0, 3)) > 0:
            p = draw(st.sampled_from(state.placements))
            return Action("place", None, {"coin": p.coin, "at": list(p.target)})
        return Action("place", None, {"coin": coin, "at": draw(POINT)})
    if kind == "croquet":
        if state.croquet is not None:
            return Action("croquet", None, {"kind": draw(st.integers(1, 5))})
        return Action(
            "correct",
            None,
            {"coin": coin, "location": draw(st.sampled_from([*CASTLES, WASTELAND]))},
        )
    return Action("end_turn")


def check_invariants(before: State, action: Action, after: State) -> None:
    assert after.flicks_left >= 0
    assert after.phase in ("knight", "guard", "over")
    assert (after.phase == "over") == (after.winner is not None)
    names = [c.name for c in after.coins]
    assert len(names) == len(set(names)) == 8
    due = [p.coin for p in after.placements]
    assert len(due) == len(set(due)), "at most one placement per coin"
    assert all(s in COINS for s in after.struck)
    for c in after.coins:
        assert c.location in (*CASTLES, WASTELAND), "one location per coin"
        assert c.on_duty == (not c.is_knight and c.location == c.owner)
        if c.prisoner_of is not None:
            assert c.is_knight and c.location == c.prisoner_of != c.owner
            assert not c.recovering
        if c.is_knight:
            assert set(c.course) <= set(full_course(c.owner, CASTLES))
        old = before.coin(c.name)
        by_hand = action.kind in ("place", "correct") and action.data.get("coin") == c.name
        if old.prisoner_of is not None and c.prisoner_of is not None and not by_hand:
            assert (c.position, c.location) == (old.position, old.location), (
                "a prisoner never moves by itself"
            )
    assert after.log[: len(before.log)] == before.log


@settings(
    max_examples=60, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(st.data())
def test_random_event_streams_keep_the_invariants_and_replay(data: st.DataObject) -> None:
    state = GAME.new_state({}, seed=0)
    record = MatchRecord("croquetnole", 0, {})
    for _ in range(data.draw(st.integers(1, 80))):
        if GAME.is_terminal(state):
            break
        action = data.draw(action_for(state))
        step = GAME.apply(state, action)
        if not step.ok:
            continue
        assert step.state is not None
        assert all(e.text for e in step.events)
        check_invariants(state, action, step.state)
        state = step.state
        record = record.push(action)
    assert replay(GAME, record) == state
    assert replay(GAME, MatchRecord.from_json(record.to_json())) == state


@settings(max_examples=25, deadline=None, database=None)
@given(st.data())
def test_legal_inputs_are_always_accepted(data: st.DataObject) -> None:
    state = GAME.new_state({}, seed=0)
    for _ in range(data.draw(st.integers(1, 40))):
        legal = GAME.legal_actions(state)
        if not legal:
            assert GAME.is_terminal(state)
            break
        for a in legal:
            assert GAME.apply(state, a).ok, a
        nxt = data.draw(st.one_of(action_for(state), st.sampled_from(legal)))
        step = GAME.apply(state, nxt)
        if step.ok and step.state is not None:
            state = step.state
