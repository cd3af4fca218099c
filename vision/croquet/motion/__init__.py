"""The coin referee, built on a model: the table learnt at set-up, each coin in one explicit
state, every threshold derived from a physical quantity, one module per kind of call, and a
confidence on every call.

* :mod:`.config`: the physical quantities and the thresholds derived from them
* :mod:`.table_model`: the bare table, the camera's noise and each coin's look, from set-up
* :mod:`.sightings`: one frame against the bare table: coins seen and hands
* :mod:`.tracks`: each coin's state and its transitions, by one assignment per frame
* :mod:`.origins`, :mod:`.names`: where a coin out from under a hand slid from, and which
  coin it is while others lie hidden under the hand
* :mod:`.paths`: what the tracker reports of a frame, and the geometry of paths
* :mod:`.calls`: the typed calls, each with its confidence
* :mod:`.flicks`, :mod:`.passes`, :mod:`.hits`, :mod:`.strikes`, :mod:`.rests`: one module per
  kind of call
* :mod:`.referee`: frames in, calls out

The device (:mod:`firmware_py.croquet_watch`) and ``tableside croquetnole analyze`` run it. It is
scored beside a simple baseline on every family of table variation, held-back families apart
(``tableside croquetnole families``).
"""
