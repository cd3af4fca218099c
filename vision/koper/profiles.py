"""Deck profiles: what each of the 52 cards of one deck looks like, as features.

A profile comes from a gnome-cards design sheet (:func:`profile_from_design`) or is learnt from one
photo of a real deck laid out in the canonical order (:func:`vision.koper.reader.learn_profile`;
the layout is :func:`vision.koper.layout.canonical_cells`), so a club can teach Tableside its
own cards. Learnt profiles are saved as ``.npz`` files under ``$XDG_DATA_HOME/tableside/decks``
(default ``~/.local/share/tableside/decks``), written atomically; design profiles are cached
the same way under the cache folder.

>>> p = profile_from_design("anglo")
>>> p.name, len(p.card_ids), p.features.shape[1]
('anglo', 52, 3)
"""

import functools
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, cast

import numpy as np

from vision.cards.designs import cache_dir, card_images, list_designs, on_grey
from vision.cards.ids import CARD_IDS
from vision.errors import UnknownDeck
from vision.koper.config import KoperReadConfig
from vision.koper.features import INDEX_REGIONS, card_views, patch_features, pooled


@dataclass(frozen=True, eq=False)
class DeckProfile:
    """Features of each card in ``card_ids`` order, upright, from one deck: ``features``
    (52, 3, H, W) of the whole card and ``index`` (52, 3, h, 2w) of its two index corners; for a
    learnt deck also ``sharp_index``, the corners at the suit look's sharper size."""

    name: str
    card_ids: tuple[str, ...]
    features: np.ndarray
    index: np.ndarray
    sharp_index: np.ndarray | None = None

    @property
    def patch_size(self) -> tuple[int, int]:
        """(width, height) of the card patches the features were made from."""
        return int(self.features.shape[3]), int(self.features.shape[2])


def profiles_dir() -> Path:
    """Where learnt deck profiles are kept."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "tableside" / "decks"


@functools.lru_cache(maxsize=64)
def _design_profile(
    design: str, patch_size: tuple[int, int], index_size: tuple[int, int], blur: float
) -> DeckProfile:
    """Build (or load from the disk cache) the profile of one design at one patch size."""
    cached = _cache_file(design, patch_size, index_size, blur, "")
    return _cached(cached, lambda: _drawn_profile(design, patch_size, index_size, blur), True)


def _drawn_profile(
    design: str, patch_size: tuple[int, int], index_size: tuple[int, int], blur: float
) -> DeckProfile:
    """The profile of one design drawn from its art at one patch size."""
    pw, ph = patch_size
    iw, ih = index_size
    whole_art = card_images(design, pw)
    index_art = card_images(design, round(iw / (INDEX_REGIONS[0][2] - INDEX_REGIONS[0][0])))
    feats, index = [], []
    for cid in CARD_IDS:
        whole_img, _, _ = card_views(
            on_grey(whole_art[cid]), _frame(whole_art[cid]), patch_size, index_size
        )
        _, index_img, _ = card_views(
            on_grey(index_art[cid]), _frame(index_art[cid]), patch_size, index_size
        )
        feats.append(patch_features(whole_img, np.ones((ph, pw), np.float32), blur))
        index.append(patch_features(index_img, np.ones((ih, 2 * iw), np.float32), blur))
    features = np.stack(feats)
    features.setflags(write=False)
    index_feats = np.stack(index)
    index_feats.setflags(write=False)
    return DeckProfile(design, CARD_IDS, features, index_feats)


def _cache_file(
    design: str, patch_size: tuple[int, int], index_size: tuple[int, int], blur: float, kind: str
) -> Path:
    """Where a design's profile of one patch size (a ``kind`` of it: "" whole, or pooled) is
    cached."""
    key = f"{patch_size[0]}x{patch_size[1]}-{index_size[0]}x{index_size[1]}-b{blur:g}"
    return cache_dir() / "profiles" / f"{design}-{key}{kind}.npz"


def _cached(path: Path, build: Callable[[], DeckProfile], compressed: bool) -> DeckProfile:
    """The profile cached at ``path``, else built and cached there (a cache file that cannot
    be read is built again)."""
    if path.is_file():
        try:
            return load_profile(path)
        except UnknownDeck:
            path.unlink(missing_ok=True)
    profile = build()
    save_profile(profile, path, compressed=compressed)
    return profile


def profile_from_design(design: str, config: KoperReadConfig | None = None) -> DeckProfile:
    """The profile of an installed gnome-cards design (cached)."""
    cfg = config or KoperReadConfig()
    return _design_profile(
        design, tuple(cfg.patch_size), tuple(cfg.index_size), float(cfg.patch_blur)
    )


def suit_profile(profile: DeckProfile, config: KoperReadConfig) -> DeckProfile | None:
    """The same deck at ``suit_index_size`` index corners, for the second look at same-rank
    cards: a learnt profile's own sharp corners, an installed design's drawn again; None for a
    learnt profile saved without them."""
    if profile.sharp_index is not None:
        return replace(profile, index=profile.sharp_index, sharp_index=None)
    if is_learnt(profile.name) or profile.name not in list_designs():
        return None
    return profile_from_design(profile.name, replace(config, index_size=config.suit_index_size))


def _frame(art: np.ndarray) -> np.ndarray:
    """The corners (TL, TR, BR, BL) of a card image's own frame."""
    h, w = art.shape[:2]
    return np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)


