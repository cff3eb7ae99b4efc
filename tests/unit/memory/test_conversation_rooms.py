"""Each room (the daemon's microphone, a satellite, ``ask``) continues only a conversation
of its own: the kitchen's next question never sees the bedroom's, even after a restart."""

import sqlite3
from pathlib import Path

from voice_assistant.memory.conversation import Conversations
from voice_assistant.memory.sqlite import connect


def test_a_room_continues_its_own_latest_conversation_and_never_another_s():
    conversations = Conversations(connect(Path(":memory:")), idle_timeout_s=300)
    kitchen = conversations.current(now=1000.0, room="satellite:kitchen")
    bedroom = conversations.current(now=1001.0, room="satellite:bedroom")
    assert kitchen != bedroom
    # a restart: new sessions ask for each room's latest open conversation
    assert conversations.current(now=1002.0, room="satellite:kitchen") == kitchen
    assert conversations.current(now=1003.0, room="satellite:bedroom") == bedroom
    local = conversations.current(now=1004.0)  # the daemon's microphone: a room of its own
    assert local not in (kitchen, bedroom)
    # after the idle timeout a room starts anew, still in its own room
    later = conversations.current(now=2000.0, room="satellite:kitchen")
    assert later not in (kitchen, bedroom, local)
    assert conversations.current(now=2001.0, room="satellite:kitchen") == later


def test_a_database_from_before_rooms_is_the_local_room_s(tmp_path):
    path = tmp_path / "old.db"
    old = sqlite3.connect(path)
    old.execute(
        "CREATE TABLE conversations (id INTEGER PRIMARY KEY, started REAL NOT NULL,"
        " last_active REAL NOT NULL)"
    )
    old.execute("INSERT INTO conversations(started, last_active) VALUES (1000, 1000)")
    old.commit()
    old.close()
    conversations = Conversations(connect(path))
    assert conversations.current(now=1010.0) == 1  # the local room continues it
    assert conversations.current(now=1011.0, room="satellite:kitchen") != 1
