"""Card appearance features: a small portrait patch of each card, white-balanced, split into an
intensity channel and two opponent-colour channels, with a weight map.

The same function turns a design's artwork and a photographed card into features, so a deck
profile learnt from either compares like with like. Four-colour decks and red/black decks are
both told apart: colour is compared as colour, not as "red or black".

>>> import numpy as np
>>> f = patch_features(np.full((68, 48, 3), 200, np.uint8), np.ones((68, 48), np.float32), 0.5)
>>> f.shape
(3, 68, 48)
"""

import cv2
import numpy as np

#: The index corners of a portrait card (left, top, right, bottom as fractions of the card):
#: rank and suit in the top-left, and again, turned, in the bottom-right.
INDEX_REGIONS: tuple[tuple[float, float, float, float], ...] = (
    (0.0, 0.0, 0.24, 0.32),
    (0.76, 0.68, 1.0, 1.0),
)


def region_homography(quad: np.ndarray, region, size: tuple[int, int]) -> np.ndarray:
    """Homography taking the part ``region`` (fractions) of the card ``quad`` (TL, TR, BR, BL in
    some image, card upright) onto a ``size`` (width, height) patch: the card's corners go where
    the unit card's corners fall when ``region`` is stretched over the patch."""
    x0, y0, x1, y1 = region
    w, h = size
    xs = (np.float32([0, 1, 1, 0]) - x0) * (w / (x1 - x0))
    ys = (np.float32([0, 0, 1, 1]) - y0) * (h / (y1 - y0))
    return cv2.getPerspectiveTransform(
        np.asarray(quad, np.float32), np.stack([xs, ys], axis=1).astype(np.float32)
    )


def card_views(source: np.ndarray, quad: np.ndarray, patch_size, index_size):
    """The whole card as a ``patch_size`` patch and its two index corners side by side
    (``index_size`` each), cut from ``source`` where the upright card is ``quad``; with the
    homographies used (whole, then one per index corner).

    Turning the card half round turns both views half round (the corners swap places), so one
    ``[::-1, ::-1]`` covers cards lying either way up.
    """
    hom_whole = region_homography(quad, (0.0, 0.0, 1.0, 1.0), patch_size)
    whole = cv2.warpPerspective(source, hom_whole, patch_size, flags=cv2.INTER_LINEAR)
    homs = [region_homography(quad, reg, index_size) for reg in INDEX_REGIONS]
    index = np.hstack(
        [cv2.warpPerspective(source, h, index_size, flags=cv2.INTER_LINEAR) for h in homs]
    )
    return whole, index, [hom_whole, *homs]


def base_weights(patch_size: tuple[int, int], corner_weight: float) -> np.ndarray:
    """Weight map of a portrait card patch: rounded corners ignored, the two index corners
    (top-left, bottom-right: the same corners after a half turn) weighted ``corner_weight``."""
    pw, ph = patch_size
    w = np.ones((ph, pw), np.float32)
    iw, ih = round(0.24 * pw), round(0.3 * ph)
    w[:ih, :iw] = corner_weight
    w[ph - ih :, pw - iw :] = corner_weight
    cut = max(2, round(0.07 * pw))
    for ys, xs in (
        (slice(0, cut), slice(0, cut)),
        (slice(0, cut), slice(pw - cut, pw)),
        (slice(ph - cut, ph), slice(0, cut)),
        (slice(ph - cut, ph), slice(pw - cut, pw)),
    ):
        w[ys, xs] = 0.0
    w[:, :1] = w[:, -1:] = 0.0
    w[:1, :] = w[-1:, :] = 0.0
    return w


#: Rows give intensity, red-green and blue-yellow from a white-balanced (b, g, r) pixel.
_OPPONENT = np.float32([[1 / 3, 1 / 3, 1 / 3], [0.0, -1.0, 1.0], [1.0, -0.5, -0.5]])


def patch_features(patch_bgr: np.ndarray, weights: np.ndarray, blur: float) -> np.ndarray:
    """Features (3, H, W) float32 of a uint8 card patch: intensity, red-green, blue-yellow.

    The patch is divided per channel by its white level (the 95th percentile where ``weights`` is
    positive), which removes the exposure and colour cast of the light falling on that card.
    This runs for every card patch of every read, so the percentile comes from OpenCV's masked
    histograms and the balance and opponent colours from one ``cv2.transform``.
    """
    img = cv2.GaussianBlur(patch_bgr, (0, 0), blur) if blur > 0 else patch_bgr
    mask = (weights > 0).astype(np.uint8)
    count = int(cv2.countNonZero(mask))
    white = np.full(3, 255.0, np.float32)
    if count:
        rank = int(0.95 * (count - 1)) + 1  # pixels at or below the white level
        for channel in range(3):
            hist = cv2.calcHist([img], [channel], mask, [256], [0, 256]).ravel()
            white[channel] = float(np.searchsorted(np.cumsum(hist), rank))
    balance = _OPPONENT / np.maximum(white, 1.0)[None, :]
    return np.ascontiguousarray(cv2.transform(img.astype(np.float32), balance).transpose(2, 0, 1))


def pooled(values: np.ndarray, factor: int) -> np.ndarray:
    """``values`` (..., H, W) averaged over ``factor`` x ``factor`` blocks of pixels (float32;
    rows and columns past the last whole block are dropped).

    >>> pooled(np.arange(16, dtype=np.float32).reshape(4, 4), 2).tolist()
    [[2.5, 4.5], [10.5, 12.5]]
    """
    h, w = values.shape[-2] // factor, values.shape[-1] // factor
    total = np.zeros((*values.shape[:-2], h, w), np.float32)
    for dy in range(factor):
        for dx in range(factor):
            total += values[..., dy : h * factor : factor, dx : w * factor : factor]
    return total / np.float32(factor * factor)
