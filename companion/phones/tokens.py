"""One link per seat and one for the board, each carrying an unguessable token.

A token is 256 bits from ``secrets``; it names one seat of one running game and nothing else.
Re-issuing a seat's link makes a new token at once, and the old one matches nothing from then on.
"""

from __future__ import annotations

import hmac
import secrets

#: The board view's key in the token table: not a seat id of any game (they are names or sides).
BOARD = "\x00board"
TOKEN_BYTES = 32


class Tokens:
    def __init__(self, seats: list[str]):
        self._by_key: dict[str, str] = {}
        for key in [*seats, BOARD]:
            self.issue(key)

    def issue(self, key: str) -> str:
        """A new token for ``key`` (a seat id, or BOARD); the old one dies now."""
        token = secrets.token_urlsafe(TOKEN_BYTES)
        self._by_key[key] = token
        return token

    def token(self, key: str) -> str:
        return self._by_key[key]

    def holder(self, token: str) -> str | None:
        """The seat id (or BOARD) ``token`` opens, or None. Compared in constant time."""
        if not isinstance(token, str) or len(token) > 100:
            return None
        found = None
        given = token.encode("utf-8", "replace")
        for key, good in self._by_key.items():
            if hmac.compare_digest(given, good.encode()):
                found = key
        return found

    def keys(self) -> list[str]:
        return list(self._by_key)