def save_profile(
    profile: DeckProfile, path: Path | None = None, *, compressed: bool = True
) -> Path:
    """Write ``profile`` to ``path`` (default: ``profiles_dir()/NAME.npz``) atomically,
    ``compressed`` or not (see :func:`save_arrays`)."""
    target = path or profiles_dir() / f"{profile.name}.npz"
    save_arrays(
        target,
        compressed=compressed,
        name=np.array(profile.name),
        card_ids=np.array(profile.card_ids),
        features=profile.features,
        index=profile.index,
        **({} if profile.sharp_index is None else {"sharp_index": profile.sharp_index}),
    )
    return target


def save_arrays(target: Path, *, compressed: bool = True, **arrays: np.ndarray) -> None:
    """Write ``arrays`` to the ``.npz`` file ``target`` via a temporary file, synced and renamed,
    so a pulled plug never leaves half a file. ``compressed`` saves disk (a deck's features
    shrink about five times) at the cost of inflating them on every load; files read on every
    run are better stored plain."""
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=target.stem, suffix=".tmp.npz", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            # numpy's type hints give savez_compressed's keywords the type of allow_pickle
            # (bool): the arrays are passed as a plain mapping.
            save = np.savez_compressed if compressed else np.savez
            save(fh, **cast(dict[str, Any], arrays))
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def load_profile(path: Path) -> DeckProfile:
    """Read a profile written by :func:`save_profile`."""
    try:
        with np.load(path) as data:
            return DeckProfile(
                str(data["name"]),
                tuple(str(c) for c in data["card_ids"]),
                data["features"].astype(np.float32),
                data["index"].astype(np.float32),
                data["sharp_index"].astype(np.float32) if "sharp_index" in data.files else None,
            )
    except (OSError, KeyError, ValueError) as exc:
        raise UnknownDeck(f"cannot read deck profile {path}: {exc}") from exc


def is_learnt(name: str) -> bool:
    """Whether ``name`` is a deck learnt on this device (saved among :func:`profiles_dir`)."""
    return (profiles_dir() / f"{name}.npz").is_file()


def available_profiles() -> tuple[str, ...]:
    """Names usable as ``deck``: installed French-suited designs, then learnt profiles."""
    learnt = sorted(p.stem for p in profiles_dir().glob("*.npz")) if profiles_dir().is_dir() else []
    return tuple(list_designs()) + tuple(n for n in learnt if n not in list_designs())


def candidate_names(deck) -> tuple[str, ...]:
    """The names of the decks to try for ``deck``: None or "auto" (all available), a name, or a
    list or tuple of names (the deck is one of those: a held-back test reads a design as an
    unknown deck by leaving its family out)."""
    if deck is None or deck == "auto":
        names = available_profiles()
        if not names:
            raise UnknownDeck("no deck profiles available: install gnome-cards-data")
        return names
    if isinstance(deck, str):
        return (deck,)
    if isinstance(deck, (list, tuple)) and deck and all(isinstance(n, str) for n in deck):
        return tuple(deck)
    raise UnknownDeck(f"deck must be None, 'auto', a name, names or a DeckProfile, not {deck!r}")


def named_profile(name: str, config: KoperReadConfig) -> DeckProfile:
    """The learnt profile ``name``, else the installed design's."""
    learnt = profiles_dir() / f"{name}.npz"
    if learnt.is_file():
        stat = learnt.stat()
        return _learnt_profile(str(learnt), stat.st_mtime_ns, stat.st_size)
    return profile_from_design(name, config)


def screen_profile(name: str, config: KoperReadConfig) -> DeckProfile:
    """The profile ``name`` pooled over ``screen_pool`` pixels square, for the reader's first,
    coarse comparison of the candidate decks: an installed design's comes from its own cache
    file, a quarter of the full profile's values at the default pooling and stored plain (every
    read of an unknown deck loads them all: inflating them cost more than reading them), so the
    full profiles of decks the board is clearly not are never loaded."""
    if is_learnt(name):
        return _pooled_profile(named_profile(name, config), config.screen_pool)
    return _design_screen(
        name,
        tuple(config.patch_size),
        tuple(config.index_size),
        float(config.patch_blur),
        config.screen_pool,
    )


@functools.lru_cache(maxsize=64)
def _design_screen(
    design: str,
    patch_size: tuple[int, int],
    index_size: tuple[int, int],
    blur: float,
    factor: int,
) -> DeckProfile:
    """Build (or load from the disk cache) the pooled profile of one design."""
    cached = _cache_file(design, patch_size, index_size, blur, f"-pool{factor}")
    full = functools.partial(_design_profile, design, patch_size, index_size, blur)
    return _cached(cached, lambda: _pooled_profile(full(), factor), False)


def _pooled_profile(profile: DeckProfile, factor: int) -> DeckProfile:
    """``profile``'s whole-card and index features pooled over ``factor`` pixels square."""
    return DeckProfile(
        profile.name,
        profile.card_ids,
        pooled(profile.features, factor),
        pooled(profile.index, factor),
    )


@functools.lru_cache(maxsize=8)
def _learnt_profile(path: str, mtime_ns: int, size: int) -> DeckProfile:
    """A learnt profile loaded once per version of its file: the watcher reads it for every
    still."""
    return load_profile(Path(path))
