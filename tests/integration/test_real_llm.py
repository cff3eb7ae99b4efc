"""The llama.cpp backend with the real default model (Qwen2.5-Coder-0.5B)."""

import json

import psutil
import pytest

from voice_assistant.errors import StageFailure
from voice_assistant.llm.base import Message
from voice_assistant.research.support import spoken_grammar

pytestmark = pytest.mark.integration

SYSTEM = Message("system", "You are a helpful assistant. Answer briefly.")


def test_plain_completion_counts_tokens_with_the_model_tokenizer(real_assembly):
    llm = real_assembly.engines.llm()
    messages = [SYSTEM, Message("user", "What is the capital of France? One word.")]
    out = llm.complete(messages, task="answer_written", max_tokens=20, deadline_s=60)
    assert "paris" in out.text.lower()
    assert out.finish_reason == "stop"
    assert out.prompt_tokens == llm.count_tokens(messages) > 10
    assert 0 < out.completion_tokens <= 20


@pytest.mark.parametrize("notes", [0, 1, 12])
def test_llama_cpp_parses_the_spoken_answer_s_grammar(real_assembly, notes):
    from voice_assistant.llm.decoding import Grammar

    llama = real_assembly.engines.llm().context("answer_spoken").llama
    vocab = llama._model.vocab
    grammar = Grammar(vocab, spoken_grammar(notes), "root", llama.n_vocab())  # else ValueError
    assert grammar.allows(llama.tokenize(b"none", add_bos=False, special=False)[0])
    with pytest.raises(ValueError, match="could not parse"):
        Grammar(vocab, spoken_grammar(notes) + "broken ::= (", "root", llama.n_vocab())


def test_json_schema_constrains_the_output(real_assembly):
    schema = {
        "type": "object",
        "properties": {
            "city": {"type": "string"},
            "country": {"type": "string"},
            "is_capital": {"type": "boolean"},
        },
        "required": ["city", "country", "is_capital"],
        "additionalProperties": False,
    }
    messages = [SYSTEM, Message("user", "Describe Lyon as JSON with city, country, is_capital.")]
    out = real_assembly.engines.llm().complete(
        messages, task="answer_written", max_tokens=80, deadline_s=60, json_schema=schema
    )
    data = json.loads(out.text)
    assert set(data) == {"city", "country", "is_capital"}
    assert isinstance(data["is_capital"], bool)


def test_the_output_allowance_stops_generation(real_assembly):
    messages = [SYSTEM, Message("user", "Count from one to one hundred in words.")]
    out = real_assembly.engines.llm().complete(messages, task="review", max_tokens=6, deadline_s=60)
    assert out.finish_reason == "length"
    assert out.completion_tokens == 6


def test_the_deadline_stops_generation(real_assembly):
    messages = [SYSTEM, Message("user", "Write a long story about a lighthouse keeper.")]
    out = real_assembly.engines.llm().complete(
        messages, task="review", max_tokens=400, deadline_s=0.5
    )
    assert out.finish_reason == "deadline"
    assert out.completion_tokens < 400


def test_a_prompt_that_cannot_fit_is_refused_before_running(real_assembly):
    huge = Message("user", "word " * 5000)
    with pytest.raises(StageFailure) as caught:
        real_assembly.engines.llm().complete(
            [SYSTEM, huge], task="research", max_tokens=50, deadline_s=10
        )
    assert caught.value.code == "context-full"


