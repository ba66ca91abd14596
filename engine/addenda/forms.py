"""Readings of particular forms owners write (issue 21), each used by the reading of one item
(``steps._read_one``): a numbered article whose title agrees with the heading's section, a
clause held by one document only, a document the project holds only from a later date, a
declaration that listed documents are reissued whole, a value given anew after a caption, a
callout on each sheet of a list, a note under an instruction, a loose paragraph number placed in
the one document named, and changes marked in the text an item quotes (struck through, bold)."""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import replace

from inforce.ontology import Locator
from inforce.ontology.text import whole_number

from ..derivation import _quoted_spans
from .actions import Action, read_action, worded
from .context import (
    _asked,
    _instruction_mask,
    _positions,
    _read_text,
)
from .extent import (
    _HOLDERS_PROPOSED,
    _TITLE_FILLER,
    _clause_holders,
    _distinct,
    _likely_holders,
    _opens_with_own_label,
)
from .items import Item
from .outcome import _Outcome
from .placing import _division
from .references import (
    Corpus,
    Reference,
    _own_tender_designated,
    find_references,
    heading_document,
    place_path,
)
from .wording import (
    _BOLD,
    _ELLIPSIS_OPENS,
    _FORMER_LABEL,
    _FRAGMENT,
    _LEGEND_PUT_IN,
    _LEGEND_RESTATED,
    _LEGEND_TAKEN_OUT,
    _LIST_JOIN,
    _NEW_TEXT_LABEL,
    _ON_EACH,
    _REISSUE_DECLARED,
    _STRUCK,
    _VALUE_ANEW,
)


def _title_agrees(titled: re.Match[str], context: str, corpus: Corpus,
                  notations: Mapping[str, Sequence[re.Pattern[str]]]) -> bool:
    """Whether the article a titled label numbers, in the document the heading names, carries
    that title (a word of it, letter case aside): a short number is the addendum's own numbering
    as often as the article's, and the title settles which."""
    lines = context.splitlines()
    placed = heading_document("\n".join([*lines[:-1], f"{lines[-1]} Paragraph {titled.group(1)}"]), corpus, notations)
    if placed is None or placed.target is None or placed.target.path is None or corpus.names is None:
        return False
    name = corpus.names(placed.target.doc).get(placed.target.path, "")
    words = {w for w in re.findall(r"[a-z]{4,}", titled.group(2).lower())}
    return bool(words & set(re.findall(r"[a-z]{4,}", name.lower())))


def _later_issue(open_refs: Sequence[Reference], action: Action, corpus: Corpus) -> list[tuple[Locator, Reference]]:
    """Where the item replaces or deletes (never adds) a document the project holds only from a date
    after the item ("Drawing A-401 ... issued herein in its entirety", "Section 26 05 19, 3.1.B is
    deleted", the project's copy dated later): replacing or deleting says an earlier issue was in
    force, and the one held is the document meant, or its successor; each such document (the part
    the item names in it, where that places) is a target to propose. Nothing where any other
    reference is open, or the item adds."""
    if action.action not in ("replace", "delete") or re.match(r"(?:add|insert|new)", action.words, re.IGNORECASE):
        return []
    docs = [r for r in open_refs if r.later is not None]
    parts = [r for r in open_refs if r.kind == "paragraph" and r.later is None and r.target is None and not r.candidates]
    if not docs or len(docs) + len(parts) != len(open_refs) or len({r.later.doc for r in docs if r.later}) != 1:
        return []
    doc = docs[0].later.doc  # type: ignore[union-attr]
    if len(parts) == 1:
        paths, _ = place_path(corpus, doc, parts[0].written.split()[-1].rstrip(",.;"))
        if len(paths) != 1:
            return []
        return [(Locator(doc=doc, path=paths[0]), parts[0])]
    return [] if parts else [(Locator(doc=doc), docs[0])]


def _later_outcome(found: list[tuple[Locator, Reference]], action: Action, rule: str,
                  open_refs: Sequence[Reference]) -> _Outcome:
    written = next(r.written for r in open_refs if r.later is not None)
    return _Outcome("proposed", rule, Action(action.action, action.words, action.span, action.attachment, ambiguous=(
        f"names {written}, which the project holds only from a date after this item; replacing or deleting it "
        "says an earlier issue was in force: for a person to confirm")), found,
        why=f"names {written}, which the project holds only from a date after this item: for a person to confirm")


#: What sets a run of words off from the labels and clauses beside it ("Document 3) Scope of Work, clause
#: 3.1.3", "Section VI: Specifications, Part A - Scope of Work and ..., is amended as follows:").
_RUN_BREAK = re.compile(r"[,:;()\[\]–—]|\s-\s|\.(?=\s)")


def _title_prefix(words: str, titles: Iterable[set[str]]) -> str:
    """The longest opening run of ``words`` (the title a clause is said to be "of") that a holder's title has
    every word of: "do Memorial Descritivo passa a vigorar com a seguinte redação" is of the "Memorial
    Descritivo", the verb after the title no word of it (round 72). ``words`` whole where no opening run of two
    or more words that say which document (``_TITLE_FILLER`` aside) fits one."""
    tokens = list(re.finditer(r"[^\W\d_]{2,}", words.lower()))
    titles = list(titles)
    for end in range(len(tokens), 1, -1):
        said = {t.group(0) for t in tokens[:end]} - _TITLE_FILLER
        if len(said) >= 2 and any(said <= title for title in titles):
            return words[:tokens[end - 1].end()]
    return words


def _title_runs(item: Item, reference: Reference, corpus: Corpus, path: str, *, heading: bool = True) -> list[list[str]]:
    """For each run of words the item writes of a document's title, the documents of the project holding
    clause ``path`` whose title has every one of them: runs of the item's own line before the clause it
    names ("7.1 Contract Data, Sub-Clause 8.7 ...") and of the innermost heading line over it ("Part A -
    Scope of Work and Specifications for the Boat Ramp, is amended as follows:"), set off by commas,
    colons, brackets or dashes, each with two or more words that say which document (``_TITLE_FILLER``
    aside); the item's own line alone where ``heading`` is false. Only the holders of the clause are
    compared: no pass over the corpus (rounds 40, 41)."""
    holders = _clause_holders(path, item, (), corpus)
    titles = {doc: set(re.findall(r"[^\W\d_]{2,}", corpus.directory.titles[doc][1].lower()))
              for doc in holders if doc in corpus.directory.titles}
    lines = []
    if not reference.from_heading and 0 < reference.span[0] <= len(item.text):
        lines.append(item.text[:reference.span[0]].rsplit("\n", 1)[-1])
        # and the title the clause is said to be "of" right after it ("numeral 1.2 del Anexo Técnico", "Clause 2.4
        # of the Technical Specifications", "l'article 3 du cahier spécial des charges")
        if (of := _OF_TITLE.match(item.text, reference.span[1])) is not None:
            lines.append(_title_prefix(of.group(1), titles.values()))
    over = [line for line in item.heading_context.splitlines() if line.strip()] if heading else []
    if over:
        lines.append(over[-1])
    runs = []
    for line in lines:
        for run in _RUN_BREAK.split(_read_text(line, _quoted_spans(line))):
            words = set(re.findall(r"[^\W\d_]{2,}", run.lower())) - _TITLE_FILLER
            lot = _LOT.search(run)
            if lot is not None:
                # ("Lot 2 Technical Specification": the lot of a contract let in lots designates, as "Section 7"
                # does; a title naming no lot may be the lot's, one naming another lot is not, round 45)
                words.discard("lot")
            if len(words) >= 2:
                runs.append([doc for doc, title in titles.items() if words <= title and (lot is None or _same_lot(
                    lot.group(1), corpus.directory.titles[doc][1]))])
    return runs


#: The title of the document a clause is "of", written right after the clause (English, Spanish, French, Portuguese).
_OF_TITLE = re.compile(r"[ \t]+(?:of[ \t]+(?:the[ \t]+)?|del[ \t]+|de[ \t]+l(?:a|os|as)[ \t]+|du[ \t]+|des[ \t]+|de[ \t]+l['’][ \t]*|"
                       r"d[oa]s?[ \t]+)([^\n,;:.(\"“«]{4,80})", re.IGNORECASE)

#: A lot of a contract let in lots, by its word and number or letter ("Lot 2", "LOT B").
_LOT = re.compile(r"\blot\s+(?:no\.?\s*)?(\d{1,2}|[A-Z])\b", re.IGNORECASE)


