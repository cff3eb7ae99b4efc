"""Sound devices through sounddevice (PortAudio): the only module that imports it.

Input is ``MicStream``: 16 kHz mono int16 blocks (80 ms, the wake-word frame) into a ring
buffer that keeps a pre-roll. Output is a ``speak.Sink``: ``DeviceSink.play`` blocks until
a sentence has been played. Devices are chosen by name or index; ``list_devices`` serves
``voice-assistant devices``.
"""

from __future__ import annotations

import collections
import queue
import threading
import time
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from voice_assistant.errors import AssistantError


class AudioDeviceError(AssistantError):
    stage = "audio"


@dataclass(frozen=True)
class Device:
    index: int
    name: str
    inputs: int
    outputs: int
    default_rate: float


def _sd() -> Any:
    try:
        import sounddevice
    except OSError as exc:  # PortAudio missing
        raise AudioDeviceError(
            "no-portaudio", f"cannot load PortAudio ({exc}); install libportaudio2"
        ) from exc
    return sounddevice


_PORTAUDIO = threading.RLock()
"""Held while a sentence plays and while PortAudio re-initialises: a rescan must never
pull PortAudio from under a stream that is playing."""


def rescan() -> None:
    """PortAudio lists devices once; call after a sound server starts or a device appears."""
    sd = _sd()
    with _PORTAUDIO:
        sd._terminate()
        sd._initialize()


def list_devices() -> list[Device]:
    sd = _sd()
    return [
        Device(
            i, d["name"], d["max_input_channels"], d["max_output_channels"], d["default_samplerate"]
        )
        for i, d in enumerate(sd.query_devices())
    ]


def find_device(spec: str | int | None, output: bool) -> int | None:
    """A device index from a name (substring, case-insensitive) or index; None = default."""
    if spec is None or spec == "":
        return None
    devices = list_devices()
    usable = [d for d in devices if (d.outputs if output else d.inputs) > 0]
    if isinstance(spec, int) or str(spec).isdigit():
        index = int(spec)
        if any(d.index == index for d in usable):
            return index
    else:
        for device in usable:
            if str(spec).lower() in device.name.lower():
                return device.index
    kind = "output" if output else "input"
    names = ", ".join(f"{d.index}: {d.name}" for d in usable) or "none"
    raise AudioDeviceError("no-device", f"no {kind} device {spec!r}; available: {names}")


class DeviceSink:
    """Plays int16 mono audio to an output device, one sentence at a time.

    The sentence is written in 40 ms pieces from the playing thread, so ``stop`` (from any
    thread) only sets a flag: no PortAudio call ever crosses threads, and a cut takes
    effect within a piece plus the device's latency."""

    PIECE_S = 0.04

    def __init__(self, device: str | int | None = None) -> None:
        self.device = find_device(device, output=True)
        self._cut = threading.Event()

    def stop(self) -> None:
        """Cut the sentence playing now."""
        self._cut.set()

    def play(self, samples: npt.NDArray[np.int16], rate: int) -> None:
        sd = _sd()
        self._cut.clear()
        piece = max(1, int(rate * self.PIECE_S))
        try:
            with _PORTAUDIO:
                stream = sd.OutputStream(
                    samplerate=rate, channels=1, dtype="int16", device=self.device
                )
                stream.start()
                try:
                    for i in range(0, len(samples), piece):
                        if self._cut.is_set():
                            stream.abort()  # drop what is buffered: silence now
                            break
                        stream.write(np.ascontiguousarray(samples[i : i + piece]))
                    else:
                        stream.stop()  # let the last piece play out
                finally:
                    stream.close()
        except sd.PortAudioError as exc:
            raise AudioDeviceError("playback-failed", f"cannot play audio: {exc}") from exc


RATE = 16_000
BLOCK = 1280
"""80 ms at 16 kHz: openWakeWord's frame, and a fine grain for endpointing."""


class MicStream:
    """Microphone blocks as int16 arrays; ``pre_roll`` keeps the last seconds heard."""

    STALL_S = 2.0
    """No block for this long from a running stream: the device is gone."""

    def __init__(self, device: str | int | None = None, pre_roll_s: float = 0.5) -> None:
        self.device = find_device(device, output=False)
        self.last_block = time.monotonic()
        self.blocks: queue.Queue[npt.NDArray[np.int16]] = queue.Queue(maxsize=256)
        self.pre_roll: collections.deque[npt.NDArray[np.int16]] = collections.deque(
            maxlen=max(1, round(pre_roll_s * RATE / BLOCK))
        )
        self.overflows = 0
        self.stream: Any = None

    def _callback(self, data: Any, frames: int, _time: Any, status: Any) -> None:
        if status:
            self.overflows += 1
        block = np.frombuffer(bytes(data), dtype=np.int16).copy()
        self.last_block = time.monotonic()
        self.pre_roll.append(block)
        try:
            self.blocks.put_nowait(block)
        except queue.Full:  # nobody is reading: drop the oldest rather than block audio
            self.overflows += 1

    def __enter__(self) -> MicStream:
        sd = _sd()
        self.last_block = time.monotonic()
        try:
            self.stream = sd.RawInputStream(
                samplerate=RATE,
                blocksize=BLOCK,
                channels=1,
                dtype="int16",
                device=self.device,
                callback=self._callback,
            )
            self.stream.start()
        except sd.PortAudioError as exc:
            raise AudioDeviceError("capture-failed", f"cannot open the microphone: {exc}") from exc
        return self

    def __exit__(self, *_exc: object) -> None:
        if self.stream is not None:
            stream, self.stream = self.stream, None
            try:
                stream.stop()
                stream.close()
            except Exception:  # a vanished device may fail to close; it is gone either way
                pass

    def drain(self) -> None:
        """Drop the blocks waiting to be read."""
        while True:
            try:
                self.blocks.get_nowait()
            except queue.Empty:
                return

    def read(self, timeout: float = 1.0) -> npt.NDArray[np.int16] | None:
        """The next block, or None if none arrived within ``timeout`` seconds.

        Raises ``AudioDeviceError("capture-lost")`` when the stream has stopped (the device
        vanished, the sound server went away), ``capture-stalled`` when it runs but has
        delivered nothing for ``STALL_S``."""
        try:
            return self.blocks.get(timeout=timeout)
        except queue.Empty:
            pass
        if self.stream is None or not self.stream.active:
            raise AudioDeviceError("capture-lost", "the microphone stream stopped")
        silent = time.monotonic() - self.last_block
        if silent > self.STALL_S:
            raise AudioDeviceError("capture-stalled", f"no audio for {silent:.1f} s")
        return None
