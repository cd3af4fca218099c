"""Reading a Koper board (52 cards, 12 empty spaces, two sets of checkers) from a camera still."""

from vision.koper.config import KoperReadConfig
from vision.koper.profiles import (
    DeckProfile,
    available_profiles,
    load_profile,
    profile_from_design,
    save_profile,
)
from vision.koper.reader import BoardReading, learn_profile, read_board

__all__ = [
    "BoardReading",
    "DeckProfile",
    "KoperReadConfig",
    "available_profiles",
    "learn_profile",
    "load_profile",
    "profile_from_design",
    "read_board",
    "save_profile",
]
