"""Short scripted Croquetnole scenes, one for each kind of call, that every referee is tried on
(the scene script language: :mod:`vision.sim.croquet_script`).

>>> from vision.sim.croquet_scene import CroquetScene
>>> sorted(CroquetScene.from_script(SCENES["strike"]).setup)
['arms-guard', 'suns-knight']
"""

from __future__ import annotations

#: A knight flicked out through its own gate; one flicked through a door into a tower; one
#: flicked into a guard; one flicked off the table's edge; a coin carried by hand and another
#: flicked; a hand resting beside two coins and moving nothing.
SCENES: dict[str, str] = {
    "pass": "place moons-knight at 442 552\nflick moons-knight heading -90 deg at 0.9 m/s",
    "hit": "place moons-knight at 330 432\nflick moons-knight heading 180 deg at 1.2 m/s",
    "strike": (
        "place suns-knight at 150 650\nplace arms-guard at 150 720\n"
        "flick suns-knight toward arms-guard at 0.8 m/s"
    ),
    "off_table": "place suns-knight at 100 700\nflick suns-knight heading 180 deg at 1.5 m/s",
    "place": (
        "place suns-knight at 100 700\nplace moons-guard at 480 640\n"
        "lift suns-knight to 300 300\nflick moons-guard heading 0 deg at 0.5 m/s"
    ),
    "hand_rests": (
        "place moons-knight at 442 552\nplace suns-guard at 600 300\n"
        "hand rests near (460, 560) for 0.6 s\nwait 0.3 s"
    ),
}