def _same_lot(lot: str, title: str) -> bool:
    """Whether a document's ``title`` names no lot, or names ``lot``."""
    named = {m.group(1).upper() for m in _LOT.finditer(title)}
    return not named or lot.upper() in named


def _titled_clause_holders(path: str, item: Item, items: Sequence[Item], corpus: Corpus, reference: Reference) -> list[str]:
    """The holders of clause ``path`` as ``_clause_holders`` narrows them by the items beside it, unless a run of the
    item's own words titles holders of it (``_title_runs``) and the narrowing kept other documents than one of them:
    then the same narrowing among those alone, where it keeps one. "Spesifikasi Teknis angka 2.3" beside "angka 3.4:
    dihapus" and "ditambahkan angka 4.4 baru" is looked for in a document titled "Spesifikasi Teknis", never in an
    English "Technical Specifications" holding a 4.4 the item beside it only adds (round 96): the item's words say which
    documents, its neighbours which of them. Whether it is then applied is for the callers' own tests (a title two
    holders share leaves it proposed, round 40)."""
    holding = _clause_holders(path, item, items, corpus)
    titled = {doc for fits in _title_runs(item, reference, corpus, path, heading=False) for doc in fits}
    if not titled or holding == [doc for doc in holding if doc in titled] == holding[:1]:
        return holding
    if any(len(_said_of(item, reference) & _title_words(corpus, doc)) >= 2 for doc in holding if doc not in titled):
        # the kept holder is named in the item's words too, if not by all of them ("to reword Sub-Clause 4.2 of the
        # Particular Contract Conditions" of "... Part II Conditions of Particular Application"): the neighbours decide
        return holding
    among = _clause_holders(path, item, items, corpus, among=titled)
    return among if len(among) == 1 else holding


def _said_of(item: Item, reference: Reference) -> set[str]:
    """The words the item's own line writes of a document before the clause it names, and right after it ("of the
    Particular Contract Conditions"), as ``_title_runs`` reads them (``_TITLE_FILLER`` aside)."""
    if reference.from_heading or not 0 < reference.span[0] <= len(item.text):
        return set()
    said = item.text[:reference.span[0]].rsplit("\n", 1)[-1]
    if (of := _OF_TITLE.match(item.text, reference.span[1])) is not None:
        said += " " + of.group(1)
    return set(re.findall(r"[^\W\d_]{2,}", said.lower())) - _TITLE_FILLER


def _title_words(corpus: Corpus, doc: str) -> set[str]:
    """The words of a document's title, as ``_title_runs`` compares them."""
    title = corpus.directory.titles.get(doc)
    return set(re.findall(r"[^\W\d_]{2,}", title[1].lower())) if title is not None else set()


def _title_run_holder(item: Item, reference: Reference, corpus: Corpus, path: str) -> str | None:
    """The one document of the project holding clause ``path`` that a run of the item's words names by
    its title and no other holder's (``_title_runs``): "7.1 Contract Data, Sub-Clause 8.7 Delay Damages"
    where the contract data, the general conditions and the particular conditions each have an 8.7 and
    only the first is titled "Contract Data" (round 41); None where runs name none, or several. The item's
    own line only: a heading over several items titling one holder is ``_heading_title_of``'s to read."""
    alone = {fits[0] for fits in _title_runs(item, reference, corpus, path, heading=False) if len(fits) == 1}
    return next(iter(alone)) if len(alone) == 1 else None


#: Nothing before a clause in its sentence but an item's number ("Yes. Clause 2.2.2 ...", "3. Clause 2.2.2 ...").
_OPENS_SENTENCE = re.compile(r"(?:^|[.!?:]\s|\n)[ \t*_]*(?:\(?[0-9a-z]{1,3}[.)][ \t]*)?(?:the[ \t]+)?$", re.IGNORECASE)


def _clause_title_holder(item: Item, reference: Reference, corpus: Corpus, path: str) -> str | None:
    """The one document of the project holding clause ``path`` whose clause of that number bears the
    title the item writes right after the number ("Clause 2.2.2 Roof Fixings is amended to read: ..."
    where three documents have a 2.2.2 and one of them calls it "Roof Fixings"): the number and the
    title agreeing on one document say which (round 41). Only a clause opening its sentence: one written
    after a document's name ("Bill of Quantities, clause 2.1.2 Hours") is that document's. None where no
    holder's title is written so, or several are, or the item writes no words after the number."""
    if corpus.names is None or reference.from_heading or not 0 <= reference.span[1] <= len(item.text):
        return None
    if not _OPENS_SENTENCE.search(item.text[:reference.span[0]]):
        return None  # ("Document 3) Bill of Quantities, clause 2.1.2 Hours": of the document named before it)
    after = re.findall(r"\w+", item.text[reference.span[1]:reference.span[1] + 120].casefold())
    fits = []
    for doc in _clause_holders(path, item, (), corpus):
        title = re.findall(r"\w+", re.split(r"\.\s", corpus.names(doc).get(path, ""), maxsplit=1)[0].casefold())
        if title and not all(word.isdigit() or len(word) < 3 for word in title) and after[:len(title)] == title:
            fits.append(doc)
    return fits[0] if len(fits) == 1 else None


#: A tender file's document named by its number ("Article 3.2 of the SPECIAL TECHNICAL SPECIFICATIONS (Document
#: No. 6)", "Document 3) Scope of Work"): the number (1).
_DOCUMENT_NUMBER = re.compile(r"\bDocument[ \t]+(?:No\.?|Number|n°|#)[ \t]*(\d{1,3})(?![\w.])", re.IGNORECASE)


def _document_number_of(item: Item, corpus: Corpus) -> str | None:
    """The one document of the project whose title opens with the "Document No. N" the item's first line writes
    ("As concerns Article 3.2 of the SPECIAL TECHNICAL SPECIFICATIONS (Document No. 6):" where one document is
    titled "Document No. 6 Special Technical Specifications, ..."): owners of tender files number their
    documents so, and the number with the clause held by that document alone says which (round 46). None where
    the line writes no such number, or two, or no document or several are titled with it."""
    line = item.text.split("\n", 1)[0]
    numbers = {m.group(1) for m in _DOCUMENT_NUMBER.finditer(line)}
    if len(numbers) != 1:
        return None
    opening = re.compile(rf"\s*Document[ \t]+(?:No\.?|Number|n°|#)[ \t]*{numbers.pop()}(?![\w.])", re.IGNORECASE)
    fits = [doc for doc, (kind, title) in corpus.directory.titles.items()
            if kind in corpus.target_kinds and opening.match(title)]
    return fits[0] if len(fits) == 1 else None


#: A document's designation in a project's documentation ("D.1.1", "C.3", "F.1.4.2": a letter for the part, numbers for
#: the document within it), written where the owner names the document in a grammatical case its title does not
#: carry ("bod 3.3 technické zprávy D.1.1" against the title "D.1.1 Technická zpráva"): the designation (1).
_DESIGNATION = re.compile(r"(?<![\w.])([A-Z](?:\.\d{1,2}){1,4})(?![\w.]|\.\w)")


def _designation_of(item: Item, corpus: Corpus) -> str | None:
    """The one document of the project whose title opens with the one designation the item's first line writes
    ("Změna č. 2: Bod 3.3 technické zprávy D.1.1 ..." where one document is titled "D.1.1 Technická zpráva - ..."):
    the designation says which document the words name, whatever their case. None where the line writes no such
    designation, or several, or no document or several are titled with it."""
    line = item.text.split("\n", 1)[0]
    written = {m.group(1) for m in _DESIGNATION.finditer(line)}
    if len(written) != 1:
        return None
    opening = re.compile(rf"\s*{re.escape(written.pop())}(?![\w.]|\.\w)")
    fits = [doc for doc, (kind, title) in corpus.directory.titles.items()
            if kind in corpus.target_kinds and opening.match(title)]
    return fits[0] if len(fits) == 1 else None


