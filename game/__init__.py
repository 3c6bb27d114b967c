"""Ethernalis, a desktop dungeon game."""

__version__ = "0.1.0"  # the same as pyproject.toml's version (tests/test_command_line.py)
