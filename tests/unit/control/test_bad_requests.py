"""Bad requests on the control socket: the real server on a tmp socket, a recording
handler; every bad message is refused and the server serves on."""

from __future__ import annotations

import json
import socket
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from voice_assistant.daemon import control_socket as control
from voice_assistant.daemon.control_socket import MAX_REQUEST, ControlError, ControlServer, request


class Recorder:
    def __init__(self) -> None:
        self.calls: list[tuple[str, ...]] = []

    def status(self) -> dict[str, Any]:
        return {"state": "idle"}

    def ptt(self, action: str) -> dict[str, Any]:
        self.calls.append(("ptt", action))
        return {}

    def say(self, text: str) -> dict[str, Any]:
        self.calls.append(("say", text))
        return {}

    def stop(self) -> dict[str, Any]:
        self.calls.append(("stop",))
        return {}


@pytest.fixture
def server(tmp_path, monkeypatch):
    """The real server; ``errors`` collects what would be a traceback on its stderr."""
    errors: list[BaseException | None] = []
    monkeypatch.setattr(
        ControlServer, "handle_error", lambda self, req, addr: errors.append(sys.exc_info()[1])
    )
    handler = Recorder()
    srv = ControlServer(tmp_path / "run" / "voice-assistant.sock", handler).start()
    yield srv, handler, errors
    srv.close()


def exchange(path: Path, data: bytes, half_close: bool, expected: list[Any]) -> list[Any]:
    """Send raw bytes; read as many reply lines as expected, then whether it was closed."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn:
        conn.settimeout(5)
        conn.connect(str(path))
        conn.sendall(data)
        if half_close:
            conn.shutdown(socket.SHUT_WR)
        reader = conn.makefile("rb")
        got: list[Any] = [json.loads(reader.readline()) for x in expected if x != "closed"]
        if "closed" in expected:
            got.append("closed" if reader.readline() == b"" else "still open")
        return got


def refused(error: str) -> dict[str, Any]:
    return {"ok": False, "error": error}


NOT_JSON = refused("not a JSON request")


TOO_LARGE = refused("request too large")


NOT_OBJECT = refused("a request is a JSON object")


TOO_DEEP = refused("request nested too deeply")


STATUS = {"ok": True, "state": "idle"}


SOCKET_MESSAGES: dict[str, tuple[bytes, bool, list[Any]]] = {
    # name -> (bytes sent, half-close after, what comes back: replies, then "closed"?)
    "garbage": (b"\xff\xfe\x00garbage\x80\n", False, [NOT_JSON]),
    "nul-bytes": (b"\x00\x00\x00\n", False, [NOT_JSON]),
    "oversized": (b"x" * (MAX_REQUEST + 10) + b"\n", False, [TOO_LARGE, "closed"]),
    "oversized-no-newline": (b"{" * (MAX_REQUEST + 10), False, [TOO_LARGE, "closed"]),
    "half-closed-partial": (b'{"cmd": "sta', True, [NOT_JSON, "closed"]),
    "half-closed-whole": (b'{"cmd": "status"}', True, [STATUS, "closed"]),
    "half-closed-nothing": (b"", True, ["closed"]),
    "empty-line": (b"\n", False, [refused("empty request")]),
    "blank-line": (b"  \t\r\n", False, [refused("empty request")]),
    "json-array": (b'["status"]\n', False, [NOT_OBJECT]),
    "json-string": (b'"status"\n', False, [NOT_OBJECT]),
    "deeply-nested": (b"[" * 60_000 + b"\n", False, [TOO_DEEP]),
    "deeply-nested-object": (b'{"cmd": ' + b'{"a": ' * 10_000 + b"\n", False, [TOO_DEEP]),
    "cmd-not-a-string": (b'{"cmd": 5}\n', False, [refused("unknown command 5")]),
    "say-not-a-string": (
        b'{"cmd": "say", "text": ["hi"]}\n',
        False,
        [refused("say needs a non-empty text")],
    ),
    "ptt-null": (
        b'{"cmd": "ptt", "action": null}\n',
        False,
        [refused("ptt action must be one of start, stop, toggle")],
    ),
    "two-bad-then-good": (b'nope\n[]\n{"cmd": "status"}\n', False, [NOT_JSON, NOT_OBJECT, STATUS]),
}


@pytest.mark.parametrize("name", sorted(SOCKET_MESSAGES))
def test_bad_socket_messages_are_refused_and_the_server_serves_on(server, name):
    srv, handler, errors = server
    data, half_close, expected = SOCKET_MESSAGES[name]
    assert exchange(srv.path, data, half_close, expected) == expected
    assert request({"cmd": "status"}, srv.path) == STATUS
    assert handler.calls == [] and errors == []


def test_a_client_that_leaves_before_its_reply_is_dropped_quietly(server):
    srv, _handler, errors = server
    for _ in range(20):
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn:
            conn.connect(str(srv.path))
            conn.sendall(b'{"cmd": "status"}\n' * 50)
    time.sleep(0.2)
    assert request({"cmd": "status"}, srv.path)["ok"]
    assert errors == []


def test_a_silent_client_is_dropped_after_the_idle_timeout(server, monkeypatch):
    srv, _handler, errors = server
    monkeypatch.setattr(control._Connection, "timeout", 0.3)
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as idle:
        idle.connect(str(srv.path))
        idle.sendall(b'{"cmd": "sta')  # a partial line, and then nothing
        idle.settimeout(5)
        assert idle.recv(100) == b""  # the server closed it
    assert request({"cmd": "status"}, srv.path)["ok"] and errors == []


def test_the_client_explains_a_daemon_that_answers_nothing_or_garbage(tmp_path):
    path = tmp_path / "fake.sock"
    replies = iter([b"", b"\xff garbage\n", b"[1, 2]\n"])
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as listener:
        listener.bind(str(path))
        listener.listen()

        def serve() -> None:
            for reply in replies:
                conn, _ = listener.accept()
                with conn:
                    conn.recv(1024)
                    conn.sendall(reply)

        thread = threading.Thread(target=serve, daemon=True)
        thread.start()
        for words in [
            "closed the connection unanswered",
            "replied with no JSON$",
            "no JSON object",
        ]:
            with pytest.raises(ControlError, match=words) as caught:
                request({"cmd": "status"}, path, timeout=5)
            assert caught.value.code == "bad-reply"
        thread.join(5)
