"""A second look at cards of the same rank: which of two assigned cards is which suit.

Two cards of one rank (the ace of clubs and the ace of spades, say) differ only in their suit
pips, a small part of the card; the whole-card cost barely tells them apart, least of all when
a checker hides the centre pip. So after the assignment, each pair of same-rank cells whose
2 x 2 choice is close is compared again only where the two candidate cards' templates differ
(:func:`difference_mask`), on views whose index corners are cut at a higher resolution, and the
pair is swapped when the other way round fits clearly better. Each view counts as much as the
cell shows of the difference, and each cell is compared at the best of slightly shifted outlines.

>>> import numpy as np
>>> costs = np.array([[0.2, 0.25, 0.9, 0.3], [0.22, 0.21, 0.9, 0.3], [0.3, 0.3, 0.3, 0.2]])
>>> ids = ("AC", "AS", "2C", "AH")
>>> close_pairs(np.array([0, 1, 3]), np.array([0.1, 0.9, 0.1]), costs, ids, 0.1, 0.3)
[(0, 1)]
>>> close_pairs(np.array([0, 1, 3]), np.array([0.9, 0.9, 0.1]), costs, ids, 0.1, 0.3)
[]
"""

import cv2
import numpy as np

from vision.koper.config import KoperReadConfig
from vision.koper.matching import cell_terms, view_cost


def close_pairs(
    cards: np.ndarray,
    confidence: np.ndarray,
    costs: np.ndarray,
    card_ids,
    margin: float,
    unsure: float,
) -> list[tuple[int, int]]:
    """Pairs of cells (i, j), i < j, holding cards of the same rank and colour (clubs and spades,
    diamonds and hearts: other suits differ in colour, which the whole-card cost already weighs)
    whose swapped assignment costs less than ``margin`` more than the chosen one, and one of
    which was read with a confidence below ``unsure``."""
    pairs = []
    held = [i for i in range(len(cards)) if cards[i] >= 0]
    for n, i in enumerate(held):
        for j in held[n + 1 :]:
            a, b = cards[i], cards[j]
            if card_ids[a][0] != card_ids[b][0] or _colour(card_ids[a]) != _colour(card_ids[b]):
                continue
            if min(confidence[i], confidence[j]) >= unsure:
                continue
            gap = costs[i, b] + costs[j, a] - costs[i, a] - costs[j, b]
            if gap < margin:
                pairs.append((i, j))
    return pairs


def _colour(card_id: str) -> str:
    """ "black" for clubs and spades, "red" for diamonds and hearts."""
    return "black" if card_id[1] in "CS" else "red"


def difference_mask(templates: np.ndarray, a: int, b: int, blur: float) -> np.ndarray:
    """Weights (H, W) in [0, 1] where templates ``a`` and ``b`` (features (52, 3, H, W)) differ,
    softened by ``blur`` pixels and made symmetric under a half turn (cards lie either way up).
    """
    diff = np.abs(templates[a] - templates[b]).sum(axis=0)
    if blur > 0:
        diff = cv2.GaussianBlur(diff, (0, 0), blur)
    diff = np.maximum(diff, diff[::-1, ::-1])
    return diff / max(float(diff.max()), 1e-6)


def pair_costs(
    views, profile_views, full_weights, a: int, b: int, config: KoperReadConfig
) -> np.ndarray:
    """Costs (n, 2) of the n cells in ``views`` (two cells, or several looks at two cells)
    against cards ``a`` and ``b``, comparing only where the two cards differ.

    ``views`` are ((whole features, weights), (index features, weights)) of the cells, as
    from the reader's cutter; ``profile_views`` the matching (whole, index) templates (52, ...);
    ``full_weights`` each view's weight map with nothing hidden. Each view's cost for a cell
    counts in proportion to the share of the difference that cell shows: a checker over the
    centre pip leaves the index corners to decide.
    """
    total = np.zeros((len(views[0][0]), 2))
    for (feats, weights), templates, full, weight in zip(
        views, profile_views, full_weights, (1.0, config.index_weight), strict=True
    ):
        mask = difference_mask(templates, a, b, config.suit_mask_blur)
        shown = (weights * mask).sum(axis=(1, 2)) / max(float((full * mask).sum()), 1e-6)
        cost = view_cost(cell_terms(feats, weights * mask), templates[[a, b]], config)
        total += weight * shown[:, None] * cost
    return total
