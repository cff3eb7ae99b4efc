"""The labelled answer set and its scoring (the figures of `bench --suite answers`)."""

from bench.answers import (
    KINDS,
    Outcome,
    Request,
    corpus_words,
    judged,
    load_drafts,
    load_requests,
    review_figures,
    score,
    sentences,
)
from bench.corpus import ANSWER_SET, OWN_MEMORIES, part_files


def test_the_set_has_what_the_figures_need():
    requests = load_requests()
    kinds = [r.kind for r in requests]
    assert len(requests) >= 40 and len({r.id for r in requests}) == len(requests)
    assert kinds.count("unanswerable") >= 10
    assert kinds.count("general") >= 3 and kinds.count("mixed") >= 5
    notes = " ".join(r.note for r in requests)
    for case in ("superseded", "side by side", "multi-hop", "near-duplicates", "injection"):
        assert case in notes, case
    assert all(r.expect for r in requests if r.kind != "unanswerable")
    drafts = load_drafts()
    assert sum(d.faulty for d in drafts) >= 19 and sum(not d.faulty for d in drafts) >= 19
    assert any(d.held_out for d in drafts)


def test_the_held_out_parts_are_apart_from_the_tuning_part_and_name_real_notes():
    titles = {
        line[2:].strip()
        for path in ANSWER_SET.joinpath("memories").glob("*.md")
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.startswith("# ")
    }
    parts = [load_requests(), *(load_requests(held_out=part) for part in (1, 2, 3, 4, 5, 6))]
    ids = [r.id for part in parts for r in part]
    texts = [r.text.lower() for part in parts for r in part]
    assert len(set(ids)) == len(ids) and len(set(texts)) == len(texts)
    for part in parts[1:]:
        assert len(part) >= 30 and all(r.held_out for r in part)
        assert {r.kind for r in part} == set(KINDS)
    assert {s for part in parts for r in part for s in r.support} <= titles


def test_the_parts_with_memories_of_their_own_name_their_own_notes():
    for part in OWN_MEMORIES:
        requests, memories = part_files(part)
        titles = {
            line[2:].strip()
            for path in memories.glob("*.md")
            for line in path.read_text(encoding="utf-8").splitlines()
            if line.startswith("# ")
        }
        loaded = load_requests(held_out=part)
        assert requests.exists() and len(loaded) >= 30 and all(r.held_out for r in loaded)
        assert {r.kind for r in loaded} == set(KINDS)
        assert {s for r in loaded for s in r.support} <= titles, part


def test_an_invented_value_is_counted_and_a_quoted_note_is_not():
    corpus = corpus_words()
    passport = Request("p", "What is my passport number?", "unanswerable", forbid=(r"\d{3,}",))
    made_up = score(passport, Outcome("Your passport number is 12345."), corpus)
    assert made_up.invented and not made_up.declined
    declined = score(passport, Outcome("I couldn't find your passport number."), corpus)
    assert declined.declined and not declined.invented
    sister = Request("s", "What is my sister's name?", "unanswerable")
    assert score(sister, Outcome("Your sister is called María."), corpus).invented
    stove = Request("c", "What colour is Felix's camping stove?", "unanswerable")
    assert score(stove, Outcome("Felix's camping stove is orange."), corpus).invented
    lock = Request("l", "What's my bike lock code?", "unanswerable", forbid=("3317",))
    quoted = Outcome(
        "I couldn't finish looking into that. The most relevant thing I found: The gym locker "
        "code is 3317."
    )
    assert not score(lock, quoted, corpus).invented  # code's quotation is not a claim
    card = Request("m", "Does Marco want cash or card?", "answerable", forbid=(r"\bcard\b",))
    echoed = Outcome("I have nothing about whether Marco wants cash or card in your notes.")
    assert not score(card, echoed, corpus).invented  # a decline's echo of the question
    assert score(card, Outcome("Marco wants paying by card."), corpus).invented


def test_facts_right_count_only_what_is_claimed():
    allergy = Request("a", "What am I allergic to?", "answerable", expect=("penicillin",))
    assert score(allergy, Outcome("You are allergic to penicillin.")).fact_right
    hedged = Outcome("I couldn't finish. The most relevant thing I found: penicillin.")
    assert not score(allergy, hedged).fact_right


