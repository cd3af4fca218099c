"""A real headless browser (Debian's chromium driven by Playwright) against a served table.

Never `playwright install`: the browser is the system's /usr/bin/chromium (FACTS).
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from firmware_py.config import load_config
from firmware_py.plugins import default_plugins
from firmware_py.serve import Server
from firmware_py.table import Table

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not shutil.which("chromium"):
        pytest.fail("chromium is not installed: run `make system-deps` (Debian's chromium)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.set_default_timeout(20_000)
    yield page
    context.close()


class Served:
    """A table served on a free localhost port (``url``), with the simulator driving it."""

    def __init__(self, table: Table, server: Server, sim: Any = None) -> None:
        self.table, self.server, self.sim = table, server, sim
        self.url = f"http://127.0.0.1:{server.port}"


ServeTable = Callable[..., Served]


@pytest.fixture
def serve_table(tmp_path: Path) -> Iterator[ServeTable]:
    """``serve_table(pin, watcher_factory=None, sim=None, stop=None)``: a table on mock pins, its
    database in a temporary folder, served by waitress on a background thread; after the test
    ``stop`` (the simulator's) is called and the server and table are closed."""
    opened: list[Served] = []
    stops: list[Callable[[], None]] = []

    def make(
        pin: str,
        watcher_factory: Any = None,
        sim: Any = None,
        stop: Callable[[], None] | None = None,
    ) -> Served:
        if stop is not None:
            stops.append(stop)
        config = load_config(
            None,
            data_dir=str(tmp_path / f"table{len(opened)}"),
            gpio={"pin_factory": "mock"},
            web={"host": "127.0.0.1", "port": 0, "pin": pin},
        )
        table = Table(config, default_plugins(), watcher_factory=watcher_factory)
        server = Server(table, "127.0.0.1", 0, threads=8)
        server.start()
        opened.append(Served(table, server, sim))
        return opened[-1]

    yield make
    for stop in stops:
        stop()
    for served in opened:
        served.server.close()
        served.table.close()
