"""Rule packs shipped with Posthorn (data only; read with importlib.resources)."""
