"""Where the phone server listens and whom it answers.

- The address: the machine's LAN address by default; a public (routable) or wildcard address
  only when the user says so, and then the server says so too.
- Host and Origin: a request must name this server's own address in ``Host`` (a DNS rebinding
  page names its own domain) and, when it has an ``Origin``, come from this server's own pages
  (a WebSocket opened by another site carries that site's origin).
- Bad tokens: an address that gave too many in a minute is answered 429 for a while, valid token
  or not, so tokens cannot be guessed at speed.
"""

from __future__ import annotations

import ipaddress
import socket
import time
from collections import deque

BAD_TOKENS_ALLOWED = 10
BAD_TOKEN_WINDOW = 60.0


def lan_address() -> str:
    """This machine's address on the local network, or loopback when it has none.

    A UDP socket is connected to a private address to learn which interface the system would
    use: connecting a UDP socket sends nothing.
    """
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 9))
            address = s.getsockname()[0]
        except OSError:
            return "127.0.0.1"
    return address if address and not address.startswith("0.") else "127.0.0.1"


def exposure(host: str) -> str | None:
    """Why listening on ``host`` needs saying out loud, or None for a loopback or LAN address."""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return f"'{host}' is a name, not an address: it may reach beyond this network"
    if ip.is_unspecified:
        return f"{host} listens on every interface, public ones included"
    if ip.is_loopback or ip.is_private or ip.is_link_local:
        return None
    return f"{host} is a public address: anyone on the internet who has a link can reach it"


def host_header(host: str, port: int) -> str:
    """The ``Host`` a browser sends for http://host:port/ (IPv6 in brackets)."""
    try:
        if ipaddress.ip_address(host).version == 6:
            return f"[{host}]:{port}"
    except ValueError:
        pass
    return f"{host}:{port}"


def allowed_hosts(advertised: str, port: int) -> frozenset[str]:
    hosts = {host_header(advertised, port)}
    try:
        if ipaddress.ip_address(advertised).is_loopback:
            hosts |= {f"localhost:{port}", host_header("127.0.0.1", port), host_header("::1", port)}
    except ValueError:
        pass
    return frozenset(h.lower() for h in hosts)


def origin_ok(origin: str | None, host: str, *, required: bool) -> bool:
    """An ``Origin`` must be this very server (scheme, host and port); none is fine only for
    requests that cannot be cross-site reads (a page load), never for a WebSocket."""
    if origin is None:
        return not required
    return origin.lower() == f"http://{host.lower()}"


class Throttle:
    """Counts bad tokens per client address over a sliding window."""

    def __init__(self, allowed: int = BAD_TOKENS_ALLOWED, window: float = BAD_TOKEN_WINDOW, clock=time.monotonic):
        self.allowed, self.window, self.clock = allowed, window, clock
        self._bad: dict[str, deque[float]] = {}

    def _recent(self, who: str) -> deque[float]:
        q = self._bad.setdefault(who, deque())
        now = self.clock()
        while q and now - q[0] > self.window:
            q.popleft()
        if not q:
            del self._bad[who]
            return deque()
        return q

    def blocked(self, who: str) -> float:
        """Seconds until ``who`` may try a token again; 0 when it may now."""
        q = self._recent(who)
        if len(q) < self.allowed:
            return 0.0
        return max(0.0, self.window - (self.clock() - q[0]))

    def bad(self, who: str) -> None:
        self._recent(who)
        self._bad.setdefault(who, deque()).append(self.clock())
        if len(self._bad) > 10_000:  # a flood from many addresses must not grow memory for ever
            self._bad.pop(next(iter(self._bad)))
