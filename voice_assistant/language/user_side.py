"""The user's words said back to them, from their side: "my" -> "your", "I'm" ->
"you're", "I was" -> "you were" (the words are the lexicon's ``person.to_second``)."""

from __future__ import annotations

from voice_assistant.language.lexicon import LEXICON

SECOND: dict[str, str] = LEXICON["person"]["to_second"]


def second(text: str) -> str:
    """The user's words said back to them: "my" -> "your", "I'm" -> "you're"."""
    out: list[str] = []
    before = ""
    for word in text.split():
        core = word.rstrip(".,;:!?")
        tail = word[len(core) :]
        swapped = SECOND.get(core.lower())
        if core.lower() == "was" and before == "i":
            swapped = "were"  # "I was" -> "you were"
        before = core.lower()
        if swapped is None:
            out.append(word)
            continue
        starts = core[:1].isupper() and core != "I" and (not out or out[-1][-1:] in ".!?")
        # ("I" is written capitalised anywhere: a sentence's first word is made so later)
        out.append((swapped[:1].upper() + swapped[1:] if starts else swapped) + tail)
    return " ".join(out)
