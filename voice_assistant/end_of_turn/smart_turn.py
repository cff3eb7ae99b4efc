"""Smart Turn v3.2 (pipecat-ai's end-of-turn model, BSD-2-Clause), run with onnxruntime on
whisper-style log-mel features of the last 8 s (``features.log_mel``): a probability that
the speaker has finished, about 8.7 MB and a few tens of ms on one core.

The model is quantized (QuantizeLinear / DequantizeLinear around its MatMuls). onnxruntime
fuses those into int8 kernels, whose sums saturate on a CPU with AVX2 but no VNNI (an AMD
EPYC of the Zen 3 generation): there a whole demo question scored 0.58 instead of 0.93,
and fewer turns start early. On such a CPU the fusion is turned off (``exact_int8``): the
quantized values are multiplied in f32, and the model scores as on a CPU with VNNI."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import onnxruntime

from voice_assistant.end_of_turn.features import log_mel
from voice_assistant.errors import StageFailure
from voice_assistant.events import FloatAudio
from voice_assistant.onnx_options import exact_int8, without_arena


class SmartTurn:
    def __init__(self, model: Path, threads: int = 1) -> None:
        options = exact_int8(without_arena(threads))
        try:
            self.session = onnxruntime.InferenceSession(
                str(model), options, providers=["CPUExecutionProvider"]
            )
        except Exception as exc:  # onnxruntime raises its own types for a bad file
            raise StageFailure(
                "endpoint", "model-load", f"cannot load the end-of-turn model {model}: {exc}"
            ) from exc

    def finished(self, audio: FloatAudio) -> float:
        features = log_mel(audio)[None]
        (probability,) = self.session.run(None, {"input_features": features})[0][0]
        return float(np.clip(probability, 0.0, 1.0))
