"""A compact notation for Croquetnole events and inputs, so that scenarios read like the rules.

One clause per line (or separated by ``;``)::

    moons-knight flicks
    moons-knight passes suns-gate in        # gates need in/out; doors may omit it
    moons-knight hits suns-tower            # a tower: hit
    suns-guard hits moons-knight            # a coin: strike ("strikes" works too)
    moons-knight off at 0 400
    rest                                    # or: rest moons-knight 400 500, suns-guard 10 20
    moons-knight placed                     # at the target of its placement due
    moons-knight placed at 440 650
    croquet 3
    end turn
    correct moons-knight location wasteland # also: at X Y | at none | prisoner_of C | next STEP
                                            #       | cancel;   correct flicks N

>>> parse("moons-knight passes suns-gate in").to_json()
{'kind': 'pass', 'player': None, 'data': {'coin': 'moons-knight', 'feature': 'suns-gate', \
'direction': 'in'}}
"""

from __future__ import annotations

from typing import Any

from engines.core import Action, EngineError, RuleEvent
from engines.croquetnole.game import GAME
from engines.croquetnole.names import COINS, FEATURES, feature_kind
from engines.croquetnole.state import State


def _number(word: str) -> float:
    try:
        return float(word)
    except ValueError as exc:
        raise EngineError(f"notation: {word!r} is not a number") from exc


def _correction(words: list[str]) -> dict[str, Any]:
    if words[:1] == ["flicks"] and len(words) == 2:
        return {"flicks": int(_number(words[1]))}
    if len(words) < 2:
        raise EngineError("notation: correct COIN KEY VALUE, or correct flicks N")
    coin, key, rest = words[0], words[1], words[2:]
    if key == "cancel":
        return {"coin": coin, "cancel": True}
    if key == "at":
        return {"coin": coin, "at": None if rest == ["none"] else [_number(w) for w in rest]}
    if key in ("location", "prisoner_of") and len(rest) == 1:
        return {"coin": coin, key: None if rest[0] == "none" else rest[0]}
    if key == "next" and rest:
        return {"coin": coin, "next": " ".join(rest)}
    raise EngineError(f"notation: cannot read the correction {' '.join(words)!r}")


def _rest(text: str) -> dict[str, Any]:
    positions: dict[str, list[float]] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        coin, x, y = part.split()
        positions[coin] = [_number(x), _number(y)]
    return {"positions": positions}


def parse(line: str, state: State | None = None) -> Action:
    """One clause as an Action. ``state`` is needed only for "<coin> placed" with no point (it
    puts the coin at the target of its placement due)."""
    w = line.split("#", 1)[0].split()
    if not w:
        raise EngineError("notation: empty clause")
    if w[0] == "rest":
        return Action("rest", None, _rest(line.split("rest", 1)[1]))
    if w == ["end", "turn"]:
        return Action("end_turn")
    if w[0] == "croquet" and len(w) == 2:
        return Action("croquet", None, {"kind": int(_number(w[1]))})
    if w[0] == "correct":
        return Action("correct", None, _correction(w[1:]))
    if w[0] not in COINS or len(w) < 2:
        raise EngineError(f"notation: cannot read {line!r}")
    coin, verb, args = w[0], w[1], w[2:]
    if verb == "flicks" and not args:
        return Action("flick", None, {"coin": coin})
    if verb == "passes" and args and args[0] in FEATURES:
        direction = args[1] if len(args) > 1 else "in"
        if feature_kind(args[0]) == "gate" and len(args) != 2:
            raise EngineError(f"notation: say which way the gate is passed in {line!r}")
        return Action("pass", None, {"coin": coin, "feature": args[0], "direction": direction})
    if verb in ("hits", "strikes") and len(args) == 1:
        if args[0] in FEATURES:
            return Action("hit", None, {"coin": coin, "feature": args[0]})
        return Action("strike", None, {"coin": coin, "target": args[0]})
    if verb in ("off", "goes") and "at" in args:
        x, y = args[args.index("at") + 1 :]
        return Action("off_table", None, {"coin": coin, "at": [_number(x), _number(y)]})
    if verb == "placed":
        if args[:1] == ["at"] and len(args) == 3:
            return Action("place", None, {"coin": coin, "at": [_number(a) for a in args[1:]]})
        due = next((p for p in state.placements if p.coin == coin), None) if state else None
        if due is None:
            raise EngineError(f"notation: no placement is due for {coin} in {line!r}")
        return Action("place", None, {"coin": coin, "at": list(due.target)})
    raise EngineError(f"notation: cannot read {line!r}")


def clauses(script: str) -> list[str]:
    """The clauses of a script: lines and ``;``-separated parts, comments and blanks dropped."""
    parts = (p.split("#", 1)[0].strip() for line in script.splitlines() for p in line.split(";"))
    return [p for p in parts if p]


def play(state: State, script: str) -> tuple[State, list[RuleEvent], list[Action]]:
    """Apply every clause of ``script``: the final state, the rulings and the actions applied.

    A clause the game rejects raises :class:`EngineError` with the game's reason (a script is
    written to be legal; to test a rejection, call ``GAME.apply`` with :func:`parse`).
    """
    events: list[RuleEvent] = []
    actions: list[Action] = []
    for clause in clauses(script):
        action = parse(clause, state)
        step = GAME.apply(state, action)
        if not step.ok or step.state is None:
            raise EngineError(f"notation: {clause!r} rejected: {step.reason}")
        state = step.state
        events.extend(step.events)
        actions.append(action)
    return state, events, actions
