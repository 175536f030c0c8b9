"""Posthorn's PySide6 interface: it turns clicks into inputs and redraws from the session."""
