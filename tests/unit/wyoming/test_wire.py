"""Wyoming events read with limits: what a peer sends is an event or a clear error."""

import asyncio
import io
import json

import pytest

from voice_assistant.errors import AssistantError
from voice_assistant.wyoming.uri import address, loopback
from voice_assistant.wyoming.wire import (
    MAX_HEADER,
    MAX_PAYLOAD,
    WireError,
    read_event,
    read_event_blocking,
)


def read_async(data: bytes):
    async def go():
        reader = asyncio.StreamReader(limit=MAX_HEADER)
        reader.feed_data(data)
        reader.feed_eof()
        return await read_event(reader)

    return asyncio.run(go())


def read_blocking(data: bytes):
    return read_event_blocking(io.BytesIO(data))


@pytest.fixture(params=[read_async, read_blocking], ids=["async", "blocking"])
def read(request):
    """The server's reader and the remote engines' blocking one take the same events."""
    return request.param


def test_an_event_with_data_and_payload_is_read_whole(read):
    data = json.dumps({"width": 2, "channels": 1}).encode()
    header = {
        "type": "audio-chunk",
        "data": {"rate": 16000},
        "data_length": len(data),
        "payload_length": 4,
    }
    event = read(json.dumps(header).encode() + b"\n" + data + b"\x01\x02\x03\x04")
    assert event.type == "audio-chunk"
    assert event.data == {"rate": 16000, "width": 2, "channels": 1}
    assert event.payload == b"\x01\x02\x03\x04"


def test_a_closed_connection_is_no_event(read):
    assert read(b"") is None


@pytest.mark.parametrize(
    ("data", "code", "words"),
    [
        (b"not json\n", "bad-event", "not JSON"),
        (b'["a list"]\n', "bad-event", "a JSON object with a type"),
        (b'{"type": 3}\n', "bad-event", "a JSON object with a type"),
        (b'{"type": "x", "data": [1]}\n', "bad-event", "data is a JSON object"),
        (b'{"type": "x", "payload_length": -1}\n', "bad-event", "whole number"),
        (b'{"type": "x", "payload_length": 8}\n1234', "bad-event", "closed inside an event"),
        (b'{"type": "x", "data_length": 3}\n[1]', "bad-event", "data is a JSON object"),
        (
            json.dumps({"type": "x", "payload_length": MAX_PAYLOAD + 1}).encode() + b"\n",
            "event-too-large",
            "over the",
        ),
        (b"x" * (MAX_HEADER + 10), "event-too-large", "header is over"),
        (b'{"type": "x"', "bad-event", "closed inside an event"),
    ],
)
def test_what_is_not_an_event_is_a_clear_error(read, data, code, words):
    with pytest.raises(WireError) as caught:
        read(data)
    assert caught.value.code == code and words in caught.value.message


def test_the_address_is_tcp_host_port_and_loopback_is_known():
    assert address("tcp://127.0.0.1:10700") == ("127.0.0.1", 10700)
    for bad in ("tcp://127.0.0.1", "unix:///tmp/x", "127.0.0.1:10700", "tcp://h:port"):
        with pytest.raises(AssistantError) as caught:
            address(bad)
        assert caught.value.code == "bad-uri"
    assert loopback("127.0.0.1") and loopback("::1") and loopback("localhost")
    assert not loopback("0.0.0.0") and not loopback("192.168.1.5")
