"""An asyncio event loop in a thread of its own, for tests that run servers (ours, or
scripted peers) while the test itself talks to them with blocking code."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

T = TypeVar("T")


class LoopThread:
    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.servers: list[asyncio.Server] = []

    def run(self, coroutine: Coroutine[Any, Any, T], timeout: float = 60) -> T:
        """Run ``coroutine`` on the loop; its result."""
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def server(self, started: Coroutine[Any, Any, asyncio.Server]) -> asyncio.Server:
        """A server started on the loop, closed when the loop stops."""
        server = self.run(started)
        self.servers.append(server)
        return server

    async def _shutdown(self) -> None:
        for server in self.servers:
            server.close()
        others = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for task in others:
            task.cancel()
        await asyncio.gather(*others, return_exceptions=True)


def port_of(server: asyncio.Server) -> int:
    return int(server.sockets[0].getsockname()[1])


@contextmanager
def loop_thread() -> Iterator[LoopThread]:
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, name="test-loop", daemon=True)
    thread.start()
    running = LoopThread(loop)
    try:
        yield running
    finally:
        running.run(running._shutdown(), timeout=30)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
        loop.close()
