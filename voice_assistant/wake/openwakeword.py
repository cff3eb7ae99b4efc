"""openWakeWord through its ONNX models (melspectrogram → embedding → wake-word head).

The models come from the pinned registry package (models/manifest.toml); nothing is
downloaded. ``inference_framework="onnx"`` always: the tflite runtime openWakeWord pulls in
does not load with numpy 2.
"""

from __future__ import annotations

import logging
from pathlib import Path

import numpy as np
import numpy.typing as npt

from voice_assistant.errors import ConfigError

log = logging.getLogger(__name__)


def wake_model_paths(folder: Path, models: list[str]) -> list[Path]:
    """Each configured wake word as a file: a name in ``folder`` or a path to an .onnx file."""
    paths = []
    for entry in models:
        given = Path(entry).expanduser()
        path = given if given.suffix == ".onnx" else folder / f"{entry}.onnx"
        if not path.is_file():
            known = sorted(p.stem for p in folder.glob("*.onnx") if p.stem not in FEATURE_MODELS)
            raise ConfigError(
                "bad-wake-model",
                f"wake.models: {entry!r} is neither a wake word in {folder} "
                f"({', '.join(known) or 'none installed'}) nor an .onnx file that exists",
            )
        paths.append(path)
    return paths


FEATURE_MODELS = ("melspectrogram", "embedding_model")


class OpenWakeWord:
    def __init__(self, folder: Path, models: list[str]) -> None:
        from openwakeword.model import Model

        paths = wake_model_paths(folder, models)
        self.model = Model(
            wakeword_models=[str(p) for p in paths],
            inference_framework="onnx",
            melspec_model_path=str(folder / "melspectrogram.onnx"),
            embedding_model_path=str(folder / "embedding_model.onnx"),
        )
        self.names = tuple(self.model.models)

    def score(self, frame: npt.NDArray[np.int16]) -> float:
        scores = self.model.predict(frame)
        return float(max(scores.values())) if scores else 0.0

    def reset(self) -> None:
        self.model.reset()
