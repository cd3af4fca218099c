"""Castle Croquetnole from the camera: calibration, the layout at set-up, the coin referee and
refereeing a video (the measuring tools live in :mod:`vision.lab`).

* :func:`vision.croquet.calibrate.calibrate`: frame -> :class:`Calibration` (pixels <-> table mm)
* :func:`vision.croquet.layout_reader.read_layout`: set-up frame -> engine :class:`Layout`
* :class:`vision.croquet.motion.referee.CoinReferee`: frames -> typed calls with confidences
* :func:`vision.croquet.analyze.analyze_video`: video + SETUP (+ LAYOUT) -> events and rulings
"""
