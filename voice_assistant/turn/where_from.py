""" "How do you know?" after an answer: code says where the last answer came from, from
that answer's own support (the notes its facts were reviewed against: title and the day
written), never a path or an id, and no model call. Pure."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from typing import Any

ASKS = re.compile(
    r"^(?:and |but |so |ok |okay )?(?:(?:how|why) do you know(?: that| this| about that)?"
    r"|where did (?:you|that|this|it) (?:get|find|read|hear|come)(?: that| this| it)?(?: from)?"
    r"|where (?:does|is|was) (?:that|this|it) (?:coming |come )?from"
    r"|where(?:'s| is) (?:that|this|it) from|what(?:'s| is| was) (?:your|the) source"
    r"(?: for (?:that|this))?|says who|who says(?: so)?|what makes you say that"
    r"|how did you know(?: that)?)$"
)
NOTHING_YET = "I haven't answered anything yet in this conversation."
GENERAL = "That was from general knowledge, not from your notes."
DECLINED = "I didn't answer that from anything: your notes had nothing I could say."


@dataclass(frozen=True)
class Support:
    """Where the last answer came from: ``general``, ``notes`` (with their titles and days)
    or ``none`` (it declined)."""

    kind: str
    sources: tuple[tuple[str, str], ...] = ()


def asks_where_from(utterance: str) -> bool:
    words = " ".join(re.findall(r"[\w']+", utterance.lower()))
    return bool(ASKS.match(words))


def support_of(review: dict[str, Any] | None) -> Support:
    """The support a research reply's review trace records."""
    review = review or {}
    if review.get("kind") == "general":
        return Support("general")
    found = tuple((str(s["title"]), str(s["day"])) for s in review.get("sources", []))
    return Support("notes", found) if found else Support("none")


def spoken_day(day: str, today: dt.date) -> str:
    """ "4 March"; "4 March 2025" in another year; "" if unknown."""
    try:
        date = dt.date.fromisoformat(day[:10])
    except ValueError:
        return ""
    said = f"{date.day} {date.strftime('%B')}"
    return said if date.year == today.year else f"{said} {date.year}"


def where_from_reply(support: Support | None, today: dt.date) -> str:
    """ "From your note 'Dentist', written on 12 March." (several: "From your notes …")."""
    if support is None:
        return NOTHING_YET
    if support.kind == "general":
        return GENERAL
    if not support.sources:
        return DECLINED
    named = []
    for title, day in support.sources:
        written = spoken_day(day, today)
        title = title.replace(" › ", ", ")
        named.append(f"'{title}', written on {written}" if written else f"'{title}'")
    notes = "note" if len(named) == 1 else "notes"
    listed = named[0] if len(named) == 1 else f"{', '.join(named[:-1])}, and {named[-1]}"
    return f"From your {notes} {listed}."
