"""The referee's working copy of a state while one action is ruled on, and the turn flow.

Rules read and change a :class:`Referee` (a private, mutable copy), emit rulings into it, and
:meth:`Referee.freeze` turns it back into an immutable :class:`State`. Nothing mutable ever leaves
an ``apply`` call.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engines.core import RuleEvent
from engines.croquetnole.course import full_course
from engines.croquetnole.layout import COIN_MM, Point
from engines.croquetnole.names import guard, knight, next_clockwise, words
from engines.croquetnole.state import Coin, Flick, Placement, State

# A coin put down this close (mm) to a point target has been put where it was asked.
POINT_TOLERANCE_MM = COIN_MM


class Referee:
    """A mutable copy of a :class:`State` plus the rulings made so far in this action."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.coins: dict[str, Coin] = {c.name: c for c in state.coins}
        self.turn = state.turn
        self.round = state.round
        self.phase = state.phase
        self.flicks_left = state.flicks_left
        self.struck = list(state.struck)
        self.guard_bonus = list(state.guard_bonus)
        self.entered_play = list(state.entered_play)
        self.flick: Flick | None = state.flick
        self.croquet: str | None = state.croquet
        self.placements: list[Placement] = list(state.placements)
        self.winner = state.winner
        self.events: list[RuleEvent] = []

    # -- bookkeeping ---------------------------------------------------------------------------

    def emit(self, kind: str, text: str, /, **data: Any) -> None:
        """Record a ruling, ``text`` giving the reason in words."""
        self.events.append(RuleEvent(kind, text, data))

    def freeze(self) -> State:
        """The new immutable state, with this action's rulings appended to the log."""
        return replace(
            self.state,
            coins=tuple(self.coins[c.name] for c in self.state.coins),
            turn=self.turn,
            round=self.round,
            phase=self.phase,
            flicks_left=self.flicks_left,
            struck=tuple(self.struck),
            guard_bonus=tuple(self.guard_bonus),
            entered_play=tuple(self.entered_play),
            flick=self.flick,
            croquet=self.croquet,
            placements=tuple(self.placements),
            winner=self.winner,
            log=(*self.state.log, *self.events),
        )

    def update(self, name: str, **changes: Any) -> Coin:
        """Change fields of one coin; returns the new coin."""
        self.coins[name] = replace(self.coins[name], **changes)
        return self.coins[name]

    @property
    def played(self) -> str | None:
        """The coin being played by the current (not refused) flick, if any: the only coin that
        can earn bonus flicks."""
        f = self.flick
        return f.coin if f is not None and not f.refused else None

    def is_void(self, *coins: str) -> bool:
        """Whether events about ``coins`` count for nothing: during a refused flick, or for a
        coin whose part in this flick was illegal."""
        f = self.flick
        return f is not None and (f.refused or any(c in f.voided for c in coins))

    def grant(self, coin: str, n: int) -> str:
        """Give ``n`` bonus flicks to ``coin`` if it is the coin in play; the words for it."""
        if coin != self.played:
            return "no bonus flick, as it is not the coin in play"
        self.flicks_left += n
        return "one bonus flick" if n == 1 else f"{n} bonus flicks"

    def instruct(
        self, coin: str, target: Point, why: str, tolerance: float = POINT_TOLERANCE_MM
    ) -> None:
        """Ask the players to put ``coin`` at ``target``, replacing any earlier instruction."""
        target = (round(target[0], 3), round(target[1], 3))
        self.placements = [p for p in self.placements if p.coin != coin]
        self.placements.append(Placement(coin, target, tolerance, why))
        self.emit(
            "place",
            f"Put the {words(coin)} at ({target[0]:.0f}, {target[1]:.0f}) mm: {why}",
            coin=coin,
            target=list(target),
            tolerance_mm=tolerance,
            why=why,
        )

    def pending(self, coin: str) -> Placement | None:
        """The placement still due for ``coin``, if any."""
        return next((p for p in self.placements if p.coin == coin), None)

    def origin(self, coin: str) -> Point | None:
        """Where ``coin`` lay before the flick under way (or now, with no flick)."""
        if self.flick is not None:
            return dict(self.flick.origin).get(coin)
        return self.coins[coin].position

    def void_coin(self, coin: str) -> None:
        """Mark ``coin``'s part in the flick under way illegal: later events about it are void."""
        if self.flick is not None:
            self.flick = replace(self.flick, voided=(*self.flick.voided, coin))

    # -- the turn flow -------------------------------------------------------------------------

    def begin_turn(self, castle: str) -> None:
        """Hand the turn to ``castle``: its knight first (placed if new or recovering), unless it
        is a prisoner, then its guard."""
        self.turn = castle
        self.struck, self.guard_bonus = [], []
        self.flick, self.croquet = None, None
        self.flicks_left = 1
        k = self.coins[knight(castle)]
        if castle not in self.entered_play:
            self.entered_play.append(castle)
            self.instruct(
                k.name,
                self.state.layout.start_spot(castle, "knight"),
                "the knight enters play within a coin-width of its tower.",
            )
        if k.recovering:
            self.update(k.name, recovering=False)
            self.instruct(
                k.name,
                self.state.layout.start_spot(castle, "knight"),
                "the released knight has recovered: back to its starting position.",
            )
        if k.prisoner_of is not None:
            self.phase = "guard"
            self.emit(
                "turn",
                f"{words(castle)} to play: the knight is a prisoner in "
                f"{words(k.prisoner_of)}, so only the guard.",
                castle=castle,
                round=self.round,
                coin=guard(castle),
            )
        else:
            self.phase = "knight"
            self.emit(
                "turn",
                f"{words(castle)} to play: the knight, then the guard.",
                castle=castle,
                round=self.round,
                coin=knight(castle),
            )

    def next_turn(self) -> None:
        """The turn passes clockwise to the next playing castle."""
        players = self.state.options.players
        following = next_clockwise(self.turn, players)
        if players.index(following) <= players.index(self.turn):
            self.round += 1
        self.begin_turn(following)

    def start_guard(self, why: str) -> None:
        """The knight's part of the turn is over: the guard may be played, with one flick."""
        self.phase = "guard"
        self.flicks_left = 1
        self.struck = []
        self.emit(
            "turn",
            f"{why} {words(guard(self.turn))} to play.",
            castle=self.turn,
            round=self.round,
            coin=guard(self.turn),
        )

    def settle(self) -> None:
        """After a flick comes to rest: with no flicks left (and no croquet to choose), the knight
        gives way to the guard and the guard to the next player."""
        if self.winner is not None or self.croquet is not None or self.flicks_left > 0:
            return
        if self.phase == "knight":
            self.start_guard(f"{words(knight(self.turn))} has no flicks left.")
        else:
            self.next_turn()

    def full_course(self, castle: str) -> tuple[str, ...]:
        """The whole course of ``castle``'s knight under this match's options."""
        opts = self.state.options
        castles = opts.players if opts.course == "players" else self.state.layout.castle_names
        return full_course(castle, castles)
