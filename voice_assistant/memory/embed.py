"""Sentence embeddings (all-MiniLM-L6-v2, int8 ONNX) for semantic memory search.

Tokenizer from ``tokenizers``, inference with onnxruntime, mean pooling over the
attention mask and L2 normalisation, as sentence-transformers does it.
"""

from __future__ import annotations

import re
import zlib
from pathlib import Path

import numpy as np
import numpy.typing as npt

from voice_assistant.memory.schema import STOPWORDS
from voice_assistant.onnx_options import without_arena

MAX_TOKENS = 256
MODEL_FILES = ("model.rows.onnx", "model.onnx")
"""The first found is loaded: the graph ``models install`` derives (its word table stays
int8, ``model_derive``), else the model as packaged (a folder given as a path)."""


class MiniLMEmbedder:
    def __init__(self, model_dir: Path, threads: int = 2) -> None:
        import onnxruntime
        from tokenizers import Tokenizer

        self.tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
        self.tokenizer.enable_truncation(MAX_TOKENS)
        self.tokenizer.enable_padding()
        files = [model_dir / name for name in MODEL_FILES]
        self.model_file = next((f for f in files if f.exists()), files[-1])
        self.session = onnxruntime.InferenceSession(
            str(self.model_file),
            without_arena(threads),
            providers=["CPUExecutionProvider"],
        )
        self.inputs = {i.name for i in self.session.get_inputs()}

    def embed(self, texts: list[str]) -> npt.NDArray[np.float32]:
        """One unit-length 384-d vector per text."""
        encoded = self.tokenizer.encode_batch(texts)
        ids = np.array([e.ids for e in encoded], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encoded], dtype=np.int64)
        feed = {"input_ids": ids, "attention_mask": mask}
        if "token_type_ids" in self.inputs:
            feed["token_type_ids"] = np.zeros_like(ids)
        hidden = self.session.run(None, feed)[0]
        weights = mask[..., None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.maximum(weights.sum(axis=1), 1e-9)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        return (pooled / np.maximum(norms, 1e-9)).astype(np.float32)


class HashEmbedder:
    """The ``fake`` embedder: a bag of hashed content words, unit length; keeps the semantic
    search path running in tests and the fake soak, with no model. Question words are left
    out, so a question comes close only to a text sharing what it is about."""

    dims = 64

    def embed(self, texts: list[str]) -> npt.NDArray[np.float32]:
        out = np.zeros((len(texts), self.dims), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in re.findall(r"\w+", text.lower()):
                if word in STOPWORDS:
                    continue
                out[row, zlib.crc32(word.encode()) % self.dims] += 1.0
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        return (out / np.where(norms == 0, 1.0, norms)).astype(np.float32)
