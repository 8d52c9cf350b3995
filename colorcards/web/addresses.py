"""Where the game may be served and who may reach it: the addresses, the names a request
may give, and the words of a server that cannot start. Both the launcher (`web/__init__.py`)
and the server (`server.py`) read them, so the server imports this, never the launcher.
"""

from __future__ import annotations

import ipaddress
import socket
from pathlib import Path
from urllib.parse import urlsplit

LOOPBACK = "127.0.0.1"
"""Where the game listens unless --host says otherwise: this machine only."""
DEFAULT_PORT = 8000

class WebError(RuntimeError):
    """The server cannot start, in words for the player (port in use, extra missing)."""


def is_loopback(host: str) -> bool:
    """True for an address only this machine can reach (127.0.0.0/8, ::1, localhost)."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def is_any_address(host: str) -> bool:
    """True for 0.0.0.0 or ::, which listen on every address of the machine."""
    try:
        return ipaddress.ip_address(host.strip("[]")).is_unspecified
    except ValueError:
        return False


def own_names(host: str) -> frozenset[str]:
    """The names a request may give in its Host header: the one the server was asked to
    listen on (unless it is 0.0.0.0 or ::), localhost, and this machine's own name (with
    `.local`, as a home network's mDNS names it). Addresses are checked apart (see
    `refusal_for`): a name not here is another site's, pointed at this machine."""
    names = {"localhost", socket.gethostname().lower()}
    names.add(f"{socket.gethostname().lower()}.local")
    if not is_any_address(host):
        names.add(host.strip("[]").lower())
    names.discard("")
    return frozenset(names)


IN_USE_STATUS = 3
"""The game's exit status when another copy owns the data directory (a terminal game,
another server): the server then tells the tab so, for as long as it is open."""


def refusal_for(host: str | None, origin: str | None, *, websocket: bool,
                names: frozenset[str], reached: str | None = None) -> str | None:
    """Why a request naming `host` (its Host header) from a page of `origin` is refused, or
    None to answer it (see server.py's `_guard`).

    The Host must be one of `names`, a loopback address or `reached` (the address the
    request came in on). Any other name is DNS rebinding: another site's name made to
    point here, whose pages the browser would let play the game. A WebSocket must come
    from a page of the same origin, scheme included (browsers do not apply their
    same-origin rule to WebSockets)."""
    name = (urlsplit(f"//{host}").hostname or "") if host else ""
    if not host or not name:
        return "a request must name the host it asks for"
    if name not in names and not is_loopback(name) and (
            reached is None or not _same_address(name, reached)):
        return "colorcards serve answers only to its own names and addresses"
    if websocket and origin is not None and not _same_origin(origin, host):
        return "a page from another site may not play this game"
    return None


def _same_origin(origin: str, host: str) -> bool:
    """Whether a page of `origin` is this server's own, reached as `host`: the same name
    and port, and plain HTTP, which is all the server speaks (an https:// page of the
    same name and port is another origin, whatever answers there)."""
    parts = urlsplit(origin)
    return parts.scheme.lower() == "http" and parts.netloc.lower() == host.lower()


def _same_address(name: str, address: str) -> bool:
    try:
        return ipaddress.ip_address(name) == ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return False


def addresses_to_open(host: str, port: int) -> list[str]:
    """What a player can type into a browser to reach a server listening on `host`:
    for 0.0.0.0 or ::, this machine's loopback address and its name (other machines on
    the network reach it by that name or by one of its addresses), never 0.0.0.0."""
    def url(name: str) -> str:
        return f"http://[{name}]:{port}/" if ":" in name else f"http://{name}:{port}/"

    if not is_any_address(host):
        return [url(host.strip("[]"))]
    loopback = "::1" if ":" in host else LOOPBACK
    return [url(loopback), url(socket.gethostname())]


def check_address(host: str, port: int, *, network: bool) -> None:
    """ValueError unless the port is a port and the host is loopback or `network` (the
    player said --host) allows another."""
    if not 0 <= port <= 65535:
        raise ValueError(f"--port must be from 0 to 65535 (0: any free port), not {port}")
    if not network and not is_loopback(host):
        raise ValueError(f"{host} is reachable from other machines: say --host {host} "
                         f"to serve the game there (there is no login)")


PACKAGE_ROOT = Path(__file__).resolve().parents[2]
"""The folder that holds the colorcards package the server runs: each game imports it from
there (see `game_command`)."""
