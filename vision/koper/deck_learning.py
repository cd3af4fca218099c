"""Learning a club's own deck from the boards it plays on, so that it is read by name next time.

A deck the reader has never seen is read from what every French-suited design shares
(:mod:`vision.koper.indices`); once the players have vouched for every card of a board, the board
itself shows how this deck looks. Each such board adds each card's views (whole card, index
corners, sharp index corners: :func:`vision.koper.reader.board_views`) where no checker hides
it, and a card's look is the mean of what was seen of it at each point. What checkers hid on one
board they rarely hide on the next, as they move; and a French-suited card is printed
double-ended, so a point never seen is taken from the point a half turn away where that was seen
(a half turn of a view is the view of the card turned half round:
:func:`vision.koper.features.card_views`). A point hidden on every board at both ends (the centre
of a card a checker has stood on throughout) cannot be learnt: the deck is ready to be remembered
once every card's views are seen at ``ready_share`` of their points.

>>> learner = DeckLearner()
>>> learner.ready
False
"""

from __future__ import annotations

import numpy as np

from vision.cards.ids import CARD_IDS
from vision.koper.profiles import DeckProfile

#: The share of each card's view points that must have been seen (directly or a half turn
#: away) before the deck is learnt: a checker's disc covers some 15 % of a card, and a card
#: it hid throughout is not learnt.
READY_SHARE = 0.99


class DeckLearner:
    """Each card's views summed over the boards seen, with how much of each point was seen (see
    the module doc)."""

    def __init__(self, ready_share: float = READY_SHARE) -> None:
        self.ready_share = ready_share
        self.boards = 0
        self._sums: list[np.ndarray] = []
        self._seen: list[np.ndarray] = []
        self._order = {card: i for i, card in enumerate(CARD_IDS)}

    def add(self, ids: tuple[str, ...], views: list[tuple[np.ndarray, np.ndarray]]) -> None:
        """One board's cards (:func:`vision.koper.reader.board_views`): ``ids`` in the order of
        each view's rows. Raises ValueError unless they are the 52 cards, each once."""
        if sorted(ids) != sorted(CARD_IDS):
            raise ValueError("a board teaches the deck only with each of the 52 cards on it once")
        rows = np.array([self._order[card] for card in ids])
        if not self._sums:
            self._sums = [np.zeros((52, *f.shape[1:]), np.float64) for f, _ in views]
            self._seen = [np.zeros((52, *w.shape[1:]), np.float64) for _, w in views]
        for (features, weights), sums, seen in zip(views, self._sums, self._seen, strict=True):
            shown = (weights > 0).astype(np.float64)
            sums[rows] += features * shown[:, None]
            seen[rows] += shown
        self.boards += 1

    @property
    def coverage(self) -> float:
        """The least share of a card's view points seen so far, directly or a half turn away
        (0 before any board)."""
        if not self._seen:
            return 0.0
        return float(min(_least_share(seen) for seen in self._seen))

    @property
    def ready(self) -> bool:
        """Whether every card has been seen well enough to be learnt."""
        return self.coverage >= self.ready_share

    def profile(self, name: str) -> DeckProfile:
        """The deck as learnt, named ``name``. Raises ValueError while it is not :attr:`ready`."""
        if not self.ready:
            raise ValueError(
                f"the deck is not learnt yet: {self.coverage:.0%} of its cards seen so far"
            )
        views = [_mean_looks(sums, seen) for sums, seen in zip(self._sums, self._seen, strict=True)]
        for view in views:
            view.setflags(write=False)
        return DeckProfile(name, CARD_IDS, *views)


def _least_share(seen: np.ndarray) -> float:
    """The least share, over the cards, of the view's points (N x h x w) seen directly or a
    half turn away. Only points some card has shown count: a view's weights leave out the
    card's rounded corners on every card, a checker never the same point of all 52.

    >>> seen = np.ones((2, 2, 2)); seen[:, 0, 0] = 0; seen[1, 1, 1] = 0
    >>> _least_share(seen)
    0.6666666666666666
    """
    area = (seen > 0).any(axis=0)
    either = (seen > 0) | (seen[:, ::-1, ::-1] > 0)
    return float((either & area).sum(axis=(1, 2)).min() / max(int(area.sum()), 1))


def _mean_looks(sums: np.ndarray, seen: np.ndarray) -> np.ndarray:
    """Each card's mean look where it was seen, and a half turn away where only that was seen;
    a point seen neither way takes the card's mean look over the points seen.

    >>> sums = np.zeros((1, 1, 2, 2)); seen = np.zeros((1, 2, 2))
    >>> sums[0, 0, 1, 1], seen[0, 1, 1] = 6.0, 2.0
    >>> sums[0, 0, 0, 1], seen[0, 0, 1] = 1.0, 1.0
    >>> _mean_looks(sums, seen)[0, 0].tolist()
    [[3.0, 1.0], [1.0, 3.0]]
    """
    shown = seen > 0
    direct = np.divide(sums, seen[:, None], out=np.zeros_like(sums), where=shown[:, None])
    turned = direct[:, :, ::-1, ::-1]
    looks = np.where((~shown & shown[:, ::-1, ::-1])[:, None], turned, direct)
    either = (shown | shown[:, ::-1, ::-1])[:, None]
    counts = np.maximum(either.sum(axis=(2, 3)), 1)
    mean = (looks * either).sum(axis=(2, 3)) / counts
    return np.where(either, looks, mean[:, :, None, None]).astype(np.float32)
