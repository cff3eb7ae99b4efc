"""``voice-assistant bench --suite decoding``: constrained output at the speed of free output.

One written final-answer request (JSON) over four notes, written three ways on the same model: free
(the prompt asks for JSON, nothing enforces it), constrained with our decoding (the
grammar asked about the chosen token first, ``llm/decoding.py``), and constrained with
llama-cpp-python's own sampler chain (the grammar applied to the whole vocabulary at
every step: what this project used before). Generation tokens/s are wall clock after the
prompt, so the grammar's cost counts; the prompt is cached after the first run.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable
from typing import Any

from voice_assistant.config import Settings
from voice_assistant.engines import Engines
from voice_assistant.llm.base import Message
from voice_assistant.llm.contexts import LlamaCppContexts
from voice_assistant.llm.llama import LlamaCppLLM
from voice_assistant.research.final import final_request
from voice_assistant.research.notes import Note
from voice_assistant.research.support import written_schema

QUESTION = "What's the wholesale price of my oatmeal mugs?"
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
MAX_TOKENS = 160


def _library_sampler(llm: LlamaCppLLM, messages: list[Message], schema: dict[str, Any]) -> int:
    """llama-cpp-python's ``create_completion`` with its grammar: the reference."""
    from llama_cpp import LlamaGrammar

    ids, stop = llm._prompt_tokens(messages)
    grammar = LlamaGrammar.from_json_schema(json.dumps(schema), verbose=False)
    out: Any = llm.llama.create_completion(
        ids, max_tokens=MAX_TOKENS, temperature=0.0, stop=stop, grammar=grammar
    )
    return int(out["usage"]["completion_tokens"])


def run_decoding_bench(settings: Settings, runs: int) -> int:
    contexts = Engines(settings).llm()
    if not isinstance(contexts, LlamaCppContexts):
        raise SystemExit("the decoding suite needs the llama.cpp backend")
    llm = contexts.context("answer_written")
    messages = final_request(QUESTION, NOTES, [], "written")
    schema = written_schema(len(NOTES))
    ways: dict[str, Callable[[], int]] = {
        "free (no grammar)": lambda: (
            llm.complete(messages, max_tokens=MAX_TOKENS, deadline_s=120).completion_tokens
        ),
        "constrained, token checked first": lambda: (
            llm.complete(
                messages, max_tokens=MAX_TOKENS, deadline_s=120, json_schema=schema
            ).completion_tokens
        ),
        "constrained, llama-cpp-python sampler": lambda: _library_sampler(llm, messages, schema),
    }
    llm.complete(messages, max_tokens=1, deadline_s=120)  # the prompt is cached from here on
    print(f"# voice-assistant bench --suite decoding: {runs} run(s) each, medians")
    print(f"# llm={settings.models.llm}, {MAX_TOKENS} tokens at most, prompt cached")
    rates: dict[str, float] = {}
    for name, way in ways.items():
        figures = []
        for _ in range(runs):
            started = time.monotonic()
            tokens = way()
            figures.append(tokens / (time.monotonic() - started))
        rates[name] = statistics.median(figures)
        print(f"  {name:<40} {tokens:4d} tokens  {rates[name]:6.1f} tokens/s")
    free = rates["free (no grammar)"]
    for name in list(ways)[1:]:
        print(f"  {name:<40} {100 * rates[name] / free:5.0f} % of free speed")
    return 0
