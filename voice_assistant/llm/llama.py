"""One llama.cpp context (llama-cpp-python); ``contexts.LlamaCppContexts`` is the backend.

The prompt is built here from the GGUF's own chat template and tokenized once, so we know
the exact prompt tokens, keep a stable prefix for llama.cpp's KV reuse, and can pass a
deadline (checked per token) and a JSON-schema grammar, decoded by ``decoding``.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from voice_assistant.errors import StageFailure
from voice_assistant.llm.base import Completion, Message
from voice_assistant.llm.decoding import Grammar, Picker, gbnf, generate

CHATML = (
    "{% for message in messages %}<|im_start|>{{ message['role'] }}\n"
    "{{ message['content'] }}<|im_end|>\n{% endfor %}"
    "{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
)
"""Used only when a GGUF carries no chat template of its own."""


N_UBATCH = 128
"""Tokens llama.cpp evaluates at once. Its compute buffer is sized for this many (at 512,
about 300 MiB a context, whose pages a long prompt touches and keeps resident; at 128,
75 MiB), and prompt speed and the logits are the same on these CPUs."""


def kv_options(kv_cache: str, q8_0: int) -> dict[str, Any]:
    """``Llama``'s options for ``llm.llama_cpp.kv_cache``: a q8_0 cache (keys and values)
    needs flash attention."""
    if kv_cache == "q8_0":
        return {"flash_attn": True, "type_k": q8_0, "type_v": q8_0}
    return {}


class LlamaCppLLM:
    def __init__(
        self,
        model_path: Path,
        n_ctx: int = 4096,
        threads: int = 2,
        seed: int = 0,
        temperature: float = 0.0,
        kv_cache: str = "f16",
    ) -> None:
        import llama_cpp
        from llama_cpp import Llama
        from llama_cpp.llama_chat_format import Jinja2ChatFormatter

        try:
            self.llama = Llama(
                model_path=str(model_path),
                n_ctx=n_ctx,
                n_threads=threads,
                n_threads_batch=threads,
                seed=seed,
                verbose=False,
                n_ubatch=N_UBATCH,
                **kv_options(kv_cache, llama_cpp.GGML_TYPE_Q8_0),
            )
        except (ValueError, RuntimeError, OSError) as exc:
            raise StageFailure(
                "answer", "model-load", f"cannot load GGUF {model_path}: {exc}"
            ) from exc
        meta = self.llama.metadata
        eos_id = self.llama.token_eos()
        bos_id = self.llama.token_bos()
        detok = self.llama.detokenize
        eos = detok([eos_id], special=True).decode("utf-8", "ignore") if eos_id >= 0 else ""
        bos = detok([bos_id], special=True).decode("utf-8", "ignore") if bos_id >= 0 else ""
        self.formatter = Jinja2ChatFormatter(
            template=meta.get("tokenizer.chat_template", CHATML),
            eos_token=eos,
            bos_token=bos,
            stop_token_ids=[eos_id],
        )
        self.pick = Picker(temperature, seed)
        self.n_ctx = n_ctx
        self.path = model_path

    @classmethod
    def sharing(cls, other: LlamaCppLLM, n_ctx: int | None = None) -> LlamaCppLLM:
        """Another llama.cpp context (its own KV cache, of ``n_ctx`` tokens or as
        ``other``'s) on ``other``'s loaded weights. A second ``Llama`` would map the GGUF
        again: the same pages, counted twice in RSS."""
        import contextlib

        import numpy as np
        from llama_cpp import _internals as internals

        base = other.llama
        n_ctx = n_ctx or other.n_ctx
        params = type(base.context_params).from_buffer_copy(base.context_params)
        params.n_ctx = n_ctx
        twin = object.__new__(type(base))  # not copy.copy: Llama's __setstate__ reloads
        twin.__dict__.update(base.__dict__)
        twin.context_params = params
        twin._n_ctx = n_ctx
        twin._stack = contextlib.ExitStack()
        twin._ctx = twin._stack.enter_context(
            contextlib.closing(
                internals.LlamaContext(model=base._model, params=params, verbose=False)
            )
        )
        twin._batch = twin._stack.enter_context(
            contextlib.closing(
                internals.LlamaBatch(
                    n_tokens=base.n_batch,
                    embd=0,
                    n_seq_max=n_ctx,
                    verbose=False,
                )
            )
        )
        twin._candidates = internals.LlamaTokenDataArray(n_vocab=base._n_vocab)
        twin.n_tokens = 0
        twin._requires_eval = True
        twin.input_ids = np.ndarray((n_ctx,), dtype=np.intc)
        twin.scores = np.ndarray(base.scores.shape, dtype=np.single)
        twin._weights_owner = base  # type: ignore[attr-defined]  # keeps the model alive
        sibling = object.__new__(cls)
        sibling.__dict__.update(other.__dict__)
        sibling.llama = twin
        sibling.n_ctx = n_ctx
        return sibling

    def close(self) -> None:
        """Free this context now (and the weights, when it holds them and no other context
        shares them), not at garbage collection."""
        self.llama.close()

    def _prompt_tokens(self, messages: list[Message]) -> tuple[list[int], list[str]]:
        chat: Any = [{"role": m.role, "content": m.content} for m in messages]
        result = self.formatter(messages=chat)
        ids = self.llama.tokenize(
            result.prompt.encode("utf-8"), add_bos=not result.added_special, special=True
        )
        stop = (
            result.stop if isinstance(result.stop, list) else [result.stop] if result.stop else []
        )
        return ids, stop

    def count_tokens(self, messages: list[Message], task: str = "") -> int:
        return len(self._prompt_tokens(messages)[0])

    def complete(
        self,
        messages: list[Message],
        *,
        task: str = "",
        max_tokens: int,
        deadline_s: float,
        json_schema: dict[str, Any] | None = None,
        grammar: str | None = None,
    ) -> Completion:
        import llama_cpp

        started = time.monotonic()
        ids, stop = self._prompt_tokens(messages)
        if len(ids) + max_tokens > self.n_ctx:
            raise StageFailure(
                "answer",
                "context-full",
                f"prompt of {len(ids)} tokens + {max_tokens} for the reply exceeds the "
                f"{self.n_ctx}-token context",
            )
        expired = False

        def past_deadline() -> bool:
            nonlocal expired
            expired = expired or time.monotonic() - started > deadline_s
            return expired

        llama_cpp.llama_perf_context_reset(self.llama.ctx)
        rules: Grammar | None = None
        if json_schema or grammar:
            vocab = self.llama._model.vocab
            rules = Grammar(vocab, *gbnf(json_schema, grammar), self.llama.n_vocab())
        tokens: list[int] = []
        finish = "length"
        try:
            for token in generate(self.llama, ids, max_tokens, rules, past_deadline, self.pick):
                tokens.append(token)
            if len(tokens) < max_tokens and not expired:
                finish = "stop"
        finally:
            if rules is not None:
                rules.close()
        text = self.llama.detokenize(tokens).decode("utf-8", "ignore")
        for word in stop:
            if word in text:
                text, finish = text[: text.index(word)], "stop"
        perf = llama_cpp.llama_perf_context(self.llama.ctx)
        return Completion(
            text=text.strip(),
            prompt_tokens=len(ids),
            completion_tokens=len(tokens),
            finish_reason="deadline" if expired else finish,
            seconds=time.monotonic() - started,
            prompt_tokens_evaluated=int(perf.n_p_eval),
            prompt_eval_s=perf.t_p_eval_ms / 1000,
            generation_s=perf.t_eval_ms / 1000,
        )
