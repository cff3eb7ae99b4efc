"""openWakeWord through its ONNX models (melspectrogram → embedding → wake-word head).

The models come from the pinned registry package (models/manifest.toml); nothing is
downloaded. ``inference_framework="onnx"`` always: the tflite runtime openWakeWord pulls in
does not load with numpy 2.
"""

from __future__ import annotations

import logging
import sys
import types
from pathlib import Path
from typing import Any

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
TRAINING_MODULE = "openwakeword.custom_verifier_model"
"""Imported by openWakeWord's ``__init__`` for training verifiers, and with it scipy and
scikit-learn: about 90 MB resident that detection never uses."""


def detection_model() -> Any:
    """openWakeWord's ``Model``, imported without its training code: a stand-in holds the
    training module's place while the package initialises, then leaves, so an explicit
    import of it later still gets the real one."""
    if "openwakeword" not in sys.modules:
        stand_in = types.ModuleType(TRAINING_MODULE)
        stand_in.train_custom_verifier = _no_training  # type: ignore[attr-defined]
        sys.modules[TRAINING_MODULE] = stand_in
        try:
            import openwakeword  # noqa: F401
        finally:
            del sys.modules[TRAINING_MODULE]
    from openwakeword.model import Model

    return Model


def _no_training(*_: object, **__: object) -> None:
    raise RuntimeError(f"import {TRAINING_MODULE} itself to train a verifier")


class OpenWakeWord:
    def __init__(self, folder: Path, models: list[str]) -> None:
        Model = detection_model()
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
