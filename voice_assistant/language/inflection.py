"""A verb's forms from its lemma, from LemmInflect's English tables rather than a hand
list: "stick" -> "stuck", "plan" -> "planned", "fly" -> "flies"."""

from __future__ import annotations

from functools import cache


@cache
def inflected(lemma: str, tag: str) -> str:
    """``lemma`` in the form of the Penn ``tag`` (``VBD`` past, ``VBZ`` third person
    present); the lemma itself when the tables have no such form. Its tables load on the
    first call (about 0.2 s), so a reply in the question's frame waits for them once."""
    from lemminflect import getInflection

    forms = getInflection(lemma, tag)
    return forms[0] if forms else lemma
