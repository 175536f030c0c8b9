"""Thurn and Taxis (Hans im Glück, 2006): routes, houses, carriages and bonus tiles."""