def names_new_clause(text: str, path: str, insertions: str, *, held: bool = False, nouns: str = "") -> bool:
    """Whether the item's words add a clause under this number as new ("A new Clause 6.3 is added", "un nuevo
    numeral 4.3", "el siguiente punto 2.4"): one of the pack's ``insertions`` words (``insertions``, as
    ``words_of`` joins them: the one list saying a paragraph is new) right before the clause's noun and number.
    Where a document holds a clause of that number already (``held``), only if they say no renumbering: that
    clause is then not what the item changes (round 59, audit 59's F06). ``nouns``: the pack's ``new_clause_nouns``
    as one alternation (``Corpus.new_clause_nouns``), the words for a clause after the insertion word."""
    if not insertions or not nouns:
        return False
    # (never "Add new Clause 2.3 C": a paragraph lettered under 2.3 is what is new)
    return (re.search(rf"\b(?:{insertions})\s+(?:sub-?)?(?:{nouns})\s+"
                      rf"{re.escape(path)}(?![\w.])(?![ \t]+\(?[A-Z]\)?(?!\w))", text, re.IGNORECASE) is not None
            and not (held and re.search(r"\brenumber", text, re.IGNORECASE)))


def next_free(corpus: Corpus, doc: str, path: str) -> bool:
    """Whether a clause added as new under ``path`` ("New Clause 6.6 ... is added") goes in ``doc``: the document has
    no clause of that number yet and holds the one numbered just before it (6.5). The one rule for where a new
    clause goes, asked of the project's holders of the clause before and of the documents an item's designation
    leaves open alike."""
    head, _, last = path.rpartition(".")
    if not head or (whole_number(last) or 0) < 2:
        return False
    held = corpus.path_set(doc)
    return path not in held and f"{head}.{int(last) - 1}" in held


def new_clause_homes(corpus: Corpus, path: str, item: Item, items: Sequence[Item],
                     docs: Sequence[str] | None = None) -> list[str]:
    """The documents a clause the item adds as new under ``path`` may go in: of ``docs`` (else of the project's
    documents holding the clause numbered just before it), those ``next_free`` takes; where several, those the
    item's words and headings name (``_likely_holders`` of the one before), else all of them; none where more than
    ``_HOLDERS_PROPOSED`` are left. A document already holding a clause of that number is never one of them: a new
    clause under a number held would be a renumbering, which the item does not say. For proposals: a person picks."""
    head, _, last = path.rpartition(".")
    if not head or (whole_number(last) or 0) < 2:
        return []
    before = f"{head}.{int(last) - 1}"
    fits = [doc for doc in dict.fromkeys(docs if docs is not None else _clause_holders(before, item, items, corpus))
            if next_free(corpus, doc, path)]
    if len(fits) > 1:
        fits = [doc for doc in _likely_holders(before, item, items, corpus) if doc in fits] or fits
    return fits if len(fits) <= _HOLDERS_PROPOSED else []


def new_clause_joins(corpus: Corpus, doc: str, path: str) -> Locator:
    """What a clause added as new under ``path`` changes in part in ``doc``: the clause it joins (2 for a new
    2.3), else the document; a heading over the whole outline ("SECTION 6 - ..." over 6.1 to 6.5) is the
    document itself (``next_free`` says which document takes it)."""
    parent = place_path(corpus, doc, path.rpartition(".")[0])[0]
    whole = len(parent) != 1 or all(p == parent[0] or p.startswith(parent[0] + ".") for p in corpus.path_set(doc))
    return Locator(doc=doc, path=None if whole else parent[0])


def new_clause_places(corpus: Corpus, doc: str, path: str) -> list[Locator]:
    """What a clause added as new under ``path`` may change in part in ``doc``, for a person to confirm: the place
    ``new_clause_joins`` gives and, where that is the document because one heading clause spans its whole outline
    ("SECTION 2 - SPECIAL PROVISIONS" over 2.1 to 2.9), that heading clause too: the section it heads and the
    document are one, and owners name either (round 91)."""
    joins = new_clause_joins(corpus, doc, path)
    if joins.path is not None:
        return [joins]
    parent = place_path(corpus, doc, path.rpartition(".")[0])[0]
    return [joins, Locator(doc=doc, path=parent[0])] if len(parent) == 1 else [joins]


def _in_one_holder(item: Item, items: Sequence[Item], corpus: Corpus, path: str, action: Action,
                   mask: Sequence[tuple[int, int]], rule: str, reference: Reference, why: str, *,
                   insertions: str, whole: bool = False) -> _Outcome | None:
    """A clause named by its number in no document a reference places, proposed in the one
    document of the project holding it (None where none or several do): for a person to confirm,
    never applied. Restated whole where "to read:" ends the instruction and the item after it is
    the clause written anew under its own number. ``whole``: a clause by its whole number alone
    may be asked for too (one written with its ordinal's sign, "cláusula 3.ª", is a clause's)."""
    # (four levels too: a contract data item's "Sub-Clause 1.1.3.3 Time for Completion", round 45)
    # (a CIDB tender's clause carries its part's code, "C3.4.1" of "Part C3 Scope of Work": read as a number is)
    if not re.fullmatch(r"(?:[A-Z]\d{1,2}\.)?\d{1,3}(?:\.\d{1,3}){1,3}" if not whole else r"\d{1,3}(?:\.\d{1,3}){0,3}", path):
        return None
    holding = _titled_clause_holders(path, item, items, corpus, reference)
    head, _, last = path.rpartition(".")
    nouns = corpus.new_clause_nouns
    new = action.action == "amend" and int(last) > 1 and names_new_clause(item.text, path, insertions, nouns=nouns)
    if new and holding and names_new_clause(item.text, path, insertions, held=True, nouns=nouns):
        # "A new Clause 6.3 is added": a document already holding a 6.3 is not where the new one goes (it would
        # be a renumbering, which the item does not say); the clause is read as one no document holds yet, in the
        # document lacking it that holds the one before it, never as that other document's own 6.3 (round 59)
        holding = []
        lacking = True
    else:
        lacking = False
    if new and not holding:
        # "11.1.3 Add new paragraph 11.1.3 as follows: ...": a clause no document holds yet, numbered
        # next after one that one document holds (11.1.2): that document changed in part, for a person
        # to confirm (set lookups of the one clause before, as for the clause itself); a statement of
        # work's "Add new item 2.6" likewise
        before = f"{head}.{int(last) - 1}"
        after = [doc for doc in _clause_holders(before, item, items, corpus)
                 if not lacking or next_free(corpus, doc, path)]
        after = after if len(after) <= 1 else [doc for doc in _likely_holders(before, item, items, corpus) if doc in after]
        if len(after) == 1:
            # (the clause it goes in, where the document holds that one: "Insert new Clause 2.6" amends 2)
            places = new_clause_places(corpus, after[0], path)
            return _Outcome("proposed", rule, action, [(joins, replace(reference, target=joins)) for joins in places],
                            why=f"{why}: a new clause after {before}, which {after[0]} holds: "
                                f"{' or '.join(joins.format() for joins in places)} changed in part, for a person to confirm")
        if lacking:
            return None
        parent = _clause_holders(head, item, items, corpus) if not after and re.fullmatch(r"\d{1,3}", head) else []
        read = _read_text(item.text, mask)
        if len(parent) == 1 and re.search(rf"(?<![\w.]){re.escape(head)}(?![\w.]|\.\d)", read[:max(read.find(reference.written), 0)]):
            # ("To supplement Section 5 of the Particular Conditions with a new Sub-Clause 5.9": a new clause numbered
            # under a whole one the item names before it, no document holding the clause before it either; the one
            # document holding that whole clause, of those holding the clauses its neighbours name, changed in part,
            # for a person to confirm; round 103)
            joins = Locator(doc=parent[0], path=head)
            return _Outcome("proposed", rule, action, [(joins, replace(reference, target=joins))],
                            why=f"{why}: a new clause under {head}, which {parent[0]} holds: {joins.format()} changed "
                                "in part, for a person to confirm")
    # (where several hold it, the one the item's words and headings name, as ``_likely_holders`` settles:
    # "Clause 2.4 of the Technical Specifications" among sections that each have a 2.4)
    holders = holding if len(holding) <= 1 else _likely_holders(path, item, items, corpus)
    if len(holders) != 1 and corpus.placed and len(alone := [doc for doc in holding if doc in corpus.placed]) == 1:
        # (read again knowing the documents the addendum's other items changed, applied on their own words: the one
        # of them holding the clause, where the item's words rank none of the many holders first; round 76)
        holders = alone
    if len(holding) > 1 and (run := _title_run_holder(item, reference, corpus, path)) is not None:
        # ("Section 5, Contract Data, Sub-Clause 8.7 Delay Damages": a run of the item's own words titling one
        # holder alone outweighs the ranking of words and headings, round 44)
        holders = [run]
    if len(holding) > 1 and (designated := _designation_of(item, corpus)) in holding:
        # ("V bodě 1.2 technické zprávy D.1.1": the document titled with the designation the item writes, where its
        # words name it in another grammatical case than its title's and the ranking of words would pick another)
        holders = [designated]
    if len(holders) != 1:
        # (a run of the item's words titling one holder alone, or the clause's own title written after
        # its number that one holder alone bears, says which of them: round 41)
        named = _title_run_holder(item, reference, corpus, path) or _clause_title_holder(item, reference, corpus, path)
        holders = [named] if named is not None else holders
    tendered = None
    if len(holders) != 1 and len(holding) > 1 and len(own := _own_tender_designated(holding, corpus)) == 1:
        # ("Clause C3.4.1 is amended to read: ..." answering a bidder, two tenders' Scopes of Work holding a C3.4.1):
        # the one whose title carries the tender number the addendum writes; proposed only
        holders = tendered = own
    if len(holders) != 1:
        return None
    numbered = _document_number_of(item, corpus)
    if numbered is not None and numbered != holders[0]:
        # "Document n°6, article 5 : il est ajouté un article 5.3": the document the tender file's own list
        # numbers 6 is meant, never another holding a 5.3; a clause it does not hold yet, numbered under one
        # it does, changes that one in part (for a person to confirm); else nothing is guessed
        parent = place_path(corpus, numbered, head)[0] if head and path not in corpus.path_set(numbered) else []
        if action.action != "amend" or len(parent) != 1:
            return None
        joins = Locator(doc=numbered, path=parent[0])
        return _Outcome("proposed", rule, action, [(joins, replace(reference, target=joins))],
                        why=f"{why}: the document it names by number is {numbered}, which has no clause {path} yet but holds "
                            f"{parent[0]}: {joins.format()} changed in part, for a person to confirm")
    target = Locator(doc=holders[0], path=path)
    index = _positions(items).get(item.path)
    brought = re.compile(r"\n[ \t]*\n").search(item.text, action.span[1]) if action.span is not None else None
    following = item.text[brought.end():] if brought is not None else (
        items[index + 1].text if index is not None and index + 1 < len(items) else "")
    if (action.action == "amend" and re.search(r"\bto\s+read\s*:?\s*$", _read_text(item.text, mask))
            and _opens_with_own_label(following, target)):
        action = Action("replace", action.words, action.span, action.attachment)
    elif (action.action == "amend" and action.span is not None
          and re.match(r"[ \t]*(?:as)?[ \t]*:[ \t]*[\"“]", item.text[action.span[1]:])
          and _opens_with_own_label(item.text[action.span[1]:].lstrip(" \tas:"), target)):
        # ('May be read as: "8.7 Delay Damages. ..."': the new text after the verb's colon is the clause
        # written whole under its own number, round 44)
        action = Action("replace", action.words, action.span, action.attachment)
    return _Outcome("proposed", rule, action, [(target, replace(reference, target=target))], why=(
        f"{why}: {holders[0]} is the one document of the project holding clause {path}, for a person to confirm"
        if len(holding) == 1 else f"{why}: of the {len(holding)} documents of the project holding clause {path}, {holders[0]} "
        "is the one whose title carries the tender number the addendum writes, for a person to confirm" if tendered else f"{why}: {holders[0]} is the document of the project holding clause {path} that its "
        "words name, for a person to confirm"))


