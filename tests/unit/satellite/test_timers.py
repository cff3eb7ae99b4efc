"""The timer events a satellite is told, from two looks at the running timers."""

from voice_assistant.satellite.timers import timer_events
from voice_assistant.turn.actions import Timer

NOW = 1_000_000.0


def test_new_timers_start_and_gone_ones_finish_or_are_cancelled():
    pasta = Timer(1, "pasta", 600, NOW + 90)
    tea = Timer(2, "", 180, NOW)
    eggs = Timer(3, "eggs", 300, NOW + 300)
    before = {1: pasta, 2: tea, 4: Timer(4, "", 60, NOW)}
    events = timer_events(before, [pasta, eggs], {2: "rung", 4: "cancelled"}, NOW)
    assert [(e.type, e.data["id"]) for e in events] == [
        ("timer-started", "3"),
        ("timer-finished", "2"),
        ("timer-cancelled", "4"),
    ]
    started = events[0].data
    assert started["name"] == "eggs" and started["total_seconds"] == 300
    assert started["start_minutes"] == 5


def test_a_late_look_says_what_is_left_and_nothing_changes_nothing():
    pasta = Timer(1, "pasta", 600, NOW + 3725)
    events = timer_events({}, [pasta], {}, NOW)
    data = events[0].data
    assert data["total_seconds"] == 3725
    assert (data["start_hours"], data["start_minutes"], data["start_seconds"]) == (1, 2, 5)
    assert timer_events({1: pasta}, [pasta], {}, NOW) == []
