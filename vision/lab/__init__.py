"""Laboratory tools: measuring the referee against the simulated tables. Nothing here is
imported by the device's runtime (``firmware_py`` when it referees, ``vision/croquet``,
``vision/koper``); the command line loads these only for the developer commands
(``tableside croquetnole families``, ``bench``).

* :func:`vision.lab.croquet_evaluate.evaluate`: seeded simulated games -> precision, recall, errors
* :mod:`vision.lab.croquet_families`: the referee and a simple baseline on varied tables, the
  held-back families apart
* :mod:`vision.lab.croquet_baseline`: that baseline
* :func:`vision.lab.koper_evaluate.evaluate_designs`: rendered Koper boards -> the share of cards
  and checkers read right, per card design
* :mod:`vision.lab.koper_baseline`: a simple checker finder beside the Koper reader's
"""
