"""Wyoming addresses: ``tcp://HOST:PORT``, the only kind we serve or dial."""

from __future__ import annotations

import ipaddress
import urllib.parse

from voice_assistant.errors import AssistantError


def address(uri: str) -> tuple[str, int]:
    """``tcp://HOST:PORT`` -> (host, port)."""
    parts = urllib.parse.urlsplit(uri)
    try:
        port = parts.port
    except ValueError:
        port = None
    if parts.scheme != "tcp" or not parts.hostname or port is None:
        raise AssistantError("bad-uri", f"{uri!r} is not a Wyoming address tcp://HOST:PORT")
    return parts.hostname, port


def loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def network(entry: str) -> ipaddress.IPv4Network | ipaddress.IPv6Network:
    """An allow-list entry: an address (``192.168.1.20``) or a network (``192.168.1.0/24``)."""
    try:
        return ipaddress.ip_network(entry, strict=False)
    except ValueError:
        raise AssistantError(
            "bad-uri", f"{entry!r} is not an address or a network (e.g. 192.168.1.0/24)"
        ) from None


def allowed(peer: str, allow: list[str]) -> bool:
    """Whether a peer may connect: this machine always; others when ``allow`` is empty or
    names them."""
    if loopback(peer) or not allow:
        return True
    try:
        address = ipaddress.ip_address(peer.split("%")[0])
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped:
        address = address.ipv4_mapped
    return any(address in network(entry) for entry in allow)
