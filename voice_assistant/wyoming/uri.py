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
