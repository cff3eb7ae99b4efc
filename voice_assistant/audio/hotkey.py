"""An optional global push-to-talk key through evdev: held = talk, released = done.

It reads the kernel's input events, so it works on any desktop or none, but only for a
user allowed to read ``/dev/input/event*`` (usually the ``input`` group). evdev is an
optional extra (``pip install 'voice-assistant[hotkey]'``); without it, or without access,
the daemon logs why and keeps push-to-talk on the control socket.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from voice_assistant.errors import AssistantError

log = logging.getLogger(__name__)

KEY_UP, KEY_DOWN, KEY_REPEAT = 0, 1, 2


class HotkeyError(AssistantError):
    stage = "hotkey"


class HotkeyState:
    """Key events → push-to-talk actions; auto-repeat while held changes nothing."""

    def __init__(self, code: int) -> None:
        self.code = code
        self.held = False

    def update(self, code: int, value: int) -> str | None:
        if code != self.code or value == KEY_REPEAT:
            return None
        if value == KEY_DOWN and not self.held:
            self.held = True
            return "start"
        if value == KEY_UP and self.held:
            self.held = False
            return "stop"
        return None


def _evdev() -> Any:
    try:
        import evdev
    except ImportError as exc:
        raise HotkeyError(
            "no-evdev",
            "listen.hotkey needs evdev: pip install 'voice-assistant[hotkey]'",
        ) from exc
    return evdev


def find_keyboard(key: str, device: str = "") -> tuple[Any, int]:
    """The input device to watch and the key's code; errors say what to fix."""
    evdev = _evdev()
    code = evdev.ecodes.ecodes.get(key)
    if not isinstance(code, int):
        raise HotkeyError("bad-key", f"listen.hotkey: {key!r} is not a key name like KEY_F12")
    paths = [device] if device else evdev.list_devices()
    if not paths:
        raise HotkeyError(
            "no-input-access",
            "no readable /dev/input/event* device: add your user to the 'input' group",
        )
    for path in paths:
        try:
            candidate = evdev.InputDevice(path)
        except OSError as exc:
            if device:
                raise HotkeyError("no-input-access", f"cannot read {path}: {exc}") from exc
            continue
        keys = candidate.capabilities().get(evdev.ecodes.EV_KEY, [])
        if code in keys:
            return candidate, code
        candidate.close()
    raise HotkeyError("no-keyboard", f"no readable input device has {key}")


def watch(key: str, device: str, act: Callable[[str], object]) -> threading.Thread:
    """Start a thread that calls ``act("start"|"stop")`` as the key goes down and up."""
    keyboard, code = find_keyboard(key, device)
    state = HotkeyState(code)
    evdev = _evdev()

    def loop() -> None:
        try:
            for event in keyboard.read_loop():
                if event.type == evdev.ecodes.EV_KEY:
                    action = state.update(event.code, event.value)
                    if action:
                        act(action)
        except OSError as exc:  # the keyboard was unplugged
            log.warning("push-to-talk key stopped: %s", exc)

    thread = threading.Thread(target=loop, name="hotkey", daemon=True)
    thread.start()
    log.info("push-to-talk key %s on %s", key, keyboard.path)
    return thread
