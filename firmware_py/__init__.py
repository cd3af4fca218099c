"""The device: configuration, storage, GPIO, the referee runtime, the simulator loop and the CLI."""