@pytest.mark.parametrize("constraint", ["json_schema", "grammar"])
def test_constrained_decoding_writes_what_llama_cpp_python_s_sampler_writes(
    real_assembly, constraint
):
    """The grammar is asked about the likeliest token first (fast), with the same outcome as
    applying it to the whole vocabulary at every step (llama-cpp-python's sampler chain)."""
    from llama_cpp import LlamaGrammar

    from voice_assistant.research.final import final_request
    from voice_assistant.research.notes import Note
    from voice_assistant.research.support import spoken_grammar, written_schema

    llm = real_assembly.engines.llm().context("answer_written")  # one llama.cpp context
    notes = [
        Note("Oatmeal mugs", "2026-11-02", "Retail price 32 euros, wholesale 18 euros.", day="x"),
        Note("Kiln", "2026-10-01", "Glaze firing goes to 1240 degrees.", day="x"),
    ]
    question = "What's the wholesale price of my oatmeal mugs?"
    if constraint == "grammar":
        messages, gbnf = final_request(question, notes, [], "spoken"), spoken_grammar(2)
        ours = llm.complete(messages, max_tokens=60, deadline_s=120, grammar=gbnf)
        grammar = LlamaGrammar.from_string(gbnf, verbose=False)
    else:
        schema = written_schema(2)
        messages = final_request(question, notes, [], "written")
        ours = llm.complete(messages, max_tokens=120, deadline_s=120, json_schema=schema)
        grammar = LlamaGrammar.from_json_schema(json.dumps(schema), verbose=False)
    ids, stop = llm._prompt_tokens(messages)
    theirs = llm.llama.create_completion(
        ids,
        max_tokens=120 if constraint == "json_schema" else 60,
        temperature=0.0,
        stop=stop,
        grammar=grammar,
    )
    assert ours.text == theirs["choices"][0]["text"].strip()
    assert ours.completion_tokens == theirs["usage"]["completion_tokens"]


def test_contexts_share_the_weights_and_keep_their_own_caches(real_assembly):
    """A context per task family keeps its fixed prefix warm, on one loaded copy of the
    weights (a second copy would count its ~460 MB in RSS again); a task naming a model of
    its own (general answers: the 1.5B) runs on that model's weights."""
    contexts = real_assembly.engines.llm()
    answers, research = contexts.context("answer_spoken"), contexts.context("research")
    general = contexts.context("answer_general")
    assert general is not research and general.llama._model is not answers.llama._model
    assert contexts.context("review") is answers
    assert research.llama._model is answers.llama._model
    one = [SYSTEM, Message("user", "Name a colour. One word.")]
    other = [Message("system", "You name animals."), Message("user", "Name one. One word.")]
    first = answers.complete(one, max_tokens=5, deadline_s=60)
    research.complete(other, max_tokens=5, deadline_s=60)
    again = answers.complete(one, max_tokens=5, deadline_s=60)
    assert again.text == first.text
    assert again.prompt_tokens_evaluated <= 1  # its cache survived the other context's call


def test_a_task_s_own_model_is_released_when_unused_and_loaded_again_at_its_next_call(
    real_settings,
):
    from voice_assistant.engines import Engines
    from voice_assistant.llm.contexts import LlamaCppContexts

    settings = real_settings.model_copy(deep=True)
    settings.tasks.answer_general.model = "smollm2-135m"  # a tiny GGUF stands in for the 1.5B
    settings.llm.llama_cpp.release_task_models_s = 60
    now = [0.0]
    contexts = LlamaCppContexts(settings, Engines(settings).model, clock=lambda: now[0])
    question = [SYSTEM, Message("user", "What is the capital of France? One word.")]

    def answered(task):
        out = contexts.complete(question, task=task, max_tokens=8, deadline_s=60)
        return out.completion_tokens > 0

    assert answered("answer_general") and answered("review")
    own, main = contexts.loaded()
    assert "smollm" in own.name.lower() and "qwen" in main.name.lower()
    now[0] = 59
    assert contexts.rest() is True  # not yet: held, and a later rest will release it
    assert contexts.loaded() == [own, main]
    now[0] = 61
    before = psutil.Process().memory_info().rss
    assert contexts.rest() is False
    assert contexts.loaded() == [main]
    assert before - psutil.Process().memory_info().rss > 50e6  # its 98 MB GGUF is unmapped
    now[0] = 1000
    assert contexts.rest() is False and contexts.loaded() == [main]  # models.llm stays
    assert answered("answer_general")  # loaded again at its next call
    assert contexts.loaded() == [main, own]
