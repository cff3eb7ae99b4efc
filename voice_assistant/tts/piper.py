"""piper backend: one ONNX voice, loaded once; yields a chunk per sentence."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from voice_assistant.errors import StageFailure
from voice_assistant.onnx_options import without_arena


def voice_files(path: Path) -> tuple[Path, Path]:
    """A voice is a ``.onnx`` file with its ``.onnx.json`` beside it, or a folder of one."""
    if path.is_dir():
        onnx = sorted(path.glob("*.onnx"))
        if len(onnx) != 1:
            raise StageFailure("tts", "model-load", f"{path} must hold exactly one .onnx voice")
        path = onnx[0]
    config = path.with_name(path.name + ".json")
    if not config.exists():
        raise StageFailure("tts", "model-load", f"piper voice config {config} is missing")
    return path, config


def load_voice(onnx: Path, config: Path) -> Any:
    """``PiperVoice.load``, but without onnxruntime's memory arena (``onnx_options``)."""
    import onnxruntime
    from piper import PiperVoice
    from piper.config import PiperConfig

    session = onnxruntime.InferenceSession(
        str(onnx), sess_options=without_arena(), providers=["CPUExecutionProvider"]
    )
    settings = json.loads(config.read_text(encoding="utf-8"))
    return PiperVoice(session=session, config=PiperConfig.from_dict(settings))


class PiperTTS:
    def __init__(self, voice: Path, length_scale: float | None = None) -> None:
        from piper import SynthesisConfig

        onnx, config = voice_files(voice)
        try:
            self.voice = load_voice(onnx, config)
        except (RuntimeError, ValueError, OSError, KeyError) as exc:
            raise StageFailure(
                "tts", "model-load", f"cannot load piper voice {onnx}: {exc}"
            ) from exc
        self.sample_rate = int(self.voice.config.sample_rate)
        self.syn_config = SynthesisConfig(length_scale=length_scale)

    def synthesize(self, text: str) -> Iterator[npt.NDArray[np.int16]]:
        try:
            for chunk in self.voice.synthesize(text, syn_config=self.syn_config):
                yield chunk.audio_int16_array
        except Exception as exc:  # onnxruntime/espeak errors: a stage failure, not a crash
            raise StageFailure("tts", "synthesis-failed", f"piper could not speak: {exc}") from exc
