"""Card identification as an assignment: every cell's patch against every card of a profile,
then the 52 identities given to the card cells at the lowest total cost
(scipy.optimize.linear_sum_assignment), since each card appears exactly once.

The cost of a (cell, card) pair is ``1 - NCC`` of the intensity channel plus ``chroma_weight``
times the mean squared difference of the white-balanced colour channels, both weighted by the
cell's weight map (zero under checkers) and taken at the better of the card's two half turns.
All pairs are computed at once with matrix products.
"""

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


@dataclass(frozen=True)
class CellTerms:
    """One view of n cells prepared for :func:`view_cost`, each cell both ways up (rows n..2n-1
    are rows 0..n-1 turned half round): what depends on the cells alone, taken once per read
    however many templates they are compared with.

    ``weights`` (2n, H*W), their ``distinct`` rows and which of them each row is (``which``),
    the weight sums ``sw`` (2n, 1), the weighted intensity ``wx`` (2n, H*W), its mean and
    variance, the weighted colour ``wxc`` (2n, 2*H*W) and its energy ``colour_energy`` (2n, 1).
    """

    weights: np.ndarray
    distinct: np.ndarray
    which: np.ndarray
    sw: np.ndarray
    wx: np.ndarray
    mean_x: np.ndarray
    var_x: np.ndarray
    wxc: np.ndarray
    colour_energy: np.ndarray

    @property
    def count(self) -> int:
        """The number of cells (half the rows)."""
        return self.weights.shape[0] // 2


def cell_terms(feats: np.ndarray, weights: np.ndarray) -> CellTerms:
    """The :class:`CellTerms` of features (n, 3, H, W) with weights (n, H, W).

    A template turned half round against a cell costs what the template against the cell turned
    half round does (every term is a sum over pixels), so the cells are turned, not the
    templates, and nothing is prepared or kept per profile. Turning an image half round reverses
    its pixels' row-major order, so a turned row is the row read backwards, and the sums over a
    row (mean, variance, colour energy) are its turned row's too. The products that involve
    only a cell's weights are taken once per distinct weight map (:func:`view_cost`): every
    cell free of checkers has the same one, which the half turn leaves unchanged.
    """
    n = feats.shape[0]
    flat = feats.reshape(n, 3, -1)
    up = weights.reshape(n, -1).astype(np.float32)
    w = np.concatenate([up, up[:, ::-1]])
    label: dict[bytes, int] = {}
    which = np.array([label.setdefault(row.tobytes(), len(label)) for row in w])
    distinct = w[np.unique(which, return_index=True)[1]]
    wx = up * flat[:, 0]
    wxc = up[:, None, :] * flat[:, 1:]
    # The per-cell sums are taken in float64 (once per read): a variance is a difference of
    # two such sums over some 9,000 pixels.
    sw, sx, sxx, energy = (
        np.tile(total[:, None], (2, 1))
        for total in (
            up.sum(axis=1, dtype=np.float64) + 1e-6,
            wx.sum(axis=1, dtype=np.float64),
            (wx * flat[:, 0]).sum(axis=1, dtype=np.float64),
            (wxc * flat[:, 1:]).sum(axis=(1, 2), dtype=np.float64),
        )
    )
    mean_x = sx / sw
    var_x = sxx / sw - mean_x**2
    return CellTerms(
        w,
        distinct,
        which,
        sw,
        np.concatenate([wx, wx[:, ::-1]]),
        mean_x,
        var_x,
        np.concatenate([wxc, wxc[:, :, ::-1]]).reshape(2 * n, -1),
        energy,
    )


def prepare_views(
    views: tuple[tuple[np.ndarray, np.ndarray], ...],
) -> tuple[CellTerms, CellTerms]:
    """The (whole, index) :class:`CellTerms` of the reader's ``views``: ((whole features,
    whole weights), (index features, index weights)), features (n, 3, H, W) and weights
    (n, H, W) as from :func:`vision.koper.features.patch_features`."""
    (whole, whole_w), (index, index_w) = views
    return cell_terms(whole, whole_w), cell_terms(index, index_w)


def cost_matrix(
    prepared: tuple[CellTerms, CellTerms], profile: DeckProfile, config: KoperReadConfig
) -> np.ndarray:
    """Costs (n_cells, 52) of the cells' views (:func:`prepare_views`) against ``profile``: the
    whole card's cost plus ``index_weight`` times the index corners' cost."""
    whole, index = prepared
    return view_cost(whole, profile.features, config) + config.index_weight * (
        view_cost(index, profile.index, config)
    )


def view_cost(cells: CellTerms, tpl: np.ndarray, config: KoperReadConfig) -> np.ndarray:
    """Costs (n, m) of one view of the cells against the m templates ``tpl`` (m, 3, H, W), best
    of both half turns."""
    n, m = cells.count, tpl.shape[0]
    flat = tpl.reshape(m, 3, -1)
    t, colour = flat[:, 0], flat[:, 1:]
    sums = (
        cells.distinct @ np.concatenate([t, t * t, np.einsum("mkp,mkp->mp", colour, colour)]).T
    )[cells.which]
    sw = cells.sw
    mean_t = sums[:, :m] / sw
    var_t = sums[:, m : 2 * m] / sw - mean_t**2
    cov = (cells.wx @ t.T) / sw - cells.mean_x * mean_t
    ncc = cov / np.sqrt(np.maximum(cells.var_x * var_t, 1e-8))
    chroma = sums[:, 2 * m :] + cells.colour_energy - 2 * (cells.wxc @ colour.reshape(m, -1).T)
    cost = (1.0 - ncc) + config.chroma_weight * (chroma / sw)
    return np.minimum(cost[:n], cost[n:])


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
    if costs.shape[1] > 1:
        others = costs[rows].copy()
        others[np.arange(len(rows)), cols] = np.inf
        margin = np.maximum(0.0, others.min(axis=1) - costs[rows, cols]).astype(np.float64)
    else:
        margin = np.ones(len(rows))
    confidence[rows] = 1.0 - np.exp(-margin / config.confidence_scale)
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
