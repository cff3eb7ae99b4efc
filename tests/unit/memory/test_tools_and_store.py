"""Memory store, import, research tools and their pinned text rendering."""

import datetime as dt

from tests.research_fixtures import clock, read, record, search
from voice_assistant.memory.importer import import_paths, split_markdown
from voice_assistant.memory.sqlite import connect
from voice_assistant.memory.store import MemoryStore
from voice_assistant.memory.terms import content_terms, rarer
from voice_assistant.research.notes import Exchange
from voice_assistant.research.tools import (
    ClockResult,
    ReadResult,
    SearchResult,
    ToolCall,
    ToolFailure,
    Tools,
    render,
)


def store_at(tmp_path):
    return MemoryStore(connect(tmp_path / "m.sqlite3"), device="laptop")


def rendered(exchange: Exchange) -> str:
    assert exchange.result is not None
    return render(exchange.result)


def test_the_text_rendering_is_pinned():
    dentist = record(1, "Dentist", "Check-up with Dr. Alvarez, Thursday 12 March at 9:30.")
    text = rendered(search("dentist", dentist))
    assert text == (
        'search_memories("dentist") -> 1 hit(s)\n'
        "--- hit 1 | memory_id=1 | score=2.000 | hash=h0001 | device=laptop | "
        "path=/home/u/notes/dentist.md\n"
        "# Dentist (file, markdown, home; updated 2025-11-30)\n"
        "<excerpt>Check-up with Dr. Alvarez, Thursday 12 March at 9:30.</excerpt>"
    )
    assert rendered(read(None, 7)) == "read_memory(7) -> no such memory"
    assert rendered(clock()) == "clock() -> 2026-11-30T10:00 (Monday 30 November 2026, 10:00)"


def test_search_ranks_by_bm25_and_ignores_question_words(tmp_path):
    store = store_at(tmp_path)
    store.add("The dentist is on Thursday at 9:30.", title="Dentist")
    store.add("Buy bread and milk.", title="Shopping")
    store.add("What when where: the dentist moved to Mill Lane.", title="Clinic")
    assert content_terms('What is "the" dentist?') == ["dentist"]
    assert content_terms("what is it") == []
    hits = store.search("When is my dentist appointment?")
    assert {h.memory.title for h in hits} == {"Dentist", "Clinic"}
    assert store.search("what is it") == []


def test_tools_return_structures(tmp_path):
    store = store_at(tmp_path)
    memory_id = store.add("The guest network is Garden.", title="Wifi")
    now = dt.datetime(2026, 11, 30, 10, 0)
    tools = Tools(store, now=lambda: now)
    found = tools.run(ToolCall(tool="search_memories", argument="guest network"))
    assert isinstance(found, SearchResult)
    assert found.hits[0].memory.id == memory_id and found.hits[0].memory.device == "laptop"
    read_back = tools.run(ToolCall(tool="read_memory", argument=f"memory {memory_id}"))
    assert isinstance(read_back, ReadResult) and read_back.memory is not None
    assert read_back.memory.title == "Wifi"
    missing = tools.run(ToolCall(tool="read_memory", argument="999"))
    assert isinstance(missing, ReadResult) and missing.memory is None
    now_read = tools.run(ToolCall(tool="clock"))
    assert isinstance(now_read, ClockResult) and now_read.iso == "2026-11-30T10:00"
    unknown = tools.run(ToolCall(tool="set_timer", argument="5"))
    assert isinstance(unknown, ToolFailure) and unknown.error == "unknown tool"


def test_markdown_splits_per_heading_section():
    sections = split_markdown(
        "# Gateway\n\nIntro.\n\n## Decision\nKeep the queue.\n\n```\n# not a heading\n```\n"
        "## Open\nWho owns alerts?\n## Open\nSecond.\n",
        "file",
    )
    assert [(s.key, s.title) for s in sections] == [
        ("Gateway", "Gateway"),
        ("Gateway › Decision", "Gateway › Decision"),
        ("Gateway › Open", "Gateway › Open"),
        ("Gateway › Open #2", "Gateway › Open"),
    ]
    assert "# not a heading" in sections[1].text


def test_import_is_idempotent_updates_changes_and_skips_bad_files(tmp_path):
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "a.md").write_text("# A\n## One\nfirst\n## Two\nsecond\n")
    (notes / "b.txt").write_text("plain text memory")
    (notes / "pic.png").write_bytes(b"\x89PNG\x00\x00binary")
    (notes / "huge.md").write_text("x" * 2000)
    (notes / ".hidden").mkdir()
    (notes / ".hidden" / "c.md").write_text("ignored")
    store = store_at(tmp_path)
    first = import_paths(store, [notes], max_bytes=1000)
    assert (first.added, first.files) == (3, 2)
    assert {reason for _, reason in first.skipped} == {
        "binary file",
        "too large (2,000 bytes; the limit is 1,000)",
    }
    again = import_paths(store, [notes], max_bytes=1000)
    assert (again.added, again.updated, again.unchanged, again.removed) == (0, 0, 3, 0)
    (notes / "a.md").write_text("# A\n## One\nfirst, changed\n")
    third = import_paths(store, [notes], max_bytes=1000)
    assert (third.added, third.updated, third.unchanged, third.removed) == (0, 1, 1, 1)
    assert store.count() == 2
    hit = store.search("changed")[0].memory
    assert (hit.title, hit.kind, hit.project, hit.source) == (
        "A › One",
        "markdown",
        "notes",
        "file",
    )


def test_forget_removes_from_search(tmp_path):
    store = store_at(tmp_path)
    memory_id = store.add("Locker code is in the blue book.", title="Locker")
    assert store.search("locker")
    assert store.forget(memory_id) and not store.forget(memory_id)
    assert store.search("locker") == []


def test_a_large_store_searches_the_rarer_words_of_a_query(tmp_path):
    store = store_at(tmp_path)
    with store.transaction():
        for n in range(260):  # "birthday" in more notes than the floor: a common word
            store.add(f"The birthday of friend number {n} is in May.", title=f"Friend {n}")
    store.add("Ottoline's birthday is on 3 June.", title="Ottoline")
    assert rarer(store.db, ["ottoline", "birthday"]) == ["ottoline"]
    hits = store.search("When is Ottoline's birthday?", 5)
    assert [h.memory.title for h in hits] == ["Ottoline"]
    assert len(store.search("When is the birthday?", 5)) == 5  # only common words: all kept


def test_the_store_state_moves_with_every_change_and_only_then(tmp_path):
    store = store_at(tmp_path)
    seen = [store.state()]
    first = store.add("The dentist is on Thursday.", title="Dentist")
    seen.append(store.state())
    store.search("dentist")
    assert store.state() == seen[-1]  # reading changes nothing
    store.update(first, "Dentist", "The dentist is on Friday.")
    seen.append(store.state())
    store.forget(first)
    seen.append(store.state())
    assert len(set(seen)) == 4
    again = MemoryStore(connect(tmp_path / "m.sqlite3"), device="laptop")
    assert again.state() == seen[-1]  # kept in the database, not in the process
