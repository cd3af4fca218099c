"""Device configuration: one TOML file, every field with a sensible default.

The file is optional; a missing field keeps its default. Hardware is chosen here, never by
``if testing:``: ``gpio.pin_factory = "mock"`` gives gpiozero's MockFactory, ``camera.source``
names the frame source (see :func:`vision.sources.open_source`).

Example ``tableside.toml``::

    [web]
    port = 8080

    [gpio]
    pin_factory = "default"     # "mock" for the demo and the tests
    seat_leds = [5, 6, 13, 19]

    [camera]
    source = "picamera2"
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any


class ConfigError(ValueError):
    """The configuration file is unreadable or holds a value of the wrong kind."""


@dataclass(frozen=True)
class GpioConfig:
    """BCM pin numbers (DESIGN defaults) and the gpiozero pin factory to use."""

    pin_factory: str = "default"
    end_turn: int = 17
    undo: int = 27
    undo_hold_s: float = 2.0
    seat_leds: tuple[int, ...] = (5, 6, 13, 19)
    status_led: int = 26


@dataclass(frozen=True)
class CameraConfig:
    """Which frame source feeds the referee, and the sizes it should deliver."""

    source: str = "picamera2"
    preview_size: tuple[int, int] = (1536, 864)
    still_size: tuple[int, int] = (4608, 2592)
    #: Frames per second of the preview stream: 120 for flicking games (Camera Module 3 at
    #: 1536x864, FACTS); 30 is plenty for Koper.
    fps: float = 120.0


@dataclass(frozen=True)
class WebConfig:
    """Where the page is served, how many waitress threads, and the table PIN."""

    host: str = "0.0.0.0"
    port: int = 8080
    threads: int = 16
    pin: str = ""
    advertise: bool = True
    hostname: str = "tableside"


@dataclass(frozen=True)
class KoperConfig:
    """Koper refereeing: the deck profile to read cards with."""

    deck: str = "auto"


@dataclass(frozen=True)
class Config:
    """The whole device configuration."""

    data_dir: Path = field(default_factory=lambda: default_data_dir())
    gpio: GpioConfig = field(default_factory=GpioConfig)
    camera: CameraConfig = field(default_factory=CameraConfig)
    web: WebConfig = field(default_factory=WebConfig)
    koper: KoperConfig = field(default_factory=KoperConfig)

    @property
    def database(self) -> Path:
        return self.data_dir / "tableside.sqlite3"


def default_data_dir() -> Path:
    """``$TABLESIDE_DATA``, else ``$XDG_DATA_HOME/tableside``, else ``~/.local/share/tableside``."""
    if env := os.environ.get("TABLESIDE_DATA"):
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "tableside"


def _same_kind(current: Any, value: Any) -> bool:
    """Whether ``value`` may replace ``current`` (ints stand for floats; bools are strict)."""
    if isinstance(current, bool) or isinstance(value, bool):
        return isinstance(current, bool) and isinstance(value, bool)
    if isinstance(current, float):
        return isinstance(value, (int, float))
    return isinstance(value, type(current))


def _merge(obj: Any, values: dict[str, Any], where: str) -> Any:
    """``obj`` (a config dataclass) with ``values`` laid over it, each checked against its type."""
    known = {f.name: f for f in fields(obj)}
    changes: dict[str, Any] = {}
    for key, value in values.items():
        if key not in known:
            raise ConfigError(f"{where or 'configuration'}: unknown setting {key!r}")
        current = getattr(obj, key)
        name = f"{where}.{key}" if where else key
        if hasattr(current, "__dataclass_fields__"):
            if not isinstance(value, dict):
                raise ConfigError(f"{name}: expected a [{key}] table")
            changes[key] = _merge(current, value, name)
        elif isinstance(current, Path):
            changes[key] = Path(value).expanduser()
        elif isinstance(current, tuple):
            if not isinstance(value, list):
                raise ConfigError(f"{name}: expected a list")
            changes[key] = tuple(value)
        elif _same_kind(current, value):
            changes[key] = float(value) if isinstance(current, float) else value
        else:
            raise ConfigError(f"{name}: expected {type(current).__name__}, got {value!r}")
    return replace(obj, **changes)


def load_config(path: Path | None = None, **overrides: Any) -> Config:
    """Read ``path`` (TOML; absent means all defaults) and apply ``overrides`` (section dicts).

    >>> load_config(None, web={"port": 9000}).web.port
    9000
    """
    values: dict[str, Any] = {}
    if path is not None:
        try:
            values = tomllib.loads(Path(path).read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise ConfigError(f"no configuration file at {path}") from None
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            raise ConfigError(f"{path}: not valid TOML ({exc})") from None
    for key, value in overrides.items():
        if isinstance(value, dict) and isinstance(values.get(key), dict):
            values[key] = {**values[key], **value}
        else:
            values[key] = value
    return _merge(Config(), values, "")
