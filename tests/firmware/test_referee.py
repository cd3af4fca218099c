"""The referee runtime: actions stored before they are announced, resume after a crash, undo."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from engines.core import Action
from engines.koper import GAME
from engines.koper.moves import legal_moves
from firmware_py.referee import Referee
from firmware_py.storage import Store


def first_move(referee: Referee) -> Action:
    move = next(iter(legal_moves(referee.state)))
    seat = referee.view()["state"]["to_move"]
    return Action("move", seat, {"from": list(move.frm), "to": list(move.to)})


def test_accepted_actions_survive_a_new_process(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    referee = Referee(Store(db), {"koper": GAME})
    referee.start("koper", {}, seed=5)
    for _ in range(3):
        assert referee.submit(first_move(referee)).ok
    before = str(referee.state)
    referee.store.close()

    again = Referee(Store(db), {"koper": GAME})
    assert again.resume()
    assert str(again.state) == before
    assert again.view()["actions"] == 3


def test_rejected_action_is_not_stored_and_undo_takes_back(tmp_path: Path) -> None:
    referee = Referee(Store(tmp_path / "t.sqlite3"), {"koper": GAME})
    referee.start("koper", {}, seed=2)
    start = str(referee.state)
    step = referee.submit(Action("move", 1, {"from": [0, 0], "to": [4, 4]}))
    assert not step.ok and step.reason
    assert referee.view()["actions"] == 0
    assert referee.submit(first_move(referee)).ok
    assert referee.undo()
    assert str(referee.state) == start
    assert referee.view()["events"][-1]["kind"] == "undo"
    assert not referee.undo()


def test_listeners_get_every_version(tmp_path: Path) -> None:
    referee = Referee(Store(tmp_path / "t.sqlite3"), {"koper": GAME})
    seen: list[int] = []
    stop = referee.listen(lambda view: seen.append(view["version"]))
    referee.start("koper", {}, seed=1)
    referee.set_problem("Two dark checkers moved; put one back.")
    referee.set_problem("Two dark checkers moved; put one back.")
    stop()
    referee.set_problem(None)
    assert seen == [0, 1, 2]


def test_a_killed_process_resumes_the_same_game(tmp_path: Path) -> None:
    """Kill -9 in the middle of a game: the next start replays the stored record."""
    db = tmp_path / "t.sqlite3"
    script = textwrap.dedent(
        f"""
        import os, signal
        from engines.core import Action
        from engines.koper import GAME
        from engines.koper.moves import legal_moves
        from firmware_py.referee import Referee
        from firmware_py.storage import Store
        r = Referee(Store({str(db)!r}), {{"koper": GAME}})
        r.start("koper", {{}}, seed=9)
        for _ in range(4):
            m = next(iter(legal_moves(r.state)))
            seat = r.view()["state"]["to_move"]
            r.submit(Action("move", seat, {{"from": list(m.frm), "to": list(m.to)}}))
        print(r.view()["state"]["moves"], flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
        """
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert out.returncode == -9
    referee = Referee(Store(db), {"koper": GAME})
    assert referee.resume()
    assert str(referee.view()["state"]["moves"]) == out.stdout.strip()
