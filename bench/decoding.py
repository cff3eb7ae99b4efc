"""``voice-assistant bench --suite decoding``: constrained output at the speed of free output.

Several requests of each constrained task (understanding and research: a JSON schema;
the spoken answer: a grammar; the written answer: a JSON schema), each written three ways
on the same model: free (nothing enforces the form), constrained with our decoding (the
grammar asked about the chosen token first, ``llm/decoding.py``) and constrained with
llama-cpp-python's own sampler (the grammar applied to the whole vocabulary at every step:
what this project used before). Only the writing is timed, by wall clock, from the first
token to the last (so the grammar's cost counts and the prompt's evaluation does not).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from voice_assistant.config import Settings
from voice_assistant.engines import Engines
from voice_assistant.llm.base import Message
from voice_assistant.llm.contexts import LlamaCppContexts
from voice_assistant.llm.decoding import Grammar, gbnf, generate
from voice_assistant.llm.llama import LlamaCppLLM
from voice_assistant.research import loop
from voice_assistant.research.final import final_request
from voice_assistant.research.notes import Note
from voice_assistant.research.support import spoken_grammar, written_schema
from voice_assistant.turn import understand

NOTES = [
    Note(
        "Oatmeal mugs",
        "notebook, business, pottery; written 2026-11-02",
        "Oatmeal mugs: retail price 32 euros, wholesale price 18 euros. Glaze is oatmeal "
        "over iron red. A batch of 24 was fired on 2 November.",
        day="2026-11-02",
    ),
    Note(
        "Speckled bowls",
        "notebook, business, pottery; written 2026-11-05",
        "Speckled bowls sell for 24 euros retail. No wholesale price has been set for them yet.",
        day="2026-11-05",
    ),
    Note(
        "Clay supplier",
        "notebook, business, pottery; written 2026-10-20",
        "Clay comes from Potclays: buff stoneware at 12.50 euros per 12.5 kg bag.",
        day="2026-10-20",
    ),
    Note(
        "Craft fair",
        "notebook, business, pottery; written 2026-11-10",
        "The Christmas craft fair at the Corn Exchange is on 13 December. Our stall is number 41.",
        day="2026-11-10",
    ),
]
QUESTIONS = (
    "What's the wholesale price of my oatmeal mugs?",
    "When is the craft fair and which stall do we have?",
    "Where does our clay come from?",
)
UTTERANCES = (
    "Set a timer for ten minutes and when is the craft fair?",
    "Remember that the kiln is booked on Friday.",
    "What is the wholesale price of the oatmeal mugs?",
)


@dataclass(frozen=True)
class Request:
    task: str
    messages: list[Message]
    schema: dict[str, Any] | None = None
    grammar: str | None = None
    max_tokens: int = 160


def requests() -> list[Request]:
    """Three requests of each constrained task, as the turn builds them."""
    found = []
    for text in UTTERANCES:
        messages = [Message("system", understand.SYSTEM), Message("user", text)]
        found.append(Request("understand", messages, schema=understand.schema()))
    for question in QUESTIONS:
        research = loop.research_request(question, [])
        found.append(Request("research", research, schema=loop.SCHEMA, max_tokens=48))
    for question in QUESTIONS:
        spoken = final_request(question, NOTES, [], "spoken")
        found.append(Request("answer_spoken", spoken, grammar=spoken_grammar(len(NOTES))))
    for question in QUESTIONS:
        written = final_request(question, NOTES, [], "written")
        found.append(Request("answer_written", written, schema=written_schema(len(NOTES))))
    return found


def writing(tokens: Iterator[int], max_tokens: int) -> tuple[int, float]:
    """Tokens written, and seconds from the first token to the last (the prompt's
    evaluation comes before the first)."""
    first = last = 0.0
    count = 0
    for _token in tokens:
        last = time.perf_counter()
        first = first or last
        count += 1
        if count >= max_tokens:
            break
    return count, last - first


WAYS = (
    "free (no grammar)",
    "constrained, token checked first",
    "constrained, llama-cpp-python sampler",
)


def ways(llm: LlamaCppLLM, request: Request) -> dict[str, Callable[[], tuple[int, float]]]:
    import llama_cpp
    from llama_cpp import LlamaGrammar

    llama = llm.llama
    ids, _ = llm._prompt_tokens(request.messages)
    rules_text, root = gbnf(request.schema, request.grammar)
    n = request.max_tokens

    def never() -> bool:
        return False

    def ours(constrained: bool) -> tuple[int, float]:
        vocab = llama._model.vocab
        rules = Grammar(vocab, rules_text, root, llama.n_vocab()) if constrained else None
        try:
            return writing(generate(llama, ids, n, rules, never, llm.pick), n)
        finally:
            if rules is not None:
                rules.close()

    def library() -> tuple[int, float]:
        grammar = LlamaGrammar.from_string(rules_text, verbose=False)
        vocab = llama._model.vocab

        def tokens() -> Iterator[int]:
            for token in llama.generate(ids, temp=0.0, grammar=grammar):
                if llama_cpp.llama_vocab_is_eog(vocab, token):
                    return
                yield token

        return writing(tokens(), n)

    return dict(zip(WAYS, (lambda: ours(False), lambda: ours(True), library), strict=True))


def cell(rates: list[float], free: float) -> str:
    rate = statistics.median(rates)
    return f"{rate:7.1f} tok/s ({100 * rate / free:3.0f} % of free)"


def run_decoding_bench(settings: Settings, runs: int) -> int:
    contexts = Engines(settings).llm()
    if not isinstance(contexts, LlamaCppContexts):
        raise SystemExit("the decoding suite needs the llama.cpp backend")
    print(f"# voice-assistant bench --suite decoding: {runs} run(s) of each request, medians")
    print(f"# llm={settings.models.llm}; tokens/s of the writing alone (first token to last)")
    names = WAYS
    by_task: dict[str, dict[str, list[float]]] = {}
    for request in requests():
        rates = by_task.setdefault(request.task, {name: [] for name in names})
        written = []
        for name, way in ways(contexts.context(request.task), request).items():
            for _ in range(runs):
                count, seconds = way()
                if count > 1 and seconds > 0:
                    rates[name].append((count - 1) / seconds)
            written.append(count)
        print(f"  {request.task:<15} tokens written (free, ours, library): {written}", flush=True)
    print(f"{'task':<15}" + "".join(f"{n:>38}" for n in names))
    every: dict[str, list[float]] = {name: [] for name in names}
    for task, rates in by_task.items():
        free = statistics.median(rates[names[0]])
        print(f"{task:<15}" + "".join(f"{cell(rates[n], free):>38}" for n in names))
        for name in names:
            every[name] += rates[name]
    free = statistics.median(every[names[0]])
    print(f"{'all requests':<15}" + "".join(f"{cell(every[n], free):>38}" for n in names))
    return 0
