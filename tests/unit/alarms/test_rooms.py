"""Timers, alarms and reminders carry the room that set them and ring there: a connected
satellite's are picked for it (with their sound), the rest ring on the daemon's speaker."""

import datetime as dt
from pathlib import Path
from zoneinfo import ZoneInfo

from voice_assistant.daemon.ringing import rings_here
from voice_assistant.memory.sqlite import connect
from voice_assistant.memory.store import MemoryStore
from voice_assistant.satellite.rings import pick
from voice_assistant.tts.fake import FakeTTS
from voice_assistant.turn.actions import Actions
from voice_assistant.turn.alarm_acts import reminder_act
from voice_assistant.turn.wall_clock import read_when

BERLIN = ZoneInfo("Europe/Berlin")
KITCHEN = "satellite:kitchen"


class Clock:
    def __init__(self) -> None:
        self.t = dt.datetime(2026, 12, 3, 14, 0, tzinfo=BERLIN).timestamp()

    def __call__(self) -> float:
        return self.t


def actions_at(clock, path=":memory:"):
    return Actions(MemoryStore(connect(Path(path))), now=clock, tz=BERLIN)


def set_in(actions, room):
    from voice_assistant.turn.acts import Act

    reminder = reminder_act("check the oven", read_when("in three seconds"))
    timer = Act("set_timer", {"duration_s": 2, "label": "tea"})
    receipts, not_done = actions.run([reminder, timer], room)
    assert len(receipts) == 2 and not not_done


def test_what_a_satellite_set_carries_its_room_and_is_picked_for_it_once():
    clock = Clock()
    actions = actions_at(clock)
    set_in(actions, KITCHEN)
    set_in(actions, "local")
    clock.t += 5
    assert {t.room for t in actions.due()} == {KITCHEN, "local"}
    tts = FakeTTS()
    rings = pick(actions, tts, {KITCHEN}, set())
    assert sorted(r.key[0] for r in rings) == ["alarm", "timer"]
    assert all(r.room == KITCHEN and len(r.sound) > 0 for r in rings)
    assert tts.spoken == ["Your tea timer is done.", "Reminder: check the oven."]
    # the kitchen's timer is marked rung; the reminder is recorded once it has played
    assert [t.room for t in actions.due()] == ["local"]
    ringing = {r.key for r in rings}
    assert pick(actions, tts, {KITCHEN}, ringing) == []  # not rung twice meanwhile


def test_the_daemon_rings_its_own_and_those_of_rooms_with_no_satellite_connected():
    assert rings_here("local", frozenset({KITCHEN}))
    assert not rings_here(KITCHEN, frozenset({KITCHEN}))
    assert rings_here(KITCHEN, frozenset())  # the kitchen's satellite is not connected


def test_a_database_from_before_rooms_gets_the_column(tmp_path):
    db = connect(tmp_path / "old.sqlite3")
    db.executescript(
        "CREATE TABLE timers (id INTEGER PRIMARY KEY, label TEXT NOT NULL DEFAULT '',"
        " duration_s INTEGER NOT NULL, created REAL NOT NULL, due REAL NOT NULL,"
        " state TEXT NOT NULL DEFAULT 'running');"
        "INSERT INTO timers(label, duration_s, created, due) VALUES ('eggs', 60, 0, 60);"
    )
    db.commit()
    db.close()
    actions = actions_at(Clock(), tmp_path / "old.sqlite3")
    (old,) = actions.running_timers()
    assert (old.label, old.room) == ("eggs", "local")
