"""Who may read what: the one access gate, for single answers and for whole-corpus decisions.

The rule, the same for every command (a document may have revisions of mixed access: a
public revision 0, a revision 1 for ``owners``):

1. A revision with no ``access`` list is readable by everyone; one with a list is readable by
   an asker holding at least one of its groups. Readability belongs to the revision, never
   to its document as a whole.
2. An answer rests on one revision of the document asked about: the one the question pins
   (``DOC@REV#path``), else the one it resolves to — the revision in force on the date (as-of,
   either side of a precedence question, a citation checked), the latest (``show``). It is
   given when that revision is readable and refused (``AccessRestrictedError``) when not.
   The revision in force is the *document's*: a section whose words a restricted revision
   carries on unchanged from a public one is refused on a day the restricted one is in
   force, as a section it changed is, since which sections it changed is its content (rule 3).
   On a day no revision is in force, the revision whose lapse leaves it uncovered (before the
   document begins, its first) decides in its place (``timeline.deciding_position``): a
   restricted one is refused on those days as on the days it is in force, so no date tells
   its ``until``; a question pinned to a readable revision on a day an unreadable one decides
   is answered alike on every such day (not in force, that document withheld:
   ``asof.answer.decided_out_of_sight``).
3. Any other revision the answer would name — a later or earlier revision of the same
   document, a successor, an amender, a version in a history — is withheld when it is not
   readable: named by its document id alone and listed in ``withheld``, nothing of it (text,
   title, dates, label, section paths) shown. So in a history, a readable version that such a
   revision carries on, ends or interrupts (in force for a time, the readable one resuming
   after it) shows its end as withheld (no date, no reason beyond ``withheld``), the same for
   every section of the document (``engine.redaction``).
4. Which revisions and sections exist is the content of the revisions that hold them: a
   revision that does not exist, in a document with a revision the asker may not read, is
   refused as a restricted one is; a section held only by revisions the asker may not read
   is, to them, a section that does not exist; a document none of whose revisions they may
   read is refused whatever is asked of it. A quantity subject only such revisions state is
   an unknown subject (``Snapshot.facts``).
5. Whole-corpus decisions (eligibility, facts, search, the sweep) take a mask over the
   revisions (``readable``), so each revision is judged on its own, by rule 1; ``facts`` and
   the sweep, which answer for one day, also withhold a document by id on a day a revision
   the asker may not read decides it (rule 2, ``Snapshot.readable_on``), so no list tells
   which sections that revision changed; their ``withheld`` names every document holding a
   revision the asker may not read, whatever the day (``Snapshot.withheld``), so no date
   tells when such a revision is in force. What an edge targets, a section named across
   revisions, is judged by the revisions that hold it (rule 4) and, in an answer about a day,
   by rule 2 as well — never by every revision of its document: ``Snapshot.target_readable``,
   the one place, which ``asof``, ``facts``, the sweep, ``show``, ``history`` and the review
   listings follow. So is, on a day, an amending item whose being in force rests on such a
   document (whether a revision the asker may not read, reissuing what it changed, ended its
   change: ``AsOfIndex.standing_out_of_sight``): not in force to them, resting on that
   document, withheld, whatever that revision holds; ``history`` shows its end as withheld.
6. What is read in another revision's words carries that revision's access as well as its
   own: an amending item's new figure read in the text of the paragraph it amends
   (``amendments.amended_rows``) takes its subject, condition and bound from that paragraph,
   so that reading is served only to an asker who may read both revisions (``may_read_all``).
   An asker who may read the item but not the paragraph is served the figure as the item's
   own words read it (its own subject, or none; nothing learned from the paragraph, which is
   named by document id alone in ``withheld``, rule 3); an asker who may read both is served
   the full reading only. ``may_read_reading`` is that choice, the one place it is made.

7. An addendum item changes what it names by itself only where every reader of the item may
   read it: it is read against the revisions ``shared_by_readers`` of its own revision, so a
   section, sheet, note or title only other revisions hold is, for that item, one the project
   does not hold (rule 4, applied to the item's readers; ``engine.addenda.view``). The graph
   then applies the same edges for everyone and no dated answer tells such a target exists;
   a person who may read it decides it by review.

``may_read`` answers rule 1 for a pinned locator; unpinned, it answers for every revision of
the document at once (true when all are readable: nothing to withhold); rule 2's choice of
revision is ``Snapshot``'s, which knows the date (``Snapshot.gate_question``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from inforce.ontology import AccessRestrictedError, Locator

__all__ = ["AccessGate", "shared_by_readers"]


def shared_by_readers(reader: Sequence[str] | None, access: Sequence[str] | None) -> bool:
    """Rule 7: whether every asker who may read a revision with access ``reader`` may read one
    with access ``access`` (None: everyone). A public revision is; a restricted one is only for
    a restricted reader all of whose groups it lists (an asker holding just one of them may
    read the reader's revision, so must read this one by that group)."""
    if access is None:
        return True
    return reader is not None and set(reader) <= set(access)


class AccessGate:
    """Access lists of every revision, in the order given, for lookups and vectorised masks."""

    def __init__(self, revisions: Sequence[tuple[str, str, Sequence[str] | None]]) -> None:
        """``revisions``: ``(uid, document id, access groups or None)`` per revision."""
        n = len(revisions)
        self._public = np.array([access is None for _, _, access in revisions], dtype=bool)
        rows_of_group: dict[str, list[int]] = {}
        for i, (_, _, access) in enumerate(revisions):
            for group in access or ():
                rows_of_group.setdefault(group, []).append(i)
        self._group: dict[str, np.ndarray] = {}
        for group, rows in rows_of_group.items():
            mask = np.zeros(n, dtype=bool)
            mask[rows] = True
            self._group[group] = mask
        self._revisions = revisions
        #: no revision has an access list: everyone reads everything (no mask to build per asker)
        self.all_public = bool(self._public.all())
        self._lookup: tuple[dict[str, tuple[str, ...] | None], dict[str, list[str]], set[str]] | None = None

    def _by_uid(self) -> tuple[dict[str, tuple[str, ...] | None], dict[str, list[str]], set[str]]:
        """Access by revision uid, revisions by document, and the documents with a restricted
        revision, built on the first single lookup (a whole-corpus decision needs only the masks)."""
        if self._lookup is None:
            access = {uid: (tuple(groups) if groups is not None else None) for uid, _, groups in self._revisions}
            revisions_of: dict[str, list[str]] = {}
            for uid, doc, _ in self._revisions:
                revisions_of.setdefault(doc, []).append(uid)
            restricted = {doc for _, doc, groups in self._revisions if groups is not None}
            self._lookup = (access, revisions_of, restricted)
        return self._lookup

    def readable(self, groups: Iterable[str]) -> np.ndarray:
        """A mask over the revisions (in the order given) that an asker with ``groups`` may read."""
        mask = self._public.copy()
        for group in groups:
            rows = self._group.get(group)
            if rows is not None:
                mask |= rows
        return mask

    def readable_uids(self, groups: Iterable[str]) -> list[str] | None:
        """The revisions (uids) an asker with ``groups`` may read; None when that is all of them."""
        if self.all_public:
            return None
        mask = self.readable(groups)
        if mask.all():
            return None
        return [self._revisions[i][0] for i in mask.nonzero()[0]]

    def may_read(self, locator: Locator, groups: Iterable[str]) -> bool:
        """Whether ``groups`` may read ``locator``: its revision, or every revision of its document."""
        by_uid, revisions_of, restricted = self._by_uid()
        if locator.doc not in restricted:  # every revision of it is public (the as-of hot path)
            return True
        held = set(groups)
        uids = [f"{locator.doc}@{locator.rev}"] if locator.rev is not None else revisions_of.get(locator.doc, [])
        for uid in uids:
            access = by_uid.get(uid)
            if access is not None and not held & set(access):
                return False
        return True

    def may_read_all(self, locators: Iterable[Locator], groups: Iterable[str]) -> bool:
        """Whether ``groups`` may read every one of ``locators``: what is read in the words of
        several revisions (rule 6)."""
        held = tuple(groups)
        return all(self.may_read(locator, held) for locator in locators)

    def may_read_reading(self, item: Locator, target: Locator, own: bool, groups: Iterable[str]) -> bool:
        """Rule 6: whether ``groups`` are served a reading of ``item``'s figure that concerns
        ``target`` (the version it amends): the reading in ``target``'s words (``own`` False)
        when they may read both; the item's own (``own`` True) when they may read the item
        but not ``target``."""
        held = tuple(groups)
        both = self.may_read_all((item, target), held)
        return (self.may_read(item, held) and not both) if own else both

    def readable_revisions_of(self, doc: str, groups: Iterable[str]) -> list[str]:
        """The labels of ``doc``'s revisions that ``groups`` may read (rule 1), in the order given."""
        by_uid, revisions_of, _ = self._by_uid()
        held = set(groups)
        return [uid.partition("@")[2] for uid in revisions_of.get(doc, [])
                if by_uid.get(uid) is None or held & set(by_uid[uid] or ())]

    def unreadable_documents(self, groups: Iterable[str]) -> set[str]:
        """The documents ``groups`` may not read (unpinned, as ``may_read`` answers them)."""
        if self.all_public:
            return set()
        held = tuple(groups)
        return {doc for doc in self._by_uid()[2] if not self.may_read(Locator(doc=doc), held)}

    def check(self, asked: Locator | str, shown: Iterable[Locator | None], groups: Iterable[str]) -> None:
        """Refuse (``AccessRestrictedError``) when ``groups`` may not read one of ``shown``."""
        if self.all_public:
            return
        held = tuple(groups)
        hidden = [locator for locator in shown if locator is not None and not self.may_read(locator, held)]
        if not hidden:
            return
        asked_doc = asked.doc if isinstance(asked, Locator) else Locator.parse(asked).doc
        others = tuple(sorted({locator.doc for locator in hidden} - {asked_doc}))
        # the asked document itself hidden: say nothing more; else name the others by id
        mine = any(locator.doc == asked_doc for locator in hidden)
        raise AccessRestrictedError(str(asked), depends_on=() if mine else others)
