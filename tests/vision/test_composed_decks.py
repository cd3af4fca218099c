"""Composed decks: 52 distinct cards of poker aspect, fixed by the name, different between
names, rendered on a board, and never listed by the runtime as installed designs."""

import numpy as np
import pytest

from vision.cards import CARD_IDS, list_designs
from vision.koper.profiles import available_profiles
from vision.lab.koper_evaluate import COMPOSED_HELD_BACK, HELD_BACK_DESIGNS, unseen_decks
from vision.sim.composed_decks import (
    card_art,
    composed_cards,
    composed_names,
    draw_style,
    is_composed,
    suit_polygons,
)
from vision.sim.koper_board import render_board
from vision.sim.koper_layout import random_layout

WIDTH = 63


def test_a_composed_deck_holds_52_distinct_cards_of_poker_aspect() -> None:
    cards = composed_cards("composed-0", WIDTH)
    assert set(cards) == set(CARD_IDS)
    assert all(a.shape == (88, WIDTH, 4) and a.dtype == np.uint8 for a in cards.values())
    flat = {a.tobytes() for a in cards.values()}
    assert len(flat) == 52
    # the rounded corners are transparent, the middle opaque
    assert cards["AS"][0, 0, 3] < 64 and cards["AS"][44, 31, 3] == 255


def test_the_name_fixes_the_deck_and_names_differ() -> None:
    again = composed_cards.__wrapped__("composed-0", WIDTH)
    first = composed_cards("composed-0", WIDTH)
    other = composed_cards("composed-1", WIDTH)
    assert all(np.array_equal(first[c], again[c]) for c in CARD_IDS)
    assert draw_style("composed-0") == draw_style("composed-0")
    assert draw_style("composed-0") != draw_style("composed-1")
    assert np.abs(first["7H"].astype(int) - other["7H"].astype(int)).mean() > 3


def test_styles_cover_the_issues_variety() -> None:
    styles = [draw_style(n) for n in composed_names(40)]
    assert {s.index_right for s in styles} == {True, False}
    assert {s.suit_beside for s in styles} == {True, False}
    assert {s.inks["D"] == s.inks["H"] for s in styles} == {True, False}
    assert min(s.index_mm for s in styles) < 9 < 11 < max(s.index_mm for s in styles)
    assert {s.pattern for s in styles} == {"plain", "lines", "dots", "paper"}


@pytest.mark.parametrize("suit", ["S", "H", "D", "C"])
def test_pips_are_one_high_and_centred(suit: str) -> None:
    points = np.concatenate(suit_polygons(suit, draw_style("composed-2").pips))
    lo, hi = points.min(axis=0), points.max(axis=0)
    assert hi[1] - lo[1] == pytest.approx(1.0)
    assert np.allclose((lo + hi) / 2, 0.0)


def test_only_plain_composed_names_are_composed() -> None:
    assert is_composed("composed-7")
    assert not any(is_composed(n) for n in ("composed-", "composed-07", "composed-x", "anglo"))
    with pytest.raises(ValueError):
        draw_style("anglo")


def test_the_runtime_lists_installed_designs_only() -> None:
    assert not any(is_composed(d) for d in list_designs(include_non_french=True))


def test_composed_decks_are_held_back_apart_from_the_designs() -> None:
    assert len(COMPOSED_HELD_BACK) == len(set(COMPOSED_HELD_BACK)) >= 6
    assert all(is_composed(d) for d in COMPOSED_HELD_BACK)
    assert not set(COMPOSED_HELD_BACK) & set(HELD_BACK_DESIGNS)
    # read as unknown decks, they are read among every deck the reader knows
    assert unseen_decks(COMPOSED_HELD_BACK[0]) == available_profiles()


def test_a_board_renders_in_a_composed_deck() -> None:
    cells, checkers = random_layout(seed=6)
    shot = render_board(cells, checkers, "composed-5", seed=6, size=(640, 360))
    assert shot.image.shape == (360, 640, 3) and shot.truth.design == "composed-5"
    assert shot.image.std() > 20


@pytest.mark.skipif(not list_designs(), reason="gnome-cards-data is not installed")
def test_card_art_gives_installed_designs_too() -> None:
    assert card_art("anglo", WIDTH)["AS"].shape == (88, WIDTH, 4)
