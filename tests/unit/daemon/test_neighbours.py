"""What runs beside the daemon (the Wyoming server, the satellites) follows a reload: the
engines of the new configuration from then on."""

from __future__ import annotations

import asyncio

from wyoming.client import AsyncTcpClient
from wyoming.info import Describe, Info

from tests.fakes import fake_assistant
from voice_assistant.config import Settings
from voice_assistant.daemon import Daemon
from voice_assistant.pipeline.speak import RecordingSink
from voice_assistant.rooms.service import TurnService
from voice_assistant.wyoming_server.serve import Beside


class Follower:
    def __init__(self) -> None:
        self.engines: list[object] = []
        self.stopped = False

    def use(self, engines: object) -> None:
        self.engines.append(engines)

    def stop(self) -> None:
        self.stopped = True


def test_a_reload_hands_the_new_engines_to_what_runs_beside():
    daemon = Daemon(fake_assistant(Settings()), listen_mode="ptt", sink=RecordingSink())
    follower = Follower()
    daemon.beside.append(follower)
    again = fake_assistant(Settings())
    daemon.use(again)
    assert follower.engines == [again] and daemon.assistant is again


def described(port: int) -> Info:
    """What the server says it is, asked over the wire."""

    async def ask() -> Info:
        async with AsyncTcpClient("127.0.0.1", port) as client:
            await client.write_event(Describe().event())
            event = await asyncio.wait_for(client.read_event(), 5)
            assert event is not None
            return Info.from_event(event)

    return asyncio.run(ask())


def test_the_wyoming_server_beside_the_daemon_describes_the_reloaded_configuration():
    first = fake_assistant(Settings())
    service = TurnService(first.pipeline()).start()
    beside = Beside(first.engines, service, "tcp://127.0.0.1:0")
    try:
        port = beside.listener.sockets[0].getsockname()[1]
        assert described(port).asr[0].models[0].name == "whisper-base"
        reloaded = Settings.model_validate({"models": {"stt": "whisper-tiny.en"}})
        beside.use(fake_assistant(reloaded))
        assert described(port).asr[0].models[0].name == "whisper-tiny.en"
    finally:
        beside.stop()
        assert service.close(timeout=10)