def _reissue_declared(items: Sequence[Item], item: Item) -> bool:
    """Whether an item of the addendum before ``item`` says the documents it lists are reissued whole."""
    for other in items:
        if other.path == item.path:
            return False
        if _REISSUE_DECLARED.search(other.text):
            return True
    return False


def _captioned_value(read: str, start: int, resolved: Sequence[tuple[Locator, Reference]]) -> re.Match[str] | None:
    """An entry that opens with the one provision it changes and a colon, then a single sentence
    giving a value of it anew ("Sheet E-102, Detail 1: the conduit is to be 3-inch rather than the
    size shown.", under "Section 04 20 00": "Paragraph 3.1.B: the spacing becomes every course."):
    owners caption each change with what it changes and say the change in plain words; the
    caption settles the target and a value said anew changes it in part. Only so captioned, and
    only the whole of what follows the colon: the same words in prose ("this addendum becomes
    part of the contract") change nothing."""
    if len(resolved) != 1 or resolved[0][0].path is None or resolved[0][1].kind not in ("paragraph", "callout"):
        return None
    colon = read.find(":", start)
    if colon < 0 or read.find("\n", start, colon) >= 0:
        return None
    own = [r for _, r in resolved if not r.from_heading]
    if own and not (own[0].span[0] >= start and own[0].span[1] <= colon):
        return None  # the caption before the colon names it, nothing after
    if not re.fullmatch(r"[ \t*_\-•o]*(?:(?:sheet|drawing|section|spec\w*)\b[^:\n]{0,80}?[,\s]+)?"
                        r"(?:(?:sub)?paragraph|article|clause|note|keynote|detail|callout)\s+[\w.\-]{1,12}[ \t*_]*",
                        read[start:colon], re.IGNORECASE):
        return None
    found = _VALUE_ANEW.fullmatch(read, colon + 1, colon + 1 + len(read[colon + 1:].rstrip()))
    # (a value: a number said after the verb; "the size becomes a matter for the submittal" gives none)
    return found if found is not None and re.search(r"\d", read[found.start("verb"):found.end()]) else None


#: Sheets joined as a range ("A-201 through A-204", "A-201 to A-204", "A-201 - A-204").
_RANGE_JOIN = re.compile(r"\s+(?:through|thru|to|[-–—])\s+(?=(?:Sheet\s+|Drawing\s+)?[A-Z]{1,3}-?\d)", re.IGNORECASE)


def _callout_of_each(text: str, mask: Sequence[tuple[int, int]], resolved: list[tuple[Locator, Reference]],
                     action: Action, corpus: Corpus) -> tuple[list[tuple[Locator, Reference]], Action]:
    """A callout named after a list of sheets is read on the nearest sheet; the sheets listed before
    it are not changed whole. Where the item says the callout is on each sheet of the list ("Note 1
    on each sheet is deleted"), each sheet's callout of that number is the target (owners change a
    note common to several sheets in one line); else which sheet's callout, or the whole of the
    other sheets, is not certain: the item is for a person to confirm (never a whole sheet applied
    from a callout's line)."""
    callouts = [(t, r) for t, r in resolved if r.kind == "callout" and t.path is not None]
    if not callouts or not action.changes:
        return resolved, action
    sheets = [(t, r) for t, r in resolved if r.kind == "sheet" and t.path is None and not r.bound]
    read = _read_text(text, mask)
    listed = []
    for target, reference in sheets:
        # a whole sheet joined by a list to a sheet a callout took ("A-201 and A-301: Note 1")
        tail = read[reference.span[1]:]
        joined = _LIST_JOIN.match(tail) or _RANGE_JOIN.match(tail)
        # (a sheet inside a range, "C-101 through C-104", carries the whole range's span: it is
        # listed as the range's ends are; owners name a run of sheets so when one note is common)
        ranged = _RANGE_JOIN.search(read, reference.span[0], reference.span[1]) is not None
        if (joined is not None or ranged) and any(t.doc != target.doc and r.span[0] > reference.span[1] for t, r in callouts):
            listed.append((target, reference))
    if not listed:
        return resolved, action
    # "Sheets A-201 through A-204: on each sheet, Note 1 ..." says "each" before the callout, "Note 1
    # on each sheet ..." after it: read from the end of the list of sheets
    each_from = min([r.span[1] for _, r in listed] + [r.span[1] for _, r in callouts])
    if _ON_EACH.search(read, each_from) and len({t.path for t, _ in callouts}) == 1:
        path = callouts[0][0].path
        each = [(Locator(doc=t.doc, path=path), r) for t, r in listed if corpus.exists(Locator(doc=t.doc, path=path))]
        if len(each) == len(listed):
            return [x for x in resolved if x not in listed] + each, action
    return resolved, Action(action.action, action.words, action.span, action.attachment, ambiguous=action.ambiguous or (
        "names a callout after a list of sheets: on which of them it changes it, or whether the others change whole, "
        "is for a person to confirm"))


