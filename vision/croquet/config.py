"""The one frozen configuration of the Croquetnole vision pipeline: every threshold lives here.

Distances on the table are in mm, image distances in pixels of the camera frame, times in
seconds. The defaults suit the Camera Module 3 at 1536x864 (about 0.9 px per mm over an 864 mm
card table, so a 19.05 mm coin is some 17 px across) and hold down to 1280x720.

>>> CroquetVisionConfig().coin_seen_height_mm
2.5
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class CroquetVisionConfig:
    """Thresholds and sizes of calibration and layout reading. The coin referee's own are
    physical quantities in :class:`vision.croquet.motion.config.MotionConfig`; coins standing at
    set-up are read by their outline alone (:mod:`vision.croquet.standing`)."""

    # -- calibration ----------------------------------------------------------------------------
    #: Without a known camera matrix, the camera is assumed this high over the table (mm): a
    #: near-vertical view cannot tell its focal length from its height, and this only sets how
    #: much the coins' and tiles' height shifts them (a 30 % error moves a coin under 1 mm).
    nominal_camera_height_mm: float = 1000.0
    #: The table's straight edges, where they show beyond the markers, refine the lens model:
    #: looked for every ``edge_step_mm`` along each side, up to ``edge_reach_mm`` beyond the
    #: markers' outer edges, as a colour step of at least ``edge_min_step`` levels (summed over
    #: the channels) per mm; a side needs ``edge_points`` such points to count.
    edge_step_mm: float = 16.0
    edge_reach_mm: float = 40.0
    edge_min_step: float = 40.0
    edge_points: int = 12
    #: A coin's place is measured on the image as the centre of its blob: its face (1/8 in, 3.175
    #: mm, over the table) and the strip of its side that shows on the side facing the camera's
    #: nadir, as far as that strip is lit enough to join the face. That centre lies over the
    #: point of the coin's axis at this height, not over its face: taken as the face's centre, a
    #: coin read up to 0.3 mm too near the nadir. On 128 coins spread over the simulated table
    #: (no noise, the camera known) the blob took in a third of the side at 1536x864 and half at
    #: 1280x720 (2.65 and 2.4 mm here); with this height the radial error is +0.04 and -0.05 mm
    #: (-0.18 and -0.27 mm at 3.175). A coin whose side stays dark would want 3.175.
    coin_seen_height_mm: float = 2.5
    #: Height of one tile (1/4 in); a tower is two.
    tile_height_mm: float = 6.35

    # -- what a tile's top looks like ------------------------------------------------------------
    #: A tile top's pixel's darkest channel is at least this share of the brightest top nearby.
    face_fraction: float = 0.72
    #: ...and its channels differ by at most this much (white piecepack, not skin or felt).
    face_max_chroma: int = 45
    #: Tiles are found as white regions of at least this share of a tile's area.
    min_tile_share: float = 0.5
    #: ...and placed again each on a view of its top at this many px per mm, by the outline
    #: where the level has risen this share of the way from the felt's to the top's
    #: (:func:`vision.croquet.layout_reader.refine_tile`). On six set-up frames, tile centres
    #: less the calibration's own error (which the coins share): median 0.32 mm and worst
    #: 0.84 mm as found, 0.18 / 0.56 at a half, 0.12 / 0.49 at 0.75, 0.15 / 0.45 at 0.85.
    tile_refine_px_per_mm: float = 4.0
    tile_level: float = 0.75
    #: A tile's centre shows a suit (a tower's Ace) when this share of it is ink or colour.
    ace_ink_share: float = 0.08
    #: Symbol pixels with chroma above this have a colour; below it they are black ink.
    colour_chroma: int = 60


#: The defaults, for function signatures.
DEFAULT_CONFIG = CroquetVisionConfig()
