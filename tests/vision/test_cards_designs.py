"""Deck artwork from gnome-cards-data: design list, slicing, the on-disk cache."""

import pytest

from vision.cards import CARD_IDS, NON_FRENCH_DESIGNS, card_id, card_images, list_designs
from vision.cards import designs as designs_mod
from vision.errors import UnknownDeck

pytestmark = pytest.mark.skipif(not list_designs(), reason="gnome-cards-data is not installed")


def test_card_ids_follow_the_contract():
    assert len(CARD_IDS) == 52 == len(set(CARD_IDS))
    assert card_id("T", "S") == "TS"
    assert {c[1] for c in CARD_IDS} == {"S", "H", "D", "C"}
    with pytest.raises(ValueError):
        card_id("10", "S")


def test_non_french_designs_are_left_out_unless_asked():
    french = list_designs()
    assert not NON_FRENCH_DESIGNS & set(french)
    assert len(french) >= 5
    assert set(list_designs(include_non_french=True)) >= set(french)


def test_card_images_cut_52_cards_of_poker_aspect():
    cards = card_images("anglo", 63)
    assert set(cards) == set(CARD_IDS)
    assert all(img.shape == (88, 63, 4) for img in cards.values())
    # the ace of spades and the king of hearts are different pictures
    assert (cards["AS"][..., :3] != cards["KH"][..., :3]).mean() > 0.05


def test_sheet_renders_are_cached_atomically(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    designs_mod.render_sheet.cache_clear()
    try:
        sheet = designs_mod.render_sheet("simplistic", 1300)
    finally:
        designs_mod.render_sheet.cache_clear()
    files = list((tmp_path / "tableside" / "cards").iterdir())
    assert [f.name for f in files] == ["simplistic-1300.png"]
    assert sheet.shape[1] == 1300 and sheet.shape[2] == 4


def test_unknown_design_is_reported():
    with pytest.raises(UnknownDeck, match="no card design"):
        card_images("no-such-deck", 63)