def _under_instruction(item: Item, items: Sequence[Item], vocabularies: list) -> bool:
    """Whether the item right above ``item`` in its outline (its parent) instructs a change."""
    parent = next((other for other in items if other.path == item.parent), None)
    if parent is None:
        return False
    start, mask = _instruction_mask(parent)
    return read_action(parent.text, vocabularies, mask=[*mask, *_asked(parent.text, mask)]).changes


def _loose_part(placed: str | None, resolved: Sequence[tuple[Locator, Reference]],
                corpus: Corpus) -> tuple[Locator, Reference] | None:
    """The paragraph a loose path the item writes ('writes "2.1A", which may be a paragraph ...') is in
    the one whole document the item names, where that document holds exactly one such path."""
    written = re.match(r'writes "([^"]+)", which may be a paragraph', placed or "")
    docs = {t.doc for t, _ in resolved}
    if written is None or len(docs) != 1 or any(t.path is not None for t, _ in resolved):
        return None
    doc = next(iter(docs))
    paths, _ = place_path(corpus, doc, written.group(1))
    if len(paths) != 1:
        paths, _ = place_path(corpus, doc, re.sub(r"(?<=\d)(?=[A-Z]$)", ".", written.group(1)))  # "2.1A": 2.1.A
    if len(paths) != 1:
        return None
    target = Locator(doc=doc, path=paths[0])
    return target, Reference("paragraph", written.group(1), resolved[0][1].span, target, resolved_by="outline")


#: After the provision a caption names, the rest of the caption up to its colon (its title, a
#: bracket: no sentence's end, no mark, no quotation), then the provision's words.
_MARKED_CAPTION = re.compile(r"(?:[^\n:;~*\"“.]|\.(?!\s)){0,60}?:[ \t]+(?=\S)")

#: The item list last asked of (held, so that its id is not another's) and its answer.
_MARKS_STATED: list[tuple[Sequence[Item], frozenset[str]]] = []


def _marks_stated(items: Sequence[Item]) -> frozenset[str]:
    """The marks the addendum states the meaning of, in one paragraph of its own words (quotations
    aside): {"struck", "bold"} where it says struck words are taken out and bold words put in,
    {"bold"} where it says only that its changes, or the words it adds, are in bold ("PART I -
    ... (Changes shown in ***bold italic text***)"), none else. Its marks are then the owner's
    stated convention, not a typesetter's emphasis, and a quoted provision's marks say its change.
    Found once per document's item list (issue 23: asked by each item with no verb, the scan of
    every item made an addendum of many notes quadratic to read)."""
    if _MARKS_STATED and _MARKS_STATED[0][0] is items:
        return _MARKS_STATED[0][1]
    stated: frozenset[str] = frozenset()
    for item in items:
        words = re.sub(r"[\"“][^\"”\n]*[\"”]", " ", item.text)
        if _LEGEND_PUT_IN.search(words):
            stated = frozenset({"struck", "bold"} if _LEGEND_TAKEN_OUT.search(words) else {"bold"})
            if len(stated) == 2:
                break
    _MARKS_STATED[:] = [(items, stated)]
    return stated


#: The item list last asked of and whether it states that its clauses restated replace their own.
_RESTATEMENT_STATED: list[tuple[Sequence[Item], bool]] = []


def _restatement_stated(items: Sequence[Item]) -> bool:
    """Whether the addendum states, in a sentence of its own words (quotations aside), that each
    clause it restates takes the place of the clause of the same number ("The clauses below are
    restated as they now stand. Each restated clause takes the place of the clause of the same
    number in the bid documents"): then an article's paragraphs written anew under a heading
    naming it, with no verb, are that article replaced as the owner said, not a guess. Not where
    the same sentence lets a clause supplement its own ("The exception clauses below supplement
    or replace the clauses ... that carry the same number": a clause not marked adds to it).
    Found once per document's item list, as the marks are."""
    if _RESTATEMENT_STATED and _RESTATEMENT_STATED[0][0] is items:
        return _RESTATEMENT_STATED[0][1]
    stated = False
    for item in items:
        words = re.sub(r"[\"“][^\"”\n]*[\"”]", " ", item.text)
        for m in _LEGEND_RESTATED.finditer(words):
            start = max(words.rfind(".", 0, m.start()), words.rfind("\n", 0, m.start())) + 1
            end = min((i for i in (words.find(".", m.end()), words.find("\n", m.end())) if i >= 0), default=len(words))
            if not re.search(r"\bsupplement|\badd(?:s|ed)?\s+to\b|\bunless\b|\bexcept\b", words[start:end], re.IGNORECASE):
                stated = True
                break
        if stated:
            break
    _RESTATEMENT_STATED[:] = [(items, stated)]
    return stated


def _marked_change(text: str, named: Sequence[Reference], rule: str, stated: Collection[str] = ()) -> _Outcome | None:
    """An item with no verb that names a provision and quotes its text with the words taken out
    struck through and the words put in set in bold ("Section ..., page ..., paragraph 1.3.B:
    "B. ... within ~~420~~ **450** days ..."", "Sheet ..., Note 1: "... ~~3+15~~ **3+60** ...""):
    the marks are the change. Owners use the form widely in reissued pages quoted into an addendum;
    the extent is read from the marks (all struck and nothing bold: taken out; the provision quoted
    whole from its own label: restated; a fragment between ellipses, or new text under an article:
    in part), and it is proposed, never applied: what the marks mean is the owner's convention.
    Where the addendum states that convention for each mark the item bears (``stated``: "Deleted
    text is shown struck through; added text is shown in bold"; bold alone, "Changes are shown in
    bold", for words only put in) and the one target is a provision, the marks are read as said:
    applied (a deletion is whole only when what is struck opens with the provision's own label;
    struck words inside it change it in part). So too, where it states the convention, the words
    given unquoted after the provision's caption and its colon ("Section 33 32 16, paragraph 2.2 A:
    Two pumps, each rated ~~120 gpm~~ **150 gpm** ..."): changed in part, restated whole only from
    its own label; all of them struck with no label is left to the proposal (the whole provision,
    or one sentence of it)."""
    quoted = text[min((m.start() for m in re.finditer(r"[\"“]", text)), default=len(text)):]
    targets = _distinct([(r.target, r) for r in named if r.target is not None and not r.cited])
    parts = [(t, r) for t, r in targets if t.path is not None]
    targets = parts or targets
    captioned = None
    if stated and not quoted and len(targets) == 1 and targets[0][0].path is not None:
        # "Section 33 32 16, paragraph 2.2 A: Two pumps, each rated ~~120 gpm~~ **150 gpm** ...": the
        # provision's caption, then its words with the marks the addendum states, unquoted (round 73)
        captioned = _MARKED_CAPTION.match(text, targets[0][1].span[1])
        if captioned is not None and any(
                r.target is None and captioned.start() <= r.span[0] < captioned.end() and not (
                    r.joins == targets[0][0] and re.search(r"\bnew\s+\S+\s+\S+$", text[captioned.start():r.span[1]], re.IGNORECASE))
                for r in named):
            captioned = None  # (the caption names more than it places, "paragraph F" of none: not settled)
        quoted = text[captioned.end():] if captioned is not None else ""
    struck, bold = list(_STRUCK.finditer(quoted)), list(_BOLD.finditer(quoted))
    if not struck and not bold:
        return None
    if len(targets) != 1:
        return None
    stated = bool(stated) and (not struck or "struck" in stated) and (not bold or "bold" in stated)
    if captioned is not None and not stated:
        return None  # (struck words under a legend of bold only: the caption form is the proposal's)
    target = targets[0][0]
    plain = _BOLD.sub("", _STRUCK.sub("", quoted))
    unmarked = _STRUCK.sub(lambda m: m.group(1), quoted.lstrip("\"“")).replace("**", "")
    if not bold and not re.search(r"\w", plain):
        kind = "delete"
        if stated and target.path is not None and not (
                re.fullmatch(r"[a-z]+-\d+\w*", target.path) or _opens_with_own_label(unmarked, target)):
            if captioned is not None:
                return None  # (all its words struck under the caption: the provision's, or a sentence of it?)
            kind = "amend"  # words struck inside the provision, not the provision from its label
    elif captioned is not None and not _opens_with_own_label(unmarked, target):
        kind = "amend"  # (its words given under its caption with the marks: changed in part)
    elif target.path is not None and not _FRAGMENT.match(quoted) and (
            # a note or keynote is words only: quoted whole, with its marks, it is written anew; a
            # detail is a drawing, and the words quoted from it (its title, a label) are a part of it
            re.fullmatch(r"(?!detail-)[a-z]+-\d+\w*", target.path) or _opens_with_own_label(unmarked, target)):
        kind = "replace"
    else:
        kind = "amend"
    first = min(m.start() for m in [*struck, *bold]) + len(text) - len(quoted)
    if stated and target.path is not None:
        return _Outcome("applied", rule, Action(kind, "struck and bold text (as the addendum states)",  # type: ignore[arg-type]
                                                (first, first + 2)), targets)
    action = Action(kind, "struck and bold text", (first, first + 2), ambiguous=(
        "shows its change only by words struck through and words in bold, with no verb: what the marks "
        "change is for a person to confirm"))  # type: ignore[arg-type]
    return _Outcome("proposed", rule, action, targets, why=action.ambiguous)


