"""Poker hands as Koper announces them, and how they rank.

An announcement names a hand's category and only the ranks (and suit) the text's format asks for,
so two five-card hands are the same announcement exactly when their words are the same. Hands
rank by category, then by the named ranks in the order named; suits never break ties (RULINGS).

>>> from engines.koper.hands import Hand, best_hand, possible_announcements
>>> best_hand(["KC", "KS", "KH", "KD", "9S"]).text
'Four of a kind, kings'
>>> [h.text for h in possible_announcements(["KC", "KS", "KH", "KD", "9S", "7D"])]
['Four of a kind, kings', 'Three of a kind, kings']
>>> Hand.parse("Flush, spades, king high") > Hand.parse("Straight, ace high")
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum
from itertools import combinations

from engines.koper.cards import (
    RANK_PLURALS,
    RANK_WORDS,
    SUIT_CHARS,
    SUIT_WORDS,
    Card,
    rank_word,
    suit_word,
)


class Category(IntEnum):
    """Poker categories, weakest first; the value orders them."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIRS = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def words(self) -> str:
        return _CATEGORY_WORDS[self]


_CATEGORY_WORDS = {
    Category.HIGH_CARD: "High card",
    Category.PAIR: "Pair",
    Category.TWO_PAIRS: "Two pairs",
    Category.THREE_OF_A_KIND: "Three of a kind",
    Category.STRAIGHT: "Straight",
    Category.FLUSH: "Flush",
    Category.FULL_HOUSE: "Full house",
    Category.FOUR_OF_A_KIND: "Four of a kind",
    Category.STRAIGHT_FLUSH: "Straight flush",
}
_CATEGORY_BY_WORDS = {w.lower(): c for c, w in _CATEGORY_WORDS.items()}
_RANK_BY_WORD = {w: i + 2 for i, w in enumerate(RANK_WORDS)}
_RANK_BY_PLURAL = {w: i + 2 for i, w in enumerate(RANK_PLURALS)}
_SUIT_BY_WORD = {w: s for s, w in SUIT_WORDS.items()}

# How many ranks each category names, and whether it names a suit.
_NAMED_RANKS = {c: 2 if c in (Category.FULL_HOUSE, Category.TWO_PAIRS) else 1 for c in Category}
_HAS_SUIT = (Category.STRAIGHT_FLUSH, Category.FLUSH)
# Lowest possible top card: a straight tops at five at least (the wheel); five distinct ranks that
# are not a straight top at seven at least (7-5-4-3-2).
_LOWEST_TOP = {
    Category.STRAIGHT_FLUSH: 5,
    Category.STRAIGHT: 5,
    Category.FLUSH: 7,
    Category.HIGH_CARD: 7,
}


@dataclass(frozen=True)
class Hand:
    """One announcement: its category, the ranks it names (in the order named) and its suit.

    Equality is equality of announcements (a spade flush and a heart flush, both king high, are
    two announcements); the comparison operators rank hands and ignore suits, so those two tie:
    neither is greater, and :func:`compare` gives 0.

    >>> Hand(Category.FULL_HOUSE, (13, 4)).text
    'Full house, kings over fours'
    """

    category: Category
    ranks: tuple[int, ...]
    suit: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "category", Category(self.category))
        object.__setattr__(self, "ranks", tuple(self.ranks))
        cat, ranks = self.category, self.ranks
        if len(ranks) != _NAMED_RANKS[cat] or any(not 2 <= r <= 14 for r in ranks):
            raise ValueError(f"{cat.words} names {_NAMED_RANKS[cat]} rank(s) from two to ace")
        if (self.suit is not None) != (cat in _HAS_SUIT) or (
            self.suit is not None and self.suit not in SUIT_CHARS
        ):
            raise ValueError(f"{cat.words} {'names' if cat in _HAS_SUIT else 'has no'} suit")
        if ranks[0] < _LOWEST_TOP.get(cat, 2):
            raise ValueError(f"no {cat.words.lower()} has {rank_word(ranks[0])} as its top card")
        if cat is Category.FULL_HOUSE and ranks[0] == ranks[1]:
            raise ValueError("a full house names two different ranks")
        if cat is Category.TWO_PAIRS and ranks[0] <= ranks[1]:
            raise ValueError("two pairs name the higher pair first")

    @property
    def key(self) -> tuple[int, tuple[int, ...]]:
        """What ranks the hand: category, then the named ranks in order (no suit)."""
        return (int(self.category), self.ranks)

    @property
    def text(self) -> str:
        """The announcement in the standard format, e.g. "Straight flush, hearts, nine high"."""
        cat, r = self.category, self.ranks
        if cat in _HAS_SUIT:
            return f"{cat.words}, {suit_word(self.suit or '')}, {rank_word(r[0])} high"
        if cat is Category.FULL_HOUSE:
            return f"{cat.words}, {rank_word(r[0], True)} over {rank_word(r[1], True)}"
        if cat is Category.TWO_PAIRS:
            return f"{cat.words}, {rank_word(r[0], True)} and {rank_word(r[1], True)}"
        if cat is Category.STRAIGHT:
            return f"{cat.words}, {rank_word(r[0])} high"
        if cat is Category.HIGH_CARD:
            return f"{cat.words}, {rank_word(r[0])}"
        return f"{cat.words}, {rank_word(r[0], True)}"

    def __str__(self) -> str:
        return self.text

    def __lt__(self, other: Hand) -> bool:
        return self.key < other.key

    def __le__(self, other: Hand) -> bool:
        return self.key <= other.key

    def __gt__(self, other: Hand) -> bool:
        return self.key > other.key

    def __ge__(self, other: Hand) -> bool:
        return self.key >= other.key

    @classmethod
    def parse(cls, text: str) -> Hand:
        """The hand an announcement names (case and spacing are forgiven); ValueError if none.

        >>> Hand.parse("two pairs, kings and fours").ranks
        (13, 4)
        """
        parts = [" ".join(p.split()) for p in str(text).lower().split(",")]
        category = _CATEGORY_BY_WORDS.get(parts[0])
        if category is None:
            raise ValueError(f'"{text}" does not start with a hand category such as "Pair"')
        args = parts[1:]
        try:
            suit = None
            if category in _HAS_SUIT:
                suit_text, top = args
                suit, ranks = _SUIT_BY_WORD[suit_text], (_high(top),)
            elif category is Category.STRAIGHT:
                ranks = (_high(*args),)
            elif category is Category.HIGH_CARD:
                ranks = (_RANK_BY_WORD[args[0]],) if len(args) == 1 else ()
            elif category in (Category.FULL_HOUSE, Category.TWO_PAIRS):
                joiner = " over " if category is Category.FULL_HOUSE else " and "
                first, second = args[0].split(joiner) if len(args) == 1 else ((), ())
                ranks = (_RANK_BY_PLURAL[first], _RANK_BY_PLURAL[second])
            else:
                ranks = (_RANK_BY_PLURAL[args[0]],) if len(args) == 1 else ()
        except (KeyError, ValueError, TypeError):
            ranks = ()
        if len(ranks) != _NAMED_RANKS[category]:
            raise ValueError(f'"{text}" is not in the format "{_EXAMPLES[category]}"')
        return cls(category, ranks, suit)


