"""Serving the page: waitress (never Flask's dev server on the device), zeroconf for
tableside.local, the URLs with a QR code printed for the players, and a clean shutdown.
"""

from __future__ import annotations

import logging
import signal
import socket
import threading
from collections.abc import Callable
from typing import Any

from waitress.server import create_server

from firmware_py import systemd
from firmware_py.table import Table, local_addresses, qr_text
from web import create_app

log = logging.getLogger("tableside")

#: How often the idle service tells systemd it is alive (well inside WatchdogSec=30).
WATCHDOG_IDLE_S = 5.0


class Advertiser:
    """Announces the page as ``<hostname>.local`` over mDNS (zeroconf)."""

    def __init__(self, hostname: str, port: int, addresses: list[str]) -> None:
        from zeroconf import ServiceInfo, Zeroconf

        self._zc = Zeroconf()
        self._info = ServiceInfo(
            "_http._tcp.local.",
            f"Tableside ({hostname})._http._tcp.local.",
            addresses=[socket.inet_aton(a) for a in addresses],
            port=port,
            server=f"{hostname}.local.",
            properties={"path": "/"},
        )
        self._zc.register_service(self._info, allow_name_change=True)

    def close(self) -> None:
        self._zc.unregister_service(self._info)
        self._zc.close()


class Server:
    """The page served for ``table`` until :meth:`close`; ``port=0`` picks a free port."""

    def __init__(self, table: Table, host: str, port: int, threads: int) -> None:
        self.table = table
        self.app = create_app(table=table)
        self._server: Any = create_server(
            self.app, host=host, port=port, threads=threads, ident="tableside"
        )
        self.port = int(self._server.effective_port)
        self.host = host
        self._thread: threading.Thread | None = None

    def urls(self, hostname: str | None) -> list[str]:
        """URLs phones can use: name.local first (when advertised), then the IP addresses, and
        localhost when bound there (FACTS: always show the IP beside the .local name)."""
        if self.host in ("127.0.0.1", "localhost"):
            return [f"http://127.0.0.1:{self.port}/"]
        found = [f"http://{ip}:{self.port}/" for ip in local_addresses()]
        if hostname:
            found.insert(0, f"http://{hostname}.local:{self.port}/")
        return found or [f"http://127.0.0.1:{self.port}/"]

    def start(self) -> None:
        """Serve on a background thread."""
        self._thread = threading.Thread(target=self._server.run, daemon=True, name="waitress")
        self._thread.start()

    def close(self) -> None:
        """Stop serving. While the serving thread runs, the sockets are closed on that thread,
        between two polls (closing them from here could pull a socket out from under a poll in
        progress); then the worker threads finish."""
        server = self._server
        if self._thread is not None and self._thread.is_alive():
            server.trigger.pull_trigger(lambda: server.asyncore.close_all(server._map))
            self._thread.join(timeout=5)
        else:
            server.close()
        server.task_dispatcher.shutdown()


def run_until_stopped(
    table: Table,
    *,
    host: str,
    port: int,
    threads: int,
    advertise_as: str | None,
    say: Callable[[str], None] = print,
) -> None:
    """Serve ``table`` until SIGINT/SIGTERM; print the URL, its QR code and the PIN."""
    server = Server(table, host, port, threads)
    urls = server.urls(advertise_as)
    table.set_urls(urls)
    advertiser = None
    if advertise_as and host not in ("127.0.0.1", "localhost"):
        try:
            advertiser = Advertiser(advertise_as, server.port, local_addresses())
        except Exception as exc:  # mDNS is a convenience: the IP URL still works
            log.warning("could not advertise %s.local: %s", advertise_as, exc)
    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stop.set())
    server.start()
    say(qr_text(urls[0]))
    say(f"Tableside is running. Open {urls[0]} on a phone.")
    for extra in urls[1:]:
        say(f"  also: {extra}")
    say(f"Table PIN: {table.pin}  (players type it once on their phone to act)")
    say("Stop with Ctrl+C.")
    systemd.notify("READY=1")
    try:
        while not stop.wait(WATCHDOG_IDLE_S):
            if not table.watching:  # a camera loop pings only while frames arrive
                systemd.notify("WATCHDOG=1")
    finally:
        say("Stopping…")
        systemd.notify("STOPPING=1")
        if advertiser:
            advertiser.close()
        server.close()
        table.close()
