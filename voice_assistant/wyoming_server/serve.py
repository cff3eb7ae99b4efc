"""Running the Wyoming server: the address, the models loaded once, the turn service's
worker, and a clean stop on SIGTERM/SIGINT.

Wyoming has no authentication: the server listens on 127.0.0.1 unless told otherwise,
says loudly when it is told to listen beyond this machine, takes only the peers in
``wyoming.allow`` when that is set, and is announced on the network (zeroconf) only when
``wyoming.zeroconf`` asks for it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import socket
import threading

from voice_assistant.assembly import assemble
from voice_assistant.config import Settings
from voice_assistant.rooms.log import TurnLog
from voice_assistant.rooms.service import TurnService, abandon
from voice_assistant.wyoming.uri import address, loopback
from voice_assistant.wyoming_server.announce import Announcement, announce
from voice_assistant.wyoming_server.server import WyomingServer

log = logging.getLogger("voice_assistant.wyoming")


def warn_if_open(host: str, allow: list[str]) -> None:
    if loopback(host):
        return
    who = f"the peers in wyoming.allow ({', '.join(allow)})" if allow else "anyone"
    log.warning(
        "LISTENING BEYOND THIS MACHINE on %s: Wyoming has no authentication, so %s who can "
        "reach this port can ask about your notes; use it only on a network you trust",
        host,
        who,
    )


def name() -> str:
    """The name the server is announced as (zeroconf)."""
    return f"voice-assistant-{socket.gethostname().split('.')[0]}"


async def start(
    server: WyomingServer, host: str, port: int
) -> tuple[asyncio.Server, Announcement | None]:
    """The listening socket, and the announcement when ``wyoming.zeroconf`` asks for one."""
    network = server.settings.wyoming
    warn_if_open(host, network.allow)
    listener = await server.start(host, port)
    port = int(listener.sockets[0].getsockname()[1])  # the one given, or the free one taken
    log.info("wyoming server on tcp://%s:%d (asr, tts, handle)", host, port)
    if not network.zeroconf:
        return listener, None
    try:
        return listener, await announce(host, port, name())
    except BaseException:
        listener.close()
        raise


class Beside:
    """The server in a thread of its own (``run --wyoming``), its model calls on the
    daemon's worker."""

    def __init__(self, service: TurnService, uri: str) -> None:
        host, port = address(uri)
        self.server = WyomingServer(service)
        self.loop = asyncio.new_event_loop()
        self.listener, self.announced = self.loop.run_until_complete(start(self.server, host, port))
        self.thread = threading.Thread(target=self.loop.run_forever, name="wyoming", daemon=True)
        self.thread.start()

    def stop(self) -> None:
        """Withdraw the announcement, stop listening, end the connections, then the loop."""
        with contextlib.suppress(Exception):  # stopping: what fails now is not worth a trace
            asyncio.run_coroutine_threadsafe(self._close(), self.loop).result(timeout=10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=5)
        if not self.thread.is_alive():
            self.loop.close()

    async def _close(self) -> None:
        if self.announced is not None:
            await self.announced.close()
        self.listener.close()
        connections = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for task in connections:
            task.cancel()
        await asyncio.gather(*connections, return_exceptions=True)


def serve(settings: Settings, uri: str) -> int:
    host, port = address(uri)
    assembly = assemble(settings)
    assembly.engines.check_models(["stt", "llm", "tts"])
    service = TurnService(assembly, name="worker", log=TurnLog()).start()
    # the models load on the worker, first in its queue: `describe` is answered at once
    service.call(lambda now: now.preload(["stt", "llm", "tts"]))

    async def main() -> None:
        listener, announced = await start(WyomingServer(service), host, port)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, stop.set)
        async with listener:
            await stop.wait()
        if announced is not None:
            await announced.close()

    try:
        asyncio.run(main())
    finally:
        finished = service.close(timeout=10)
    if not finished:
        abandon(log, "the job in progress (loading the models or a turn)")
    log.info("stopped")
    return 0
