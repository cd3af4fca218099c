"""Hands: the text's worked examples, every category's reading and words, ranking and ties."""

from __future__ import annotations

import itertools

import pytest

from engines.koper.hands import Category, Hand, best_hand, compare, possible_announcements


def announcements(cards: str) -> list[str]:
    return [h.text for h in possible_announcements(cards.split())]


def test_first_worked_example_four_or_three_kings_never_a_pair() -> None:
    made = announcements("KC KS KH KD 9S 7D")
    assert made == ["Four of a kind, kings", "Three of a kind, kings"]
    assert "Pair, kings" not in made


def test_second_worked_example_pair_of_queens_or_three_high_cards_but_not_nine_high() -> None:
    made = announcements("AS QH QD TC 9S 7D 5H 4C")
    assert made == ["Pair, queens", "High card, ace", "High card, queen", "High card, ten"]
    assert "High card, nine" not in made


@pytest.mark.parametrize(
    ("cards", "text"),
    [
        ("9H 8H 7H 6H 5H", "Straight flush, hearts, nine high"),
        ("AS KS QS JS TS", "Straight flush, spades, ace high"),
        ("AD 2D 3D 4D 5D", "Straight flush, diamonds, five high"),
        ("KC KS KH KD 4S", "Four of a kind, kings"),
        ("KC KS KH 4D 4S", "Full house, kings over fours"),
        ("4C 4S 4H KD KS", "Full house, fours over kings"),
        ("KS 9S 7S 4S 2S", "Flush, spades, king high"),
        ("TS 9H 8D 7C 6S", "Straight, ten high"),
        ("AS 2H 3D 4C 5S", "Straight, five high"),
        ("AS KH QD JC TS", "Straight, ace high"),
        ("KC KS KH 9D 4S", "Three of a kind, kings"),
        ("KC KS 4H 4D 9S", "Two pairs, kings and fours"),
        ("QC QS 4H 7D 9S", "Pair, queens"),
        ("AC QS 4H 7D 9S", "High card, ace"),
        ("7C 5S 4H 3D 2S", "High card, seven"),
        ("KS QS 3H 4D 2S", "High card, king"),
    ],
)
def test_five_cards_make_one_announcement_in_the_standard_words(cards: str, text: str) -> None:
    hand = best_hand(cards.split())
    assert hand.text == text
    assert Hand.parse(text) == hand


def test_queen_king_ace_two_three_is_no_straight() -> None:
    assert best_hand(["QS", "KH", "AD", "2C", "3S"]).text == "High card, ace"


@pytest.mark.parametrize(
    "text",
    [
        "Straight flush, hearts, nine high",
        "Four of a kind, kings",
        "Full house, kings over fours",
        "Flush, spades, king high",
        "Straight, ten high",
        "Three of a kind, kings",
        "Two pairs, kings and fours",
        "Pair, queens",
        "High card, ace",
    ],
)
def test_the_brief_formats_parse_and_print_back_exactly(text: str) -> None:
    assert Hand.parse(text).text == text
    assert Hand.parse(text.upper().replace(", ", " ,  ")).text == text


@pytest.mark.parametrize(
    "text",
    [
        "Pair",
        "Pair, queen",
        "Pairs, queens",
        "Two pairs, fours and kings",
        "Full house, kings over kings",
        "Straight, four high",
        "Straight, ten",
        "High card, six",
        "Flush, spades, six high",
        "Flush, spades",
        "Flush, swords, king high",
        "Straight flush, hearts, nine high, please",
    ],
)
def test_malformed_or_impossible_announcements_do_not_parse(text: str) -> None:
    with pytest.raises(ValueError):
        Hand.parse(text)


def test_categories_rank_in_the_usual_poker_order() -> None:
    ladder = [
        "High card, ace",
        "Pair, twos",
        "Two pairs, threes and twos",
        "Three of a kind, twos",
        "Straight, five high",
        "Flush, clubs, seven high",
        "Full house, twos over threes",
        "Four of a kind, twos",
        "Straight flush, clubs, five high",
    ]
    hands = [Hand.parse(t) for t in ladder]
    assert [h.category for h in hands] == sorted(Category)
    for low, high in itertools.pairwise(hands):
        assert low < high and high > low and compare(high, low) == 1 and compare(low, high) == -1


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("Full house, kings over fours", "Full house, queens over aces"),
        ("Full house, kings over fives", "Full house, kings over fours"),
        ("Two pairs, kings and fours", "Two pairs, queens and jacks"),
        ("Two pairs, kings and fives", "Two pairs, kings and fours"),
        ("Straight, six high", "Straight, five high"),
        ("Straight flush, clubs, ace high", "Straight flush, spades, king high"),
        ("Pair, aces", "Pair, kings"),
        ("High card, ace", "High card, king"),
    ],
)
def test_within_a_category_the_named_ranks_decide_in_the_order_named(
    better: str, worse: str
) -> None:
    assert compare(Hand.parse(better), Hand.parse(worse)) == 1
    assert Hand.parse(worse) < Hand.parse(better)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Flush, spades, king high", "Flush, hearts, king high"),
        ("Straight flush, hearts, nine high", "Straight flush, clubs, nine high"),
    ],
)
def test_suits_never_break_ties_but_the_announcements_stay_distinct(a: str, b: str) -> None:
    ha, hb = Hand.parse(a), Hand.parse(b)
    assert compare(ha, hb) == compare(hb, ha) == 0
    assert not ha < hb and not hb < ha and ha <= hb and ha >= hb
    assert ha != hb and ha.text != hb.text


def test_same_words_from_different_cards_are_one_announcement() -> None:
    assert best_hand(["KS", "9S", "7S", "4S", "2S"]) == best_hand(["KS", "QS", "3S", "4S", "2S"])
    assert announcements("KS 9S 7S 4S 2S 3S")[0] == "Flush, spades, king high"
    assert announcements("KS 9S 7S 4S 2S 3S").count("Flush, spades, king high") == 1


def test_tied_flushes_both_listed_best_first_in_suit_order() -> None:
    made = announcements("KS 9S 7S 4S 2S KH 9H 7H 4H 2H")
    assert made[:2] == ["Flush, spades, king high", "Flush, hearts, king high"]
    assert "Pair, kings" in made and "Two pairs, kings and nines" in made


def test_fewer_than_five_cards_make_no_announcement() -> None:
    assert possible_announcements(["AS", "AH", "AD", "AC"]) == []


@pytest.mark.parametrize("cards", ["AS KS QS JS", "AS KS QS JS JS", "AS KS QS JS TS 9S"])
def test_best_hand_wants_five_distinct_cards(cards: str) -> None:
    with pytest.raises(ValueError):
        best_hand(cards.split())
