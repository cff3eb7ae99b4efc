"""Wyoming events on the wire, read with limits: a JSON header line, then ``data_length``
bytes of JSON merged into its ``data``, then ``payload_length`` raw bytes (audio).

The protocol has no authentication, so a peer may send anything: a header, its data and
its payload are capped, and what is not an event is a ``WireError`` (the connection is
answered with an ``error`` event and closed), never a traceback.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, BinaryIO

from wyoming.event import Event, async_write_event

from voice_assistant.errors import AssistantError

MAX_HEADER = 64 * 1024
"""Bytes of one header line (the stream reader's own limit)."""
MAX_DATA = 256 * 1024
MAX_PAYLOAD = 1024 * 1024
"""Bytes of one event's payload: 32 s of 16 kHz 16-bit audio; chunks are far smaller."""


class WireError(AssistantError):
    """What a peer sent is not a Wyoming event we take."""

    stage = "wyoming"


def _length(header: dict[str, Any], key: str, cap: int) -> int:
    value = header.get(key) or 0
    if not isinstance(value, int) or value < 0:
        raise WireError("bad-event", f"{key} must be a whole number of bytes")
    if value > cap:
        raise WireError("event-too-large", f"{key} of {value} bytes is over the {cap}-byte limit")
    return value


def parse_header(line: bytes) -> tuple[str, dict[str, Any], int, int]:
    """A header line -> (type, data, data_length, payload_length), checked and capped."""
    try:
        header = json.loads(line)
    except ValueError as exc:
        raise WireError("bad-event", "an event header is not JSON") from exc
    if not isinstance(header, dict) or not isinstance(header.get("type"), str):
        raise WireError("bad-event", "an event header is a JSON object with a type")
    data = header.get("data") or {}
    if not isinstance(data, dict):
        raise WireError("bad-event", "an event's data is a JSON object")
    data_length = _length(header, "data_length", MAX_DATA)
    payload_length = _length(header, "payload_length", MAX_PAYLOAD)
    return header["type"], data, data_length, payload_length


def merge_data(data: dict[str, Any], raw: bytes) -> None:
    """The data block's JSON object, merged over the header's ``data``."""
    try:
        more = json.loads(raw)
    except ValueError as exc:
        raise WireError("bad-event", "an event's data is not JSON") from exc
    if not isinstance(more, dict):
        raise WireError("bad-event", "an event's data is a JSON object")
    data.update(more)


async def read_event(reader: asyncio.StreamReader) -> Event | None:
    """The next event, or None when the peer closed the connection."""
    try:
        line = await reader.readuntil(b"\n")
    except asyncio.IncompleteReadError as exc:
        if exc.partial.strip():
            raise WireError("bad-event", "the connection closed inside an event") from exc
        return None
    except asyncio.LimitOverrunError as exc:
        raise WireError(
            "event-too-large", f"an event header is over the {MAX_HEADER}-byte limit"
        ) from exc
    kind, data, data_length, payload_length = parse_header(line)
    try:
        if data_length:
            merge_data(data, await reader.readexactly(data_length))
        payload = await reader.readexactly(payload_length) if payload_length else None
    except asyncio.IncompleteReadError as exc:
        raise WireError("bad-event", "the connection closed inside an event") from exc
    return Event(type=kind, data=data, payload=payload)


def read_event_blocking(file: BinaryIO) -> Event | None:
    """``read_event`` for a blocking socket file (the remote engines run on the worker)."""
    line = file.readline(MAX_HEADER + 1)
    if not line.strip():
        if line:
            raise WireError("bad-event", "an event header is empty")
        return None
    if not line.endswith(b"\n"):
        if len(line) > MAX_HEADER:
            raise WireError(
                "event-too-large", f"an event header is over the {MAX_HEADER}-byte limit"
            )
        raise WireError("bad-event", "the connection closed inside an event")
    kind, data, data_length, payload_length = parse_header(line)
    if data_length:
        merge_data(data, _exactly(file, data_length))
    payload = _exactly(file, payload_length) if payload_length else None
    return Event(type=kind, data=data, payload=payload)


def _exactly(file: BinaryIO, n: int) -> bytes:
    raw = file.read(n)
    if len(raw) < n:
        raise WireError("bad-event", "the connection closed inside an event")
    return raw


async def write_event(writer: asyncio.StreamWriter, event: Event) -> None:
    await async_write_event(event, writer)
