"""Running the Wyoming server: the address, the models loaded once, the turn service's
worker, and a clean stop on SIGTERM/SIGINT.

Wyoming has no authentication: the server listens on 127.0.0.1 unless told otherwise,
and says loudly when it is told to listen beyond this machine.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import threading
from collections.abc import Callable

from voice_assistant.config import Settings
from voice_assistant.engines import Engines
from voice_assistant.turns import TurnService
from voice_assistant.wyoming.server import WyomingServer
from voice_assistant.wyoming.uri import address, loopback

log = logging.getLogger("voice_assistant.wyoming")


def warn_if_open(host: str) -> None:
    if not loopback(host):
        log.warning(
            "LISTENING BEYOND THIS MACHINE on %s: Wyoming has no authentication, so anyone "
            "who can reach this port can ask about your notes; use it only on a network you "
            "trust",
            host,
        )


def beside(engines: Engines, service: TurnService, uri: str) -> Callable[[], None]:
    """The server in a thread of its own (``run --wyoming``), its model calls on
    ``service``'s worker; returns what stops it."""
    host, port = address(uri)
    warn_if_open(host)
    loop = asyncio.new_event_loop()
    server = loop.run_until_complete(WyomingServer(engines, service).start(host, port))
    thread = threading.Thread(target=loop.run_forever, name="wyoming", daemon=True)
    thread.start()
    log.info("wyoming server on tcp://%s:%d (asr, tts, handle)", host, port)

    def stop() -> None:
        loop.call_soon_threadsafe(server.close)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(timeout=5)

    return stop


def serve(settings: Settings, uri: str) -> int:
    host, port = address(uri)
    engines = Engines(settings)
    engines.check_models(["stt", "llm", "tts"])
    service = TurnService(engines.pipeline(), name="worker").start()
    # the models load on the worker, first in its queue: `describe` is answered at once
    service.call(lambda: engines.preload(["stt", "llm", "tts"]))
    warn_if_open(host)

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
