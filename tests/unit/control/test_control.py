"""The control socket: real Unix socket, mode 0600, JSON lines, bad requests refused."""

import json
import socket
import stat

import pytest

from voice_assistant.cli.entry import main
from voice_assistant.daemon.control_socket import MAX_REQUEST, ControlError, ControlServer, request


class Recorder:
    def __init__(self):
        self.calls = []

    def status(self):
        return {"state": "idle", "device": "default"}

    def ptt(self, action):
        self.calls.append(("ptt", action))
        return {"listening": action != "stop"}

    def say(self, text):
        self.calls.append(("say", text))
        return {}

    def stop(self):
        self.calls.append(("stop",))
        return {}


@pytest.fixture
def server(tmp_path):
    handler = Recorder()
    srv = ControlServer(tmp_path / "run" / "voice-assistant.sock", handler).start()
    yield srv, handler
    srv.close()


def test_the_socket_is_private_to_the_user(server):
    srv, _ = server
    mode = stat.S_IMODE(srv.path.stat().st_mode)
    assert mode == 0o600 and srv.path.is_socket()


def test_requests_reach_the_handler(server):
    srv, handler = server
    assert request({"cmd": "status"}, srv.path) == {
        "ok": True,
        "state": "idle",
        "device": "default",
    }
    assert request({"cmd": "ptt", "action": "toggle"}, srv.path)["listening"] is True
    assert request({"cmd": "say", "text": " Hello there. "}, srv.path) == {"ok": True}
    assert request({"cmd": "stop"}, srv.path)["ok"]
    assert handler.calls == [("ptt", "toggle"), ("say", "Hello there."), ("stop",)]


@pytest.mark.parametrize(
    ("message", "error"),
    [
        ({"cmd": "ptt", "action": "hold"}, "ptt action must be one of start, stop, toggle"),
        ({"cmd": "say", "text": ""}, "say needs a non-empty text"),
        ({"cmd": "reboot"}, "unknown command 'reboot'"),
        (["status"], "a request is a JSON object"),
    ],
)
def test_bad_requests_are_refused_and_never_reach_the_handler(server, message, error):
    srv, handler = server
    assert request(message, srv.path) == {"ok": False, "error": error}
    assert handler.calls == []


def test_garbage_and_oversized_requests(server):
    srv, handler = server
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn:
        conn.connect(str(srv.path))
        conn.sendall(b"\xff\xfe garbage\n")
        reader = conn.makefile("rb")
        assert json.loads(reader.readline()) == {"ok": False, "error": "not a JSON request"}
        conn.sendall(b"x" * (MAX_REQUEST + 10) + b"\n")
        assert json.loads(reader.readline())["error"] == "request too large"
    assert request({"cmd": "status"}, srv.path)["ok"]  # the server is still serving
    assert handler.calls == []


def test_a_second_server_on_the_same_socket_is_refused_and_a_stale_one_replaced(tmp_path):
    path = tmp_path / "voice-assistant.sock"
    first = ControlServer(path, Recorder()).start()
    with pytest.raises(ControlError, match="already listens"):
        ControlServer(path, Recorder())
    first.close()
    stale = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    stale.bind(str(path))  # a socket file left by a daemon that died
    stale.close()
    ControlServer(path, Recorder()).close()


def test_the_cli_says_when_no_daemon_runs(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    assert main(["status"]) == 2
    assert "no daemon listens" in capsys.readouterr().err
