"""``tableside demo``: the whole system on the simulated table.

Mock GPIO (the page shows the virtual buttons and LEDs), a virtual table as the camera, virtual
players, the real watcher, referee, storage and web page on localhost. ``game`` picks the table:
Koper (the default: two players moving checkers by hand) or Castle Croquetnole (four players
flicking coins, :mod:`firmware_py.croquet_sim`). The database lives in a fresh temporary folder
unless ``--data-dir`` is given.
"""

from __future__ import annotations

import logging
import tempfile
import threading
from pathlib import Path
from typing import Any, Protocol

from firmware_py.config import load_config
from firmware_py.croquet_sim import CroquetTableSim
from firmware_py.croquet_watch import CroquetWatchConfig, CroquetWatcher
from firmware_py.games import GamePlugin, Watcher
from firmware_py.koper_sim import KoperTableSim, VirtualPlayers
from firmware_py.koper_watch import KoperWatchConfig, KoperWatcher
from firmware_py.plugins import default_plugins
from firmware_py.serve import run_until_stopped
from firmware_py.table import Table

log = logging.getLogger("tableside.demo")


class DemoTable(Protocol):
    """A simulated table for the demo: the table's watcher factory and its virtual players."""

    def watcher(self, table: Table, plugin: GamePlugin) -> Watcher | None: ...

    def start_players(self) -> None: ...

    def stop(self) -> None: ...


class DemoKoperTable:
    """The simulated table and its players, re-laid for every new game started on the page."""

    def __init__(self, seed: int, design: str, auto_announce_s: float | None) -> None:
        self.seed = seed
        self.design = design
        self.auto_announce_s = auto_announce_s
        self.sim = KoperTableSim(seed=seed, design=design)
        self.source = self.sim.source()
        self.players: VirtualPlayers | None = None
        self.table: Table | None = None

    def watcher(self, table: Table, plugin: GamePlugin) -> Watcher | None:
        """The table's watcher factory: a new Koper game starts from a freshly set-up board."""
        if plugin.name != "koper":
            return None
        self.table = table
        fresh = KoperTableSim(seed=self.seed, design=self.design)
        self.sim.place(fresh.checkers)
        self.sim.hand_over(None)
        # The demo's club has taught Tableside its deck (koper.deck), as the README explains.
        return KoperWatcher(
            table.referee, self.source, table.camera_view, KoperWatchConfig(deck=self.design)
        )

    def start_players(self) -> None:
        assert self.table is not None
        self.players = VirtualPlayers(
            self.sim, self.table.referee, seed=self.seed, auto_announce_s=self.auto_announce_s
        )
        self.players.on_game_over = self._next_game
        self.players.start()

    def _next_game(self) -> None:
        if self.table is not None:
            self.table.start_game("koper", {})

    def stop(self) -> None:
        if self.players is not None:
            self.players.stop()


class DemoCroquetTable:
    """The simulated Croquetnole table, set up afresh for every game started on the page.

    The four virtual players wait for the layout to be confirmed: a player on the page may do
    it, or, after ``confirm_after_s`` seconds, one of the virtual players does (starting the game
    again with the layout in its options, as the page's button does).
    """

    def __init__(self, seed: int, mode: str = "1280x720", confirm_after_s: float = 6.0) -> None:
        self.sim = CroquetTableSim(seed=seed, mode=mode)
        self.source = self.sim.source(realtime=True)
        self.confirm_after_s = confirm_after_s
        self.table: Table | None = None
        self.current: CroquetWatcher | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(
            target=self._confirm_loop, daemon=True, name="virtual-confirm"
        )

    def watcher(self, table: Table, plugin: GamePlugin) -> Watcher | None:
        """The table's watcher factory: a new Croquetnole game starts from a fresh table."""
        if plugin.name != "croquetnole":
            return None
        if self.table is None:
            self.table = table
            self.sim.connect(
                table.referee, ready=lambda: bool(self.current and self.current.confirmed)
            )
        self.sim.reset()
        self.current = CroquetWatcher(
            table.referee, self.source, table.camera_view, CroquetWatchConfig(fps=self.sim.mode.fps)
        )
        return self.current

    def start_players(self) -> None:
        self._thread.start()

    def _confirm_loop(self) -> None:
        waited = 0.0
        while not self._stop.wait(0.5):
            watcher, table = self.current, self.table
            if watcher is None or table is None or watcher.confirmed:
                waited = 0.0
                continue
            waited += 0.5
            record = table.referee.record
            if waited >= self.confirm_after_s and record is not None:
                log.info("a virtual player confirms the layout the camera read")
                table.start_game("croquetnole", dict(record.options))
                waited = 0.0

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=5)


def run_demo(
    port: int = 8080,
    seed: int = 1,
    data_dir: str | None = None,
    design: str = "anglo",
    auto_announce_s: float | None = 8.0,
    game: str = "koper",
    **serve: Any,
) -> None:
    """Run the demo of ``game`` ("koper" or "croquetnole") until Ctrl+C."""
    folder = Path(data_dir) if data_dir else Path(tempfile.mkdtemp(prefix="tableside-demo-"))
    config = load_config(
        None,
        data_dir=str(folder),
        gpio={"pin_factory": "mock"},
        web={"host": "127.0.0.1", "port": port, "advertise": False},
    )
    demo: DemoTable
    if game == "croquetnole":
        demo = DemoCroquetTable(seed)
        print(
            "Setting up the simulated Croquetnole table (calibrating, reading the layout)…\n"
            "The virtual table is drawn and tracked frame by frame: when this machine is "
            "slower than the camera's 120 fps it runs in slow motion (the page says how slow)"
            "; every frame is still refereed.",
            flush=True,
        )
    elif game == "koper":
        demo = DemoKoperTable(seed, design, auto_announce_s)
        print("Setting up the simulated Koper table (reading the board)…", flush=True)
    else:
        raise ValueError(f"the demo plays koper or croquetnole, not {game!r}")
    table = Table(config, default_plugins(), watcher_factory=demo.watcher)
    # The simulated Croquetnole table is always set up afresh: a stored game would not match it.
    if game == "croquetnole" or not table.resume():
        table.start_game(game, {})
    demo.start_players()
    try:
        run_until_stopped(
            table,
            host=config.web.host,
            port=config.web.port,
            threads=config.web.threads,
            advertise_as=None,
            **serve,
        )
    finally:
        demo.stop()
