"""Safety on the network: the allow-list (this machine always; others only when listed),
what a peer cannot reach (the control socket's commands), and zeroconf only when asked
for. Real sockets and a real mDNS responder; fake engines (no model is needed)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from wyoming.event import Event, async_read_event, async_write_event
from wyoming.info import Describe
from wyoming.ping import Ping

from tests.fakes import fake_assembly
from tests.loop_thread import loop_thread, port_of
from voice_assistant.config import Settings
from voice_assistant.rooms.service import TurnService
from voice_assistant.tts.fake import FakeTTS
from voice_assistant.wyoming.uri import allowed
from voice_assistant.wyoming_server.announce import SERVICE, lan_address
from voice_assistant.wyoming_server.serve import name, start
from voice_assistant.wyoming_server.server import WyomingServer


def test_this_machine_is_always_allowed_and_others_only_when_listed():
    assert allowed("127.0.0.1", ["192.168.1.0/24"]) and allowed("::1", ["10.0.0.1"])
    assert allowed("192.168.1.7", []) and allowed("192.168.1.7", ["192.168.1.0/24"])
    assert allowed("::ffff:192.168.1.7", ["192.168.1.0/24"])
    assert not allowed("192.168.2.7", ["192.168.1.0/24", "10.0.0.5"])
    assert allowed("10.0.0.5", ["192.168.1.0/24", "10.0.0.5"])
    assert not allowed("", ["10.0.0.5"])


def test_an_allow_list_entry_must_be_an_address_or_a_network():
    with pytest.raises(ValueError, match="not an address or a network"):
        Settings.model_validate({"wyoming": {"allow": ["kitchen.local"]}})
    assert Settings.model_validate({"wyoming": {"allow": ["fd00::/64"]}}).wyoming.allow


@contextmanager
def running(settings: Settings, host: str, tts: FakeTTS | None = None) -> Iterator[tuple]:
    """Our server (fake engines) on a free port of ``host``, with its announcement."""
    assistant = fake_assembly(settings, tts=tts)
    service = TurnService(assistant).start()
    try:
        with loop_thread() as loop:
            server = WyomingServer(service)
            listener, announced = loop.run(start(server, host, 0))
            loop.servers.append(listener)
            try:
                yield port_of(listener), announced
            finally:
                if announced is not None:
                    loop.run(announced.close())
    finally:
        assert service.close(timeout=10)


def exchange(host: str, port: int, events: list[Event], timeout: float = 5) -> list[Event]:
    """Send ``events``, then read until the connection closes or ``timeout`` passes."""

    async def talk() -> list[Event]:
        reader, writer = await asyncio.open_connection(host, port)
        for event in events:
            await async_write_event(event, writer)
        got: list[Event] = []
        try:
            async with asyncio.timeout(timeout):
                while (received := await async_read_event(reader)) is not None:
                    got.append(received)
                    if received.type in ("info", "pong"):
                        break
        except (TimeoutError, ConnectionError):  # a refused peer may see a reset
            pass
        writer.close()
        return got

    return asyncio.run(talk())


def test_a_peer_not_in_the_allow_list_is_refused_and_this_machine_is_served():
    lan = lan_address()
    if not lan:
        pytest.skip("this machine has no network interface besides loopback")
    settings = Settings.model_validate({"wyoming": {"allow": ["198.51.100.7"]}})
    with running(settings, "0.0.0.0") as (port, _):
        assert [e.type for e in exchange("127.0.0.1", port, [Describe().event()])] == ["info"]
        assert exchange(lan, port, [Describe().event()]) == []  # closed without a word
    with running(Settings.model_validate({"wyoming": {"allow": [lan]}}), "0.0.0.0") as (port, _):
        assert [e.type for e in exchange(lan, port, [Describe().event()])] == ["info"]


def test_a_peer_cannot_reach_the_control_commands():
    tts = FakeTTS()
    with running(Settings(), "127.0.0.1", tts) as (port, _):
        commands = [
            Event("say", {"text": "Intruder"}),
            Event("stop"),
            Event("ptt", {"action": "start"}),
            Event("status"),
            Event("reload"),
        ]
        got = exchange("127.0.0.1", port, [*commands, Ping(text="still here").event()])
    assert [e.type for e in got] == ["pong"] and got[0].data["text"] == "still here"
    assert tts.spoken == []


def resolves(service_name: str, within_ms: int) -> int | None:
    """The port ``service_name`` is announced with on the network, or None."""
    from zeroconf.asyncio import AsyncServiceInfo, AsyncZeroconf

    async def look() -> int | None:
        zeroconf = AsyncZeroconf()
        try:
            info = AsyncServiceInfo(SERVICE, f"{service_name}.{SERVICE}")
            found = await info.async_request(zeroconf.zeroconf, within_ms)
            return info.port if found else None
        finally:
            await zeroconf.async_close()

    return asyncio.run(look())


def test_zeroconf_announces_the_server_only_when_asked():
    if not lan_address():
        pytest.skip("this machine has no network interface for mDNS")
    with running(Settings(), "0.0.0.0") as (port, announced):
        assert announced is None
        assert resolves(name(), 1500) is None
    with running(Settings.model_validate({"wyoming": {"zeroconf": True}}), "0.0.0.0") as (
        port,
        announced,
    ):
        assert announced is not None
        assert resolves(name(), 5000) == port
    with running(Settings.model_validate({"wyoming": {"zeroconf": True}}), "127.0.0.1") as (
        _,
        announced,
    ):
        assert announced is None  # only this machine could connect: nothing to announce