#: The words before an answer's participle that make it describe what a document shows: a verb
#: in the present ("shows", "indicates", "calls for") and the thing it shows, led by a determiner,
#: right before the participle ("Sheet D-101 shows the slab removed").
_SHOWS_THING = re.compile(r"\b(?!(?:is|was|has|does)\b)[a-z]+s(?:\s+for)?\s+(?:the|a|an|its|their|this|that|these|those|"
                          r"all|each|every|both)\s+[a-z][a-z\s-]{0,60}$", re.IGNORECASE)


def _describes_only(text: str, action: Action) -> bool:
    """Whether the change word of an answer is a participle describing the thing a document shows
    ("Sheet D-101 shows the slab removed", "the drawings indicate the door deleted"): owners
    answering a question tell what a document shows that way; a change is said with a finite verb
    ("Paragraph 3.1.A is revised"), an imperative opening its clause ("Delete Note 2"), or a
    participle after the document itself ("Sheet A-101 revised as noted")."""
    if action.span is None or not re.fullmatch(r"[A-Za-z]+(?:ed|en|wn)", action.words.split(" … ")[0].strip()):
        return False
    clause = re.split(r"[.;:?!\n]", text[:action.span[0]])[-1]
    return _SHOWS_THING.search(clause.rstrip()) is not None


#: Between a provision named as a sentence's subject and a verb that gives its text anew as a reading
#: ("Clause 3.1 A "Disinfection" of Section 33 11 00 (Piping) of the Tender Document will be read as",
#: "Clause 2.2 B stands modified as"): the provision's quoted title, its holder, its bracket, nothing
#: of its own subject ("Clause 2.1 A) The standby rating ... shall be read as" makes the rating the subject).
_READING_SUBJECT_GAP = re.compile(
    r"[\s,)]*(?:(?:of|in|under)\s+(?:the\s+)?(?:(?:tender|bid|bidding|contract|technical)\s+)?"
    r"(?:documents?|specifications?|sections?|chapters?|volumes?)?[\s,]*)*"
    r"(?:(?:will|shall|should|is\s+to|are\s+to|must)\s+(?:now\s+)?be\s+read|stands?\s+(?:modified|amended|revised|corrected|changed))"
    r"\s+as\s*$", re.IGNORECASE)
#: One quotation after the reading verb, then the sentence's end, and perhaps the words it stands
#: instead of, quoted too ('... as "new" instead of "old".').
_READ_AS_QUOTED = re.compile(r"\s*[\"“](?P<new>[^\"”\n]+)[\"”]\s*"
                             r"(?:instead\s+of\s*[\"“](?P<old>[^\"”\n]+)[\"”]\s*)?(?:[.;]|$)", re.IGNORECASE)
#: A complete statement: opens with a capital (or its own label), four words or more, ends with a full stop.
_STATEMENT = re.compile(r"\s*(?:[A-Za-z0-9]{1,3}[.)]\s+)?[A-Z][^\n]*?(?:\S+\s+){3,}[^\n]*\.\s*")


def _read_as_whole(text: str, mask: Sequence[tuple[int, int]], action: Action,
                   resolved: Sequence[tuple[Locator, Reference]], references: Sequence[Reference] = ()) -> Action | None:
    """A provision given anew as a reading: 'Clause 2.2 B of Section ... will be read as "<a complete
    statement>"', 'Clause 2.2 B stands modified as "..."' (Indian and Commonwealth tender
    corrigenda). The provision is the verb's subject and the quotation a statement whole: its
    whole text anew, a replacement. Given with the words it stands 'instead of', themselves a
    statement, whether those were the whole of it only the target's own text could say: a
    replacement for a person to confirm. None for any other form (a value read anew, "the rating
    shall be read as 200 kW instead of 150 kW", stays a change in part)."""
    if action.action != "amend" or action.span is None or len(resolved) != 1 or resolved[0][0].path is None:
        return None
    # (a table row names the clause in its reference cell and again in the reply: the naming nearest
    # before the verb is the subject)
    named = [r for r in (*references, resolved[0][1]) if r.target == resolved[0][0] and not r.from_heading
             and r.span[1] <= action.span[0]]
    if not named:
        return None
    reference = max(named, key=lambda r: r.span[1])
    read = _read_text(text, mask)
    ends = re.compile(r"\bas\b", re.IGNORECASE).search(read, action.span[0])
    if ends is None:
        return None
    blanked = list(read[:ends.end()])
    for start, end in [*_quoted_spans(text), *(m.span() for m in re.finditer(r"\([^()\n]{0,80}\)", read))]:
        if start >= reference.span[1] and end <= ends.end():
            blanked[start:end] = " " * (end - start)
    gap = re.sub(r"\b(?:Section|Chapter)\s+[\d ]{2,10}\b", " ", "".join(blanked)[reference.span[1]:], flags=re.IGNORECASE)
    if not _READING_SUBJECT_GAP.fullmatch(gap):
        return None
    quoted = _READ_AS_QUOTED.match(text, ends.end())
    if quoted is None or not _STATEMENT.fullmatch(quoted.group("new")):
        return None
    words = " ".join(action.words.split())
    if quoted.group("old") is None:
        return Action("replace", words, action.span, action.attachment)
    if not _STATEMENT.fullmatch(quoted.group("old")):
        return None
    return Action("replace", words, action.span, action.attachment, ambiguous=(
        f"gives {resolved[0][0].format()} anew instead of the words quoted after it: whether those were the whole "
        "of it is for a person to confirm"))


def _former_then_new(items: Sequence[Item], corpus: Corpus, notations: Mapping[str, Sequence[re.Pattern[str]]],
                     skip: Mapping[str, str]) -> list[tuple[Item, list[Item], Locator, Action]]:
    """Tender corrigenda of former and new text: "The former text:", then a line naming the place
    ("B. Section 01 10 00 Summary - Page 2, paragraph 1.3 B"), the text as it stood, "Shall read as
    new text:" and the new text. Each pair whose place resolves to one provision by number, old and
    new text both opening with its own label, replaces it whole; both opening with an ellipsis (its
    last words), changes it in part. Returned as (the place's item, the items of the pair, the
    provision, the action); the place's item carries the edge."""
    found: list[tuple[Item, list[Item], Locator, Action]] = []
    for index in range(1, len(items) - 2):
        place, label = items[index], items[index - 1]
        if not _FORMER_LABEL.search(label.text) or "\n" in place.text.strip():
            continue
        pair, old_parts, new_text = [label, place], [], None
        for after in items[index + 1:index + 6]:
            pair.append(after)
            opens = _NEW_TEXT_LABEL.match(after.text)
            if opens is None:
                if _FORMER_LABEL.search(after.text):
                    break
                old_parts.append(after.text)
                continue
            new_text = after.text[opens.end():].strip()
            if not new_text and index + len(pair) - 1 < len(items):
                following = items[index + len(pair) - 1]
                pair.append(following)
                new_text = following.text.strip()
            break
        if new_text is None or not old_parts or not new_text:
            continue
        target = _one_numbered_target(place.text, corpus, notations, skip, titles=False)
        if target is None:
            continue
        old = "\n\n".join(old_parts).strip()
        if _opens_with_own_label(old, target) and _opens_with_own_label(new_text, target):
            action = Action("replace", "former text … shall read as new text")
        elif _ELLIPSIS_OPENS.match(old) and _ELLIPSIS_OPENS.match(new_text):
            action = Action("amend", "former text … shall read as new text")
        else:
            continue
        found.append((place, pair, target, _unless_same(action, old, new_text, target)))
    return found


