"""Nothing silent (issue 21): an item with a change word that no reading placed is proposed or
reported, and each line of an item not reported that names a held section, sheet or provision
beside a word of change is reported at its own line."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence

from inforce.ontology import Document, Locator, NotUnderstoodItem, ProposalEvidence, ProposedEdge

from ..derivation import _quoted_spans
from .actions import _SENTENCE_END, Action, read_action
from .context import _IN_ATTACHMENT_LIST, _asked, _missed, _preamble, _read_text
from .extent import (
    _HOLDERS_PROPOSED,
    _clause_holders,
    _held_elsewhere,
    _opens_with_own_label,
    clause_alone,
    given_whole,
)
from .items import Item
from .outcome import Reading, _propose, _words
from .placing import _division
from .references import (
    Corpus,
    Reference,
    find_references,
    place_path,
    title_key,
    unheld_designation,
)
from .wording import _WHOLE_STATED

#: Where the answer of a question-and-answer item starts: only the answer may change anything.
_LEAD_IN = re.compile(r"(?::\s*$|\bas\s+follows\b)", re.IGNORECASE)

_ANSWER_AT = re.compile(r"\b(?:answer|response|reply)\s*(?:#?\d+)?\s*[:.-]", re.IGNORECASE)


#: Words of change owners write besides the pack's verbs (the net of the nothing-silent check
#: only: an item holding one and naming a target is proposed, never applied).
_CHANGE_WORD = re.compile(
    r"(?<!\bnot\s)(?<!\bno\s)\b(?:chang(?:ed|es)|revis(?:ed|ions?)|amend(?:ed|ments?)|modif(?:ied|ications?)|"
    r"correct(?:ed|ions?)|replac(?:ed|es|ements?)|substitut(?:ed|es|ions?)|delet(?:ed|ions?)|remov(?:ed|al)|"
    r"added|additions?|inserted|supersed(?:ed|es)|re-?issued|issued\s+complete|increased|decreased|reduced|extended|shortened|"
    r"in\s+lieu\s+of|in\s+place\s+of|instead\s+of|now\s+reads?|taken\s+as"
    # Spanish-speaking owners' verbs of change, as their addenda write them ("Modificar el numeral 1.2 ...,
    # el cual quedará así", "Eliminar el numeral 2.2", "Adicionar al numeral 4", "Sustituir el plano ... por",
    # "donde dice ... debe decir"): a line naming a provision beside one is reported where no reading placed it
    r"|modific(?:ar|a|ado|ada)|elimin(?:ar|a|ado|ada)|adicion(?:ar|a|ado|ada)|sustitu(?:ir|ye|ido|ida)|"
    r"debe\s+decir|quedar[áa]\s+as[íi]"
    # the new half of an old/new pair, whatever language labels it ("Original text:" / "Amended text:",
    # "Gammel tekst:" / "Ny tekst:", "Texto anterior:" / "Texto nuevo:"): the words given anew
    r"|(?:new|amended|replacement)\s+(?:text|wording)|ny\s+tekst|ny\s+text|nieuwe\s+tekst|neuer\s+text|"
    r"nouveau\s+texte|texto\s+nuevo|nuevo\s+texto|nueva\s+redacci[oó]n|nuovo\s+testo|testo\s+nuovo|novo\s+texto)\b"
    # 'The period in Section 3.3 should read "within 12 hours"': words given anew, quoted (or masked:
    # a run of spaces) right after; not "Bidders should read Section 31 23 16", which advises
    r"|\bshould\s+(?:now\s+)?read(?=\s*[:\"“]|\s{2,}\S|\s*$)", re.IGNORECASE)

#: A change verb in any form and language, negated, reported or made a noun ("No se elimina",
#: "n'est pas supprimé", "Addendum No. 1 deleted", "is reinstated", "Restore ... as issued",
#: "Deletion of ... was considered", "streichen", "Stryk", "Verwijder"): a line naming a held target
#: beside one is reported when no reading placed it, even where its words say nothing changes
#: (audit 57: whether they do is for a person; "No change", the bare noun, and "delete nothing" are no
#: verb of change).
_CHANGE_STEM = re.compile(
    r"(?<!\w)(?<!\bno\s)(?<!nothing\sis\s)(?<!nothing\sare\s)(?<!nothing\swas\s)(?:delet|remov|omit|omissi|strik|struck|revis|replac|amend|insert|substitut|reinstat|restor|undo|"
    r"withdr[ae]w|supersed|modif|elimin|suprim|supprim|retir|sustitu|reemplaz|exclu|annul|anul|"
    r"streich|gestrichen|ersetz|entf[äa]ll|stryk|struk|utg[åa]|verwijder|vervall|vervang|schrap|"
    r"slet|udg[åa]|tilf[øo]j|tillägg|l[äa]gg)\w*+(?!\s+nothing\b)", re.IGNORECASE)

#: A division named whole ("The enclosed Division 23 - HVAC replaces ..."): each of its sections.
_DIVISION_NAMED = re.compile(r"\bDivision\s+(\d{1,2})(?![\d.])", re.IGNORECASE)

#: A page code: the letters a document's pages carry, then the page ("GP-7", "SP-12A").
_PAGE_CODE = re.compile(r"\b([A-Z]{1,4})-(\d{1,3}[A-Z]?)\b")

#: A clause number written first in a row or after its page ("7.12 Protection of Property: ...").
_CLAUSE_NUMBER = re.compile(r"(?<![\d.])(\d{1,3}(?:\.\d{1,3}){1,3}(?:\.[A-Z])?)(?![\d.])")

#: A section, sheet, clause or page of the project written with the word that names it
#: ("Section 26 05 19", "Drawing No. E-9", "clause 4.2", "page SP-3").
_PROJECT_NUMBER = re.compile(
    r"\b(?:sections?|spec(?:ification)?s?|sheets?|drawings?|dwgs?|(?:sub)?paragraphs?|paras?|articles?|clauses?|"
    r"subsections?|notes?|keynotes?|details?|pages?)\.?\s+(?:no\.?\s*|#\s*)?"
    r"(?:\d{2}\s?\d{2}\s?\d{2}\b|[A-Z]{1,3}-?\d{1,4}[A-Z]?\b|\d{1,3}(?:\.[0-9A-Z]{1,3})+\b|\d{1,3}\b)",
    re.IGNORECASE)

#: A page by its number alone ("Page 21", "pages 4"): where an item's words stand in a document, no part of it.
_PAGE_ALONE = re.compile(r"pages?\.?\s+(?:no\.?\s*|#\s*)?\d{1,3}", re.IGNORECASE)

#: A provision named by any label word an owner uses, in any language ("post 02.3", "specification
#: 3.4.1", "punkt 5.2", "numeral 2.2.1", "kapittel 04", "Artículo N° 12.1"): a label of letters,
#: then a number of two to four levels, or one written with its leading zero ("Amendment No. 1",
#: the addendum's own number, is none). The net's last guarantee (issue 21, round 47): an item
#: holding a change word and such a reference that no reading placed is reported, whatever its
#: notation word; never applied.
_LABELLED_NUMBER = re.compile(
    r"(?<![\w.-])[^\W\d_]{2,}\.?[ \t]+(?:(?:no|nr|n[°º]|n[uú]m|#)\.?[ \t]*)?"
    r"(?:\d{1,3}(?:\.\d{1,3}){1,3}|0\d)(?!\w|\.\d)"
    # a chapter by its number alone ("chapter 2 ... is given new wording", "rozdział 3", "kapitola 4",
    # "capitolo 5"): a provision too, though its number has no point
    r"|(?<![\w.-])(?:chapter|rozdzia[lł]|kapitola|capitolo)[ \t]+\d{1,2}(?!\w|\.\d)", re.IGNORECASE)


def _labelled_number(read: str) -> re.Match[str] | None:
    """The first provision named by a label word and a number in ``read`` (``_LABELLED_NUMBER``)."""
    return _LABELLED_NUMBER.search(read)


_SMALL_WORDS = {"of", "for", "and", "the", "to", "in", "on", "a", "an", "&"}

#: A provision numbered by its document's letters and a number ("SGC 6", "SP 12"): owners number
#: the provisions of supplementary conditions and special provisions so, the letters those of the
#: document (``_page_document``); or by those letters and the clause it is in that document ("SCC
#: 13.1", "PCC 4.2": special and particular conditions numbered by the general clause each
#: supplements); not a sheet ("C-105"). (A bare number with a full stop after it, "SGC 6.", is not
#: read: a sentence's end and a clause path look alike there.)
_CODED_PROVISION = re.compile(r"(?-i:(?<![\w.-])([A-Z]{2,4})[ \t]+(\d{1,3}(?:\.\d{1,3}){0,3}))(?![\w-]|\.\w)")


def _page_document(code: str, corpus: Corpus) -> str | None:
    """The one document whose pages carry the letters of ``code`` ("GP" of "GP-7"): its id less
    its kind's prefix is those letters, or its title's first words have them as initials
    ("General Provisions for Harbour Works"); None when none or several do. A document whose id
    carries the letters is that one, whatever titles share the initials (SPEC-SCC for "SCC" beside
    two "Special Conditions of Contract ..." titles)."""
    letters = code.upper()
    fits, by_id = set(), set()
    for doc, title in corpus.directory.titles_of(corpus.target_kinds).items():
        if re.sub(r"^(?:SPEC|DWG|DOC)-", "", doc).upper() == letters:
            by_id.add(doc)
            continue
        words = [w for w in re.findall(r"[A-Za-z]+", title) if w.lower() not in _SMALL_WORDS]
        if 2 <= len(letters) <= len(words) and "".join(w[0] for w in words[:len(letters)]).upper() == letters:
            fits.add(doc)
    fits = by_id or fits
    return next(iter(fits)) if len(fits) == 1 else None


def _skipped(doc: str, skip: Mapping[str, str]) -> bool:
    """Whether the document a page code or a provision code names is of a division the skip list
    covers (its id carries the section's number: "SPEC-004113")."""
    held = re.search(r"(\d{2})\s?\d{2}\s?\d{2}", doc)
    return held is not None and held.group(1) in skip


def _unplaced(reading: Reading, item: Item, text: str, quoted: Sequence[tuple[int, int]], action: Action,
              written: Sequence[Reference], corpus: Corpus, skip: Mapping[str, str], rule: str, file: str,
              line_of: Callable[[int], int | None], items: Sequence[Item] = ()) -> None:
    """Nothing silent, for an item with a change verb whose words name no target exactly: what
    it names in other ways an owner uses is proposed (a whole division: each of its sections; a
    page by its code: the clause it gives, in the document whose pages carry that code); an item
    naming anything else a project numbers (a section, a sheet, a clause) is reported."""
    read = _read_text(text, quoted)
    if any(_division(r) in skip for r in written if r.kind in ("section", "paragraph")) or any(
            m.group(1) in skip for m in re.finditer(r"\b(\d{2})\s?\d{2}\s?\d{2}\b", read)):
        return  # Division 00 and the like: the skip list decides
    doubt = f"; {action.ambiguous}" if action.ambiguous else ""
    division = _DIVISION_NAMED.search(read)
    if division is not None:
        # "The enclosed Division 23 ... replaces, in its entirety, ...": every section of the division
        number = division.group(1).zfill(2)
        if number in skip:
            return
        docs = sorted({doc for key, entries in corpus.directory.by_number.items() if key[:2] == number
                       for doc, kind in entries if kind in corpus.target_kinds})
        if docs:
            for doc in docs:
                _propose(reading, item, Locator(doc=doc), action, division.group(0), rule, file, line_of,
                         f"names {division.group(0)} whole: each of its sections is proposed{doubt}, for a person "
                         "to confirm")
            return
    pages = [cell for header, cell in item.cells if re.search(r"\bpages?\b", header, re.IGNORECASE)]
    for m in [m for cell in pages for m in [_PAGE_CODE.fullmatch(cell.strip())] if m is not None] or [
            m for m in _PAGE_CODE.finditer(read) if re.search(r"\bpages?\s+$", read[max(0, m.start() - 8):m.start()],
                                                              re.IGNORECASE)]:
        # "| GP-7 | 7.12 Protection of Property: add ... |": a page of the document whose pages carry "GP"
        doc = _page_document(m.group(1), corpus)
        if doc is None:
            continue
        if _skipped(doc, skip):
            return  # "BF-2", a page of the Bid Form (Division 00): the skip list decides
        clause = _CLAUSE_NUMBER.search(read)
        paths = place_path(corpus, doc, clause.group(1))[0] if clause is not None else []
        target = Locator(doc=doc, path=paths[0]) if len(paths) == 1 else Locator(doc=doc)
        _propose(reading, item, target, action, m.group(0), rule, file, line_of,
                 f"names page {m.group(0)} of {doc} (its pages carry {m.group(1)})"
                 + (f" and clause {clause.group(1)}" if target.path else "") + f"{doubt}: for a person to confirm")
        return
    if not written and len(quoted) >= 2 and (everywhere := _EVERYWHERE.search(read)) is not None and (
            _PROJECT_NUMBER.search(read) is None):
        # 'All references to "X" have been revised to "Y"' (in the preamble too: its only place)
        _everywhere(reading, item, action, everywhere.group(0), rule, file, line_of)
        return
    if _preamble(item):
        return  # the addendum's own preamble tells what it holds ("... and Sheet A-602, revised"), it instructs nothing
    unread = [r for r in written if r.target is None and r.why and "first issued on or after" not in r.why]
    joined = {r.joins: r for r in unread if r.kind == "paragraph" and r.joins is not None and r.joins.path is not None}
    if joined and len(joined) == len(unread):
        # "A new sub-clause is added under Section ... as Clause 3.1 B)": a paragraph the document does not
        # hold (yet), of a provision it does: that provision changed in part, for a person to confirm
        for joins, reference in joined.items():
            _propose(reading, item, joins, Action("amend", action.words, action.span, ambiguous=action.ambiguous), reference.written,
                     rule, file, line_of, f"{reference.why}, but holds {joins.path}: {joins.format()} changed in part{doubt}, "
                                          "for a person to confirm")
        return
    proposed = _held_elsewhere(unread, item, items, corpus)
    if proposed:
        for target, reference in proposed:
            _propose(reading, item, target, action, reference.written, rule, file, line_of,
                     f"{reference.why}; {target.doc} holds it{doubt}: which document is meant is for a person to confirm")
        if proposed:
            return
    for m in _CODED_PROVISION.finditer(read):
        # "Add the following new SGC 6:", "SGC 5 Traffic Management is deleted.", "SCC 13.1: replace ...":
        # the provision of that number of the document whose letters it carries (held: it; new: the
        # document changed in part)
        clause = "." in m.group(2)
        if not clause and read.startswith(".", m.end()):
            continue
        doc = _page_document(m.group(1), corpus)
        if doc is None:
            continue
        if _skipped(doc, skip):
            return
        if clause:  # the clause path itself, as the document's outline numbers it
            paths = place_path(corpus, doc, m.group(2))[0]
        else:
            prefix = f"{m.group(1).lower()}-{m.group(2)}"
            paths = [p for p in corpus.path_set(doc) if p == prefix or p.startswith(prefix + "-")]
        if len(paths) == 1:
            _propose(reading, item, Locator(doc=doc, path=paths[0]), action, m.group(0), rule, file, line_of,
                     f"names {m.group(0)}, the provision {paths[0]} of {doc} (the document {m.group(1)} designates)"
                     f"{doubt}: for a person to confirm")
        else:
            _propose(reading, item, Locator(doc=doc), Action("amend", action.words, action.span, ambiguous=action.ambiguous),
                     m.group(0), rule, file, line_of,
                     f"names {m.group(0)}, which {doc} (the document {m.group(1)} designates) does not hold: "
                     f"{doc} changed in part{doubt}, for a person to confirm")
        return
    if _titled_part(reading, item, text, quoted, action, corpus, rule, file, line_of):
        return  # 'The item titled "Clean-Up" is deleted and replaced with: ...': proposed or reported
    # (a page by its number alone, "Page 3, NIT, Para 5: ...", says where the words are printed: what the item
    # names past it is what it changes, and is said; the page only where nothing else is named)
    mentions = list(_PROJECT_NUMBER.finditer(read))
    numbered = next((m for m in mentions if not _PAGE_ALONE.fullmatch(m.group(0))), mentions[0] if mentions else None)
    coded = next((cell.strip() for cell in pages if _PAGE_CODE.fullmatch(cell.strip())), None)
    if unread and len(unread) == len(written) and (held := _changed_holder(
            "; ".join(str(r.why) for r in unread), item, action,
            {e.target.doc for e in reading.applied if e.by.path != item.path and e.target.path is not None},
            _items_per_doc((p.item.path, p.target) for p in reading.proposed if p.item.path != item.path), corpus)) is not None:
        # ("RESPUESTA 2: ... El numeral 2.1 de las especificaciones técnicas queda redactado ...: "2.1 ..."", the
        # addendum's other items changing that specification's clauses): proposed there, for a person to confirm
        target, held_action, words = held
        _propose(reading, item, target, held_action, words, rule, file, line_of,
                 f"{unread[0].why}: {target.doc}, of the documents the addendum's other items change, alone holds it"
                 f"{doubt}; for a person to confirm")
        return
    if unread or numbered or coded:
        why = (unread[0].why if unread else f'names "{" ".join(numbered.group(0).split())}"' if numbered
               else f"names page {coded}, whose letters no document of the project carries")
        reading.not_understood.append(_missed(item, rule, file, line_of,
                                              f"{why}, next to a change verb ({action.words}); no target placed"))


#: A report that an item names a clause by its dotted number and no document it belongs to ("names rubro 2.1, but no
#: section it belongs to"; "names Bod 3.3, but ...; names Point 3.3, but ..."): the words (1) and the number (2).
_NO_SECTION_CLAUSE = re.compile(r"names ((?:[^\W\d_]+\.? )?(\d{1,3}(?:\.\d{1,3}){1,3})), but no section it belongs to")

#: The clause restated whole after the verb: a colon, then the new words quoted.
_RESTATED = re.compile(r"[ \t]*:[ \t]*(?=[\"“„«'‘])")


def _items_per_doc(changes: Iterable[tuple[str | None, Locator]]) -> dict[str, int]:
    """How many items change a provision (a path) of each document, of (item path, target) pairs."""
    items: dict[str, set[str | None]] = {}
    for by, target in changes:
        if target.path is not None:
            items.setdefault(target.doc, set()).add(by)
    return {doc: len(by) for doc, by in items.items()}


def _changed_holder(why: str, item: Item, action: Action, applied: Collection[str], proposed: Mapping[str, int],
                    corpus: Corpus) -> tuple[Locator, Action, str] | None:
    """For an item reported as naming one clause by its dotted number and no document (``why``: each clause it names
    that one, ``_NO_SECTION_CLAUSE``) beside a verb of change (``action``): the clause in the one document holding it of the
    documents the addendum's other items change (applied or proposed), with the action (a clause
    amended "to read: "3.2 ..."", its new words opening with its own number, is replaced whole) and the words naming
    it; None where none or several of them hold it, or the item names a part of the bidding documents the project
    does not hold (its clause is that part's). The documents the other items changed on their own words
    (``applied``) are looked at first; the ones only proposed to be changed too (``proposed``) where none of those
    holds it, each one two other items or more propose to change (one item's proposal is a guess; several agreeing on
    the document say the addendum changes it). Only ever proposed (round 101): the addendum's other items say which
    document it changes, nothing of the item's own does."""
    numbers = {m.group(2) for m in _NO_SECTION_CLAUSE.finditer(why)}
    if len(numbers) != 1 or not action.changes:
        return None
    number = numbers.pop()
    held = [(doc, paths[0]) for doc in sorted(applied) if len(paths := place_path(corpus, doc, number)[0]) == 1]
    if not held:
        held = [(doc, paths[0]) for doc in sorted(set(proposed) - set(applied))
                if len(paths := place_path(corpus, doc, number)[0]) == 1]
        held = held if len(held) == 1 and proposed[held[0][0]] >= 2 else []
    if len(held) != 1 or unheld_designation(item.text, corpus, [held[0][0]]) is not None:
        return None
    target = Locator(doc=held[0][0], path=held[0][1])
    if action.action == "amend" and action.span is not None:
        restated = _RESTATED.search(item.text, action.span[0])
        if restated is not None and _opens_with_own_label(item.text[restated.end():], target):
            action = Action("replace", action.words, action.span, action.attachment, action.ambiguous)
    return target, action, _NO_SECTION_CLAUSE.search(why).group(1)


#: Words changed wherever they stand ('All references to "X" have been revised to "Y"', "wherever
#: ... appears", "throughout"): no place named, the document(s) the addendum changes are meant.
_EVERYWHERE = re.compile(r"\b(?:all|every|each|any)\s+(?:references?|mentions?|occurrences?|instances?)\s+(?:to|of)\b"
                         r"|\bwherever\b|\bthroughout\b", re.IGNORECASE)


def _everywhere(reading: Reading, item: Item, action: Action, written: str, rule: str, file: str,
                line_of: Callable[[int], int | None]) -> None:
    """Nothing silent, for a change of quoted words wherever they stand that names no document:
    each document the addendum's other items change (applied or proposed so far), changed in part,
    where at most ``_HOLDERS_PROPOSED`` are; reported otherwise. Proposals only: where the words
    stand is for a person to confirm."""
    docs = sorted({e.target.doc for e in reading.applied if e.by.path != item.path}
                  | {p.target.doc for p in reading.proposed if p.item.path != item.path})
    change = Action("amend", action.words, action.span, ambiguous=action.ambiguous)
    if docs and len(docs) <= _HOLDERS_PROPOSED:
        for doc in docs:
            _propose(reading, item, Locator(doc=doc), change, written, rule, file, line_of,
                     f'changes quoted words wherever they stand ("{written} ...") and names no document: {doc}, '
                     "which the addendum changes elsewhere, changed in part, for a person to confirm")
        return
    reading.not_understood.append(_missed(
        item, rule, file, line_of, f'changes quoted words wherever they stand ("{written} ...", {action.words}) and '
        "names no document " + ("the addendum changes elsewhere" if not docs else f"of {len(docs)} the addendum changes")))


def _unsaid_lines(reading: Reading, document: Document, items: Sequence[Item], by_key: Mapping[str, Item],
                  vocabularies: list, corpus: Corpus, notations: Mapping[str, Sequence[re.Pattern[str]]],
                  skip: Mapping[str, str], rule: str, file: str, line_of: Callable[[int], int | None]) -> None:
    """Nothing silent, whatever the itemizer made of the page: each line of an item not reported
    that names outside quotation marks a section, sheet or provision the project holds beside a
    word of change, in a document none of the item's edges or proposals names, is reported at its
    own line.
    Owners' clauses run together in ways no itemizer foresees (an ordinal clause after a quotation
    left open, a caption the item took in); the line, not the item, is what may go unsaid."""
    reported = ({n.item.path for n in reading.not_understood}
                | {e.by.path for e in document.supersedes if e.by is not None and e.by.doc == document.id})
    placed: dict[str, set[str]] = {}  # an item's path: the documents its edges and proposals name
    placed_at: dict[str, set[tuple[str, str | None]]] = {}  # ... and the provisions (None: a whole document)
    for by, target in ([(e.by.path, e.target) for e in reading.applied]
                       + [(p.item.path, p.target) for p in reading.proposed]):
        placed.setdefault(by, set()).add(target.doc)
        placed_at.setdefault(by, set()).add((target.doc, target.path))
    heads = set()  # a heading or lead-in over an item said: the items under it carry its changes
    for path in set(placed) | reported:
        parent = by_key[path].parent if path in by_key else None
        while parent is not None and parent not in heads:
            heads.add(parent)
            parent = by_key[parent].parent if parent in by_key else None
    for index, item in enumerate(items):
        after = items[index + 1].path if index + 1 < len(items) else None
        if item.kind != "heading" and not item.cells:
            _run_on_clauses(reading, item, vocabularies, corpus, placed.get(item.path, set()), rule, file, line_of)
        if item.path in reported or item.path in heads or item.kind == "heading" or _preamble(item) or item.cells:
            continue  # (a table row is read whole, its cells together)
        end = len(item.text)
        if _LEAD_IN.search(item.text) and (after in placed or after in reported or after in heads):
            # a lead-in over the item after it is said by that item; paragraphs of its own before the
            # lead-in's (an itemizer may run a finished item and the next lead-in together) are not
            breaks = [m.start() for m in re.finditer(r"\n[ \t]*\n", item.text)]
            if not breaks:
                continue
            end = breaks[-1]
        answer = _ANSWER_AT.search(item.text)
        offset = answer.end() if answer is not None else 0
        if item.answer is not None and item.kind == "question":
            offset = max(offset, item.answer)  # what a question asks changes nothing; its answer may
        lead: Action | None = None  # a lead-in line saying what each labelled entry below it does
        said_none = False  # the paragraph says nothing changes: the rest of it explains
        for line in item.text[offset:end].split("\n"):
            start, offset = offset, offset + len(line) + 1
            if not line.strip():
                # (a paragraph after one saying nothing changes may be an instruction the itemizer ran
                # in - owners' headings and "§3.2.A of Section ..." lines open no item of their own:
                # its lines are read again)
                said_none = False
                continue
            if said_none:
                continue
            quoted = _quoted_spans(line)
            unasked = [*quoted, *_asked(line, quoted)]  # (what a question asks instructs nothing)
            action = read_action(line, vocabularies, mask=unasked)
            if lead is not None and action.action == "no_change":
                continue  # (one labelled entry of the list says it changes nothing; the others may)
            # (words saying nothing changes, then a verb of change after them: "Drawings C-104 and C-106 are
            # withdrawn and reissued"; not "this restates it and changes nothing", nor "A request to substitute
            # ... is not approved", whose verb is what is turned down: which holds is not certain; a line of
            # them naming a held target is reported; read again only where the verbs disagree)
            doubted = action.action == "no_change" and action.ambiguous is not None and action.span is not None and read_action(
                line, vocabularies, mask=[*unasked, (0, action.span[1])]).changes
            if action.action == "no_change" and not doubted:
                said_none = True  # the paragraph says nothing changes; the rest of it explains
                # (a verb of the pack outside the words saying nothing changes: not "nothing is removed")
                beside = action.ambiguous if action.ambiguous is not None and action.span is not None and read_action(
                    line, vocabularies, mask=[*unasked, action.span]).changes else None
                _said_none_beside_change(reading, item, line, start, quoted, unasked, beside, corpus, notations, skip,
                                         placed, rule, file, line_of)
                continue
            said_none = doubted
            if lead is not None and not action.changes and _labelled_entry(
                    reading, item, line, start, lead, corpus, notations, placed, rule, file, line_of):
                continue
            if line.rstrip().endswith(":") and (said := _lead_action(line, vocabularies)) is not None:
                lead = said
            if action.span is not None and _IN_ATTACHMENT_LIST.search(_read_text(line, unasked), 0, action.span[0]):
                continue  # a word marking an attachment the paragraph lists ("attachments: FORM ... (REVISED); ...")
            if (not doubted and not action.changes and _CHANGE_WORD.search(_read_text(line, unasked)) is None
                    and _CHANGE_STEM.search(_read_text(line, unasked)) is None):
                continue
            references = find_references(line, corpus, mask=quoted, notations=notations, titles=False)
            found = [r for r in references if r.target is not None and r.by_number and not r.cited]
            if (not found or any(_division(r) in skip for r in found)
                    or {r.target.doc for r in found if r.target is not None} & placed.get(item.path, set())):
                # (a line naming a document the item's own edges or proposals name is said, save a
                # provision of it the line names beside the one placed: audit 59, "numeral 2.2: se suprime
                # la segunda oración y el numeral 3.2 queda redactado así" proposed 3.2, said nothing of 2.2)
                unsaid = _beside_placed(line, references, corpus, placed.get(item.path, set()),
                                        placed_at.get(item.path, set()), vocabularies)
                if not unsaid:
                    continue
                found = unsaid
            named = ", ".join(dict.fromkeys(r.written for r in found))
            reading.not_understood.append(NotUnderstoodItem(
                item=item.locator, file=file, line=line_of(item.offset + start), rule=rule,
                words=_words(line.strip()),
                reason=f"names {named} beside a word of change, in a line no reading placed"
                       + (f" ({action.ambiguous}: which holds is for a person to confirm)" if doubted else "")))


def _said_none_beside_change(reading: Reading, item: Item, line: str, start: int, quoted: Sequence[tuple[int, int]],
                             unasked: Sequence[tuple[int, int]], beside: str | None, corpus: Corpus,
                             notations: Mapping[str, Sequence[re.Pattern[str]]], skip: Mapping[str, str],
                             placed: Mapping[str, set[str]], rule: str, file: str,
                             line_of: Callable[[int], int | None]) -> None:
    """A line whose words say nothing changes (negated, reported, turned down, waiting on a
    condition), naming a held target beside a change verb in any form that no reading placed:
    reported with why, never silent (audit 57). Where a verb of the pack stands beside those words
    (``beside``, the doubt the line's reading gives: "donde dice ... debe decir .... Dicho sea de paso, el
    numeral 3.1 se mantiene sin modificaciones."), a provision it names by its number alone, which no
    document placed, is as much a target: reported too (audit 65)."""
    stem = _CHANGE_STEM.search(_read_text(line, unasked))
    if stem is None and beside is None:
        return
    references = find_references(line, corpus, mask=quoted, notations=notations, titles=False)
    found = [r for r in references if r.target is not None and r.by_number and not r.cited]
    if not found and beside is not None:
        found = [r for r in references if r.target is None and r.kind == "paragraph" and not r.cited and not r.bound]
    if (not found or any(_division(r) in skip for r in found)
            or {r.target.doc for r in found if r.target is not None} & placed.get(item.path, set())):
        return
    named = ", ".join(dict.fromkeys(r.written for r in found))
    reason = (f'names {named} beside "{stem.group(0)}", but its words say nothing changes (negated, reported, '
              "turned down or waiting on a condition)" if stem is not None else f"names {named}; it {beside}")
    reading.not_understood.append(NotUnderstoodItem(
        item=item.locator, file=file, line=line_of(item.offset + start), rule=rule, words=_words(line.strip()),
        reason=f"{reason}: whether it changes anything is for a person to confirm"))


# Labelled entries under a lead-in that says what each does (issue 21, round 13): "Each label names
# the provision; the text after it replaces that provision in full:" over lines "Label (Section X,
# 2.2.B): new text". Owners restating provisions one by one set the verb once, in the lead-in, and
# name each provision in the entry's label; the entry itself holds no verb. Each such entry is
# proposed with the lead-in's action (the label's words are the owner's, the target is read from
# them; a person confirms), an entry saying "No change" is not.

#: The label of an entry: what stands before its colon, outside quotation marks.
_ENTRY_LABEL = re.compile(r"^\W{0,3}([^:\"“]{3,120}):\s*\S")


def _beside_placed(line: str, references: Sequence[Reference], corpus: Corpus, docs: set[str],
                   placed: set[tuple[str, str | None]], vocabularies: list) -> list[Reference]:
    """The paragraphs ``line`` names, outside quotation marks and not cited, with a verb of change
    of their own (``_CHANGE_STEM`` or a change verb of the pack between the mention before and the one after, in its
    own sentence:
    not "it repeats paragraph 2.1 A"; not in a sentence saying it is unchanged, "Paragraph 2.4.C: no
    change.", audit 60), in the one document its item's edges and proposals name (``docs``; their own
    target, or the label placed in it), that none of them places (``placed``: the same provision,
    one above or below it, or the whole document)."""
    if len(docs) != 1:
        return []
    (doc,) = docs
    unsaid = []
    spans = sorted(r.span for r in references)
    for reference in references:
        if reference.kind != "paragraph" or reference.cited or reference.bound:
            continue
        at = spans.index(reference.span)
        # (and within its own sentence: not "... 12.3.2: delete this paragraph. The warranty of 12.3.1 applies";
        # the sentence's ends found in the whole line, whose capital after a full stop the pieces may not hold)
        opened = spans[at - 1][1] if at else 0
        start = max([opened, *(m.end() for m in _SENTENCE_END.finditer(line, opened, reference.span[0] + 1))])
        closed = _SENTENCE_END.search(line, reference.span[1])
        clause = line[start:min(closed.start() if closed is not None else len(line),
                                spans[at + 1][0] if at + 1 < len(spans) else len(line))]
        # (a stem of change, or a verb of the pack its clause reads: '... and Paragraph 2.1.B: change "0.45" to "0.40"',
        # whose "change" is no stem, audit 64)
        action = read_action(clause, vocabularies, mask=_quoted_spans(clause))
        if action.action == "no_change" or (_CHANGE_STEM.search(clause) is None and not action.changes):
            continue
        target = reference.target
        if target is None:
            # (a dotted number only: "numeral 2.2", never the last figure of "article 1, alinéa 2")
            label = re.search(r"(?<![\w.,])[0-9]+(?:\.\w+)+$", reference.written.strip())
            paths = place_path(corpus, doc, label.group(0))[0] if label is not None else []
            target = Locator(doc=doc, path=paths[0]) if len(paths) == 1 else None
        if target is None or target.doc != doc or target.path is None:
            continue
        if not any(d == doc and (p is None or p == target.path or p.startswith(target.path + ".")
                                 or target.path.startswith(p + ".")) for d, p in placed):
            unsaid.append(reference)
    return unsaid


def _lead_action(line: str, vocabularies: list) -> Action | None:
    """What a lead-in line ending in a colon says each entry below it does: the action of its last
    sentence, when that reads one change and names nothing itself; else None."""
    last = re.split(r"(?<=[.;])\s+", line.strip())[-1]
    action = read_action(last, vocabularies, mask=_quoted_spans(last))
    return action if action.changes and action.ambiguous is None else None


def _labelled_entry(reading: Reading, item: Item, line: str, start: int, lead: Action, corpus: Corpus,
                    notations: Mapping[str, Sequence[re.Pattern[str]]], placed: Mapping[str, set[str]], rule: str,
                    file: str, line_of: Callable[[int], int | None]) -> bool:
    """Propose the provision a labelled entry names, under the lead-in's action; whether it did."""
    label = _ENTRY_LABEL.match(line)
    if label is None:
        return False
    found = [r for r in find_references(label.group(1), corpus, notations=notations, titles=False)
             if r.target is not None and r.by_number and r.target.path is not None and not r.cited]
    targets = list(dict.fromkeys(r.target for r in found if r.target is not None))
    if len(targets) != 1 or targets[0].doc in placed.get(item.path, set()):
        return False
    why = ("an entry labelled with the provision it restates, under a lead-in saying what each entry does "
           f'("{lead.words}"): for a person to confirm')
    reading.proposed.append(ProposedEdge(
        item=item.locator, target=targets[0], scope=lead.scope, successor=lead.successor, rule=rule, file=file,
        line=line_of(item.offset + start), words=_words(line.strip()),
        evidence=ProposalEvidence(reference=found[0].written, resolved_by="number", reference_score=None,
                                  action=lead.words or None, change=lead.action, why=why)))
    return True


#: A paragraph opening with a clause's number and its title as a sentence ("4.6.3 Night Work. Add
#: the following:"): owners restating a specification subsection by subsection start each change so.
_CLAUSE_OPENS = re.compile(r"(\d{1,4}(?:\.\d{1,3}){1,3})\s+(?-i:[A-Z])[\w,'’&/ -]{1,60}\.\s+")


def _run_on_clauses(reading: Reading, item: Item, vocabularies: list, corpus: Corpus, placed: set[str], rule: str,
                    file: str, line_of: Callable[[int], int | None]) -> None:
    """Nothing silent where the itemizer ran one numbered clause into the item before it (a
    clause whose parent the addendum skips: "102.7 ..." then "102.9.2 ..."): a paragraph after
    the item's first that opens with a clause's number and title and instructs a change, outside
    quotation marks, is proposed at its own line where exactly one document the item's own edges
    name holds that clause, else reported there (it is never applied from here)."""
    quoted = _quoted_spans(item.text)
    offset = 0
    for paragraph in re.split(r"(\n[ \t]*\n)", item.text):
        start, offset = offset, offset + len(paragraph)
        if not start or not paragraph.strip() or any(s <= start < e for s, e in quoted):
            continue
        opens = _CLAUSE_OPENS.match(paragraph)
        if opens is None or "\n" in paragraph.strip():
            continue
        action = read_action(paragraph, vocabularies, mask=_quoted_spans(paragraph))
        if not action.changes or action.span is None or action.span[0] != opens.end():
            continue
        holders = [(doc, paths[0]) for doc in sorted(placed) for paths in [place_path(corpus, doc, opens.group(1))[0]]
                   if len(paths) == 1]
        if len(holders) == 1:
            target = Locator(doc=holders[0][0], path=holders[0][1])
            reading.proposed.append(ProposedEdge(
                item=item.locator, target=target, scope=action.scope, successor=action.successor, rule=rule,
                file=file, line=line_of(item.offset + start), words=_words(paragraph.strip()),
                evidence=ProposalEvidence(
                    reference=opens.group(1), resolved_by="number", reference_score=None, action=action.words or None,
                    change=action.action,
                    why=f"clause {opens.group(1)} opens a paragraph of its own inside another item, with a change "
                        f"verb; {holders[0][0]}, which that item changes, holds it: for a person to confirm")))
            continue
        reading.not_understood.append(NotUnderstoodItem(
            item=item.locator, file=file, line=line_of(item.offset + start), rule=rule, words=_words(paragraph.strip()),
            reason=f"clause {opens.group(1)} opens a paragraph of its own inside another item, with a change "
                   f"verb ({action.words}): not read, for a person to place"))


# New text without a verb (issue 21, round 25): owners give a provision anew without a word of
# change - a reply's "Amendment: <text>" after the query it answers, "... should only state:
# "<text>"", a requirement set to a value ("shall be 6 inches"), a clause reissued in redline
# (~~struck~~ and **inserted** words) or printed wholly in bold as new. A paragraph so written,
# in an item nothing applied, proposed or reported, is proposed against the provision it names
# (by number, or by the clause number it opens with or its query's point under the section its
# headings name), else reported; never applied from here.

#: The signs of new text a paragraph gives without a verb of the pack.
_NEW_TEXT_SIGN = re.compile(
    r"~~[^~\n]+~~|\*\*[^*\n]+\*\*|\bamendment\s*:\s*(?!no\s+change\b|nil\b|none\b)\S|"
    r"\b(?:should|shall|must|will)\s+only\s+(?:state|read|say)\b|"
    r"\b(?:shall|must|will)\s+be\s+(?:[a-z-]+\s+){0,2}\d", re.IGNORECASE)

#: A point a query names in its label ("Query (Pg. 112, Pt. 2.1 A):"), or a paragraph's own number.
_POINT = re.compile(r"\b(?:pt|point|para|paragraph|cl|clause)\.?\s*(\d{1,3}(?:\.\d{1,3})*(?:\s?[A-Z](?![\w.]))?)",
                    re.IGNORECASE)
_OPENING_NUMBER = re.compile(r"[~*\s]*(\d{1,3}(?:\.\d{1,3})+)(?:\s+([a-z])\))?")
_STRUCK = re.compile(r"~~([^~\n]+)~~")
_BOLD = re.compile(r"\*\*([^*\n]+)\*\*")


def _heading_docs(item: Item, by_key: Mapping[str, Item], corpus: Corpus,
                  notations: Mapping[str, Sequence[re.Pattern[str]]], before: Sequence[str]) -> list[str]:
    """The documents the nearest heading over ``item`` naming any names whole; ``before`` (those
    the nearest heading above it in the page names) when none does (an owner's clause printed in
    bold may read as a heading, the clauses after it as under it)."""
    parent = item.parent
    while parent is not None and parent in by_key:
        docs = _named_docs(by_key[parent].text, corpus, notations)
        if docs:
            return docs
        parent = by_key[parent].parent
    return list(before)


def _named_docs(text: str, corpus: Corpus, notations: Mapping[str, Sequence[re.Pattern[str]]]) -> list[str]:
    """The documents ``text`` names by number or title, in order."""
    return list(dict.fromkeys(r.target.doc for r in find_references(text, corpus, notations=notations)
                              if r.target is not None and r.by_number))


def _new_text_action(paragraph: str, target_path: str | None, new_clause: bool) -> Action:
    """What a paragraph of new text does to the provision it names (``new_clause``: a clause the
    target does not hold yet, which amends it)."""
    struck, bold = _STRUCK.findall(paragraph), _BOLD.findall(paragraph)
    rest = _BOLD.sub("", _STRUCK.sub("", paragraph)).strip(" *~.")
    if struck and not bold and not rest:
        return Action("delete", "struck through whole")
    if new_clause:
        return Action("amend", "a new clause printed wholly in bold")
    if struck or bold:
        return Action("replace", "reissued in redline")
    sign = _NEW_TEXT_SIGN.search(paragraph)
    after = paragraph[sign.end() - 1:].strip() if sign is not None else ""
    letter = target_path.rsplit(".", 1)[-1] if target_path else ""
    if _WHOLE_STATED.search(paragraph):
        return Action("replace", "should only state")
    if letter and re.match(rf"[\"“]?{re.escape(letter)}[.)]\s", after):
        return Action("replace", "new text of the point")
    return Action("amend", " ".join(sign.group(0).split()) if sign is not None else "")


#: A point's own label opening its restated text ("b) ...", "(c) ...", "B. ...").
_POINT_LABEL = re.compile(r"[~*\s]*\(?([A-Za-z]|\d{1,2})[.)]\s")


def _headed_point(item: Item, paragraph: str, corpus: Corpus,
                  notations: Mapping[str, Sequence[re.Pattern[str]]]) -> tuple[Locator, str] | None:
    """The one provision the heading line right over ``item`` names by number, where ``paragraph``
    opens with that provision's own last label (its letter or number); None otherwise. One
    ``find_references`` on that line, for new text that names nothing itself."""
    label = _POINT_LABEL.match(paragraph)
    lines = [line for line in item.heading_context.splitlines() if line.strip()]
    if label is None or not lines:
        return None
    found = [r for r in find_references(lines[-1], corpus, mask=_quoted_spans(lines[-1]), notations=notations, titles=False)
             if r.target is not None and r.by_number and r.target.path is not None]
    deepest = max(found, key=lambda r: r.target.path.count("."), default=None)  # type: ignore[union-attr]
    if deepest is None or any(r.target.doc != deepest.target.doc
                              or not f"{deepest.target.path}.".startswith(f"{r.target.path}.") for r in found):
        return None
    if deepest.target.path.rsplit(".", 1)[-1].casefold() != label.group(1).casefold():
        return None
    return deepest.target, deepest.written


def _new_text_unsaid(reading: Reading, document: Document, items: Sequence[Item], by_key: Mapping[str, Item],
                     corpus: Corpus, notations: Mapping[str, Sequence[re.Pattern[str]]], skip: Mapping[str, str],
                     rule: str, file: str, line_of: Callable[[int], int | None]) -> None:
    """Nothing silent for new text given without a verb (above): each paragraph of an item
    nothing applied, proposed or reported that bears a sign of new text is proposed against the
    one provision it names, or reported at its line."""
    said = ({e.by.path for e in reading.applied} | {p.item.path for p in reading.proposed}
            | {n.item.path for n in reading.not_understood}
            | {e.by.path for e in document.supersedes if e.by is not None and e.by.doc == document.id})
    # an item only proposed on a guess with no verb read ("no verb of the pack reads what the item
    # does", the document its heading names): a clause it reissues in redline says more (round 71)
    guessed = {p.item.path for p in reading.proposed if p.evidence is not None and p.evidence.action is None} - (
        {e.by.path for e in reading.applied} | {n.item.path for n in reading.not_understood}
        | {p.item.path for p in reading.proposed if p.evidence is None or p.evidence.action is not None})
    before: list[str] = []  # what the nearest heading above names
    for item in items:
        if (item.kind == "heading" or "\n" not in item.text.strip() and not _ends_in_a_stop(item.text)) and (
                named := _named_docs(item.text, corpus, notations)):
            before = named  # (a heading, or a line alone that reads as one: "VOLUME III, ..., CHAPTER 6")
        if (item.path in said and item.path not in guessed) or _preamble(item) or item.cells:
            continue
        answer = _ANSWER_AT.search(item.text)
        offset = answer.end() if answer is not None else 0
        if item.answer is not None and item.kind == "question":
            offset = max(offset, item.answer)
        for paragraph_at in re.finditer(r"[^\n]+(?:\n(?![ \t]*\n)[^\n]*)*", item.text):
            paragraph = paragraph_at.group(0)
            tail_from = max(0, offset - paragraph_at.start())
            if tail_from >= len(paragraph):
                continue
            sign = _NEW_TEXT_SIGN.search(paragraph, tail_from)
            if sign is None or (sign.group(0).startswith("**") and "~~" not in paragraph
                                and not re.match(r"\W*\*\*\s*\d{1,3}(?:\.\d{1,3})+", paragraph)):
                continue  # (bold alone marks new text only where it prints a numbered clause)
            if item.path in guessed and not sign.group(0).startswith(("~~", "**")):
                continue  # (only a redline says more than the guess already proposed)
            if any(_division(r) in skip for r in find_references(paragraph, corpus, notations=notations, titles=False)
                   if r.kind in ("section", "paragraph")):
                continue  # Division 00 and the like: the skip list decides, as the gate asks it
            at = line_of(item.offset + paragraph_at.start())
            found = [r for r in find_references(paragraph, corpus, mask=_quoted_spans(paragraph), notations=notations,
                                                titles=False)
                     if r.target is not None and r.by_number and r.target.path is not None]
            targets = list(dict.fromkeys(r.target for r in found if r.target is not None))
            written = found[0].written if found else ""
            new_clause = False
            named = bool(found)  # whether it names anything: a provision, or a number under a document named
            if not targets:
                opening = _OPENING_NUMBER.match(paragraph)
                point = _POINT.search(paragraph, 0, sign.start())
                number = (f"{opening.group(1)}.{opening.group(2)}" if opening and opening.group(2)
                          else opening.group(1) if opening else re.sub(r"\s+", ".", point.group(1)) if point else None)
                docs = ([r.target.doc for r in find_references(paragraph, corpus, notations=notations, titles=False)
                         if r.target is not None and r.by_number] or _heading_docs(item, by_key, corpus, notations, before))
                named = number is not None or bool(docs)
                if number is None and (headed := _headed_point(item, paragraph, corpus, notations)) is not None:
                    # "Page 5, Exhibit B, Section 4.3, Paragraph b (Training):" over "b) ~~one day~~ **two
                    # days** ...": the point its heading names, restated under its own letter
                    targets.append(headed[0])
                    written, named = headed[1], True
                if number is not None:
                    written = number
                    for doc in dict.fromkeys(docs):
                        paths = place_path(corpus, doc, number)[0]
                        if len(paths) == 1:
                            targets.append(Locator(doc=doc, path=paths[0]))
                        elif not paths and opening is not None and "." in number:
                            # a clause wholly new: its parent, where the document holds it, gains it
                            parent = place_path(corpus, doc, number.rsplit(".", 1)[0])[0]
                            if len(parent) == 1 and _BOLD.fullmatch(paragraph.strip()):
                                targets.append(Locator(doc=doc, path=parent[0]))
                                new_clause = True
            if len(targets) != 1 and item.path in guessed:
                continue  # (the guess stands, already said)
            if len(targets) != 1:
                if not named:
                    continue  # (new text naming nothing the project numbers: nothing it names goes unsaid)
                reading.not_understood.append(NotUnderstoodItem(
                    item=item.locator, file=file, line=at, rule=rule, words=_words(paragraph.strip()),
                    reason=f'gives new text ("{" ".join(sign.group(0).split())}") but names '
                           + ("several provisions" if targets else "no provision the project holds")
                           + ": for a person to place"))
                continue
            target = targets[0]
            action = _new_text_action(paragraph, target.path, new_clause)
            if item.path in guessed:  # the redline's own clause in place of the guess
                if any(p.item.path == item.path and p.target == target for p in reading.proposed):
                    continue  # (the guess names that clause already: it stands, as it was read)
                reading.proposed[:] = [p for p in reading.proposed if p.item.path != item.path]
                guessed.discard(item.path)
            reading.proposed.append(ProposedEdge(
                item=item.locator, target=target, scope=action.scope, successor=action.successor, rule=rule,
                file=file, line=at, words=_words(paragraph.strip()),
                evidence=ProposalEvidence(reference=written, resolved_by="number", reference_score=None,
                                          action=action.words or None, change=action.action,
                                          why=f"new text given without a verb of the pack ({action.words}): "
                                              "for a person to confirm")))


# A provision an answer names in a sentence of no pack verb, whose words still change it (round 28):
# "The rest of Section 6.1 is unchanged." after new hours (the rest kept: the named provision changed
# in part), "The deposit by card remains as stated in Section 5.1.1." after a new limit (likewise),
# "Note 2 on Drawing E-301 is withdrawn." (withdrawn, nothing in its place: the pack reads
# "withdrawn" as a question taken back), "Item c) of Clause 4.3 is supplemented accordingly." (in part).
# Proposed only, never applied: a person confirms.

#: Words before a reference saying the rest of it stays ("the rest of", "the remainder of").
_REST_OF = re.compile(r"\b(?:the\s+)?(?:rest|remainder|balance)\s+of\s+(?:the\s+)?$", re.IGNORECASE)
#: Words after it saying the rest stays ("is unchanged", "remains as is").
_STAYS = re.compile(r"\s+(?:is|are|remains?|stays?)\s+(?:unchanged|unaltered|as\s+(?:is|before|written|stated))\b",
                    re.IGNORECASE)
#: Words before it saying one part stays as the provision has it ("remains as stated in").
_REMAINS_AS = re.compile(r"\b(?:remains?|stays?)\s+as\s+(?:stated|specified|written|set\s+out|given)\s+in\s+(?:the\s+)?$",
                         re.IGNORECASE)
#: Words after it saying it goes, to the sentence's end ("is withdrawn.").
_WITHDRAWN_END = re.compile(r"\s+(?:is|are)\s+(?:hereby\s+)?withdrawn\s*(?:[.;]|$)", re.IGNORECASE)
#: Words after it saying it gains text ("is supplemented accordingly", "is supplemented as follows").
_SUPPLEMENTED = re.compile(r"\s+(?:is|are)\s+(?:hereby\s+)?supplemented\b", re.IGNORECASE)
#: A lettered item of the clause named after it ("Item c) of Clause 4.3").
_ITEM_BEFORE = re.compile(r"\bitem\s+\(?([a-z])\)\s+of\s+(?:the\s+)?$", re.IGNORECASE)


#: What joins the parts of one naming ("Note 2 on Drawing E-301", "Clause 4.3 of Exhibit B").
_JOINS = re.compile(r"\s*+,?\s*+(?:on|of|in)\s++(?:the\s++)?(?:(?:drawing|sheet|dwg)\.?\s++(?:no\.?\s*+)?)?", re.IGNORECASE)


def _named_here(text: str, read: str, item: Item, items: Sequence[Item], corpus: Corpus,
                notations: Mapping[str, Sequence[re.Pattern[str]]], skip: Mapping[str, str]) -> list[tuple[tuple[int, int], Locator, str]]:
    """What ``text`` names by number that the project holds, in order: its references, and a
    clause of no named document ("Section 5.1.1") held by the one document of the project holding it."""
    named = [(r.span, r.target, r.written) for r in find_references(text, corpus, mask=_quoted_spans(text), notations=notations, titles=False)
             if r.target is not None and r.by_number and not r.cited and _division(r) not in skip]
    for clause in clause_alone(corpus).finditer(read):
        if any(a < clause.end() and clause.start() < b for (a, b), _, _ in named):
            continue
        holders = _clause_holders(clause.group("number"), item, items, corpus)
        if len(holders) == 1:
            named.append((clause.span(), Locator(doc=holders[0], path=clause.group("number")), clause.group(0)))
    return sorted(named, key=lambda n: n[0])


def _rest_or_withdrawn(reading: Reading, document: Document, items: Sequence[Item], by_key: Mapping[str, Item],
                       corpus: Corpus, notations: Mapping[str, Sequence[re.Pattern[str]]], skip: Mapping[str, str],
                       rule: str, file: str, line_of: Callable[[int], int | None]) -> None:
    """Nothing silent: the answer of a question-and-answer item neither applied, proposed nor
    reported that names a held provision in one of the sentences above is proposed against it
    (where the naming runs on, "Note 2 on Drawing E-301", against its most particular part)."""
    said = ({n.item.path for n in reading.not_understood} | {e.by.path for e in reading.applied}
            | {p.item.path for p in reading.proposed}
            | {e.by.path for e in document.supersedes if e.by is not None and e.by.doc == document.id})
    for item in items:
        answer = _ANSWER_AT.search(item.text)
        if item.path in said or not (item.kind in ("question", "answer") or item.answer is not None or answer is not None):
            continue
        start = max(answer.end() if answer is not None else 0, item.answer or 0)
        text = item.text[start:]
        read = _read_text(text, _quoted_spans(text))
        named = _named_here(text, read, item, items, corpus, notations, skip)
        for index, ((first, end), target, written) in enumerate(named):
            chain = [(target, written)]
            while index + 1 < len(named) and _JOINS.fullmatch(read[end:named[index + 1][0][0]]):
                index += 1
                end = named[index][0][1]
                chain.append((named[index][1], named[index][2]))
            before, after = read[:first], read[end:]
            if _REST_OF.search(before) and _STAYS.match(after) or _REMAINS_AS.search(before):
                action, why = Action("amend", "the rest kept"), "keeps the rest of it: the new words beside change it in part"
            elif _WITHDRAWN_END.match(after):
                action, why = Action("delete", "withdrawn"), "withdraws it, nothing in its place"
            elif _SUPPLEMENTED.match(after):
                action, why = Action("amend", "supplemented"), "supplements it"
            else:
                continue
            target, written = max(chain, key=lambda c: len((c[0].path or "").split(".")) if c[0].path else 0)
            lettered = _ITEM_BEFORE.search(before)
            if lettered is not None and target.path is not None and (
                    path := f"{target.path}.{lettered.group(1).lower()}") in corpus.path_set(target.doc):
                target = Locator(doc=target.doc, path=path)
            _propose(reading, item, target, action, written, rule, file, line_of,
                     f"an answer that {why}, in words no rule of the pack reads: for a person to confirm")
            said.add(item.path)
            break


#: A part of a document named by its place, not by a number ("the existing third WHEREAS recital",
#: "the second recital", "the preamble"): agreements number their sections, not their recitals.
_UNNUMBERED_PART = re.compile(
    r"\b(?:(?:the\s+)?(?:existing\s+)?(?:first|second|third|fourth|fifth|sixth|seventh|eighth|last|final)\s+"
    r"(?:whereas\s+)?(?:recitals?|whereas\s+clauses?)|recitals?|preamble)\b", re.IGNORECASE)


def _unnumbered_part(reading: Reading, document: Document, items: Sequence[Item], vocabularies: list,
                     corpus: Corpus, notations: Mapping[str, Sequence[re.Pattern[str]]], skip: Mapping[str, str],
                     rule: str, file: str, line_of: Callable[[int], int | None]) -> None:
    """Nothing silent: an item neither applied, proposed nor reported whose change verb acts on a
    part of a document named by its place ("DELETE the existing third WHEREAS recital and REPLACE
    it ...") under a heading naming one document of the project: proposed as a change of that
    document in part (the part is in no outline), for a person to confirm."""
    said = ({n.item.path for n in reading.not_understood} | {e.by.path for e in reading.applied}
            | {p.item.path for p in reading.proposed}
            | {e.by.path for e in document.supersedes if e.by is not None and e.by.doc == document.id})
    for item in items:
        if item.path in said or item.kind == "heading" or _preamble(item) or not item.heading_context.strip():
            continue
        quoted = _quoted_spans(item.text)
        action = read_action(item.text, vocabularies, mask=quoted)
        part = _UNNUMBERED_PART.search(_read_text(item.text, quoted))
        if not action.changes or action.span is None or part is None or part.start() > action.span[1] + 40 or any(
                r.target is not None for r in find_references(item.text, corpus, mask=quoted, notations=notations, titles=False)):
            continue
        docs = {r.target.doc for r in find_references(item.heading_context, corpus, notations=notations, titles=False)
                if r.target is not None and r.target.path is None and _division(r) not in skip}
        if len(docs) != 1:
            continue
        written = " ".join(part.group(0).split())
        _propose(reading, item, Locator(doc=docs.pop()), Action("amend", action.words, action.span), written, rule, file,
                 line_of, f'changes "{written}", which no outline of the project numbers, of the document its heading '
                          "names: that document changed in part, for a person to confirm")
        said.add(item.path)


#: The words an owner names a part with before its title ("the amendment headed", "the item
#: titled", "the schedule called"): a word or two, none of them one that only joins a sentence
#: ("is", "and", "which") or places something, so that "is named" or "after the section" never
#: counts as the part.
_NAMING_WORDS = r"(?:entitled|titled|headed|captioned|named|called)(?![\w-])"
_NOUN = (r"(?!(?:the|a|an|and|or|of|to|is|are|was|were|be|been|being|has|have|had|which|that|who|whose|also|"
         r"now|hereby|so|as|not|after|before|following|preceding|below|above|under|within|beneath|in|on|at|by|"
         r"for|with|from|into|its|their|this|these|those|it|they)(?![\w-]))[a-z][\w-]*")

#: A part an owner names by its title alone, in quotation marks after words saying so ('the
#: subsection entitled "CONTRACT TERM" shall be deleted', 'the amendment headed "Principal
#: Designer" is deleted', 'the text under the heading "Access"'), the part's own words (a noun or
#: two) whatever they are (``part``); not where the title only places something new ('added after
#: the subsection entitled "INVOICING"').
_ENTITLED = re.compile(
    r"(?<![\w-])(?:after|before|following|preceding|below|above|under|within|beneath)\s+(?:the\s+)?"
    rf"(?:{_NOUN}\s+){{1,3}}{_NAMING_WORDS}"
    rf"|(?<![\w-])(?P<part>(?:{_NOUN}\s+){{1,2}}{_NAMING_WORDS}|under\s+the\s+heading)\s*[:,]?\s*$", re.IGNORECASE)

#: Whether text may hold ``_ENTITLED``'s words (a look before the search).
_ENTITLED_WORD = re.compile(r"titled|headed|captioned|named|called|\bheading\b", re.IGNORECASE)


def _entitled_parts(reading: Reading, by_key: Mapping[str, Item], corpus: Corpus, put_in_place: re.Pattern[str]) -> None:
    """A proposal on a whole document whose item names, as the subject of its change, a part of
    that document by its title in quotation marks ('the subsection entitled "SUBCONTRACTING"
    shall be deleted in its entirety'): the provision so titled, where exactly one of the
    document's provisions carries that title (letter case and punctuation aside), is what it
    proposes; deleted with words after the title bringing something in its place
    (``put_in_place``: "; the following shall be inserted in its place:"), replaced. Read on
    proposals on whole documents only, each quotation once; still a proposal."""
    if corpus.names is None:
        return
    changed = []
    for proposal in reading.proposed:
        item = by_key.get(proposal.item.path or "")
        if proposal.target.path is not None or item is None or _ENTITLED_WORD.search(item.text) is None:
            changed.append(proposal)
            continue
        found = None
        for start, end in _quoted_spans(item.text):
            lead = _ENTITLED.search(item.text, max(0, start - 60), start)
            if lead is None or lead.group("part") is None:
                continue
            title = title_key(item.text[start:end])
            paths = corpus.title_paths(proposal.target.doc).get(title, []) if title else []
            if len(paths) == 1:
                found = (paths[0], " ".join(item.text[lead.start():end].split()), end)
                break
        if found is None:
            changed.append(proposal)
            continue
        path, written, end = found
        successor = proposal.successor or proposal.scope == "full" and put_in_place.search(
            _read_text(item.text, _quoted_spans(item.text)), end) is not None
        changed.append(proposal.model_copy(update={
            "target": Locator(doc=proposal.target.doc, path=path), "successor": successor,
            "evidence": proposal.evidence.model_copy(update={
                "reference": written, "resolved_by": "title", "reference_score": 1.0,
                "change": "replace" if successor and not proposal.successor else proposal.evidence.change,
                "why": f"{proposal.evidence.why}; names {written}, the title of {proposal.target.doc}#{path}"})}))
    reading.proposed = changed


def _titled_target(item: Item, text: str, quoted: Sequence[tuple[int, int]], reading: Reading,
                   corpus: Corpus) -> tuple[str, list[Locator]] | None:
    """The part ``text`` names by its title alone, in quotation marks after a word saying so ('the
    item titled "Clean-Up"', 'the clause entitled "Handrails"'), and the provisions carrying that
    title (letter case and punctuation aside) in the documents the addendum's other items change
    (applied or proposed so far): (the words naming it, the provisions); None where it names no part
    so. The titles of each document are keyed once a reading (``Corpus.title_paths``): the cost is
    linear in items and titles (issue 23)."""
    if corpus.names is None or _ENTITLED_WORD.search(text) is None:
        return None
    for start, end in quoted:
        lead = _ENTITLED.search(text, max(0, start - 60), start)
        if lead is None or lead.group("part") is None or not (title := title_key(text[start:end])):
            continue
        docs = sorted({e.target.doc for e in reading.applied if e.by.path != item.path}
                      | {p.target.doc for p in reading.proposed if p.item.path != item.path})
        found = [Locator(doc=doc, path=path) for doc in docs for path in corpus.title_paths(doc).get(title, ())]
        written = " ".join(text[lead.start("part"):end].split())
        return ("part " + written if lead.group("part").lower().startswith("under") else written), found
    return None


def _titled_part(reading: Reading, item: Item, text: str, quoted: Sequence[tuple[int, int]], action: Action,
                 corpus: Corpus, rule: str, file: str, line_of: Callable[[int], int | None]) -> bool:
    """Nothing silent, for a change acting on a part named by its title alone (``_titled_target``):
    the one provision carrying that title proposed (a title is a best guess, never a number), else
    the item reported, naming the title; whether the item names a part so."""
    titled = _titled_target(item, text, quoted, reading, corpus)
    if titled is None:
        return False
    written, found = titled
    if len(found) == 1:
        _propose(reading, item, found[0], action, written, rule, file, line_of,
                 f"names the {written}, the title of {found[0].format()} (a document the addendum changes elsewhere), "
                 "and no number: for a person to confirm")
    else:
        reading.not_understood.append(_missed(item, rule, file, line_of, (
            f"names the {written} by its title alone, which "
            + (f"{len(found)} provisions of the documents the addendum changes carry" if found
               else "no provision of the documents the addendum changes elsewhere carries")
            + f", next to a change verb ({action.words})")))
    return True


def _titled_reported(reading: Reading, by_key: Mapping[str, Item], vocabularies: list, corpus: Corpus,
                     rule: str, file: str, line_of: Callable[[int], int | None]) -> None:
    """An item only reported (neither applied nor proposed) whose change acts on a part it names
    by its title alone, which exactly one provision of the documents the addendum changes elsewhere
    carries ('The clause entitled "Handrails" is amended by ...' under a heading no notation
    places): proposed against that provision, its report dropped."""
    said = {e.by.path for e in reading.applied} | {p.item.path for p in reading.proposed}
    for path in dict.fromkeys(n.item.path for n in reading.not_understood):
        item = by_key.get(path or "")
        if item is None or path in said:
            continue
        quoted = _quoted_spans(item.text)
        titled = _titled_target(item, item.text, quoted, reading, corpus)
        if titled is None or len(titled[1]) != 1:
            continue
        action = read_action(item.text, vocabularies, mask=quoted)
        if not action.changes:
            continue
        reading.not_understood = [n for n in reading.not_understood if n.item.path != path]
        _titled_part(reading, item, item.text, quoted, action, corpus, rule, file, line_of)


#: Read on the text reversed: a stop ('.', ':', ';', '!', '?') among the non-word characters it ends with.
_STOP_AT_END = re.compile(r"\W*?[.:;!?]")


def _ends_in_a_stop(text: str) -> bool:
    """Whether ``text`` ends with a stop followed by nothing but non-word characters — as
    ``re.search(r"[.:;!?]\\W*$", text)`` would say, but read from the end once: searched forward, a
    long run of dots ("1.2 Note ........ see drawings") was rescanned from every dot (issue 23)."""
    return _STOP_AT_END.match(text[::-1]) is not None



def _labelled_unsaid(reading: Reading, document: Document, items: Sequence[Item], vocabularies: list, corpus: Corpus,
                     skip: Mapping[str, str], leave: set[str], rule: str, file: str,
                     line_of: Callable[[int], int | None]) -> None:
    """Nothing silent, the last net (issue 21, round 47): after every reading and net, each line of an
    item nothing said (no edge, proposal or report; not a heading, the preamble or a lead-in over
    items said) that holds a change verb or word and names a provision by a label word and a number
    in any notation (``_LABELLED_NUMBER``: "post 02.3", "specification 3.4.1", "punkt 5.2",
    "kapittel 04") is reported at its own line. A paragraph saying nothing changes is passed over;
    what a question asks instructs nothing. Where the number is a clause path one document of the
    project alone holds (of several, the one holding the clauses the items beside it name too), the
    line's change is proposed there instead, for a person to confirm ("post 05.3 ... utgår (is deleted)"
    in the description that numbers its posts so; "Specification 3.4.2 shall read: ..." in the
    technical file): the label word is the owner's, the number the document's."""
    said = ({e.by.path for e in reading.applied} | {p.item.path for p in reading.proposed}
            | {n.item.path for n in reading.not_understood} | set(leave)
            | {e.by.path for e in document.supersedes if e.by is not None and e.by.doc == document.id})
    by_key = {item.path: item for item in items}
    for path in list(said):  # a heading or lead-in over an item said carries nothing of its own
        parent = by_key[path].parent if path in by_key else None
        while parent is not None and parent not in said:
            said.add(parent)
            parent = by_key[parent].parent if parent in by_key else None
    for item in items:
        if item.path in said or item.kind == "heading" or _preamble(item):
            continue
        answer = _ANSWER_AT.search(item.text)
        offset = answer.end() if answer is not None else 0
        if item.answer is not None and item.kind == "question":
            offset = max(offset, item.answer)
        for paragraph in re.split(r"\n[ \t]*\n", item.text[offset:]):
            start = item.text.index(paragraph, offset) if paragraph else offset
            offset = start + len(paragraph)
            quoted = _quoted_spans(paragraph)
            unasked = [*quoted, *_asked(paragraph, quoted)]
            if read_action(paragraph, vocabularies, mask=unasked).action == "no_change":
                continue  # (the paragraph says nothing changes: the rest of it explains)
            at, lines = start, []  # (line, where it starts, whether it changes, the provision it names)
            for line in paragraph.split("\n"):
                here, at = at, at + len(line) + 1
                quoted = _quoted_spans(line)
                unasked = [*quoted, *_asked(line, quoted)]
                read = _read_text(line, unasked)
                if any(m.group(1) in skip for m in re.finditer(r"\b(\d{2})\s?\d{2}\s?\d{2}\b", read)):
                    lines = []
                    break  # Division 00 and the like: the skip list decides
                # (a verb of change in any form, "Se eliminan los numerales 3.1 y 3.2", "Ficam suprimidos os itens
                # 2.1 e 2.2": a plural no reading was taught is reported, never silent, audit 67 C F6)
                changes = (read_action(line, vocabularies, mask=unasked).changes or _CHANGE_WORD.search(read) is not None
                           or _CHANGE_STEM.search(read) is not None)
                lines.append((line, here, changes, _labelled_number(read), unasked))
            if not any(entry[2] for entry in lines):
                continue
            named = [entry for entry in lines if entry[3] is not None]
            # each line naming a provision beside its change; else the first line naming one, the change
            # below it ('post 02.3 Winter measures' over "Old text:" / "New text:")
            proposed: set[str] = set()
            for line, here, changes, labelled, unasked in [entry for entry in named if entry[2]] or named[:1]:
                number = labelled.group(0).split()[-1]
                # (a chapter's number with its leading zero, "kapittel 04", is a label as a dotted one is, never a
                # count: looked up alike, round 103)
                holders = _clause_holders(number, item, items, corpus) if "." in number or number[0] == "0" else []
                if len(holders) > 1:
                    # (of several, the one holding every number the item writes after the same label word:
                    # "specification 3.4.1", "specification 3.2.3", ... of one technical file)
                    label = labelled.group(0).split()[0].casefold()
                    beside = {m.group(0).split()[-1] for m in _LABELLED_NUMBER.finditer(item.text)
                              if m.group(0).split()[0].casefold() == label and "." in m.group(0).split()[-1]}
                    holders = [doc for doc in holders if beside <= corpus.path_set(doc)]
                action = read_action(line, vocabularies, mask=unasked) if changes else Action(None, "")
                if len(holders) == 1 and action.changes:
                    target = Locator(doc=holders[0], path=number)
                    # ("El ítem 4.2 se enmienda y debe decir: "4.2 ..."": written whole after the verb's reading phrase)
                    action = given_whole(action, line, target, vocabularies)
                    if target.format() not in proposed:
                        proposed.add(target.format())
                        reading.proposed.append(ProposedEdge(
                            item=item.locator, target=target, scope=action.scope, successor=action.successor, rule=rule,
                            file=file, line=line_of(item.offset + here), words=_words(line.strip()),
                            evidence=ProposalEvidence(
                                reference=" ".join(labelled.group(0).split()), resolved_by="number", reference_score=None,
                                action=action.words or None, change=action.action,
                                why=f'names "{" ".join(labelled.group(0).split())}", a label no reading knows, by a number '
                                    f"{holders[0]} alone holds: for a person to confirm")))
                    continue
                reading.not_understood.append(NotUnderstoodItem(
                    item=item.locator, file=file, line=line_of(item.offset + here), rule=rule,
                    words=_words(line.strip()),
                    reason=f'names "{" ".join(labelled.group(0).split())}" beside a word of change, in a line no '
                           "reading placed: no document of the project was found holding it by that name"))
