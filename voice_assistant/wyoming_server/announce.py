"""Zeroconf (mDNS) discovery of the server, only when asked for (``wyoming.zeroconf``):
Home Assistant then finds it as ``<name>._wyoming._tcp.local.`` without being told the
address. Off by default: announcing tells the whole network the assistant is here.
"""

from __future__ import annotations

import logging
import socket
from typing import Any

from voice_assistant.errors import AssistantError
from voice_assistant.wyoming.uri import loopback

log = logging.getLogger("voice_assistant.wyoming")
SERVICE = "_wyoming._tcp.local."
MDNS_GROUP = "224.0.0.251"


def lan_address() -> str:
    """This machine's address on the network mDNS goes out on ('' when there is none)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect((MDNS_GROUP, 1))  # picks the route; sends nothing
        except OSError:
            return ""
        return str(probe.getsockname()[0])


class Announcement:
    """The server announced as ``name`` on ``port``; ``close`` withdraws it."""

    def __init__(self, zeroconf: Any, info: Any) -> None:
        self.zeroconf = zeroconf
        self.info = info

    async def close(self) -> None:
        await self.zeroconf.async_unregister_service(self.info)
        await self.zeroconf.async_close()


async def announce(host: str, port: int, name: str) -> Announcement | None:
    """Announce the server listening on ``host``:``port``; None when it listens only on
    this machine (no one else could connect)."""
    if loopback(host):
        log.warning("wyoming.zeroconf is on but the server listens on %s only: not announced", host)
        return None
    try:
        from zeroconf.asyncio import AsyncServiceInfo, AsyncZeroconf
    except ImportError:
        raise AssistantError(
            "no-zeroconf",
            "wyoming.zeroconf needs the zeroconf package: pip install 'voice-assistant[zeroconf]'",
        ) from None
    address = host if host not in ("0.0.0.0", "::", "") else lan_address()
    if not address or ":" in address:
        log.warning("wyoming.zeroconf: no IPv4 network address to announce")
        return None
    zeroconf = AsyncZeroconf()
    info = AsyncServiceInfo(
        SERVICE, f"{name}.{SERVICE}", addresses=[socket.inet_aton(address)], port=port
    )
    await zeroconf.async_register_service(info)
    log.info("announced as %s.%s at %s:%d", name, SERVICE, address, port)
    return Announcement(zeroconf, info)
