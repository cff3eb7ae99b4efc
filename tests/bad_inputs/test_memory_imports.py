"""Bad memory files: ``import_paths`` and ``memory import``; nothing stored is lost."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.bad_inputs.corpus import (
    BAD,
    GENERATED_MEMORIES,
    GOOD,
    IS_ROOT,
    MEMORIES,
    ROOT_REASON,
    SKIP,
    deny_reading,
    fifo,
    finishes,
    self_loop,
)
from voice_assistant.cli.entry import EXIT_ERROR, main
from voice_assistant.memory.importer import import_paths
from voice_assistant.memory.sqlite import connect
from voice_assistant.memory.store import MemoryStore


def snapshot(store: MemoryStore) -> list[tuple[Any, ...]]:
    rows = store.db.execute(
        "SELECT id, title, text, path, section, content_hash, updated FROM memories ORDER BY id"
    )
    return [tuple(row) for row in rows]


@pytest.fixture
def store(tmp_path):
    store = MemoryStore(connect(tmp_path / "m.sqlite3"), device="test")
    store.add("Locker code is in the blue book.", title="Locker")  # stored before any import
    return store


def notes_with(tmp_path: Path, name: str) -> Path:
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "good.md").write_text(GOOD)
    if name in GENERATED_MEMORIES:
        GENERATED_MEMORIES[name][1](notes / name)
    else:
        shutil.copy(BAD / "memory" / name, notes / name)
    return notes


@pytest.mark.parametrize("name", sorted(MEMORIES) + sorted(GENERATED_MEMORIES))
def test_import_of_a_folder_holding_a_bad_file(tmp_path, store, name):
    what, detail = MEMORIES.get(name) or (SKIP, GENERATED_MEMORIES[name][0])
    notes = notes_with(tmp_path, name)
    before = snapshot(store)
    report = finishes(lambda: import_paths(store, [notes]))
    after = snapshot(store)
    assert after[: len(before)] == before  # what was stored is untouched
    titles = [row[1] for row in after[len(before) :]]
    if what == SKIP:
        assert len(report.skipped) == 1
        path, reason = report.skipped[0]
        assert path == str(notes / name) and reason.startswith(detail)
        assert titles == ["Dentist"]  # the good file beside it still imports
    else:
        assert report.skipped == []
        assert sorted(titles) == sorted(["Dentist", *([detail] if detail else [])])


@pytest.mark.parametrize(
    "name", [*sorted(n for n, (what, _) in MEMORIES.items() if what == SKIP), "huge.txt"]
)
def test_a_file_that_goes_bad_keeps_the_memories_imported_from_it(tmp_path, store, name):
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / name).write_text("# Wifi\nThe guest network is Garden.\n")
    assert import_paths(store, [notes]).added == 1
    before = snapshot(store)
    (notes / name).unlink()
    if name in GENERATED_MEMORIES:
        GENERATED_MEMORIES[name][1](notes / name)
    else:
        shutil.copy(BAD / "memory" / name, notes / name)
    report = import_paths(store, [notes])
    assert len(report.skipped) == 1 and report.removed == 0
    assert snapshot(store) == before


@pytest.mark.parametrize("name", ["loop.md", "broken.md", "fifo.md"])
def test_a_file_replaced_by_a_bad_link_or_fifo_keeps_its_memories(tmp_path, store, name):
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / name).write_text("# Wifi\nThe guest network is Garden.\n")
    import_paths(store, [notes])
    before = snapshot(store)
    (notes / name).unlink()
    GENERATED_MEMORIES[name][1](notes / name)
    report = finishes(lambda: import_paths(store, [notes]))
    assert report.skipped[0][1] == GENERATED_MEMORIES[name][0]
    assert snapshot(store) == before


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (self_loop, "symlink loop (the link leads back to itself)"),
        (fifo, "not a regular file (a FIFO)"),
        (lambda p: Path("/dev/zero"), "not a regular file (a device)"),
        (lambda p: p, "does not exist"),
    ],
    ids=["self-loop", "fifo", "dev-zero", "missing"],
)
def test_import_of_a_bad_path_given_directly(tmp_path, store, make, reason):
    path = make(tmp_path / "direct.md")
    before = snapshot(store)
    report = finishes(lambda: import_paths(store, [path]))
    assert report.skipped == [(str(path), reason)] and report.files == 0
    assert snapshot(store) == before


def test_a_folder_symlinked_into_itself_is_imported_once(tmp_path, store):
    notes = notes_with(tmp_path, "again")
    (notes / "sub").mkdir()
    (notes / "sub" / "back").symlink_to("..")
    report = finishes(lambda: import_paths(store, [notes]))
    assert report.added == 1 and report.files == 1
    assert {reason for _, reason in report.skipped} == {"a symlink to a folder, not followed"}
    again = finishes(lambda: import_paths(store, [notes / "again"]))  # given as the root
    assert (again.added, again.unchanged) == (0, 1)


def test_a_file_that_cannot_be_opened_is_skipped(tmp_path, store, monkeypatch):
    notes = notes_with(tmp_path, "bom.md")
    (notes / "locked.md").write_text("# Secret\nhidden\n")
    deny_reading(monkeypatch, "locked.md")
    report = import_paths(store, [notes])
    assert report.skipped == [(str(notes / "locked.md"), "unreadable: Permission denied")]
    assert report.added == 2


@pytest.mark.skipif(IS_ROOT, reason=ROOT_REASON)
def test_a_file_without_read_permission_is_skipped(tmp_path, store):
    notes = notes_with(tmp_path, "bom.md")
    (notes / "locked.md").write_text("# Secret\nhidden\n")
    (notes / "locked.md").chmod(0)
    report = import_paths(store, [notes])
    assert report.skipped == [(str(notes / "locked.md"), "unreadable: Permission denied")]


def test_the_memory_import_command_lists_every_skipped_file(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("VOICE_ASSISTANT__PATHS__DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("VOICE_ASSISTANT__RESEARCH__SEMANTIC_SEARCH", "false")
    notes = tmp_path / "notes"
    shutil.copytree(BAD / "memory", notes)
    (notes / "good.md").write_text(GOOD)
    for name, (_reason, make) in GENERATED_MEMORIES.items():
        make(notes / name)
    assert main(["memory", "add", "Locker code is in the blue book."]) == 0
    assert finishes(lambda: main(["memory", "import", str(notes)])) == 0
    out = capsys.readouterr().out
    skipped = {n: r for n, (what, r) in MEMORIES.items() if what == SKIP}
    skipped.update({n: r for n, (r, _make) in GENERATED_MEMORIES.items()})
    for name, reason in skipped.items():
        assert f"  skipped {notes / name}: {reason}" in out, name
    assert f"{len(skipped)} skipped; 3 memories in all" in out  # locker, good.md, bom.md


def test_the_memory_import_command_refuses_a_looping_path_given_directly(
    tmp_path, monkeypatch, capsys
):
    """The command checks its arguments first: a path that does not lead to a file."""
    monkeypatch.setenv("VOICE_ASSISTANT__PATHS__DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("VOICE_ASSISTANT__RESEARCH__SEMANTIC_SEARCH", "false")
    loop = self_loop(tmp_path / "loop.md")
    assert main(["memory", "import", str(loop)]) == EXIT_ERROR
    assert f"error: nothing to import at: {loop}" in capsys.readouterr().err