def _one_numbered_target(text: str, corpus: Corpus, notations: Mapping[str, Sequence[re.Pattern[str]]],
                         skip: Mapping[str, str], *, titles: bool) -> Locator | None:
    """The one provision a place line names by number, all it names being of that provision's
    document; None where it names nothing the project numbers, a Division the skip list covers
    (the skip list decides), or more than one provision."""
    named = [r for r in find_references(text, corpus, notations=notations, titles=titles)
             if r.target is not None and r.by_number]
    if not named or any(_division(r) in skip for r in named if r.kind in ("section", "paragraph")):
        return None
    deepest = {r.target for r in named if r.target.path is not None}
    if len(deepest) != 1:
        return None
    target = next(iter(deepest))
    return None if any(r.target.doc != target.doc for r in named) else target


#: An item opening with a short label and its colon ("DONDE DICE: ...", "DEBE DECIR: ...", "Was: ...", "Now reads:
#: ..."): the label (1) and where the words after it start. The label may follow a list's letter or number ("a.
#: Sebelum perubahan: ...", "b) New text: ...") and carry a gloss in brackets before its colon ("Eski hali (old
#: text): ..."), neither part of it.
_LINE_LABEL = re.compile(r"[ \t*_]*(?:(?:[a-z]|\d{1,2})[.)][ \t]+)?([^\W\d][^:\n\d()]{0,30}?)[ \t*_]*"
                         r"(?:\([^()\n]{0,60}\)[ \t*_]*)?:[ \t*_]*(?=\S)")


def _labelled_old_then_new(items: Sequence[Item], corpus: Corpus, notations: Mapping[str, Sequence[re.Pattern[str]]],
                           skip: Mapping[str, str], vocabularies: Sequence) -> list[tuple[Item, list[Item], Locator, Action]]:
    """A place line naming one provision by number and nothing else ("3) ESPECIFICACIONES TÉCNICAS, numeral 2.1"),
    then a line labelled with a word of the pack's ``old_text_columns`` and its text as it stood ("DONDE DICE: ..."),
    then one labelled with a word of ``new_text_columns`` and its text as it now stands ("DEBE DECIR: 2.1 ..."): the
    table of former and new text written as lines, as Latin-American adendas and corrigenda write it (round 59).
    New text opening with the provision's own label is the provision restated: replaced whole; both opening with an
    ellipsis: changed in part; else nothing is read here. Returned as ``_former_then_new`` returns."""
    was = worded(r"^(?:{words})$", vocabularies, "old_text_columns")
    now = worded(r"^(?:{words})$", vocabularies, "new_text_columns")
    found: list[tuple[Item, list[Item], Locator, Action]] = []
    for index in range(len(items) - 2):
        place, old, new = items[index:index + 3]
        # (the two labelled lines under the place, as its own lines or beside it under one heading)
        if ("\n" in place.text.strip() or old.heading_context != new.heading_context or old.parent != new.parent
                or not (old.parent == place.path or place.heading_context == old.heading_context)):
            continue
        old_label, new_label = _LINE_LABEL.match(old.text), _LINE_LABEL.match(new.text)
        if old_label is None or new_label is None:
            continue
        first, second = " ".join(old_label.group(1).split()), " ".join(new_label.group(1).split())
        if not (was.search(first) and not now.search(first) and now.search(second) and not was.search(second)):
            continue
        if read_action(_read_text(place.text, _quoted_spans(place.text)), list(vocabularies)).action is not None:
            continue  # (a place line with a verb of its own is an instruction, read as one)
        target = _one_numbered_target(place.text, corpus, notations, skip, titles=True)
        if target is None:
            continue
        before, after = old.text[old_label.end():].strip(), new.text[new_label.end():].strip()
        action = _pair_action(before, after, "", target, f"{first} … {second}", vocabularies, corpus)
        if action is None:
            continue
        found.append((place, [old, new], target, action))
    return found


def _labelled_within(items: Sequence[Item], corpus: Corpus, notations: Mapping[str, Sequence[re.Pattern[str]]],
                     skip: Mapping[str, str], vocabularies: Sequence) -> list[tuple[Item, Locator, Action, int]]:
    """The same former and new text as ``_labelled_old_then_new``, written as lines of one item: a place line naming
    one provision by number ("Point n°: 2.3", "Değişiklik yapılan doküman: ..., Madde 2.2"), then a line labelled with a
    word of ``old_text_columns`` ("Instead of: ...", "Eski hali: ...") and one labelled with a word of
    ``new_text_columns`` ("Read: ...", "Yeni hali: ..."), at most a line after them saying the rest stays; or the place
    line, then one line whose label is a change verb ("Delete: ...", "Add, after point 5.2: 5.3 ..."). Lines before
    the place line ("Volume 3 - Technical Specifications is corrected or modified as follows:"), or an item of one
    such line ending in a colon before the first block, name the document its number is in, for it and the items of
    the same form after it. Each (item, target, action, where in the item its place line starts); what this cannot
    decide is left to the other readers."""
    was = worded(r"^(?:{words})$", vocabularies, "old_text_columns")
    now = worded(r"^(?:{words})$", vocabularies, "new_text_columns")
    found: list[tuple[Item, Locator, Action, int]] = []
    lead = ""
    for item in items:
        lines = [(m.start(), m.group(0)) for m in re.finditer(r"[^\n]*\S[^\n]*", item.text)]
        block = None
        for index in range(len(lines) - 1):
            label = _LINE_LABEL.match(lines[index + 1][1])
            if label is None:
                continue
            first = " ".join(label.group(1).split())
            if was.search(first) and not now.search(first):
                second = _LINE_LABEL.match(lines[index + 2][1]) if index + 2 < len(lines) else None
                if second is not None and now.search(" ".join(second.group(1).split())):
                    block = (index, label, second)
                break
        for index in range(len(lines) - 1) if block is None else ():
            label = _VERB_LINE.match(lines[index + 1][1])
            said = read_action(label.group(1), list(vocabularies)) if label is not None else None
            if said is not None and said.action in ("delete", "amend") and said.span is not None and said.span[0] == 0:
                block = (index, label, None)  # (the label opens with its verb: "Delete:", "Add, after point 5.2:")
                break
        if block is None:
            # (a line of its own introducing the blocks below it, "Book 2 - Works Specifications:", leads them)
            lead = item.text.strip() if len(lines) == 1 and item.text.rstrip().endswith(":") else ""
            continue
        index, label, second = block
        if index > 0:
            lead = "\n".join(line for _, line in lines[:index])
        start, place = lines[index]
        if read_action(_read_text(place, _quoted_spans(place)), list(vocabularies)).action is not None:
            continue  # (a place line with a verb of its own is an instruction, read as one)
        target = _place_target(place, lead, corpus, notations, skip)
        if target is None:
            continue
        old = lines[index + 1][1]
        if second is None:
            action = _verb_line_action(old, label, target, vocabularies)
            if len(lines) > index + 2:
                action = None  # (more lines than the verb's: read as they are)
        else:
            new = lines[index + 2][1]
            words = f"{' '.join(label.group(1).split())} … {' '.join(second.group(1).split())}"
            target = _callout_of_sheet(target, place, old[label.end():], corpus)
            action = _pair_action(old[label.end():].strip(), new[second.end():].strip(),
                                  "\n".join(line for _, line in lines[index + 3:]), target, words, vocabularies, corpus)
        if action is not None:
            found.append((item, target, action, start))
    return found


