"""The referee's measuring stick: events are matched within their own scene only."""

from vision.croquet.evaluate import EvalSpec, SceneRun, Tally, report

FLICK = {"t": 1.0, "event": "flick", "coin": "Suns knight"}


def test_events_match_only_within_their_scene() -> None:
    tally = Tally()
    spec = EvalSpec()
    # scene A found a flick that did not happen there; scene B missed the same flick at the
    # same time on its own clock: neither may be paired with the other
    tally.add(SceneRun(found=[FLICK], truth=[]), spec)
    tally.add(SceneRun(found=[], truth=[dict(FLICK)]), spec)
    tally.add(SceneRun(found=[dict(FLICK, t=2.02)], truth=[dict(FLICK, t=2.0)]), spec)
    flick = report(tally, {})["events"]["flick"]
    assert (flick["true"], flick["found"], flick["matched"]) == (2, 2, 1)
    assert flick["precision"] == flick["recall"] == 0.5


def test_rests_match_with_a_wider_time_window() -> None:
    tally = Tally()
    rest = {"t": 3.0, "event": "rest"}
    tally.add(SceneRun(found=[dict(rest, t=3.3)], truth=[rest]), EvalSpec(time_tol_s=0.1))
    assert report(tally, {})["events"]["rest"]["matched"] == 1
