"""A write the disk refuses (full, read-only): a clear error, and nothing half-written."""

import sqlite3

import pytest

from voice_assistant.errors import StorageError
from voice_assistant.memory.conversation import Conversations
from voice_assistant.memory.sqlite import connect
from voice_assistant.memory.store import MemoryStore
from voice_assistant.turn.actions import Actions
from voice_assistant.turn.acts import Act


def full_store(tmp_path):
    store = MemoryStore(connect(tmp_path / "m.sqlite3"), device="test")
    store.add("The spare key is under the blue pot.", title="Key")
    Actions(store)  # every table exists before the disk fills
    pages = store.db.execute("PRAGMA page_count").fetchone()[0]
    store.db.execute(f"PRAGMA max_page_count = {pages}")  # the disk is full from here on
    return store


def test_a_memory_write_on_a_full_disk_says_so_and_keeps_what_was_stored(tmp_path):
    store = full_store(tmp_path)
    with pytest.raises(StorageError) as caught:
        store.add("x " * 200_000, title="Huge")
    assert caught.value.code == "disk-full"
    assert "m.sqlite3" in caught.value.message and "nothing was saved" in caught.value.message
    assert store.count() == 1
    assert [h.memory.title for h in store.search("spare key")] == ["Key"]
    assert store.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_acts_on_a_full_disk_commit_nothing(tmp_path):
    store = full_store(tmp_path)
    actions = Actions(store)
    with pytest.raises(StorageError):
        actions.run(
            [
                Act("set_timer", {"duration_s": 60, "label": ""}),
                Act("remember", {"text": "y" * 400_000}),
            ]
        )
    assert actions.running_timers() == []
    assert store.db.execute("SELECT count(*) FROM receipts").fetchone()[0] == 0


def test_a_read_only_database_is_named_and_untouched(tmp_path):
    path = tmp_path / "m.sqlite3"
    writable = MemoryStore(connect(path), device="test")
    writable.add("kept", title="Kept")
    Conversations(writable.db)
    read_only = sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None)
    read_only.row_factory = sqlite3.Row
    store = MemoryStore(read_only, device="test")
    with pytest.raises(StorageError) as caught:
        store.add("new", title="New")
    assert caught.value.code == "read-only"
    with pytest.raises(StorageError):
        Conversations(read_only).record(
            1,
            {
                "mode": "spoken",
                "question": "q",
                "stop_reason": "answered",
                "exchanges": [],
                "notes": [],
                "final_request": [],
                "reply": "r",
                "model_calls": [],
                "timings": {},
            },
        )
    assert [m.title for m in MemoryStore(connect(path)).recent()] == ["Kept"]
