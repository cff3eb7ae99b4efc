"""Decoding with a grammar checked on the chosen token first (llama-cpp-python).

llama-cpp-python's sampler chain applies a grammar to all ~151k vocabulary entries at every
step, which halves the speed of constrained output. llama.cpp's own common sampler does
better, and so do we: take the most likely token, ask the grammar about that one token,
and only when the grammar rejects it apply the grammar to the whole vocabulary and take
the most likely token that is left. Greedy decoding (temperature 0, the default) picks the
same token either way; with a temperature, the token is drawn again from what is left.
"""

from __future__ import annotations

import ctypes
import math
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

Logits = np.ndarray[Any, np.dtype[np.float32]]
TOKEN_DATA = np.dtype([("id", np.intc), ("logit", np.single), ("p", np.single)], align=True)


def gbnf(json_schema: dict[str, Any] | None, grammar: str | None) -> tuple[str, str]:
    """The GBNF text and root rule of a JSON schema (llama-cpp-python's converter) or of a
    GBNF grammar (rule ``root``)."""
    import json

    from llama_cpp import LlamaGrammar

    parsed = (
        LlamaGrammar.from_json_schema(json.dumps(json_schema), verbose=False)
        if json_schema
        else LlamaGrammar.from_string(grammar or "", verbose=False)
    )
    return parsed._grammar, parsed._root


class Grammar:
    """A llama.cpp grammar sampler: tell it the tokens taken, ask it which are allowed."""

    def __init__(self, vocab: Any, gbnf: str, root: str, n_vocab: int) -> None:
        import llama_cpp

        self._lib = llama_cpp
        self.sampler = llama_cpp.llama_sampler_init_grammar(
            vocab, gbnf.encode("utf-8"), root.encode("utf-8")
        )
        if not self.sampler:
            raise ValueError("llama.cpp could not parse the grammar")
        self._one = (llama_cpp.llama_token_data * 1)()
        self._n_vocab = n_vocab
        self._all: np.ndarray[Any, np.dtype[Any]] | None = None
        """The whole vocabulary as llama.cpp token data: built on the first refused token."""

    def _apply(self, data: Any, size: int) -> None:
        lib = self._lib
        array = lib.llama_token_data_array(
            data=ctypes.cast(data, lib.llama_token_data_p), size=size, selected=-1, sorted=False
        )
        lib.llama_sampler_apply(self.sampler, ctypes.byref(array))

    def allows(self, token: int) -> bool:
        self._one[0].id = token  # type: ignore[assignment]  # ctypes converts the int
        self._one[0].logit = 1.0
        self._apply(self._one, 1)
        return not math.isinf(self._one[0].logit)

    def allowed(self, logits: Logits) -> Logits:
        """The logits with every token the grammar rejects at minus infinity."""
        if self._all is None:
            self._all = np.zeros(self._n_vocab, dtype=TOKEN_DATA)
            self._all["id"] = np.arange(self._n_vocab, dtype=np.intc)
        self._all["logit"] = logits
        self._apply(self._all.ctypes.data, len(self._all))
        return np.asarray(self._all["logit"])

    def accept(self, token: int) -> None:
        self._lib.llama_sampler_accept(self.sampler, token)

    def close(self) -> None:
        if self.sampler:
            self._lib.llama_sampler_free(self.sampler)
            self.sampler = None


def reuse_prefix(llama: Any, ids: list[int]) -> list[int]:
    """Keep the KV cache of the longest prefix this prompt shares with the last one; return
    the tokens still to evaluate (at least one, so there are fresh logits to sample)."""
    cached = llama.input_ids[: llama.n_tokens]
    shared = 0
    for a, b in zip(cached, ids, strict=False):
        if a != b:
            break
        shared += 1
    keep = min(shared, len(ids) - 1)
    if keep > 0 and llama._ctx.kv_cache_seq_rm(-1, keep, -1):
        llama.n_tokens = keep
        return ids[keep:]
    llama.reset()
    return ids


class Picker:
    """The likeliest token (temperature 0), or one drawn at the temperature with a seed."""

    def __init__(self, temperature: float, seed: int) -> None:
        self.temperature = temperature
        self.rng = np.random.default_rng(seed)

    def __call__(self, logits: Logits) -> int:
        if self.temperature <= 0:
            best = int(np.argmax(logits))
            return -1 if math.isinf(logits[best]) else best
        scaled = logits.astype(np.float64) / self.temperature
        top = scaled.max()
        if math.isinf(top):
            return -1
        weights = np.exp(scaled - top)
        return int(self.rng.choice(len(weights), p=weights / weights.sum()))


def generate(
    llama: Any,
    ids: list[int],
    max_tokens: int,
    grammar: Grammar | None,
    stop: Callable[[], bool],
    pick: Picker,
) -> Iterator[int]:
    """Tokens after the prompt ``ids`` until an end-of-generation token, the grammar's end,
    ``max_tokens`` or ``stop()``; evaluates only what the KV cache does not hold."""
    import llama_cpp

    vocab = llama._model.vocab
    n_vocab = llama.n_vocab()
    pending = reuse_prefix(llama, ids)
    for _ in range(max_tokens):
        llama.eval(pending)
        logits = np.ctypeslib.as_array(llama._ctx.get_logits_ith(-1), shape=(n_vocab,))
        token = pick(logits)
        if grammar is not None and not grammar.allows(token):
            token = pick(grammar.allowed(logits))
        if token < 0 or llama_cpp.llama_vocab_is_eog(vocab, token):
            return
        if grammar is not None:
            grammar.accept(token)
        yield token
        if stop():
            return
        pending = [token]
