"""The proposal net (issue 21, round 14): an item with a change verb that names no target outside
quotation marks may still name one in the ways owners use, and each is proposed, never applied
(the reading is a best guess for a person to confirm): a document quoted by its own name ('the
document "Section 21 13 13 Title" was replaced by "... AMENDMENT 2"'), a part named in an item
just before it and taken up with "that paragraph", a clause beside words saying something else is
unchanged; and a change read on a whole document whose quoted words open with a paragraph's own
number is that paragraph's."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from inforce.ontology import Locator

from ..derivation import _quoted_spans, run_in_title
from .actions import Action, read_action
from .context import _SENTENCE, _read_text
from .extent import _HOLDERS_PROPOSED, _distinct, _likely_holders, clause_alone
from .forms import names_new_clause, new_clause_homes, new_clause_joins
from .items import Item
from .references import Corpus, Reference, find_references, place_path

#: What may stand before a document's number in its quoted name: its kind's word ("Section ", "Sheet No. ").
_DOCUMENT_WORD = re.compile(r"\s*(?:(?:sections?|sheets?|drawings?|specifications?|spec\.?|documents?)\s*(?:no\.?|#)?\s*)?",
                            re.IGNORECASE)

_BESIDE_WHY = "a clause changing what it names, beside words saying nothing changes"


#: A change told in the past as done in error ("Addendum No. 0 deleted this paragraph in error", "The printer omitted
#: this paragraph by mistake"): an account of what was wrongly done, beside the words undoing it ("it is reinstated"),
#: no change this item makes (audit 70 C F6: it was proposed as a deletion). (An earlier issue's change told with no
#: such words, "Addendum No. 2 replaced Paragraph 2.1.A", is still offered for review.)
_IN_ERROR = re.compile(r"\b(?:in\s+error|by\s+(?:mistake|oversight)|inadvertently|erroneously|mistakenly)\b", re.IGNORECASE)
#: A verb's past form ("deleted", "struck", "withdrawn", "withdrew").
_PAST = re.compile(r"\w+(?:ed|en|uck|ew)(?!\w)", re.IGNORECASE)
#: A word denying a verb in the words saying nothing changes ("the paragraph is not deleted", "it is never removed"):
#: beside them a change told in the past ("The Engineer deleted this paragraph in the draft; it is not deleted.") is
#: an account of what was done, denied by the item itself (audit 70 C: proposed as a deletion).
_DENIAL = re.compile(r"\b(?:not|never)\b", re.IGNORECASE)


def _clause_beside(text: str, mask: Sequence[tuple[int, int]], vocabularies: list,
                   kept: tuple[int, int] | None = None) -> tuple[Action, tuple[int, int]] | None:
    """The first clause of ``text`` (split at sentence ends, semicolons and ", and") that reads a
    change and no word saying nothing changes, with its span; None when none does. ``kept``: where
    the words saying nothing changes stand (a change told in the past beside them denying a verb is
    an account: ``_DENIAL``)."""
    read = _read_text(text, mask)
    bounds = [0, *(m.end() for m in re.finditer(r"(?<=[.;])\s+|,\s+(?:and|but)\s+", read)), len(read)]
    for start, end in zip(bounds[:-1], bounds[1:], strict=True):
        if not read[start:end].strip():
            continue
        inside = [(max(s, start) - start, min(e, end) - start) for s, e in mask if s < end and e > start]
        action = read_action(text[start:end], vocabularies, mask=inside)
        if action.changes and action.span is not None and (past := _PAST.match(read, start + action.span[0])) and (
                _IN_ERROR.search(read, past.end(), end)):
            continue  # ("Addendum No. 0 deleted this paragraph in error; it is reinstated": what was done, told)
        if (action.changes and action.span is not None and kept is not None and not start <= kept[0] < end
                and _PAST.match(read, start + action.span[0]) and _DENIAL.search(read, *kept)):
            continue  # ("Ref. No. 7 removed this paragraph; the paragraph is not deleted.": what was done, denied)
        if action.changes and action.span is not None:
            return Action(action.action, action.words, (start + action.span[0], start + action.span[1]),
                          action.attachment, ambiguous=_BESIDE_WHY), (start, end)
    return None


def _quoted_names(text: str, quoted: Sequence[tuple[int, int]], corpus: Corpus,
                  notations: Mapping[str, Sequence[re.Pattern[str]]]) -> list:
    """Whole documents an item names only inside quotation marks, each quotation opening with the
    document's number (its kind's word before it at most) and holding its title after it: a name,
    not new words ('the document "Section 21 13 13 Wet-Pipe Sprinkler Systems" was replaced by ...')."""
    named = []
    for start, end in quoted:
        words = text[start:end].strip("\"“”' .")
        found = [r for r in find_references(words, corpus, notations=notations, titles=False)
                 if r.target is not None and r.by_number]
        if (found and found[0].target.path is None and found[0].kind in ("section", "sheet")
                and _DOCUMENT_WORD.fullmatch(words[:found[0].span[0]])
                and all(r.target == found[0].target for r in found)):
            named.append((found[0].target, Reference(found[0].kind, words, (start, end), found[0].target,
                                                     resolved_by=found[0].resolved_by,
                                                     why=f'names {words} in quotation marks, by its number')))
    return _distinct(named)


#: A part taken up from the words before ("corrects that paragraph to read", "the same note is deleted").
_ANAPHOR = re.compile(r"\b(?:that|this|the\s+same|the\s+said|said)\s+(?P<kind>sub-?paragraph|paragraph|article|clause|"
                      r"requirement|note|keynote|detail|section|sheet|drawing)\b", re.IGNORECASE)


def _antecedent(item: Item, items: Sequence[Item], text: str, mask: Sequence[tuple[int, int]], corpus: Corpus,
                notations: Mapping[str, Sequence[re.Pattern[str]]]) -> list:
    """What "that paragraph" (or note, section ...) in ``item`` takes up: the one target of that
    kind the nearest item before it names (an item of quoted words only, the text quoted, passed
    over; at most three items back)."""
    anaphor = _ANAPHOR.search(_read_text(text, mask))
    if anaphor is None:
        return []
    kind = anaphor.group("kind").lower()
    whole = kind in ("section", "sheet", "drawing")
    if any(r.target is not None and r.by_number and (r.target.path is None) == whole and r.span[1] <= anaphor.start()
           for r in find_references(text, corpus, mask=_quoted_spans(text), notations=notations, titles=False)):
        # the item names one itself before the words that take it up ("Section 03 30 00, Paragraph 3.2.A: Addendum
        # No. 0 deleted this paragraph in error; it is reinstated"): it is that one, never the item before's
        # (audit 70 C F6: the paragraph the item before named was proposed for deletion)
        return []
    index = next((i for i, other in enumerate(items) if other.path == item.path), None)
    if index is None:
        return []
    for other in reversed(items[max(0, index - 3):index]):
        quoted = _quoted_spans(other.text)
        if not _read_text(other.text, quoted).strip(" \t\n.,;:"):
            continue  # the words quoted: the antecedent is further back
        found = _distinct([(r.target, r) for r in find_references(other.text, corpus, mask=quoted,
                                                                   notations=notations, titles=False)
                           if r.target is not None and r.by_number and (r.target.path is None) == whole
                           and not r.bound])
        if len(found) == 1:
            target, reference = found[0]
            return [(target, Reference(reference.kind, reference.written, reference.span, target,
                                       resolved_by=reference.resolved_by,
                                       why=f'takes up "{anaphor.group(0)}" from the item before it, which names '
                                           f"{reference.written}"))]
        return []
    return []


def _held_clauses(item: Item, items: Sequence[Item], text: str, mask: Sequence[tuple[int, int]],
                  corpus: Corpus, action: Action, insertions: str) -> list:
    """Clauses an item names by number alone ("Section 5.3 of the RFP is replaced by ...", "Article
    4.2 is deleted") in no document a reference places: each in the documents of the project most
    likely holding it (``_likely_holders``: one where its words or headings settle which, else up
    to three, a person picks). Proposals only."""
    if any(r.target is not None and r.document_level for r in find_references(text, corpus, mask=mask, titles=False)):
        return []  # (a clause of a document the item names: that document's, or reported)
    read = _read_text(text, mask)
    if action.span is None:
        return []
    # (in the sentence of the verb only: a clause named in a question or in words around the change is
    # asked about or cited, and the change may be of any of them or none)
    opened = max([0, *(m.end() for m in _SENTENCE.finditer(read, 0, action.span[0]))])
    closed = next((m.end() for m in _SENTENCE.finditer(read, action.span[1])), len(read))
    found = []
    for clause in clause_alone(corpus).finditer(read, opened, closed):
        written = " ".join(clause.group(0).split())
        if action.action == "amend" and names_new_clause(text, clause.group("number"), insertions, held=True,
                                                         nouns=corpus.new_clause_nouns):
            # "A new Clause 2.4 has been added under Section 2": the documents already holding a 2.4 are not where
            # it goes; those lacking it that hold the 2.3 before it are, changed in the clause it joins (round 81)
            homes = new_clause_homes(corpus, clause.group("number"), item, items)
            why = (f"adds {written} as new, in no named document: {', '.join(homes)} "
                   f"{'has' if len(homes) == 1 else 'have'} none of that number yet and "
                   f"hold{'s' if len(homes) == 1 else ''} the one before it: changed in part"
                   + ("" if len(homes) == 1 else ", which one is for a person to pick"))
            for doc in homes:
                target = new_clause_joins(corpus, doc, clause.group("number"))
                found.append((target, Reference("paragraph", written, clause.span(), target, resolved_by="outline", why=why)))
            continue
        holders = _likely_holders(clause.group("number"), item, items, corpus)
        why = (f"names {written} of no named document: {holders[0]} is the document of the project holding it"
               if len(holders) == 1 else
               f"names {written} of no named document, which {', '.join(holders)} each hold: which one is for a "
               "person to pick")
        for doc in holders:
            target = Locator(doc=doc, path=clause.group("number"))
            found.append((target, Reference("paragraph", written, clause.span(), target, resolved_by="outline", why=why)))
    return _distinct(found)


#: A word of a provision's title, compared in lower case (a title of one word, "Scope" or
#: "Training", is too often a word of the sentence only: two or more are asked for).
_TITLE_WORDS = re.compile(r"[a-z][a-z'-]+")
#: Articles, which a title's two words do not count ("The Employer", "The Site" are one word each: the
#: subject of a lead-in, "the Employer amends the Bidding Document as follows", names no clause; round 41).
_ARTICLES = frozenset({"the", "a", "an"})


def _clause_titles(corpus: Corpus) -> tuple[dict[str, list[tuple[int, str, str, str]]], int]:
    """The titles ``_titled_clauses`` looks for, once a reading: each title of two words or more of
    a provision of the project's documents of the kinds changed (its words, lower case, spaced
    once) → (its place in the project's order, document, path, title); and the most words a title
    has. A name holding a number ("Section 03 30 00, Paragraph 2.1.A") is a reference, not a title."""
    titles: dict[str, list[tuple[int, str, str, str]]] = {}
    order = 0
    for doc, (kind, _) in corpus.directory.titles.items():
        if kind not in corpus.target_kinds:
            continue
        for path, written in corpus.names(doc).items() if corpus.names is not None else ():
            name = run_in_title(written) or written
            words = _TITLE_WORDS.findall(name.casefold())
            if len([w for w in words if w not in _ARTICLES]) >= 2 and not any(ch.isdigit() for ch in name):
                titles.setdefault(" ".join(words), []).append((order, doc, path, name))
            order += 1
    return titles, max((key.count(" ") + 1 for key in titles), default=0)


def _titled_clauses(text: str, mask: Sequence[tuple[int, int]], corpus: Corpus, action: Action) -> list:
    """Provisions an item names by their own title only, as the subject of its change word
    ("Delivery period is extended from 45 to 75 days", in an answer that names no clause): each
    provision of the project whose title (two words or more) the words before the verb, in its
    sentence, end with or hold, where at most ``_HOLDERS_PROPOSED`` do. Proposals only: a title
    is a best guess, never a number. The titles are indexed once a reading (``_clause_titles``):
    each item costs the runs of words of its subject, not the project's titles (issue 23)."""
    if action.span is None or corpus.names is None:
        return []
    read = _read_text(text, mask)
    opened = max([0, *(m.end() for m in _SENTENCE.finditer(read, 0, action.span[0]))])
    subject = " ".join(_TITLE_WORDS.findall(read[opened:action.span[0]].casefold()))
    if not subject:
        return []
    titles, longest = corpus.once("titled-clauses", _clause_titles)
    words = subject.split()
    hits = sorted({hit for start in range(len(words)) for end in range(start + 2, min(len(words), start + longest) + 1)
                   for hit in titles.get(" ".join(words[start:end]), ())})
    found = []
    for _, doc, path, name in hits:
        target = Locator(doc=doc, path=path)
        found.append((target, Reference("paragraph", name, action.span, target, resolved_by="title",
                                        why=f'names "{name}", the title of {target.format()}, as what changes, '
                                            "and no number")))
    found = _distinct(found)
    return found if len(found) <= _HOLDERS_PROPOSED else []


def _named_action(action: Action, text: str, quoted: Sequence[tuple[int, int]], target: Locator) -> Action:
    """The best-guess action of a proposal from the net: a whole document replaced by a name quoted
    after its verb, or a part restated "to read", is replaced whole (the successor as applied edges
    have it: the item, or the document it names); otherwise the action read."""
    read = _read_text(text, quoted)
    if action.action == "amend" and re.search(r"\bto\s+read\b", read, re.IGNORECASE):
        return Action("replace", action.words, action.span, action.attachment, action.ambiguous)
    if target.path is None and action.action == "amend" and re.search(r"\breplac", read, re.IGNORECASE):
        return Action("replace", action.words, action.span, True, action.ambiguous)
    return action


#: A quotation opening with a paragraph's own number ('"2.2.A One desktop workstation ..."').
_QUOTED_LABEL = re.compile(r"[\s\"“”'‘’]*(\d{1,3}(?:\.\d{1,3}){1,3}(?:\.[A-Z]{1,2})?(?:\.\d{1,2})?)\s+(?-i:[A-Z])")


#: Words bringing a quotation as the whole new text of what the quotation before it gave.
_RESTATING = re.compile(r"\b(?:as\s+follows|to\s+read|reads?\s+as|(?:replaced|superseded|substituted)\s+(?:with|by))\b",
                        re.IGNORECASE)


def _quoted_label(text: str, target: Locator, corpus: Corpus) -> tuple[Locator, bool] | None:
    """The paragraph of ``target`` that the item's first quotation opens with by its own number
    (owners quote a provision as it stood, number and all, then as it now stands), and whether the
    next quotation opens with the same number; None when no quotation opens so or the number fits
    no paragraph, or several, of the document."""
    quotes = [text[s:e] for s, e in _quoted_spans(text)]
    labels = [m.group(1) if (m := _QUOTED_LABEL.match(q)) is not None else None for q in quotes]
    first = next((i for i, label in enumerate(labels) if label is not None), None)
    if first is None:
        return None
    paths, _ = place_path(corpus, target.doc, labels[first])
    if len(paths) != 1:
        return None
    spans = _quoted_spans(text)
    # (restated whole only where the words between the two quotations bring the new one as the whole:
    # "was modified as follows:", "to read:", "is replaced by"; 'change "3.1.A Apply at 50" to "..."'
    # may quote only the opening words)
    restated = first + 1 < len(labels) and labels[first + 1] == labels[first] and _RESTATING.search(
        text, spans[first][1], spans[first + 1][0]) is not None
    return Locator(doc=target.doc, path=paths[0]), restated
