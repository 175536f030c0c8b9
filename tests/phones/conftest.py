"""The phone server under aiohttp's own test client, on loopback, one event loop per test."""

from __future__ import annotations

import asyncio
import contextlib

import pytest
from aiohttp.test_utils import TestClient, TestServer

from companion.phones.server import PhoneServer

from .kit import LOOPBACK, postman_game


class Table:
    """A running phone server for one game, and a test client that talks to it."""

    def __init__(self, session, server: PhoneServer, client: TestClient):
        self.session, self.server, self.client = session, server, client

    def path(self, key: str) -> str:
        return "/" + self.server.url(key).split("/", 3)[3]

    def token(self, key: str) -> str:
        return self.server.tokens.token(key)

    async def seat(self, key: str, **kw):
        """A phone's WebSocket for ``key``, and the first message (the state it catches up to)."""
        kw.setdefault("origin", f"http://{LOOPBACK}:{self.server.port}")
        ws = await self.client.ws_connect(f"/ws/{self.token(key)}", **kw)
        first = await ws.receive_json(timeout=5)
        return ws, first


@contextlib.asynccontextmanager
async def running(session=None, **kw):
    session = session or postman_game()
    server = PhoneServer(session, LOOPBACK, 0, **kw)
    test_server = TestServer(server.app(), host=LOOPBACK)
    client = TestClient(test_server)
    await client.start_server()
    server.port = test_server.port
    try:
        yield Table(session, server, client)
    finally:
        await client.close()


@pytest.fixture
def run():
    """Run an async test body on a fresh loop."""
    def go(fn):
        return asyncio.run(asyncio.wait_for(fn(), 30))
    return go
