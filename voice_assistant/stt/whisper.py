"""faster-whisper (CTranslate2) backend; the model loads once and serves every turn."""

from __future__ import annotations

from pathlib import Path

from voice_assistant.errors import StageFailure
from voice_assistant.events import SAMPLE_RATE, FloatAudio, Transcript


class WhisperSTT:
    def __init__(self, model_dir: Path, language: str = "en", beam_size: int = 1, threads: int = 2):
        from faster_whisper import WhisperModel

        try:
            self.model = WhisperModel(
                str(model_dir), device="cpu", compute_type="int8", cpu_threads=threads
            )
        except (RuntimeError, ValueError, OSError) as exc:
            raise StageFailure(
                "stt", "model-load", f"cannot load whisper from {model_dir}: {exc}"
            ) from exc
        self.language = language or None
        self.beam_size = beam_size

    def transcribe(self, samples: FloatAudio) -> Transcript:
        # The endpointer already gated on VAD; whisper's own filter would only cost time.
        segments, info = self.model.transcribe(
            samples,
            language=self.language,
            beam_size=self.beam_size,
            vad_filter=False,
            condition_on_previous_text=False,
            without_timestamps=True,
        )
        text = " ".join(segment.text.strip() for segment in segments).strip()
        return Transcript(text=text, language=info.language, audio_s=len(samples) / SAMPLE_RATE)
