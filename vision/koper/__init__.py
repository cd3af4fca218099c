"""Reading a Koper board (52 cards, 12 empty spaces, two sets of checkers) from a camera still.

>>> from vision.koper import read_board, load_image        # doctest: +SKIP
>>> read_board(load_image("board.jpg"), deck="auto").to_json()  # doctest: +SKIP
{'cells': [['AS', None, ...], ...], 'checkers': [{'row': 5, 'col': 4, 'color': 'dark'}, ...]}

The pipeline, its limits and the canonical layout for learning a deck are described in
:mod:`vision.koper.reader`; thresholds live in :class:`KoperReadConfig`.
"""

from vision.koper.annotate import annotate
from vision.koper.config import KoperReadConfig
from vision.koper.profiles import (
    DeckProfile,
    available_profiles,
    load_profile,
    profile_from_design,
    save_profile,
)
from vision.koper.reader import BoardReading, learn_profile, load_image, read_board
from vision.koper.stillness import StillnessConfig, StillnessDetector, StillnessState

__all__ = [
    "BoardReading",
    "DeckProfile",
    "KoperReadConfig",
    "StillnessConfig",
    "StillnessDetector",
    "StillnessState",
    "annotate",
    "available_profiles",
    "learn_profile",
    "load_image",
    "load_profile",
    "profile_from_design",
    "read_board",
    "save_profile",
]
