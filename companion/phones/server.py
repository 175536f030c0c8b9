"""The phone server: aiohttp on whatever asyncio loop runs (qasync in the window, plain asyncio
headless). Imported only when phones are turned on.

Routes, all behind the Host and Origin checks of ``guard``:
``/seat/<token>`` and ``/board/<token>`` the pages (no game data in them), ``/static/<file>``
their CSS and scripts, ``/ws/<token>`` the WebSocket that carries the seat's (or the board's)
messages both ways. A token that opens nothing gets nothing, and counts against its address.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from importlib import resources

from aiohttp import WSCloseCode, WSMsgType, web

from ..core.records import MAX_DEPTH
from ..core.session import Session
from ..core.tomlfile import too_deep
from ..core.violations import PosthornError
from .guard import Throttle, allowed_hosts, exposure, host_header, lan_address, origin_ok
from .messages import board_message, handle, refusal, seat_message, withheld
from .tokens import BOARD, Tokens

#: A phone sends small inputs; anything bigger is refused by the WebSocket (close code 1009).
MAX_MESSAGE = 16 * 1024
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
}
STATIC = {"phone.css": "text/css", "seat.js": "text/javascript", "board.js": "text/javascript",
          "common.js": "text/javascript"}
PAGES = {"seat": "seat.html", "board": "board.html"}
WITHHELD = "it would have shown another seat's hidden information. The laptop has the game."
#: WebSocket close codes of our own (4000-4999 are the application's).
LINK_DEAD, GAME_CLOSED = 4403, 4410


class PhoneServerError(PosthornError):
    """The server cannot listen where it was asked to (a public address not allowed, a port taken)."""


def _static(name: str) -> bytes:
    return (resources.files("companion.phones") / "static" / name).read_bytes()


class PhoneServer:
    def __init__(self, session: Session, host: str | None = None, port: int = 0, *,
                 allow_public: bool = False):
        self.session = session
        self.host = host or lan_address()
        self.warning = exposure(self.host)
        if self.warning and not allow_public:
            raise PhoneServerError(f"{self.warning}; choose a LAN address, or allow it explicitly")
        unspecified = self.host in ("0.0.0.0", "::")
        self.advertised = lan_address() if unspecified else self.host
        self.port = port
        self.tokens = Tokens([s.id for s in session.seats()])
        self.throttle = Throttle()
        self.sockets: dict[str, set[web.WebSocketResponse]] = {}
        self.problems: list[str] = []
        #: Called with {seat id or BOARD: open connections} whenever a phone comes or goes.
        self.on_connections: list[Callable[[dict[str, int]], None]] = []
        self._runner: web.AppRunner | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._push_due = False
        self._files = {name: _static(name) for name in [*STATIC, *PAGES.values()]}

    # -- links ---------------------------------------------------------------------------------
    def url(self, key: str) -> str:
        kind = "board" if key == BOARD else "seat"
        return f"http://{host_header(self.advertised, self.port)}/{kind}/{self.tokens.token(key)}"

    def seat_links(self) -> list[tuple[str, str, str]]:
        """(seat id, seat name, link) for every seat, in turn order."""
        return [(s.id, s.name, self.url(s.id)) for s in self.session.seats()]

    def board_link(self) -> str:
        return self.url(BOARD)

    def reissue(self, key: str) -> str:
        """A new link for ``key``; phones holding the old one are cut off at once."""
        self.tokens.issue(key)
        for ws in list(self.sockets.get(key, ())):
            asyncio.ensure_future(ws.close(code=LINK_DEAD, message=b"this link was re-issued"))
        return self.url(key)

    def connected(self) -> dict[str, int]:
        return {key: len(socks) for key, socks in self.sockets.items() if socks}

    # -- running -------------------------------------------------------------------------------
    def app(self) -> web.Application:
        app = web.Application(middlewares=[self._guard], client_max_size=MAX_MESSAGE)
        app.router.add_get("/seat/{token}", self._page)
        app.router.add_get("/board/{token}", self._page)
        app.router.add_get("/static/{name}", self._file)
        app.router.add_get("/ws/{token}", self._socket)
        app.on_response_prepare.append(self._headers)
        app.on_startup.append(self._started)
        app.on_shutdown.append(self._closing)
        return app

    async def start(self) -> None:
        self._runner = web.AppRunner(self.app(), access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        try:
            await site.start()
        except OSError as e:
            await self._runner.cleanup()
            self._runner = None
            raise PhoneServerError(f"cannot listen on {self.host}:{self.port}: {e.strerror or e}") from None
        server = site._server
        sockets = getattr(server, "sockets", None) or ()
        if sockets:
            self.port = sockets[0].getsockname()[1]

    async def stop(self) -> None:
        if self._runner is not None:
            runner, self._runner = self._runner, None
            await runner.cleanup()
        await self._closing(None)

    async def _started(self, _app) -> None:
        self._loop = asyncio.get_running_loop()
        if self._on_change not in self.session.listeners:
            self.session.listeners.append(self._on_change)

    async def _closing(self, _app) -> None:
        if self._on_change in self.session.listeners:
            self.session.listeners.remove(self._on_change)
        for socks in list(self.sockets.values()):
            for ws in list(socks):
                await ws.close(code=GAME_CLOSED, message=b"the game was closed on the laptop")
        self.sockets.clear()

    # -- guards --------------------------------------------------------------------------------
    @web.middleware
    async def _guard(self, request: web.Request, handler):
        sock = request.transport.get_extra_info("sockname") if request.transport else None
        port = sock[1] if sock else self.port
        host = request.headers.get("Host", "")
        if host.lower() not in allowed_hosts(self.advertised, port):
            return web.Response(status=421, text="This server answers only at its own address.")
        websocket = request.headers.get("Upgrade", "").lower() == "websocket"
        if not origin_ok(request.headers.get("Origin"), host, required=websocket):
            return web.Response(status=403, text="Requests from other sites are refused.")
        return await handler(request)

    async def _headers(self, _request, response) -> None:
        response.headers.update(HEADERS)

    def _holder(self, request: web.Request) -> tuple[str | None, web.Response | None]:
        """The seat (or BOARD) the request's token opens, or the response that refuses it."""
        who = request.remote or "?"
        wait = self.throttle.blocked(who)
        if wait:
            return None, web.Response(status=429, text="Too many wrong links: wait a minute.",
                                      headers={"Retry-After": str(int(wait) + 1)})
        key = self.tokens.holder(request.match_info["token"])
        if key is None:
            self.throttle.bad(who)
        return key, None

    # -- handlers ------------------------------------------------------------------------------
    async def _page(self, request: web.Request) -> web.Response:
        key, refused = self._holder(request)
        if refused is not None:
            return refused
        kind = request.path.split("/")[1]
        if key is None or (key == BOARD) != (kind == "board"):
            return web.Response(status=404, text="This link opens nothing: ask for a new one.")
        return web.Response(body=self._files[PAGES[kind]], content_type="text/html", charset="utf-8")

    async def _file(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        if name not in STATIC:
            return web.Response(status=404, text="No such file.")
        return web.Response(body=self._files[name], content_type=STATIC[name], charset="utf-8")

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        key, refused = self._holder(request)
        if refused is not None:
            return refused
        ws = web.WebSocketResponse(max_msg_size=MAX_MESSAGE, heartbeat=20)
        await ws.prepare(request)
        if key is None:
            await ws.close(code=LINK_DEAD, message=b"this link opens nothing")
            return ws
        token = request.match_info["token"]
        self.sockets.setdefault(key, set()).add(ws)
        self._tell_connections()
        try:
            await self._send(ws, key)  # a phone that (re)connects catches up at once
            async for msg in ws:
                if self.tokens.holder(token) != key:
                    await ws.close(code=LINK_DEAD, message=b"this link was re-issued")
                    break
                if msg.type == WSMsgType.TEXT:
                    await ws.send_json(self._reply(key, msg.data))
                elif msg.type == WSMsgType.BINARY:
                    await ws.close(code=WSCloseCode.UNSUPPORTED_DATA, message=b"text messages only")
                    break
        finally:
            self.sockets.get(key, set()).discard(ws)
            self._tell_connections()
        return ws

    def _reply(self, key: str, text: str) -> dict:
        if key == BOARD:
            return {"type": "result", "ok": False, "error": "the board view is read-only"}
        if too_deep(text, MAX_DEPTH) is not None:  # json.loads would raise RecursionError
            return {"type": "result", "ok": False, "error": f"that message nests more than {MAX_DEPTH} deep"}
        try:
            data = json.loads(text)
        except ValueError:
            return {"type": "result", "ok": False, "error": "that message is not JSON"}
        reply = handle(self.session, key, data)
        # a refusal (which changed nothing) must not depend on what other seats hide, a reason
        # naming a card in another hand: the same input is refused the same way in the blinded game
        if isinstance(data, dict) and data.get("type") == "input" and reply.get("ok") is False and withheld(
                self.session, key, reply, lambda twin: refusal(twin, key, data) or {}):
            self.problems.append(f"withheld a reply for {key}: it depended on another seat's secrets")
            return {"type": "result", "ok": False, "error": WITHHELD}
        return reply

    # -- pushing every change ------------------------------------------------------------------
    def _on_change(self, _session) -> None:
        if self._push_due or self._loop is None:
            return
        self._push_due = True
        self._loop.call_soon_threadsafe(self._push_all)

    def _push_all(self) -> None:
        self._push_due = False
        for key, socks in list(self.sockets.items()):
            for ws in list(socks):
                asyncio.ensure_future(self._send(ws, key))

    def message(self, key: str) -> dict:
        """The message for ``key`` now, after the edge check (a withheld one says so instead)."""
        seat = None if key == BOARD else key
        msg = board_message(self.session) if seat is None else seat_message(self.session, seat)
        if withheld(self.session, seat, msg):
            self.problems.append(f"withheld a message for {key}: it carried another seat's secrets")
            return {"type": "error", "error": f"This update was withheld: {WITHHELD}"}
        return msg

    async def _send(self, ws: web.WebSocketResponse, key: str) -> None:
        if ws.closed:
            return
        try:
            await ws.send_str(json.dumps(self.message(key)))
        except ConnectionError:
            pass

    def _tell_connections(self) -> None:
        now = self.connected()
        for fn in list(self.on_connections):
            fn(now)
