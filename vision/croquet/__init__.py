"""Castle Croquetnole from the camera: calibration, the layout at set-up, coin tracking, the
observed events by swept paths, refereeing a video, and evaluation against the simulator.

* :func:`vision.croquet.calibrate.calibrate`: frame -> :class:`Calibration` (pixels <-> table mm)
* :func:`vision.croquet.layout_reader.read_layout`: set-up frame -> engine :class:`Layout`
* :class:`vision.croquet.tracker.CoinTracker`: frames -> :class:`TrackFrame` reports
* :class:`vision.croquet.events.EventDetector`: reports -> DESIGN event objects
* :func:`vision.croquet.analyze.analyze_video`: video + SETUP (+ LAYOUT) -> events and rulings
* :func:`vision.croquet.evaluate.evaluate`: seeded simulated games -> precision, recall, errors
"""
