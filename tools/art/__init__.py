"""Art definitions for tools/make_art.py: palettes, pixel art as text, tile painters."""
