"""Property: random legal play rebuilds from its match record, and the board stays sane."""

from __future__ import annotations

import json

from hypothesis import event, given, settings
from hypothesis import strategies as st

from engines.core import MatchRecord, replay
from engines.koper import GAME, Phase

EDGE_PAIRS = [["bottom", "top"], ["top", "bottom"], ["left", "right"], ["right", "left"]]


@settings(max_examples=30, deadline=None, database=None)
@given(
    seed=st.integers(0, 2**16),
    builder=st.integers(0, 1),
    ends=st.sampled_from(EDGE_PAIRS),
    picks=st.lists(st.integers(0, 2**20), min_size=30, max_size=400),
)
def test_random_legal_play_replays_from_its_record(
    seed: int, builder: int, ends: list[str], picks: list[int]
) -> None:
    record = MatchRecord("koper", seed=seed, options={"builder": builder, "ends": ends})
    state = GAME.new_state(record.options, record.seed)
    for pick in picks:
        actions = GAME.legal_actions(state)
        if not actions:
            assert GAME.is_terminal(state)
            break
        action = actions[pick % len(actions)]
        step = GAME.apply(state, action)
        assert step.ok and step.state is not None, step.reason
        before, state = state, step.state
        record = record.push(action)

        light, dark = state.checkers
        assert not light & dark
        assert all(0 <= r < 8 and 0 <= c < 8 for r, c in light | dark)
        assert all(len(a) <= len(b) for a, b in zip(state.checkers, before.checkers, strict=True))
        assert sum(map(len, before.checkers)) - sum(map(len, state.checkers)) <= 1
        assert min(map(len, state.checkers)) >= 4
        assert (state.winner is not None) == (state.phase is Phase.OVER)
        assert state.turn >= before.turn

    removals = sum(a.kind == "remove" for a in record.actions)
    event(f"{removals} removals, {'won' if GAME.is_terminal(state) else 'still playing'}")
    stored = MatchRecord.from_json(json.loads(json.dumps(record.to_json())))
    rebuilt = replay(GAME, stored)
    assert rebuilt == state
    assert str(rebuilt) == str(state)
    assert GAME.view(rebuilt) == GAME.view(state)
