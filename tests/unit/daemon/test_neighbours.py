"""A reload is one new assembly, in force from the worker's next job: the daemon's turns
and jobs, and what runs beside it (the Wyoming server, the satellites), all run on it; a
bad configuration keeps the running one."""

from __future__ import annotations

import asyncio

from wyoming.client import AsyncTcpClient
from wyoming.info import Describe, Info

from tests.fakes import fake_assembly
from voice_assistant.config import Settings
from voice_assistant.daemon import Daemon
from voice_assistant.errors import AssistantError
from voice_assistant.pipeline.speak import RecordingSink
from voice_assistant.rooms.service import TurnService
from voice_assistant.satellite.hub import Satellites
from voice_assistant.wyoming_server.serve import Beside


def with_fake_engines(settings: Settings) -> Settings:
    """Settings whose engines need no model files (the reload assembles them for real)."""
    settings.stt.backend = settings.tts.backend = settings.llm.backend = "fake"
    return settings


def test_a_reload_is_in_force_for_every_job_and_room_from_the_workers_next_job():
    reloaded = with_fake_engines(Settings())
    reloaded.alarms.ring_for_s = 7.0
    daemon = Daemon(
        fake_assembly(Settings()),
        listen_mode="ptt",
        sink=RecordingSink(),
        reload_settings=lambda: reloaded,
    )
    running = daemon.worker.assembly
    satellites = Satellites(daemon.worker, [])
    daemon.worker.start()
    try:
        assert satellites.settings() is running.settings
        assert daemon.reload() is not None
        in_force = daemon.worker.call(lambda now: now).result(5)
        assert in_force is not running and in_force.settings is reloaded
        assert daemon.settings is reloaded and satellites.settings() is reloaded
        assert daemon.worker.settings.alarms.ring_for_s == 7.0
    finally:
        assert daemon.worker.close(timeout=10)


def test_a_bad_configuration_keeps_the_running_one():
    def broken() -> Settings:
        raise AssistantError("bad-toml", "config.toml: line 3: expected a value")

    daemon = Daemon(
        fake_assembly(Settings()), listen_mode="ptt", sink=RecordingSink(), reload_settings=broken
    )
    running = daemon.worker.assembly
    daemon.worker.start()
    try:
        assert daemon.reload() is None
        assert daemon.worker.call(lambda now: now).result(5) is running
    finally:
        assert daemon.worker.close(timeout=10)


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
    service = TurnService(fake_assembly(Settings())).start()
    beside = Beside(service, "tcp://127.0.0.1:0")
    try:
        port = beside.listener.sockets[0].getsockname()[1]
        assert described(port).asr[0].models[0].name == "whisper-base"
        reloaded = Settings.model_validate({"models": {"stt": "whisper-tiny.en"}})
        service.reassemble(fake_assembly(reloaded)).result(5)
        assert described(port).asr[0].models[0].name == "whisper-tiny.en"
    finally:
        beside.stop()
        assert service.close(timeout=10)
