"""One table: the store, the referee, the buttons and LEDs, the camera view and the game watcher.

This is the object the web app and the CLI hold. It wires the pieces together and owns their
lifetimes, so the same code runs on the Pi (picamera2, real pins) and in the demo and the tests
(the virtual table, MockFactory): only the configuration and the frame source differ.
"""

from __future__ import annotations

import io
import logging
import secrets
import socket
import threading
from collections.abc import Callable, Mapping
from typing import Any

import qrcode
import qrcode.image.svg

from engines.core import Action
from firmware_py.camera_view import CameraView
from firmware_py.config import Config
from firmware_py.games import CardCorrections, DeckMemory, GamePlugin, Watcher
from firmware_py.gpio import TableControls
from firmware_py.referee import Referee
from firmware_py.storage import Store

log = logging.getLogger("tableside")


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses that phones on the LAN could use (no loopback)."""
    found: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: no packet is sent for a UDP connect
            found.append(s.getsockname()[0])
    except OSError:
        pass
    return [a for a in found if not a.startswith("127.")]


def qr_svg(text: str) -> str:
    """An SVG QR code of ``text`` (a URL), for the page."""
    image = qrcode.make(text, image_factory=qrcode.image.svg.SvgPathImage, box_size=8, border=2)
    buf = io.BytesIO()
    image.save(buf)
    return buf.getvalue().decode()


def qr_text(text: str) -> str:
    """The same QR code drawn with characters, for the terminal and the log."""
    qr = qrcode.QRCode(border=1)
    qr.add_data(text)
    buf = io.StringIO()
    qr.print_ascii(out=buf, invert=True)
    return buf.getvalue()


class Table:
    """Everything one device runs. Use as a context manager, or call :meth:`close`."""

    def __init__(
        self,
        config: Config,
        plugins: Mapping[str, GamePlugin],
        *,
        watcher_factory: Callable[[Table, GamePlugin], Watcher | None] | None = None,
    ) -> None:
        self.config = config
        self.plugins = dict(plugins)
        self.store = Store(config.database)
        self.referee = Referee(
            self.store,
            {name: p.rules for name, p in self.plugins.items()},
            legal_in_view=[name for name, p in self.plugins.items() if p.legal_in_view],
        )
        self.camera_view = CameraView()
        self.controls = TableControls(config.gpio, on_end_turn=self.end_turn, on_undo=self.undo)
        self.secret_key = self._setting("secret_key", lambda: secrets.token_hex(32))
        self.pin = config.web.pin or self._setting("pin", lambda: f"{secrets.randbelow(10000):04d}")
        self.urls: list[str] = []
        self.qr_svg = ""
        self._watcher_factory = watcher_factory
        self._watcher: Watcher | None = None
        self._lock = threading.Lock()
        self.referee.listen(self._drive_leds)

    def _setting(self, key: str, make: Callable[[], str]) -> str:
        value = self.store.get_setting(key)
        if not value:
            value = make()
            self.store.set_setting(key, value)
        return str(value)

    # -- URLs -------------------------------------------------------------------------------
    def set_urls(self, urls: list[str]) -> None:
        """Where phones reach the page; the first is put in the QR code."""
        self.urls = urls
        self.qr_svg = qr_svg(urls[0]) if urls else ""

    # -- games ------------------------------------------------------------------------------
    def start_game(self, game: str, options: Mapping[str, Any] | None = None) -> int:
        """Start ``game``: its plugin may complete the options from the camera (the Koper board's
        cards are read at setup). Raises KeyError, EngineError or ValueError with a reason."""
        plugin = self.plugins[game]
        with self._lock:
            self._stop_watcher()
            watcher = self._make_watcher(plugin)
            chosen = plugin.prepare_options(options or {})
            try:
                full = watcher.setup_options(chosen) if watcher else chosen
                match_id = self.referee.start(game, full, seed=int(full.get("seed", 0)))
            except BaseException:
                if watcher:
                    watcher.stop()
                raise
            self._watcher = watcher
            if watcher:
                watcher.start()
            log.info("started %s (match %d)", game, match_id)
            return match_id

    def resume(self) -> bool:
        """Resume the newest unfinished match after a restart (and its camera watcher)."""
        with self._lock:
            if not self.referee.resume():
                return False
            plugin = self.plugins[self.referee.record.game]  # type: ignore[union-attr]
            self._stop_watcher()
            self._watcher = self._make_watcher(plugin)
            if self._watcher:
                self._watcher.start()
            return True

    def _make_watcher(self, plugin: GamePlugin) -> Watcher | None:
        return self._watcher_factory(self, plugin) if self._watcher_factory else None

    def _stop_watcher(self) -> None:
        if self._watcher is not None:
            self._watcher.stop()
            self._watcher = None

    @property
    def watching(self) -> bool:
        """Whether a camera watcher runs (it then keeps the systemd watchdog fed)."""
        return self._watcher is not None

    # -- buttons ----------------------------------------------------------------------------
    def end_turn(self) -> None:
        """END TURN: the watcher reads the table now; without one, the game's end_turn action."""
        if self._watcher is not None:
            self._watcher.end_turn()
            return
        view = self.referee.view()
        plugin = self.plugins.get(view["game"] or "")
        if plugin is None or view["state"] is None:
            return
        seats = plugin.active_seats(view["state"])
        step = self.referee.submit(Action("end_turn", seats[0] if seats else None))
        if not step.ok:
            self.referee.set_problem(step.reason)

    def correct_card(self, at: tuple[int, int], card: str | None) -> str | None:
        """The players' word on a card the camera read unsure: it is ``card`` at ``at`` (None:
        it was read right). None when taken, else the reason it was not."""
        watcher = self._watcher
        if not isinstance(watcher, CardCorrections):
            return "No camera is reading cards at this table."
        return watcher.correct_card(at, card)

    def confirm_marked(self) -> str | None:
        """The players' word that every card the camera marked unsure was read right. None when
        taken, else the reason it was not."""
        watcher = self._watcher
        if not isinstance(watcher, CardCorrections):
            return "No camera is reading cards at this table."
        return watcher.confirm_marked()

    def remember_deck(self, name: str) -> str | None:
        """Save the deck the camera learnt from this game's boards as ``name``. None when
        saved, else the reason it was not."""
        watcher = self._watcher
        if not isinstance(watcher, DeckMemory):
            return "No camera is reading cards at this table."
        return watcher.remember_deck(name)

    def undo(self) -> None:
        """UNDO (held): take back the last action; the watcher is told to re-sync."""
        if self.referee.undo() and self._watcher is not None:
            self._watcher.undone()

    # -- views ------------------------------------------------------------------------------
    def decorate(self, view: dict[str, Any]) -> dict[str, Any]:
        """A GameView with what the page shows of the hardware (LEDs, virtual buttons)."""
        plugin = self.plugins.get(view.get("game") or "")
        return {
            **view,
            "leds": self.controls.snapshot(),
            "virtual_buttons": self.controls.virtual,
            "seat_names": plugin.seat_names if plugin else None,
        }

    def view(self) -> dict[str, Any]:
        return self.decorate(self.referee.view())

    def _drive_leds(self, view: dict[str, Any]) -> None:
        plugin = self.plugins.get(view.get("game") or "")
        if plugin is None or view["state"] is None:
            self.controls.show((), "off")
            return
        seats = () if view["terminal"] else plugin.active_seats(view["state"])
        self.controls.show(seats, "attention" if view["problem"] else "watching")

    # -- lifetime ---------------------------------------------------------------------------
    def close(self) -> None:
        with self._lock:
            self._stop_watcher()
        self.controls.close()
        self.store.close()

    def __enter__(self) -> Table:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
