"""Phones at the table: each seat's view and inputs on its own phone, the laptop the authority.

``server`` (aiohttp) is imported only when the feature is turned on, so start-up never pays for
it. The rest is plain Python: ``tokens`` (one unguessable link per seat), ``guard`` (addresses,
Host and Origin, slowing down bad tokens), ``messages`` (what a phone is sent and what it may
send), ``offers`` (what a seat may do now, per game) and ``static/`` (the pages).
"""
