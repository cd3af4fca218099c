"""Card identification as an assignment: every cell's patch against every card of a profile,
then the 52 identities given to the card cells at the lowest total cost
(scipy.optimize.linear_sum_assignment), since each card appears exactly once.

The cost of a (cell, card) pair is ``1 - NCC`` of the intensity channel plus ``chroma_weight``
times the mean squared difference of the white-balanced colour channels, both weighted by the
cell's weight map (zero under checkers) and taken at the better of the card's two half turns.
All pairs are computed at once with matrix products.
"""

import functools
from dataclasses import dataclass

import numpy as np
from scipy.optimize import linear_sum_assignment

from vision.koper.config import KoperReadConfig
from vision.koper.profiles import DeckProfile


@dataclass(frozen=True)
class Assignment:
    """Card index (into the profile's ids) per cell, its cost, the cell's confidence, and the
    mean cost (lower is a better fit of this profile to the board)."""

    cards: np.ndarray
    costs: np.ndarray
    confidence: np.ndarray
    mean_cost: float


def cost_matrix(views, profile: DeckProfile, config: KoperReadConfig) -> np.ndarray:
    """Costs (n_cells, 52) of the cells' ``views`` against ``profile``: the whole card's cost
    plus ``index_weight`` times the index corners' cost.

    ``views`` is ((whole features, whole weights), (index features, index weights)), features
    (n, 3, H, W) and weights (n, H, W) as from :func:`vision.koper.features.patch_features`.
    """
    (whole, whole_w), (index, index_w) = views
    whole_t, index_t = _profile_templates(profile)
    return _cost(whole, whole_w, whole_t, config) + config.index_weight * (
        _cost(index, index_w, index_t, config)
    )


@dataclass(frozen=True)
class _Templates:
    """Templates flattened for the cost's matrix products, both ways up: intensity ``t`` and its
    square, the two colour channels and the sum of their squares, each (2m, H*W)."""

    t: np.ndarray
    t2: np.ndarray
    colour: tuple[np.ndarray, np.ndarray]
    colour2: np.ndarray


def _templates(tpl: np.ndarray) -> _Templates:
    both = np.concatenate([tpl, tpl[:, :, ::-1, ::-1]])  # upright and half-turned
    flat = both.reshape(both.shape[0], 3, -1)
    t, c1, c2 = flat[:, 0], flat[:, 1], flat[:, 2]
    return _Templates(t, t * t, (c1, c2), c1 * c1 + c2 * c2)


@functools.lru_cache(maxsize=32)
def _profile_templates(profile: DeckProfile) -> tuple[_Templates, _Templates]:
    """The whole-card and index templates of ``profile``, prepared once per profile (about
    24 MB each: enough entries for ``deck="auto"`` over the 28 installed designs and a few
    learnt decks)."""
    return _templates(profile.features), _templates(profile.index)


def view_cost(
    feats: np.ndarray, weights: np.ndarray, tpl: np.ndarray, config: KoperReadConfig
) -> np.ndarray:
    """Costs (n, m) of one view against the m templates ``tpl``, best of both half turns."""
    return _cost(feats, weights, _templates(tpl), config)


def _cost(
    feats: np.ndarray, weights: np.ndarray, tpl: _Templates, config: KoperReadConfig
) -> np.ndarray:
    n = feats.shape[0]
    w = weights.reshape(n, -1).astype(np.float32)
    sw = w.sum(axis=1, keepdims=True) + 1e-6
    x = feats[:, 0].reshape(n, -1)
    wx = w * x
    mean_x = wx.sum(axis=1, keepdims=True) / sw
    var_x = (wx * x).sum(axis=1, keepdims=True) / sw - mean_x**2
    mean_t = (w @ tpl.t.T) / sw
    var_t = (w @ tpl.t2.T) / sw - mean_t**2
    cov = (wx @ tpl.t.T) / sw - mean_x * mean_t
    ncc = cov / np.sqrt(np.maximum(var_x * var_t, 1e-8))
    chroma = w @ tpl.colour2.T
    for ch, tc in zip((1, 2), tpl.colour, strict=True):
        xc = feats[:, ch].reshape(n, -1)
        wxc = w * xc
        chroma += (wxc * xc).sum(axis=1, keepdims=True) - 2 * (wxc @ tc.T)
    cost = (1.0 - ncc) + config.chroma_weight * (chroma / sw)
    half = cost.shape[1] // 2
    return np.minimum(cost[:, :half], cost[:, half:])


def assign(costs: np.ndarray, config: KoperReadConfig) -> Assignment:
    """Give each cell a distinct card at the lowest total cost; confidence from each cell's margin
    between its assigned card and its best alternative."""
    rows, cols = linear_sum_assignment(costs)
    n = costs.shape[0]
    cards = np.full(n, -1)
    cards[rows] = cols
    chosen = np.full(n, np.inf)
    chosen[rows] = costs[rows, cols]
    confidence = np.zeros(n)
    for r, c in zip(rows, cols, strict=True):
        others = np.delete(costs[r], c)
        margin = max(0.0, float(others.min() - costs[r, c])) if others.size else 1.0
        confidence[r] = 1.0 - np.exp(-margin / config.confidence_scale)
    mean_cost = float(costs[rows, cols].mean()) if len(rows) else float("inf")
    return Assignment(cards, chosen, confidence, mean_cost)


def assignment_margins(costs: np.ndarray, cards: np.ndarray) -> np.ndarray:
    """For each cell given a card (``cards[i] >= 0``), how much dearer the cheapest whole
    assignment is that gives it any other card (0 for a cell given none).

    A cell's own row says how close its second-best card comes; the whole assignment also
    says whether that card is free. Two cells that each look most like the same card make a
    swapped pair cheap however clear each row is, and a cell whose runner-up another cell
    holds firmly is surer than its row alone says. Each margin is one more solve with that
    one pairing forbidden (52 solves of 52 x 52: a few milliseconds).

    >>> costs = np.array([[0.1, 0.5, 0.9], [0.2, 0.3, 0.9], [0.9, 0.9, 0.1]])
    >>> assignment_margins(costs, np.array([0, 1, 2])).round(2).tolist()
    [0.3, 0.3, 1.4]
    """
    rows = np.flatnonzero(cards >= 0)
    total = float(costs[rows, cards[rows]].sum())
    forbidden = float(np.abs(costs).sum()) + 1.0
    out = np.zeros(len(cards))
    for i in rows:
        trial = costs.copy()
        trial[i, cards[i]] = forbidden
        r, c = linear_sum_assignment(trial)
        out[i] = max(0.0, float(trial[r, c].sum()) - total)
    return out
