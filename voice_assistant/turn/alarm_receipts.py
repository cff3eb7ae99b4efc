"""Running the alarm and reminder acts against the ``AlarmBook``: each change with its
receipt ("Alarm set: 7:00, tomorrow, Wednesday"), in the turn's transaction."""

from __future__ import annotations

from collections.abc import Callable

from voice_assistant.turn.acts import Act, speak_duration
from voice_assistant.turn.alarm_acts import when_of
from voice_assistant.turn.alarms import Alarm, AlarmBook
from voice_assistant.turn.outcome import NotDone, Receipt

MakeReceipt = Callable[[str, str, str], Receipt]
"""``Actions._receipt``: stores (act, title, body) and gives the receipt."""


def run_alarm_act(
    book: AlarmBook, act: Act, receipt: MakeReceipt, room: str = "local"
) -> Receipt | NotDone:
    if act.kind == "list_alarms":
        pending = book.pending()
        body = "; ".join(_listed(book, a) for a in pending) or "none set"
        return Receipt(0, act.kind, "Alarms and reminders", body)  # read-only
    if act.kind == "cancel_alarm":
        kind = str(act.values.get("kind", "alarm"))
        cancelled = book.cancel(kind, str(act.values.get("which", "")))
        if isinstance(cancelled, str):
            return NotDone(act, cancelled)
        return receipt(act.kind, f"{kind.capitalize()} cancelled", book.describe(cancelled))
    when = when_of(act.values)
    kind = "alarm" if act.kind == "set_alarm" else "reminder"
    added = book.add(kind, str(act.values.get("text", "")), when, room)
    if isinstance(added, str):
        return NotDone(act, added)
    body = book.describe(added)
    if when.in_s is not None:  # "in twenty minutes": said back as the user said it
        after = f"in {speak_duration(when.in_s)}, at {added.time_words()}"
        body = f"{added.text}, {after}" if added.text else after
    return receipt(act.kind, f"{kind.capitalize()} set", body)


def _listed(book: AlarmBook, alarm: Alarm) -> str:
    return f"{alarm.kind} {book.describe(alarm)}"
