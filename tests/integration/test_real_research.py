"""The research core with the real default model over the imported example memories."""

import os
import re
import subprocess
import sys

import pytest

pytestmark = pytest.mark.integration


def cli(demo_data, *args):
    return subprocess.run(
        [sys.executable, "-m", "voice_assistant", *args],
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "VOICE_ASSISTANT__PATHS__DATA_DIR": str(demo_data)},
    )


@pytest.fixture(scope="module")
def asked(demo_data):
    return cli(demo_data, "ask", "When is my dentist appointment?")


def test_ask_answers_from_the_memories_with_cited_sources(asked):
    assert asked.returncode == 0, asked.stderr
    answer, _, sources = asked.stdout.partition("\nSources:\n")
    assert re.search(r"march|thursday|9:30", answer.lower()), asked.stdout
    assert re.search(r"\[\d\]", answer), asked.stdout
    assert sources.startswith("[1] Dentist (file, markdown, memories; updated ")


def test_replay_matches_a_one_value_turn_again(asked, demo_data):
    turn = re.search(r"\[turn (\d+): research stopped on matched", asked.stderr)
    assert turn is not None, asked.stderr
    replayed = cli(demo_data, "replay", turn.group(1))
    assert replayed.returncode == 0, replayed.stderr
    assert "matched by structure again" in replayed.stdout
    assert "'note': 'Dentist'" in replayed.stdout and "9:30" in replayed.stdout


def test_replay_reruns_the_final_pass_on_the_stored_research(demo_data):
    asked = cli(demo_data, "ask", "What did we decide about the transaction gateway?")
    turn = re.search(r"\[turn (\d+):", asked.stderr)
    assert turn is not None, asked.stderr
    replayed = cli(demo_data, "replay", turn.group(1))
    assert replayed.returncode == 0, replayed.stderr
    assert "What did we decide about the transaction gateway?" in replayed.stdout
    request = re.search(r"final request: (\d+) prompt tokens", replayed.stdout)
    assert request is not None, replayed.stdout
    tokens = int(request.group(1))
    assert 100 < tokens < 1500
    assert "gateway" in replayed.stdout.lower()
    missing = cli(demo_data, "replay", "99999")
    assert missing.returncode == 2 and "no stored turn 99999" in missing.stderr


def test_spoken_research_gives_plain_sentences(real_assembly):
    research = real_assembly.research_core()
    reply = research.answer("What did we decide about the transaction gateway?", "spoken")
    # the gateway note holds every word the question is about: code's first search settles
    # it, with no research call, and the one model call writes the answer from the notes
    assert reply.stop_reason == "decisive", reply
    assert [c.task for c in reply.model_calls] == ["answer_spoken"]
    assert reply.notes >= 1
    assert reply.final_outcome == "answered", reply.text  # not code's spoken fallback
    assert not re.search(r"\[\d|https?://|^\s*[-*]|`|/\w", reply.text, re.M), reply.text
    sentences = [s for s in re.split(r"(?<=[.!?])\s+", reply.text.strip()) if s]
    assert 1 <= len(sentences) <= 3, reply.text
    assert "queue" in reply.text.lower(), reply.text
