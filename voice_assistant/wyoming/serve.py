"""Running the Wyoming server: the address, the models loaded once, the turn service's
worker, and a clean stop on SIGTERM/SIGINT.

Wyoming has no authentication: the server listens on 127.0.0.1 unless told otherwise,
and says loudly when it is told to listen beyond this machine.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import signal
import urllib.parse

from voice_assistant.config import Settings
from voice_assistant.engines import Engines
from voice_assistant.errors import AssistantError
from voice_assistant.turns import TurnService
from voice_assistant.wyoming.server import WyomingServer

log = logging.getLogger("voice_assistant.wyoming")


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


def serve(settings: Settings, uri: str) -> int:
    host, port = address(uri)
    engines = Engines(settings)
    engines.check_models(["stt", "llm", "tts"])
    service = TurnService(engines.pipeline(), name="worker").start()
    # the models load on the worker, first in its queue: `describe` is answered at once
    service.call(lambda: engines.preload(["stt", "llm", "tts"]))
    if not loopback(host):
        log.warning(
            "LISTENING BEYOND THIS MACHINE on %s: Wyoming has no authentication, so anyone "
            "who can reach this port can ask about your notes; use it only on a network you "
            "trust",
            host,
        )

    async def main() -> None:
        server = await WyomingServer(engines, service).start(host, port)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, stop.set)
        log.info("wyoming server on tcp://%s:%d (asr, tts, handle)", host, port)
        async with server:
            await stop.wait()

    try:
        asyncio.run(main())
    finally:
        service.close(timeout=10)
    log.info("stopped")
    return 0
