"""Deck designs from Debian's gnome-cards-data, cut into one image per card.

FACTS.md (gnome-cards-data): each ``/usr/share/aisleriot/cards/*.svgz`` sheet is a 13 x 5 grid of
equal cells, rows clubs, diamonds, hearts, spades (ace to king), then jokers and backs. The sheet is
rendered whole with ``rsvg-convert -w WIDTH`` (``--export-id`` crops most designs wrongly) and
sliced. Renders are cached as PNG under ``$XDG_CACHE_HOME/tableside/cards`` (default
``~/.cache/tableside``), written to a temporary name and renamed so a crash never leaves half
a file.

>>> "anglo" in list_designs()
True
>>> cards = card_images("anglo", 63)
>>> cards["AS"].shape
(88, 63, 4)
"""

import functools
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import cv2
import numpy as np

from vision.cards.ids import SHEET_RANKS, SHEET_SUITS, card_id
from vision.errors import UnknownDeck

DESIGN_DIR = Path("/usr/share/aisleriot/cards")
#: Designs whose suits are not French (FACTS.md): a Koper board needs the 52-card French deck.
NON_FRENCH_DESIGNS: frozenset[str] = frozenset({"swiss-xvii", "tarocco"})
#: Designs drawn from one another (a bitmap copy, a four-colour or poker variant, a skat deck
#: or a renamed copy): reading one with another's profile is no test of an unseen deck.
DESIGN_FAMILIES: tuple[frozenset[str], ...] = (
    frozenset({"anglo", "anglo_bitmap", "anglo_modern", "anglo_modern_4_color", "anglo_poker"}),
    frozenset({"atlasnye", "atlasnye_skat", "Атласные"}),
    frozenset({"gnomangelo", "gnomangelo_bitmap"}),
    frozenset({"neoclassical", "neoclassical_4_color"}),
    frozenset({"tango", "tango_nuevo"}),
)
#: Card size in millimetres (a poker-size card): every design is resized to this aspect.
CARD_MM: tuple[float, float] = (63.0, 88.0)
#: Sheet widths that get cached; a request uses the smallest one that is wide enough.
SHEET_WIDTHS: tuple[int, ...] = (1300, 2600, 5200)


def cache_dir() -> Path:
    """Tableside's cache folder: ``$XDG_CACHE_HOME/tableside`` or ``~/.cache/tableside``."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "tableside"


def list_designs(*, include_non_french: bool = False) -> tuple[str, ...]:
    """Names of the installed designs, sorted; non-French-suited ones only when asked for."""
    if not DESIGN_DIR.is_dir():
        return ()
    names = sorted(p.name.removesuffix(".svgz") for p in DESIGN_DIR.glob("*.svgz"))
    return tuple(n for n in names if include_non_french or n not in NON_FRENCH_DESIGNS)


def design_family(design: str) -> frozenset[str]:
    """The designs drawn from one another with ``design`` (itself at least).

    >>> sorted(design_family("gnomangelo_bitmap"))
    ['gnomangelo', 'gnomangelo_bitmap']
    """
    return next((f for f in DESIGN_FAMILIES if design in f), frozenset({design}))


def design_path(design: str) -> Path:
    """The sheet file of ``design``; raises UnknownDeck when it is not installed."""
    path = DESIGN_DIR / f"{design}.svgz"
    if not path.is_file():
        raise UnknownDeck(f"no card design named {design!r} in {DESIGN_DIR}")
    return path


def _atomic_render(svg: Path, width: int, target: Path) -> None:
    """Render ``svg`` to PNG at ``width`` pixels into ``target`` via a temporary file + rename."""
    if shutil.which("rsvg-convert") is None:
        raise UnknownDeck("rsvg-convert is missing: install librsvg2-bin to use card designs")
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=target.stem, suffix=".tmp", dir=target.parent)
    os.close(fd)
    try:
        subprocess.run(
            ["rsvg-convert", "-w", str(width), "-o", tmp, str(svg)],
            check=True,
            capture_output=True,
        )
        with open(tmp, "rb") as fh:
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


@functools.lru_cache(maxsize=8)
def render_sheet(design: str, width: int = SHEET_WIDTHS[0]) -> np.ndarray:
    """The whole sheet of ``design`` as a BGRA image at least ``width`` pixels wide (cached)."""
    svg = design_path(design)
    chosen = next((w for w in SHEET_WIDTHS if w >= width), width)
    target = cache_dir() / "cards" / f"{design}-{chosen}.png"
    if not target.is_file():
        _atomic_render(svg, chosen, target)
    sheet = cv2.imread(str(target), cv2.IMREAD_UNCHANGED)
    if sheet is None or sheet.ndim != 3 or sheet.shape[2] != 4:
        target.unlink(missing_ok=True)
        raise UnknownDeck(f"card design {design!r} did not render to an RGBA sheet")
    sheet.setflags(write=False)
    return sheet


@functools.lru_cache(maxsize=16)
def card_images(design: str, width_px: int) -> dict[str, np.ndarray]:
    """Every card of ``design`` as BGRA, ``width_px`` wide with the 63 x 88 mm aspect.

    The returned arrays are read-only and shared between callers (they are cached).
    """
    height_px = round(width_px * CARD_MM[1] / CARD_MM[0])
    sheet = render_sheet(design, width_px * 13)
    cell_w = sheet.shape[1] / 13.0
    cell_h = sheet.shape[0] / 5.0
    cards: dict[str, np.ndarray] = {}
    for row, suit in enumerate(SHEET_SUITS):
        for col, rank in enumerate(SHEET_RANKS):
            x0, x1 = round(col * cell_w), round((col + 1) * cell_w)
            y0, y1 = round(row * cell_h), round((row + 1) * cell_h)
            cell = sheet[y0:y1, x0:x1]
            card = cv2.resize(cell, (width_px, height_px), interpolation=cv2.INTER_AREA)
            card.setflags(write=False)
            cards[card_id(rank, suit)] = card
    return cards


def on_grey(art: np.ndarray) -> np.ndarray:
    """BGRA card art over mid grey (the transparent rounded corners become table), as BGR."""
    rgba = art.astype(np.float32)
    alpha = rgba[..., 3:4] / 255.0
    return (rgba[..., :3] * alpha + 128.0 * (1 - alpha)).astype(np.uint8)