def _high(words: str) -> int:
    """The rank of "<rank> high"; KeyError when the words are not that."""
    rank, high = words.rsplit(" ", 1)
    if high != "high":
        raise KeyError(words)
    return _RANK_BY_WORD[rank]


_EXAMPLES = {
    Category.STRAIGHT_FLUSH: "Straight flush, hearts, nine high",
    Category.FOUR_OF_A_KIND: "Four of a kind, kings",
    Category.FULL_HOUSE: "Full house, kings over fours",
    Category.FLUSH: "Flush, spades, king high",
    Category.STRAIGHT: "Straight, ten high",
    Category.THREE_OF_A_KIND: "Three of a kind, kings",
    Category.TWO_PAIRS: "Two pairs, kings and fours",
    Category.PAIR: "Pair, queens",
    Category.HIGH_CARD: "High card, ace",
}


def _cards(cards: Iterable[Card | str]) -> list[Card]:
    return [c if isinstance(c, Card) else Card.parse(c) for c in cards]


def best_hand(five_cards: Iterable[Card | str]) -> Hand:
    """The one announcement five distinct cards make (the usual poker reading of them).

    >>> best_hand(["AS", "2D", "3C", "4H", "5S"]).text
    'Straight, five high'
    """
    cards = _cards(five_cards)
    if len(cards) != 5 or len(set(cards)) != 5:
        raise ValueError("a hand is five distinct cards")
    counts = Counter(c.rank for c in cards)
    # Ranks by (count, rank), biggest group first: the order announcements name them in.
    groups = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    suits = {c.suit for c in cards}
    flush = next(iter(suits)) if len(suits) == 1 else None
    top = _straight_top(set(counts))
    if top and flush:
        return Hand(Category.STRAIGHT_FLUSH, (top,), flush)
    if shape[0] == 4:
        return Hand(Category.FOUR_OF_A_KIND, (groups[0],))
    if shape == [3, 2]:
        return Hand(Category.FULL_HOUSE, (groups[0], groups[1]))
    if flush:
        return Hand(Category.FLUSH, (groups[0],), flush)
    if top:
        return Hand(Category.STRAIGHT, (top,))
    if shape[0] == 3:
        return Hand(Category.THREE_OF_A_KIND, (groups[0],))
    if shape[:2] == [2, 2]:
        return Hand(Category.TWO_PAIRS, (groups[0], groups[1]))
    if shape[0] == 2:
        return Hand(Category.PAIR, (groups[0],))
    return Hand(Category.HIGH_CARD, (groups[0],))


def _straight_top(ranks: set[int]) -> int:
    """The top rank if five distinct ranks run in sequence (the wheel tops at five), else 0."""
    if len(ranks) != 5:
        return 0
    if max(ranks) - min(ranks) == 4:
        return max(ranks)
    return 5 if ranks == {14, 2, 3, 4, 5} else 0


def possible_announcements(cards: Iterable[Card | str]) -> list[Hand]:
    """Every distinct announcement some five of ``cards`` make, best first.

    Hands that tie (flushes of different suits, same top) come in suit order S H D C.
    """
    pool = _cards(cards)
    hands = {best_hand(five) for five in combinations(pool, 5)}
    return sorted(hands, key=_best_first)


def _best_first(hand: Hand) -> tuple[int, tuple[int, ...], int]:
    return (-int(hand.category), tuple(-r for r in hand.ranks), SUIT_CHARS.find(hand.suit or "S"))


def compare(a: Hand, b: Hand) -> int:
    """1 if ``a`` beats ``b``, -1 if it loses, 0 on a tie (suits never break ties)."""
    return (a.key > b.key) - (a.key < b.key)
