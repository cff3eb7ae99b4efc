"""The push-to-talk key: events in, push-to-talk actions out (plain numbers)."""

import glob

import pytest

from voice_assistant.audio.hotkey import KEY_DOWN, KEY_REPEAT, KEY_UP, HotkeyState

F12, SPACE = 88, 57


def test_held_means_talk_and_release_means_done():
    state = HotkeyState(F12)
    events = [(F12, KEY_DOWN), (F12, KEY_REPEAT), (F12, KEY_REPEAT), (F12, KEY_UP)]
    assert [state.update(c, v) for c, v in events] == ["start", None, None, "stop"]


def test_other_keys_and_stray_releases_do_nothing():
    state = HotkeyState(F12)
    assert state.update(SPACE, KEY_DOWN) is None
    assert state.update(F12, KEY_UP) is None  # released without a press we saw
    assert state.update(F12, KEY_DOWN) == "start"
    assert state.update(F12, KEY_DOWN) is None  # no second start while held


@pytest.mark.skipif(not glob.glob("/dev/input/event*"), reason="no input devices on this machine")
def test_a_real_keyboard_is_found_when_there_is_one():
    from voice_assistant.audio.hotkey import HotkeyError, find_keyboard

    try:
        keyboard, code = find_keyboard("KEY_SPACE")
    except HotkeyError as exc:
        pytest.skip(f"input devices exist but none is a readable keyboard: {exc.message}")
    assert code == SPACE and keyboard.path.startswith("/dev/input/")
