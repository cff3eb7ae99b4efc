"""Who a satellite says it is: its area, else its name, from its answer to ``describe``."""

from __future__ import annotations

import asyncio

from wyoming.info import Info

from voice_assistant.wyoming.wire import read_event

DESCRIBE_S = 5.0


async def named(reader: asyncio.StreamReader) -> str:
    """The satellite's area or name from its ``info`` ('' when it says none in time)."""
    try:
        async with asyncio.timeout(DESCRIBE_S):
            while (event := await read_event(reader)) is not None:
                if Info.is_type(event.type):
                    satellite = Info.from_event(event).satellite
                    return (satellite.area or satellite.name) if satellite else ""
    except TimeoutError:
        pass
    return ""
