"""The virtual table: renderers producing camera frames together with their ground truth."""
