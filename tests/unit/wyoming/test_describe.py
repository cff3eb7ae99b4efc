"""What the Wyoming server tells Home Assistant: the services that really run, no home
control, and the room of a turn from the satellite or device it names."""

from types import SimpleNamespace

from voice_assistant.config import Settings
from voice_assistant.engines import Engines
from voice_assistant.rooms.sessions import Sessions
from voice_assistant.wyoming_server.server import WyomingServer, describe


def test_our_own_engines_are_named_as_running_here_and_no_home_control():
    info = describe(Engines(Settings()))
    assert "faster-whisper, on this machine" in (info.asr[0].description or "")
    assert "piper, on this machine" in (info.tts[0].description or "")
    (handle,) = info.handle
    assert handle.supports_home_control is False
    assert info.event().data["handle"][0]["supports_home_control"] is False


def test_a_remote_speech_service_is_named_as_such():
    settings = Settings.model_validate(
        {
            "stt": {"backend": "wyoming", "wyoming": {"uri": "tcp://10.0.0.5:10300"}},
            "tts": {"backend": "wyoming", "wyoming": {"uri": "tcp://10.0.0.5:10200"}},
        }
    )
    info = describe(Engines(settings))
    assert info.asr[0].description == (
        "the assistant's speech to text from the Wyoming service at tcp://10.0.0.5:10300"
    )
    assert "tcp://10.0.0.5:10200" in (info.tts[0].description or "")
    assert info.asr[0].models[0].name == "remote"


def server():
    service = SimpleNamespace(sessions=Sessions())
    return WyomingServer(service)  # type: ignore[arg-type]


def test_a_turn_from_a_satellite_or_device_is_in_its_room():
    wyoming = server()
    kitchen = wyoming.session({"satellite_id": "assist_satellite.kitchen", "conversation_id": "c1"})
    assert kitchen.room == "ha:assist_satellite.kitchen"
    assert wyoming.session({"satellite_id": "assist_satellite.kitchen"}) is kitchen
    assert wyoming.session({"device_id": "abc123"}).room == "ha:abc123"
    assert wyoming.session({"conversation_id": "c9"}).room == "wyoming:c9"
    assert wyoming.session(None).room == "wyoming"
