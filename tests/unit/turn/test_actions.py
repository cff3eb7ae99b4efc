"""Acts run through tools; changes commit with receipts in one transaction."""

import pytest

from voice_assistant.memory.sqlite import connect
from voice_assistant.memory.store import MemoryStore
from voice_assistant.turn.actions import Actions
from voice_assistant.turn.acts import Act


class Clock:
    now = 1_800_000_000.0

    def __call__(self):
        return self.now


@pytest.fixture
def actions(tmp_path):
    clock = Clock()
    return Actions(MemoryStore(connect(tmp_path / "m.sqlite3")), now=clock), clock


def count(actions, table):
    return actions.db.execute(f"SELECT count(*) FROM {table}").fetchone()[0]


def test_a_timer_is_committed_with_its_receipt_and_rings_when_due(actions):
    acts, clock = actions
    receipts, not_done = acts.run([Act("set_timer", {"duration_s": 600, "label": "tea"})])
    assert not_done == [] and receipts[0].title == "Tea timer set"
    assert receipts[0].body.startswith("10 minutes, rings at ")
    assert count(acts, "receipts") == 1
    assert acts.due() == []
    clock.now += 601
    (timer,) = acts.due()
    acts.mark_rung(timer.id)
    assert acts.due() == [] and acts.running_timers() == []


def test_timers_persist_across_restarts(tmp_path):
    clock = Clock()
    Actions(MemoryStore(connect(tmp_path / "m.sqlite3")), now=clock).run(
        [Act("set_timer", {"duration_s": 60, "label": ""})]
    )
    clock.now += 61
    again = Actions(MemoryStore(connect(tmp_path / "m.sqlite3")), now=clock)
    assert len(again.due()) == 1


def test_an_act_missing_a_value_is_not_run(actions):
    acts, _ = actions
    receipts, not_done = acts.run([Act("set_timer", {}, ("duration_s",))])
    assert receipts == [] and not_done[0].why == "waiting for duration_s"
    assert count(acts, "timers") == 0 and count(acts, "receipts") == 0


def test_remember_and_forget(actions):
    acts, _ = actions
    (saved,), _ = acts.run([Act("remember", {"text": "the spare key is under the blue pot"})])
    assert saved.text() == "Remembered: the spare key is under the blue pot"
    assert acts.store.search("spare key")
    (gone,), _ = acts.run([Act("forget", {"what": "spare key"})])
    assert gone.title == "Forgotten" and acts.store.search("spare key") == []
    _, (missing,) = acts.run([Act("forget", {"what": "spare key"})])
    assert missing.why == "no memory matches that"


def test_cancel_needs_to_know_which_timer(actions):
    acts, _ = actions
    _, (none,) = acts.run([Act("cancel_timer", {"which": ""})])
    assert none.why == "no timer is running"
    acts.run(
        [
            Act("set_timer", {"duration_s": 60, "label": "tea"}),
            Act("set_timer", {"duration_s": 120, "label": "eggs"}),
        ]
    )
    _, (unsure,) = acts.run([Act("cancel_timer", {"which": ""})])
    assert unsure.why == "I don't know which timer"
    (cancelled,), _ = acts.run([Act("cancel_timer", {"which": "eggs"})])
    assert cancelled.body == "2 minutes"
    assert [t.label for t in acts.running_timers()] == ["tea"]


def test_a_failure_mid_turn_leaves_no_half_state(actions, monkeypatch):
    acts, _ = actions
    original = acts._run_one

    def crash_on_second(act, room):
        if act.kind == "remember":
            raise RuntimeError("power cut")
        return original(act, room)

    monkeypatch.setattr(acts, "_run_one", crash_on_second)
    with pytest.raises(RuntimeError):
        acts.run(
            [Act("set_timer", {"duration_s": 60, "label": ""}), Act("remember", {"text": "x"})]
        )
    assert count(acts, "timers") == 0 and count(acts, "receipts") == 0


def test_read_only_acts_leave_no_receipt_row(actions):
    acts, _ = actions
    (timers,), _ = acts.run([Act("list_timers")])
    (now,), _ = acts.run([Act("what_time")])
    assert timers.text() == "Timers: none running" and now.title == "Time"
    assert count(acts, "receipts") == 0


def test_a_due_timer_rings_with_a_code_written_sentence(actions):
    from voice_assistant.turn.actions import ring_text

    acts, clock = actions
    acts.run(
        [
            Act("set_timer", {"duration_s": 600, "label": ""}),
            Act("set_timer", {"duration_s": 30, "label": "tea"}),
        ]
    )
    clock.now += 601
    assert [ring_text(t) for t in acts.due()] == [
        "Your tea timer is done.",
        "Your 10 minute timer is done.",
    ]
