"""Whole games: turns, announcement rounds (passes, wins, ties), removals, the win, the view."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from engines.core import Action
from engines.koper import GAME, KoperState, Phase, possible_announcements

LIGHT_HANDS = [
    "Four of a kind, aces",
    "Full house, aces over kings",
    "Flush, spades, ace high",
    "Three of a kind, aces",
    "Two pairs, aces and kings",
    "Pair, aces",
    "Pair, kings",
    "High card, ace",
]
DARK_REMOVES = ["a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2"]
# Light shuffles its e8 checker to d8 and back, dark its d3 checker to d4 and back.
ROUND_MOVES = ("e8-d8 d3-d4 d8-e8 d4-d3 e8-d8 d3-d4", "d8-e8 d4-d3 e8-d8 d3-d4 d8-e8 d4-d3")


def test_turns_alternate_from_the_builder_and_count_both_moves(fresh: KoperState, kit: Any) -> None:
    state, events = kit.play(fresh, "e8-d8")
    assert (state.turn, state.to_act) == (1, 1)
    state, events = kit.play(state, "d3-d4")
    assert (state.turn, state.to_act, state.phase) == (2, 0, Phase.MOVE)
    assert state.moves == ("e8-d8", "d3-d4")
    assert kit.texts(events, "move") == ["Dark moves d3-d4."]


def test_light_wins_a_whole_game_while_dark_sits_on_empty_spaces(
    fresh: KoperState, kit: Any
) -> None:
    state, all_events = fresh, []
    for k in range(8):
        state, events = kit.play(state, ROUND_MOVES[k % 2])
        assert state.phase is Phase.ANNOUNCE and state.to_act == 0
        assert kit.texts(events, "announce_round", "pass") == [
            f"Turn {3 * k + 3} is over: both players announce, dark first.",
            f"Dark cannot announce: only {1 - k % 2} checker{'' if k % 2 == 0 else 's'} on cards.",
        ]
        assert GAME.view(state)["legal_announcements"][0] == LIGHT_HANDS[k]
        state, events = kit.play(state, f"announce {LIGHT_HANDS[k]}\nremove {DARK_REMOVES[k]}")
        assert kit.texts(events, "announce", "result", "remove") == [
            f"Light announces {LIGHT_HANDS[k]}.",
            "Only light announced: dark removes a checker.",
            f"Dark removes the checker on {DARK_REMOVES[k]}.",
        ]
        all_events += events
        assert len(state.checkers[1]) == 11 - k
    assert all_events[-1].kind == "win"
    assert all_events[-1].text == "Light wins: dark is down to four checkers."
    assert (state.phase, state.winner, state.to_act, state.turn) == (Phase.OVER, 0, None, 24)
    assert GAME.is_terminal(state) and GAME.legal_actions(state) == []
    assert str(state) == "\n".join(
        [
            "  a b c d e f g h",
            "1 _ _ _ _ . . . .",
            "2 _ _ _ _ . . . .",
            "3 d d d d . . . .",
            "4 . . . . . . . .",
            "5 . . . . . . . .",
            "6 . . . . L L L L",
            "7 . . . . L L L L",
            "8 . . . . L L L L",
        ]
    )
    assert state.used[0] == frozenset(LIGHT_HANDS)
    refused = GAME.apply(state, Action("move", 0, {"from": [7, 4], "to": [7, 3]}))
    assert refused.reason == (
        "The game is over: Only light announced: dark removes a checker. "
        "Light wins: dark is down to four checkers."
    )
    view = GAME.view(state)
    assert (view["winner"], view["phase"], view["to_move"]) == (0, "over", None)
    assert view["result"].endswith("Light wins: dark is down to four checkers.")


def test_both_announce_the_second_mover_first_and_the_higher_hand_wins(kit: Any) -> None:
    state = GAME.new_state({"cells": kit.cells(), "start": kit.DARK_ON_HEARTS}, seed=0)
    state, _ = kit.play(state, "e8-d8 h3-h4 d8-e8 h4-h3 e8-d8 h3-h4")
    assert (state.phase, state.to_act) == (Phase.ANNOUNCE, 1)

    def refused(seat: int, kind: str, data: dict[str, Any]) -> str:
        step = GAME.apply(state, Action(kind, seat, data))
        assert not step.ok and step.state is None
        return step.reason

    assert refused(0, "announce", {"hand": "Pair, aces"}) == (
        "It is not your turn: dark is to announce a hand."
    )
    assert refused(1, "move", {"from": [3, 7], "to": [2, 7]}) == (
        "You must announce a hand now, not move."
    )
    assert refused(1, "announce", {"hand": "Four of a kind, twos"}) == (
        'No five of your checkers on cards make "Four of a kind, twos".'
    )
    assert refused(1, "announce", {"hand": "Pair, king"}) == (
        'That is not an announcement: "Pair, king" is not in the format "Pair, queens".'
    )
    state, events = kit.play(
        state,
        """
        announce Straight flush, hearts, ten high
        announce Flush, spades, ace high
    """,
    )
    assert kit.texts(events, "result") == [
        "Straight flush, hearts, ten high beats Flush, spades, ace high: light removes a checker."
    ]
    assert (state.phase, state.to_act, state.pending_loser) == (Phase.REMOVE, 0, 0)
    assert GAME.apply(state, Action("remove", 0, {"at": [0, 4]})).reason == (
        "There is no checker of yours on e1 to remove."
    )
    state, _ = kit.play(state, "remove h8")
    assert (state.phase, state.turn, state.to_act) == (Phase.MOVE, 4, 0)

    state, events = kit.play(
        state,
        """
        d8-e8 h4-h3 e8-d8 h3-h4 d8-e8 h4-h3
        announce Pair, kings
        announce Pair, kings
    """,
    )
    assert kit.texts(events, "result") == [
        "Pair, kings ties Pair, kings: nobody removes a checker."
    ]
    assert (state.phase, state.turn, state.to_act) == (Phase.MOVE, 7, 0)

    state, _ = kit.play(state, "e8-d8 h3-h4 d8-e8 h4-h3 e8-d8 h3-h4")
    assert refused(1, "announce", {"hand": "Pair, kings"}) == 'You have already used "Pair, kings".'
    assert "Pair, kings" not in GAME.view(state)["legal_announcements"]
    state, events = kit.play(
        state,
        """
        announce Pair, twos
        announce Four of a kind, aces
        remove e1
    """,
    )
    assert kit.texts(events, "result", "remove") == [
        "Four of a kind, aces beats Pair, twos: dark removes a checker.",
        "Dark removes the checker on e1.",
    ]
    assert [len(c) for c in state.checkers] == [11, 11]
    history = GAME.view(state)["announcements"]
    assert [(h["turn"], h["loser"], h["removed"]) for h in history] == [
        (3, 0, "h8"),
        (6, None, None),
        (9, 1, "e1"),
    ]
    assert history[0]["calls"] == [
        {"seat": 1, "color": "dark", "hand": "Straight flush, hearts, ten high", "reason": ""},
        {"seat": 0, "color": "light", "hand": "Flush, spades, ace high", "reason": ""},
    ]


def test_when_neither_can_announce_nobody_removes(fresh: KoperState, kit: Any) -> None:
    state, _ = kit.play(fresh, "e8-d8 d3-d4 d8-e8 d4-d3 e8-d8")
    everything = frozenset(h.text for h in possible_announcements(state.cards_under(0)))
    state = replace(state, used=(everything, frozenset()))
    state, events = kit.play(state, "d3-d4")
    assert kit.texts(events, "pass", "result") == [
        "Dark cannot announce: only 1 checker on cards.",
        "Light cannot announce: every hand they make is used up.",
        "Neither player can announce: nobody removes a checker.",
    ]
    assert (state.phase, state.turn, state.to_act) == (Phase.MOVE, 4, 0)


def test_with_dark_building_light_announces_first(kit: Any) -> None:
    options = {"cells": kit.cells(), "start": kit.DARK_ON_HEARTS, "builder": 1}
    state = GAME.new_state(options, seed=0)
    assert GAME.apply(state, Action("move", 0, {"from": [5, 4], "to": [4, 4]})).reason == (
        "It is not your turn: dark is to move."
    )
    state, events = kit.play(state, "h3-h4 e8-d8 h4-h3 d8-e8 h3-h4 e8-d8")
    assert (state.phase, state.to_act) == (Phase.ANNOUNCE, 0)
    assert kit.texts(events, "announce_round") == [
        "Turn 3 is over: both players announce, light first."
    ]


def test_legal_actions_are_exactly_what_apply_accepts_in_each_phase(
    fresh: KoperState, kit: Any
) -> None:
    assert len(GAME.legal_actions(fresh)) == 33
    state, _ = kit.play(fresh, ROUND_MOVES[0])
    announce = GAME.legal_actions(state)
    assert [a.data["hand"] for a in announce][:2] == LIGHT_HANDS[:2]
    assert all(GAME.apply(state, a).ok for a in announce)
    state, _ = kit.play(state, f"announce {LIGHT_HANDS[0]}")
    removals = GAME.legal_actions(state)
    assert {tuple(a.data["at"]) for a in removals} == state.checkers[1]
    assert {a.kind for a in removals} == {"remove"} and {a.player for a in removals} == {1}


def test_view_is_json_for_the_phones(fresh: KoperState, kit: Any) -> None:
    state, _ = kit.play(fresh, ROUND_MOVES[0])
    view = json.loads(json.dumps(GAME.view(state)))
    assert view["game"] == "koper" and view["cells"] == kit.cells()
    assert {"row": 5, "col": 4, "color": "light", "seat": 0} in view["checkers"]
    assert len(view["checkers"]) == 24
    assert view["seats"][1] == {
        "seat": 1,
        "color": "dark",
        "end": "top",
        "builder": False,
        "checkers": 12,
        "on_cards": 1,
        "used": [],
    }
    assert (view["phase"], view["turn"]) == ("announce", 3)
    assert (view["to_move"], view["to_announce"], view["to_remove"]) == (None, 0, None)
    assert view["status"] == "Turn 3: light to announce a hand."
    assert view["moves"] == ROUND_MOVES[0].split()
    assert view["announcements"] == [
        {
            "turn": 3,
            "calls": [
                {
                    "seat": 1,
                    "color": "dark",
                    "hand": None,
                    "reason": "Dark cannot announce: only 1 checker on cards.",
                }
            ],
            "result": None,
            "loser": None,
            "removed": None,
        }
    ]
    assert view["legal_announcements"][:3] == LIGHT_HANDS[:3]
    assert (view["result"], view["winner"]) == (None, None)


def test_the_players_correct_two_cards_read_swapped_and_the_turn_stays(fresh: KoperState) -> None:
    # The camera read the board's QS and JS (g6, h6) each as the other: the players say so.
    g6, h6 = (5, 6), (5, 7)
    assert (fresh.card_at(g6), fresh.card_at(h6)) == ("QS", "JS")
    data = {"cells": [[5, 6, "JS"], [5, 7, "QS"]], "checked": [[5, 6]]}
    step = GAME.apply(fresh, Action("cards", 1, data))
    assert step.ok
    assert (step.state.card_at(g6), step.state.card_at(h6)) == ("JS", "QS")
    assert step.state.to_act == fresh.to_act and step.state.moves == fresh.moves
    assert step.state.checked == frozenset({g6})
    assert GAME.view(step.state)["checked"] == [[5, 6]]
    assert [e.kind for e in step.events] == ["cards"]
    assert "g6 is JS" in step.events[0].text and "h6 is QS" in step.events[0].text


def test_a_correction_that_would_put_a_card_on_the_board_twice_is_refused(
    fresh: KoperState,
) -> None:
    step = GAME.apply(fresh, Action("cards", 0, {"cells": [[5, 6, "AS"]]}))
    assert not step.ok and "once" in step.reason
    empty = GAME.apply(fresh, Action("cards", 0, {"cells": [[0, 0, "QS"], [5, 6, "QS"]]}))
    assert not empty.ok
