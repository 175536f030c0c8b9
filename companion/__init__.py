"""Posthorn's rules core and table session. Pure Python: never imports Qt."""

__version__ = "0.1.0"
