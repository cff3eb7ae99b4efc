"""``voice-assistant run``: the live loop (push-to-talk for now; the wake word comes next).

One process: models load and warm once; the mic is read continuously; while push-to-talk
is held (``voice-assistant ptt start`` … ``ptt stop``) its audio is kept, and on release
it goes through the same pipeline as the batch harness, the reply spoken to the speaker.
SIGTERM/SIGINT finish the current turn and exit 0.
"""

from __future__ import annotations

import logging
import signal
import threading
import time
from typing import Any

import numpy as np

from voice_assistant.audio.device import DeviceSink, MicStream
from voice_assistant.control import ControlServer, socket_path
from voice_assistant.engines import Engines
from voice_assistant.speak import speak

log = logging.getLogger("voice_assistant.daemon")


class Daemon:
    def __init__(self, engines: Engines, mic: str | None = None, speaker: str | None = None):
        self.engines = engines
        self.mic_name = mic
        self.sink = DeviceSink(speaker)
        self.hush = threading.Event()
        """Set by ``stop``: the sentence playing is cut and no further one is spoken."""
        self.pipeline = engines.pipeline()
        self.pipeline.sink = lambda: self.sink
        self.pipeline.cancel = self.hush
        self.state = "starting"
        self.talking = threading.Event()
        self.stopping = threading.Event()
        self.last_turn: dict[str, Any] = {}
        self.lock = threading.Lock()

    # control socket handler -------------------------------------------------------
    def status(self) -> dict[str, Any]:
        return {"state": self.state, "last_turn": self.last_turn, "mic": self.mic_name or "default"}

    def ptt(self, action: str) -> dict[str, Any]:
        if action == "start" or (action == "toggle" and not self.talking.is_set()):
            self.talking.set()
        else:
            self.talking.clear()
        return {"listening": self.talking.is_set()}

    def say(self, text: str) -> dict[str, Any]:
        with self.lock:
            self.hush.clear()
            speak(self.engines.tts(), text, self.sink, self.hush)
        return {}

    def stop(self) -> dict[str, Any]:
        self.hush.set()
        self.sink.stop()
        return {"stopped": True}

    # the loop ---------------------------------------------------------------------
    def run(self) -> int:
        self.engines.preload(["stt", "llm", "tts"])
        server = ControlServer(socket_path(), self).start()
        for sig in (signal.SIGTERM, signal.SIGINT):
            signal.signal(sig, lambda *_: self.stopping.set())
        log.info("listening (push-to-talk) on %s; control socket %s", self.mic_name, server.path)
        try:
            with MicStream(self.mic_name) as mic:
                self.state = "idle"
                held: list[np.ndarray] = []
                while not self.stopping.is_set():
                    block = mic.read(timeout=0.2)
                    if self.talking.is_set():
                        if not held:
                            held.extend(mic.pre_roll)
                        if block is not None:
                            held.append(block)
                        self.state = "listening"
                    elif held:
                        self.turn(np.concatenate(held))
                        held = []
        finally:
            server.close()
        log.info("stopped")
        return 0

    def turn(self, pcm: np.ndarray) -> None:
        self.state = "thinking"
        started = time.monotonic()
        with self.lock:
            self.hush.clear()
            result = self.pipeline.run(pcm.astype(np.float32) / 32768.0)
        self.last_turn = {
            "transcript": result.transcript.text if result.transcript else None,
            "reply": result.reply.text if result.reply else None,
            "stop_reason": result.stop_reason,
            "error": result.error.message if result.error else None,
            "seconds": round(time.monotonic() - started, 2),
        }
        log.info("turn: %s", {k: v for k, v in self.last_turn.items() if k != "reply"})
        self.state = "idle"
