"""``tableside run``: the real device. Camera and pins come from the configuration file."""

from __future__ import annotations

from pathlib import Path

from firmware_py.config import load_config
from firmware_py.croquet_watch import CroquetWatchConfig, CroquetWatcher
from firmware_py.games import GamePlugin, Watcher
from firmware_py.koper_watch import KoperWatchConfig, KoperWatcher
from firmware_py.plugins import default_plugins
from firmware_py.serve import run_until_stopped
from firmware_py.table import Table
from vision.sources import open_source


def run_device(config_path: Path | None, game: str | None = None) -> None:
    """Open the camera, resume the unfinished game (or start ``game``), serve until stopped."""
    config = load_config(config_path)
    camera = config.camera
    source = open_source(camera.source, camera.preview_size, camera.still_size, camera.fps)

    def watcher(table: Table, plugin: GamePlugin) -> Watcher | None:
        if plugin.name == "koper":
            return KoperWatcher(
                table.referee, source, table.camera_view, KoperWatchConfig(deck=config.koper.deck)
            )
        if plugin.name == "croquetnole":
            fps = float(getattr(source, "fps", CroquetWatchConfig.fps))
            return CroquetWatcher(
                table.referee, source, table.camera_view, CroquetWatchConfig(fps=fps)
            )
        return None

    table = Table(config, default_plugins(), watcher_factory=watcher)
    try:
        if not table.resume() and game:
            table.start_game(game, {})
        web = config.web
        run_until_stopped(
            table,
            host=web.host,
            port=web.port,
            threads=web.threads,
            advertise_as=web.hostname if web.advertise else None,
        )
    finally:
        source.close()
