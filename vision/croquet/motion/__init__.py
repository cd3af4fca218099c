"""The coin referee rebuilt on a model: the table learnt at set-up, each coin in one explicit
state, every threshold derived from a physical quantity, one module per kind of call, and a
confidence on every call.

* :mod:`.config`: the physical quantities and the thresholds derived from them
* :mod:`.table_model`: the bare table, the camera's noise and each coin's look, from set-up
* :mod:`.sightings`: one frame against the bare table: coins seen and hands
* :mod:`.tracks`: each coin's state and its transitions, by one assignment per frame
* :mod:`.calls`: the typed calls, each with its confidence
* :mod:`.flicks`, :mod:`.passes`, :mod:`.hits`, :mod:`.strikes`, :mod:`.rests`: one module per
  kind of call
* :mod:`.referee`: frames in, calls out

It is scored beside the first referee (:mod:`vision.croquet.tracker` and
:mod:`vision.croquet.events`) and the simple baseline on every family of table variation
(``tableside croquetnole families``); the device uses the first referee until this one beats
it on the held-back families.
"""
