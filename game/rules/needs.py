"""Needs (N9, N11): the thresholds of hunger and thirst the world acts on and the screens speak of."""
from __future__ import annotations

EAT_ABOVE = 20  # N9: a creature eats or drinks when the need is above this (at or below it is not hungry)
COMPLAIN_ABOVE = 80  # N11: a companion complains above this
