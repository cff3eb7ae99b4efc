"""The daemon's control socket: a Unix socket private to the user (mode 0600), one JSON
request per line, one JSON reply per line. No network port is ever opened.

Requests: ``{"cmd": "status"}``, ``{"cmd": "ptt", "action": "start|stop|toggle"}``,
``{"cmd": "say", "text": "..."}``, ``{"cmd": "stop"}``. The daemon supplies a ``Handler``;
bad requests get ``{"ok": false, "error": ...}`` and never reach it. A request over
``MAX_REQUEST`` bytes is answered and the connection closed; a client that vanishes or
stays silent for ``IDLE_TIMEOUT_S`` is dropped quietly. Neither stops the server.
"""

from __future__ import annotations

import json
import logging
import os
import socket
import socketserver
import threading
from pathlib import Path
from typing import Any, Protocol

from voice_assistant.errors import AssistantError

MAX_REQUEST = 64 * 1024
IDLE_TIMEOUT_S = 60.0
"""A connection that sends nothing this long is closed (it would hold a thread)."""
PTT_ACTIONS = ("start", "stop", "toggle")

log = logging.getLogger(__name__)


class ControlError(AssistantError):
    stage = "control"


class Handler(Protocol):
    def status(self) -> dict[str, Any]: ...
    def ptt(self, action: str) -> dict[str, Any]: ...
    def say(self, text: str) -> dict[str, Any]: ...
    def stop(self) -> dict[str, Any]: ...


def socket_path(environ: dict[str, str] | None = None) -> Path:
    env = os.environ if environ is None else environ
    runtime = env.get("XDG_RUNTIME_DIR") or f"/tmp/voice-assistant-{os.getuid()}"
    return Path(runtime) / "voice-assistant.sock"


def dispatch(handler: Handler, line: bytes) -> dict[str, Any]:
    """One request line to one reply; validation happens here, not in the handler."""
    if not line.strip():
        return {"ok": False, "error": "empty request"}
    try:
        request = json.loads(line)
    except (ValueError, UnicodeDecodeError):
        return {"ok": False, "error": "not a JSON request"}
    except RecursionError:
        return {"ok": False, "error": "request nested too deeply"}
    if not isinstance(request, dict):
        return {"ok": False, "error": "a request is a JSON object"}
    cmd = request.get("cmd")
    if cmd == "status":
        return {"ok": True, **handler.status()}
    if cmd == "ptt":
        action = request.get("action")
        if action not in PTT_ACTIONS:
            return {"ok": False, "error": f"ptt action must be one of {', '.join(PTT_ACTIONS)}"}
        return {"ok": True, **handler.ptt(action)}
    if cmd == "say":
        text = request.get("text")
        if not isinstance(text, str) or not text.strip():
            return {"ok": False, "error": "say needs a non-empty text"}
        return {"ok": True, **handler.say(text.strip())}
    if cmd == "stop":
        return {"ok": True, **handler.stop()}
    return {"ok": False, "error": f"unknown command {cmd!r}"}


class _Connection(socketserver.StreamRequestHandler):
    server: ControlServer
    timeout = IDLE_TIMEOUT_S

    def handle(self) -> None:
        try:
            self._serve()
        except OSError as exc:  # idle timeout, or the client went away before its reply
            log.debug("control connection dropped: %s", exc)

    def _serve(self) -> None:
        while True:
            line = self.rfile.readline(MAX_REQUEST + 1)
            if not line:
                return
            if len(line) > MAX_REQUEST:
                reply: dict[str, Any] = {"ok": False, "error": "request too large"}
                self.wfile.write((json.dumps(reply) + "\n").encode())
                return
            try:
                reply = dispatch(self.server.handler, line)
            except AssistantError as exc:  # the handler refuses: say why, keep serving
                reply = {"ok": False, "error": exc.message}
            self.wfile.write((json.dumps(reply) + "\n").encode())


class ControlServer(socketserver.ThreadingUnixStreamServer):
    daemon_threads = True
    request_queue_size = 64  # the default 5 refuses (EAGAIN) a burst of clients

    def __init__(self, path: Path, handler: Handler) -> None:
        self.handler = handler
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        if path.exists() or path.is_socket():
            if _answers(path):
                raise ControlError("already-running", f"a daemon already listens on {path}")
            path.unlink()  # a stale socket from a daemon that died
        old = os.umask(0o177)  # the socket is created 0600: only this user may connect
        try:
            super().__init__(str(path), _Connection)
        finally:
            os.umask(old)
        os.chmod(path, 0o600)
        self.path = path
        self.thread = threading.Thread(target=self.serve_forever, name="control", daemon=True)

    def start(self) -> ControlServer:
        self.thread.start()
        return self

    def close(self) -> None:
        if self.thread.is_alive():  # shutdown() would wait forever on a server never started
            self.shutdown()
        self.server_close()
        self.path.unlink(missing_ok=True)


def _answers(path: Path) -> bool:
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
            probe.settimeout(1)
            probe.connect(str(path))
        return True
    except OSError:
        return False


def request(
    message: dict[str, Any], path: Path | None = None, timeout: float = 10
) -> dict[str, Any]:
    """Send one request to the running daemon and return its reply."""
    path = path or socket_path()
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn:
            conn.settimeout(timeout)
            conn.connect(str(path))
            conn.sendall((json.dumps(message) + "\n").encode())
            data = conn.makefile("rb").readline()
    except (FileNotFoundError, ConnectionRefusedError) as exc:
        raise ControlError(
            "not-running", f"no daemon listens on {path}; start it with `voice-assistant run`"
        ) from exc
    except OSError as exc:
        raise ControlError("socket-error", f"cannot talk to the daemon at {path}: {exc}") from exc
    if not data.strip():
        raise ControlError("bad-reply", f"the daemon at {path} closed the connection unanswered")
    try:
        reply = json.loads(data)
    except (ValueError, RecursionError) as exc:
        raise ControlError("bad-reply", f"the daemon at {path} replied with no JSON") from exc
    if not isinstance(reply, dict):
        raise ControlError("bad-reply", f"the daemon at {path} replied with no JSON object")
    return reply