def test_an_answer_with_another_value_is_counted_apart_from_declines_and_forbidden_values():
    weight = Request(
        "w", "How heavy is Pip now?", "answerable", expect=(r"\b12 ?kg",), forbid=(r"\b9 ?kg",)
    )
    other = score(weight, Outcome("Pip's insurance is £23 a month."))
    assert other.answered_otherwise and not other.invented and not other.fact_right
    assert not score(
        weight, Outcome("I have nothing about Pip's weight in your notes.")
    ).answered_otherwise
    forbidden = score(weight, Outcome("Pip weighs 9 kg."))
    assert forbidden.invented and not forbidden.answered_otherwise
    assert not score(weight, Outcome("Pip weighs 12 kg.")).answered_otherwise


def test_mixed_requests_must_act_and_answer():
    mixed = Request(
        "m", "Set a timer and when is it?", "mixed", expect=("april",), acts=("set_timer",)
    )
    done = Outcome("Timer set: 5 minutes. It is on 4 April.", acts_done=("set_timer",))
    assert score(mixed, done).mixed_right
    assert not score(mixed, Outcome("It is on 4 April.")).mixed_right


def test_the_spoken_form_counts_sentences_and_metadata():
    assert sentences("Dr. Alvarez costs 12.50 euros. Fine!") == [
        "Dr. Alvarez costs 12.50 euros.",
        "Fine!",
    ]
    general = Request("g", "What is the capital of Australia?", "general", expect=("canberra",))
    labelled = Outcome("Your memories have nothing on that. Capital (file, markdown): Canberra.")
    result = score(general, labelled)
    assert result.disclaimer and not result.spoken_form
    assert not score(general, Outcome("One. Two. Three. Four.")).spoken_form


def test_review_figures_count_catches_and_false_alarms():
    faulty, clean = load_drafts()[0], next(d for d in load_drafts() if not d.faulty)
    caught = judged(faulty, kept=[], failed=True, findings=["x"])
    missed = judged(faulty, kept=[0], failed=False, findings=[])
    alarm = judged(clean, kept=[], failed=True, findings=["x"])
    assert caught.caught and not missed.caught and alarm.false_alarm
    assert review_figures([caught, missed, alarm]).startswith(
        "caught 1/2, false alarms 1/3 (1/1 clean)"
    )


def test_the_review_lines_count_failed_first_drafts_and_what_rewriting_gave():
    from bench.answers import Outcome, review_lines

    def trace(*drafts: tuple[int, list[str]], reply: str = "model, reviewed") -> Outcome:
        entries = [
            {"draft": d, "kept": kept, "failed": failed, "review_s": 0.002}
            for d, (kept, failed) in zip(["first", "second", "third"], drafts, strict=False)
        ]
        return Outcome(reply="…", review={"drafts": entries, "reply": reply})

    outcomes = [
        trace((1, [])),  # passed at once
        trace((0, ["a number not in its quote"])),  # failed, no rewrite (spoken default)
        trace((0, ["wrong note"]), (1, []), reply="model, reviewed, rewritten"),
        trace((0, ["wrong note"]), (0, ["wrong note"]), reply="code: declined"),
        Outcome(reply="general", review=None),
    ]
    general = {"kind": "general", "drafts": [{"draft": "Canberra.", "failed": []}]}
    outcomes.append(Outcome(reply="general knowledge", review=general))  # not counted
    two = [trace((1, [])).review, trace((0, ["wrong note"])).review]
    outcomes.append(Outcome(reply="two questions", review={"answers": two}))
    timing, drafts = review_lines(outcomes)
    assert timing == "review per draft: median 2.0 ms, max 2.0 ms (8 drafts)"
    assert drafts == (
        "first drafts failing review: 4 of 6 answers; rewritten 2, passed when rewritten 1"
    )


def test_a_personal_request_answered_from_general_knowledge_is_counted_a_decline_is_not():
    misheard = Request("m", "How hot do the blaze firings go?", "misheard", expect=("1240",))
    general = Outcome("Your memories have nothing on that. The blaze firings go very hot.")
    assert score(misheard, general).general_for_personal
    assert not score(misheard, general).fact_right
    declined = Outcome("I found nothing about that in your memories.")
    assert not score(misheard, declined).general_for_personal
    assert score(misheard, declined).fact_right  # a misheard question declined is right
    mixed = Request("x", "Start a timer and tell me when Biscuit's appointment is", "mixed")
    after_receipt = Outcome(
        "Timer set: 15 minutes, rings at 19:39. Your memories have nothing on that. It is "
        "usually in the morning."
    )
    assert score(mixed, after_receipt).general_for_personal
