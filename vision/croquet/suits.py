"""The colour of a piecepack suit symbol: which of the coloured suits (Suns red, Crowns green,
Arms blue: FACTS, piecepackr's defaults) a symbol's pixels show, or none when they are black ink
(the Moons). The layout reader names each castle by its tower's symbol this way
(:mod:`vision.croquet.layout_reader`).

>>> import numpy as np
>>> suit_of(np.array([[20, 100, 210]] * 10)), suit_of(np.full((10, 3), 20))
('suns', None)
"""

from __future__ import annotations

import numpy as np

from vision.croquet.config import DEFAULT_CONFIG, CroquetVisionConfig


def _hue(bgr: tuple[int, int, int]) -> np.ndarray:
    v = np.array(bgr, float) - np.mean(bgr)
    return v / np.linalg.norm(v)


#: Unit chroma vectors of the coloured suits (FACTS: piecepackr's defaults, BGR).
_SUIT_HUES = {
    "suns": _hue((0, 94, 213)),
    "crowns": _hue((115, 158, 0)),
    "arms": _hue((233, 180, 86)),
}


def suit_of(pixels: np.ndarray, config: CroquetVisionConfig = DEFAULT_CONFIG) -> str | None:
    """The coloured suit a symbol's pixels (N, 3 BGR) show, or None when they are mostly
    black ink (fewer than three in ten carry a colour)."""
    pixels = pixels.reshape(-1, 3)
    coloured = pixels[pixels.max(axis=1) - pixels.min(axis=1) > config.colour_chroma]
    if len(coloured) < max(3, 0.3 * len(pixels)):
        return None
    mean = coloured.astype(float).mean(axis=0)
    hue = (mean - mean.mean()) / (np.linalg.norm(mean - mean.mean()) + 1e-9)
    return max(_SUIT_HUES, key=lambda suit: float(hue @ _SUIT_HUES[suit]))
