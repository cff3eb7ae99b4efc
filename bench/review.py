"""``voice-assistant bench --suite review``: does the review catch seeded faults?

Eight acknowledgement drafts with a known fault (a claim beyond the material, a missing
ask, an extra question, a left-out receipt) and eight clean ones, over the same outcome
documents; the review runs on each and we count caught faults and false alarms.
"""

from __future__ import annotations

import statistics

from voice_assistant.config import Settings
from voice_assistant.engines import Engines
from voice_assistant.llm.base import LanguageModel, Message
from voice_assistant.turn.acts import Act
from voice_assistant.turn.outcome import NotDone, OutcomeDocument, Receipt
from voice_assistant.turn.review import applicable_checks, findings, review_prompt, review_schema
from voice_assistant.turn.runner import REVIEW

TIMER = Receipt(1, "set_timer", "Timer set", "10 minutes, rings at 14:05")
NOTE = Receipt(2, "remember", "Remembered", "the spare key is under the blue pot")
TEA = Receipt(3, "set_timer", "tea timer set", "4 minutes, rings at 09:12")
ASKING = OutcomeDocument(
    not_done=(NotDone(Act("cancel_timer"), "no timer is running"),),
    ask="Which timer should I cancel?",
)
DOCS = {
    "timer": OutcomeDocument(done=(TIMER,)),
    "note": OutcomeDocument(done=(NOTE,)),
    "two": OutcomeDocument(done=(TIMER, TEA)),
    "asking": ASKING,
}
CLEAN = [
    ("timer", "Your timer is set for 10 minutes and rings at 14:05."),
    ("timer", "Done: a 10 minute timer, ringing at 14:05."),
    ("note", "Got it, the spare key is under the blue pot."),
    ("note", "I'll remember that the spare key is under the blue pot."),
    ("two", "Both are set: 10 minutes until 14:05, and the tea timer rings at 09:12."),
    ("two", "A 10 minute timer and a 4 minute tea timer are running."),
    ("asking", "No timer is running. Which timer should I cancel?"),
    ("asking", "I couldn't find a running timer. Which timer should I cancel?"),
]
FAULTY = [
    ("timer", "Your timer is set for 10 minutes, and I booked your dentist too."),  # claim
    ("timer", "I set a 20 minute timer for you."),  # claim beyond material
    ("note", "Saved. Also, your car key is in the drawer."),  # claim beyond material
    ("note", "Remembered. Shall I set a reminder as well?"),  # asks something else
    ("two", "Your 10 minute timer is set."),  # leaves the tea timer out
    ("two", "Both timers are set and your oven is preheating."),  # claim
    ("asking", "No timer is running."),  # misses the ask
    ("asking", "I cancelled your timer."),  # claim, and misses the ask
]


def verdict(llm: LanguageModel, document: OutcomeDocument, draft: str) -> list[str] | None:
    checks = applicable_checks(document, draft)
    messages = [Message("system", REVIEW), Message("user", review_prompt(document, draft, checks))]
    schema = review_schema(checks)
    out = llm.complete(messages, task="review", max_tokens=40, deadline_s=60, json_schema=schema)
    return findings(out.text, checks)


def run_review_bench(settings: Settings, runs: int) -> int:
    llm = Engines(settings).llm()
    print(f"review of seeded drafts, model {settings.models.llm}:")
    import time

    caught, alarms, unusable, seconds = 0, 0, 0, []
    for label, drafts, faulty in (("faulty", FAULTY, True), ("clean", CLEAN, False)):
        for doc, draft in drafts:
            started = time.monotonic()
            failed = verdict(llm, DOCS[doc], draft)
            seconds.append(time.monotonic() - started)
            if failed is None:
                unusable += 1
            elif faulty and failed:
                caught += 1
            elif not faulty and failed:
                alarms += 1
            print(f"  {label:<6} {doc:<6} {failed!s:<45} {draft}")
    print(
        f"faults caught: {caught}/{len(FAULTY)}; false alarms: {alarms}/{len(CLEAN)}; "
        f"unusable verdicts: {unusable}; median {statistics.median(seconds):.2f} s a review"
    )
    return 0