def _place_target(place: str, lead: str, corpus: Corpus, notations: Mapping[str, Sequence[re.Pattern[str]]],
                  skip: Mapping[str, str]) -> Locator | None:
    """The one provision, or whole sheet or section, a place line names by number ("Point n°: 2.3", "Drawing n°: A-301
    Building Sections"), in the document its own words name, or else a provision by its number alone in the one
    document the ``lead`` lines name by its whole title ("Volume 3 - Technical Specifications is corrected or modified
    as follows:"); None where it names nothing the project numbers, a Division the skip list covers, or more than one.
    The colon after the place's label word ("n°:") only sets the number off."""
    place = re.sub(r"(?<=\S)[ \t]*:[ \t]*(?=[\w(])", " ", place, count=1)
    found = find_references(place, corpus, notations=notations, titles=True)
    named = [r for r in found if r.target is not None and r.by_number]
    if any(_division(r) in skip for r in named if r.kind in ("section", "paragraph")):
        return None
    if named:
        deepest = {r.target for r in named if r.target.path is not None} or {r.target for r in named}
        if len(deepest) != 1:
            return None
        target = next(iter(deepest))
        return target if all(r.target.doc == target.doc for r in named) else None
    if not lead or any(r.target is not None or r.kind != "paragraph" for r in found) or len(found) != 1:
        return None
    whole = [r for r in find_references(lead, corpus, notations=notations, titles=True) if r.target is not None]
    if (len(whole) != 1 or whole[0].target.path is not None
            or not (whole[0].by_number or (whole[0].kind == "title" and (whole[0].score is None or whole[0].score >= 100)))):
        return None
    number = re.search(r"\d{1,3}(?:\.\d{1,3})*(?:\.[A-Za-z])?(?![\w.])", found[0].written)
    if number is None:
        return None
    paths, _ = place_path(corpus, whole[0].target.doc, number.group(0))
    return Locator(doc=whole[0].target.doc, path=paths[0]) if len(paths) == 1 else None


#: Old text opening with a sheet's note, keynote or detail by its word and number ("NOTE 1: ...", "Keynote 4. ..."): its
#: word (1) and number (2).
_CALLOUT_LABEL = re.compile(r"[\s\"“'‘*_]*(key\s*notes?|notes?|details?)[ \t]+(?:no\.?[ \t]*)?0*(\d{1,3})[ \t]*[.:)\-–—]",
                            re.IGNORECASE)


def _callout_of_sheet(target: Locator, place: str, before: str, corpus: Corpus) -> Locator:
    """The note (keynote, detail) of a sheet a place line names by the sheet and a number after it in the owner's own
    word ("Pafta FP-101, Not 1"), the old text opening with that note's label ("NOTE 1: ..."): that note, where the
    sheet holds it; else ``target``."""
    opens = _CALLOUT_LABEL.match(before)
    if target.path is not None or opens is None or not re.search(rf"(?<![\w.\-]){opens.group(2)}[ \t.]*$", place):
        return target
    kind = re.sub(r"\s+", "", opens.group(1).lower()).rstrip("s")
    callout = Locator(doc=target.doc, path=f"{kind}-{int(opens.group(2))}")
    return callout if corpus.has_target is None or corpus.has_target(callout) else target


def _verb_line_action(line: str, label: re.Match[str], target: Locator, vocabularies: Sequence) -> Action | None:
    """What a line labelled with a change verb under a place line does to the provision it names: "Delete: Note 3
    (...)", the provision's own label opening what it deletes, deletes it; "Add, after point 5.2: 5.3 ...", new text
    numbered under the provision, changes it in part; else None (for the other readers)."""
    said = read_action(label.group(1), list(vocabularies))
    rest = line[label.end():].strip()
    if said.action == "delete" and (_opens_with_own_label(rest, target) or (
            target.path is not None and re.fullmatch(r"[a-z]+-\d+", target.path)
            and (m := _CALLOUT_OPENS.match(rest)) is not None and int(m.group(1)) == int(target.path.rsplit("-", 1)[1]))):
        return Action("delete", said.words)
    opens = re.match(r"[\s\"“'‘*_]*(\d{1,3}(?:\.\d{1,3})+)(?![\w.])", rest)
    if said.action == "amend" and target.path and opens is not None and opens.group(1).startswith(target.path + "."):
        return Action("amend", said.words)
    if said.action == "delete" and target.path is not None:
        # ("Point n°: 4.2" / "Delete: Partition walls are ...": the point's words, or some of them, go)
        return Action("delete", said.words, ambiguous=f"deletes the words after its label from {target.format()}: whether "
                                                      "they are all of it is for a person to confirm")
    return None


#: A line opening with a change verb set off as a label, what it changes after the colon ("Delete: ...", "Add, after
#: point 5.2: 5.3 ..."): the label (1), and where the words after it start.
_VERB_LINE = re.compile(r"[ \t*_]*([^\W\d][^:\n]{0,40}?)[ \t*_]*:[ \t*_]*(?=\S)")


#: A sheet's note or detail written whole, opening with a word and the callout's number ("NOTE 1: ...", "NOT 1: ...",
#: "Detail 2 - ..."): the number (1).
_CALLOUT_OPENS = re.compile(r"[\s\"“'‘*_]*[^\W\d]{2,12}\.?[ \t]+(?:no\.?[ \t]*)?0*(\d{1,3})[ \t]*(?:[.:)(\-–—]|$)", re.IGNORECASE)


def _names_sheet(sheet: str, text: str) -> bool:
    """Whether ``text`` names the sheet whose directory key is ``sheet`` ("A301" in "A-301, revision 1")."""
    split = re.fullmatch(r"([A-Z]+)(\d.*)", sheet)
    if split is None:
        return False
    return re.search(rf"(?<![\w-]){split.group(1)}[ .\-–]?{re.escape(split.group(2))}(?![\w-])", text, re.IGNORECASE) is not None


def _only_gone(text: str, vocabularies: Sequence) -> bool:
    """Whether new text only says the provision goes: its first clause (a bracketed one read inside) a deleting verb
    with at most three words before it and one after ("Madde yürürlükten kaldırılmıştır.", "(dihapus seluruhnya; ...)",
    "The point is deleted."), nothing quoted; never a verb with an object of its own ("Delete the second sentence.")."""
    if _quoted_spans(text):
        return False
    head = re.split(r"[;.\n]|\s/\s", text.strip().strip("()[]").strip(), maxsplit=1)[0]
    said = read_action(head, list(vocabularies))
    return (said.action == "delete" and said.span is not None and len(head[:said.span[0]].split()) <= 3
            and len(head[said.span[1]:].split()) <= 1)


def _pair_action(before: str, after: str, rest: str, target: Locator, words: str, vocabularies: Sequence,
                 corpus: Corpus) -> Action | None:
    """What a provision's text as it stood (``before``) and as it now stands (``after``), with any lines the owner
    wrote after them (``rest``), do to ``target``; None where they say too little to apply, or say nothing changes.
    The new text opening with the provision's own label is the provision restated (replaced); both opening with an
    ellipsis, or a line after them saying the rest stays ("The rest of point 6.1 remains unchanged"), a change in
    part; new text that only says the provision goes ("Article repealed.", "(deleted entirely)"), nothing quoted,
    deletes it; a sheet whose old and new text both name its number ("A-301, revision 0" / "A-301, revision 1") is
    issued anew; a note whose old and new text both open with its number ("NOTE 1: ..." / "NOT 1: ...") is given
    whole."""
    said = read_action(after, list(vocabularies))
    if said.action == "no_change" or read_action(before, list(vocabularies)).action == "no_change":
        return None
    kept = bool(rest.strip()) and read_action(rest, list(vocabularies)).action == "no_change"
    if rest.strip() and not kept:
        return None  # (more words after the pair than a line saying the rest stays: read as they are)
    if said.action == "delete" and _only_gone(after, vocabularies) and not _opens_with_own_label(after, target):
        action = Action("delete", f"{words}: {said.words}")
    elif kept:
        action = Action("amend", words)
    elif _opens_with_own_label(after, target):
        action = Action("replace", words)
    elif _ELLIPSIS_OPENS.match(before) and _ELLIPSIS_OPENS.match(after):
        action = Action("amend", words)
    elif target.path is None and any(all(_names_sheet(sheet, text) for text in (before, after))
                                     for sheet, held in corpus.directory.by_sheet.items()
                                     if any(doc == target.doc for doc, _ in held)):
        action = Action("replace", words)
    elif (target.path is not None and re.fullmatch(r"[a-z]+-\d+", target.path)
          and all((m := _CALLOUT_OPENS.match(text)) is not None and int(m.group(1)) == int(target.path.rsplit("-", 1)[1])
                  for text in (before, after))):
        action = Action("replace", words)
    else:
        return None
    return _unless_same(action, before, after, target)


def _unless_same(action: Action, old: str, new: str, target: Locator) -> Action:
    """The action of a pair of former and new text, held for a person where the two are the same words (letter case,
    spacing and line breaks aside): such a pair changes nothing it says, and the owner likely meant another text
    (audit 59's F07)."""
    if " ".join(old.split()).casefold() != " ".join(new.split()).casefold():
        return action
    return replace(action, ambiguous=f"its former and new text of {target.format()} are the same words: it changes "
                                     "nothing it says, for a person to confirm")
