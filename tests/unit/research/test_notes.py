"""Notes (docs/decisions/0002): splitting, merging, ranking, provenance, excerpts, the digest."""

from tests.research_fixtures import clock, failure, not_run, read, record, search
from voice_assistant.research.notes import Note, build_notes, digest, render_digest
from voice_assistant.research.tools import excerpt

DENTIST = record(1, "Dentist", "Check-up with Dr. Alvarez, Thursday 12 March at 9:30.")
GATEWAY = record(2, "Gateway", "We keep the gateway on the old queue until March.", "work")
BIKE = record(3, "Bike", "Full service on Hill Street for 60 euros.")


def test_hits_are_split_by_memory_and_lose_their_provenance():
    notes = build_notes([search("dentist gateway", DENTIST, GATEWAY)])
    assert [n.subject for n in notes] == ["Dentist", "Gateway"]
    text = render_digest(notes)
    for provenance in ("memory_id", "score", "h0001", "laptop", "/home/u", "<excerpt>", "---"):
        assert provenance not in text
    assert notes[0].label.startswith("file, markdown, home; updated ")
    assert notes[1].label.startswith("file, markdown, work")


def test_a_memory_found_by_several_calls_is_one_note_and_ranks_first():
    notes = build_notes(
        [
            search("bike", BIKE, DENTIST),
            search("gateway", GATEWAY),
            search("appointment", DENTIST),
        ]
    )
    assert [n.subject for n in notes] == ["Dentist", "Bike", "Gateway"]
    assert notes[0].found == 2


def test_a_read_merges_with_its_search_hit_and_keeps_the_longer_text():
    short = record(1, "Dentist", "Check-up.")
    notes = build_notes([search("dentist", short), read(DENTIST)])
    assert len(notes) == 1
    assert notes[0].excerpt == DENTIST.text and notes[0].found == 2


def test_empty_reads_errors_and_calls_not_run_add_nothing():
    assert build_notes([read(None, 7), failure(), not_run("dentist"), search("nothing")]) == []


def test_other_tools_become_one_note_named_by_tool_and_subject():
    notes = build_notes([search("dentist", DENTIST), clock()])
    assert notes[-1].subject == "clock: the current date and time"
    assert notes[-1].label == "tool clock"
    assert notes[-1].excerpt == "Monday 30 November 2026, 10:00"


def test_long_notes_end_at_a_word_within_700_characters():
    long_text = ("alpha beta gamma delta " * 60).strip()
    note = build_notes([search("x", record(9, "Long", long_text))])[0]
    assert len(note.excerpt) <= 700
    assert long_text.startswith(note.excerpt)
    assert long_text[len(note.excerpt)] == " "  # the cut is at a word boundary
    assert not note.excerpt.endswith(("…", "..."))
    assert excerpt("one two three", 7) == "one two"


def test_the_digest_keeps_whole_notes_within_its_size():
    notes = [Note(f"Memory {i}", "file", "x" * 100) for i in range(10)]
    kept = digest(notes, limit=400)
    rendered = render_digest(kept)
    assert len(rendered) <= 400
    assert len(kept) == 3  # each note renders to ~125 characters
    assert all(n.excerpt == "x" * 100 for n in kept)  # whole, never cut


def test_a_note_s_first_sentence_does_not_end_at_a_title():
    note = Note("Dentist", "file", "Check-up with Dr. Alvarez on Thursday. Bring the card.")
    assert note.first_sentence == "Check-up with Dr. Alvarez on Thursday."
