"""HTML pages: the home page (start or resume a game) and one page per game."""

from __future__ import annotations

from flask import Blueprint, abort, render_template

from web.auth import is_player, table

bp = Blueprint("pages", __name__)


@bp.get("/")
def home() -> str:
    tab = table()
    return render_template(
        "home.html",
        games=tab.plugins.values(),
        current=tab.referee.view(),
        matches=tab.referee.store.matches(10),
        player=is_player(),
        urls=tab.urls,
        qr_svg=tab.qr_svg,
    )


@bp.get("/play/<game>")
def play(game: str) -> str:
    plugin = table().plugins.get(game)
    if plugin is None:
        abort(404, f"No game called {game!r}.")
    return render_template(plugin.page, plugin=plugin, player=is_player())
