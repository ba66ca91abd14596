"""Restricted search in memory: BM25 and exact cosine over the allowed revisions' rows only.

Kuzu 0.11.3 cannot filter an index search by a property in a read-only database: its full-text
search scores every matching section and only then drops the rows outside ``rev IN $revs``
(hundreds of milliseconds at 100k provisions), and a restricted vector search falls back to an
exact scan inside Kuzu. Here the live graph's provision texts and embeddings are read once
into numpy arrays (per open graph: a reopened store builds anew), and a restricted query scores
only the rows of the allowed revisions — the restriction is applied before ordering and the
limit, never to a truncated top-k (DESIGN.md, principle 1).

Full text reproduces Kuzu's FTS index, so a query ranks as Kuzu's own index would (the graph
holds none of Kuzu's unless ``_build.FTS_MIN_PROVISIONS`` asks: this index answers every text
search, restricted or not):

* tokens: the text with every run of ``[0-9!@#$%^&*()_+={}[]:;<>,.?~/|'"`-]`` replaced by a
  space, lower-cased, split on spaces (a newline, a backslash or a curly quote stays in a
  token, as in Kuzu), empty tokens dropped;
* a token in Kuzu's default English stop word list is not indexed (checked before stemming);
* each token stemmed by Kuzu's own ``STEM`` function (Snowball, the stemmer the index names),
  called once per distinct token when the index is built;
* BM25 per provision table, as each table has its own Kuzu index: ``N`` the table's rows with
  at least one token, ``avgdl`` their mean token count, ``idf = log10((N - df + 0.5) / (df +
  0.5) + 1)``, ``k1 = 1.2``, ``b = 0.75``; a query's distinct stems each count once, a query
  word that is a stop word still matches the stem it shares with an indexed word.

Those statistics are the whole table's for an asker who may read every revision (Kuzu's index's
own). For one who may not (``readable``), ``N``, ``avgdl`` and each query
stem's ``df`` are taken over the rows of the revisions they may read, by access alone, whatever
the dates: the same formula over what they may read, so no score and no order they are shown
rests on a restricted revision's words (audit OO-3: a restricted document full of one query
word had reordered a public key's results). Each posting's term frequency and each row's length
are kept, and a query's weights are worked out from them when it is asked, with the statistics
of the rows the asker is scored over, over the postings of its own stems alone: a weight per
posting held ahead of time had to be worked out again over every posting whenever a build
changed ``N`` or ``avgdl`` (16.5 million at a million provisions, in every delta; issue 26). The
rows and per-table ``N`` and ``avgdl`` of the last few readable sets are kept.

Vectors: each distinct embedding once (L2-normalised, float32), each embedded provision its
row; a restricted query is one gather and one matrix-vector product, exact, so nothing is lost
against the exact scan in Kuzu.
"""

from __future__ import annotations

import re
import threading
import time
from array import array
from collections import OrderedDict, defaultdict
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from ._kuzu import KuzuGraph
from ._reads import provision_count
from ._rows import provision_key
from ._schema import EMBEDDING_TABLE, FTS_INDEXES

__all__ = ["MemorySearch", "fts_tokens", "has_text_indexes"]

BM25_K1 = 1.2
BM25_B = 0.75

#: Readable sets whose BM25 statistics a text index keeps (``TextIndex._counted``)
_STATISTICS_KEPT = 16

#: The stemmer Kuzu's ``CREATE_FTS_INDEX`` uses when none is named (``_build`` names none).
KUZU_DEFAULT_STEMMER = "english"

#: What Kuzu's FTS tokenizer replaces by a space before it splits (its ``tokenize`` macro
#: replaces each run of them; one space each splits into the same tokens once empty ones go).
#: Two letters Python lower-cases otherwise than Kuzu's ``lower`` (simple case mapping):
#: a capital sigma is never final, a dotted capital I loses its dot.
_IGNORED = str.maketrans({**dict.fromkeys("0123456789!@#$%^&*()_+={}[]:;<>,.?~/|'\"`-", " "), "Σ": "σ", "İ": "i"})

#: Kuzu 0.11.3's default English stop words (``stopWords := 'default'``); a token in this list
#: is not indexed. Words with an apostrophe can never be a token (the apostrophe splits them).
STOP_WORDS = frozenset("""
a a's able about above according accordingly across actually after afterwards again against
ain't all allow allows almost alone along already also although always am among amongst an and
another any anybody anyhow anyone anything anyway anyways anywhere apart appear appreciate
appropriate are aren't around as aside ask asking associated at available away awfully b be
became because become becomes becoming been before beforehand behind being believe below beside
besides best better between beyond both brief but by c c'mon c's came can can't cannot cant
cause causes certain certainly changes clearly co com come comes concerning consequently consider
considering contain containing contains corresponding could couldn't course currently d
definitely described despite did didn't different do does doesn't doing don't done down
downwards during e each edu eg eight either else elsewhere enough entirely especially et etc even
ever every everybody everyone everything everywhere ex exactly example except f far few fifth
first five followed following follows for former formerly forth four from further furthermore g
get gets getting given gives go goes going gone got gotten greetings h had hadn't happens hardly
has hasn't have haven't having he he's hello help hence her here here's hereafter hereby herein
hereupon hers herself hi him himself his hither hopefully how howbeit however i i'd i'll i'm
i've ie if ignored immediate in inasmuch inc indeed indicate indicated indicates inner insofar
instead into inward is isn't it it'd it'll it's its itself j just k keep keeps kept know knows
known l last lately later latter latterly least less lest let let's like liked likely little
look looking looks ltd m mainly many may maybe me mean meanwhile merely might more moreover most
mostly much must my myself n name namely nd near nearly necessary need needs neither never
nevertheless new next nine no nobody non none noone nor normally not nothing novel now nowhere o
obviously of off often oh ok okay old on once one ones only onto or other others otherwise ought
our ours ourselves out outside over overall own p particular particularly per perhaps placed
please plus possible presumably probably provides q que quite qv r rather rd re really
reasonably regarding regardless regards relatively respectively right s said same saw say saying
says second secondly see seeing seem seemed seeming seems seen self selves sensible sent serious
seriously seven several shall she should shouldn't since six so some somebody somehow someone
something sometime sometimes somewhat somewhere soon sorry specified specify specifying still sub
such sup sure t t's take taken tell tends th than thank thanks thanx that that's thats the their
theirs them themselves then thence there there's thereafter thereby therefore therein theres
thereupon these they they'd they'll they're they've think third this thorough thoroughly those
though three through throughout thru thus to together too took toward towards tried tries truly
try trying twice two u un under unfortunately unless unlikely until unto up upon us use used
useful uses using usually uucp v value various very via viz vs w want wants was wasn't way we
we'd we'll we're we've welcome well went were weren't what what's whatever when whence whenever
where where's whereafter whereas whereby wherein whereupon wherever whether which while whither
who who's whoever whole whom whose why will willing wish with within without won't wonder would
wouldn't x y yes yet you you'd you'll you're you've your yours yourself yourselves z zero
""".split())

_OPTION = re.compile(r"(\w+)\s*:=\s*'([^']*)'")


def fts_tokens(text: str) -> list[str]:
    """The tokens Kuzu's FTS index makes of ``text``, before stop words and stemming."""
    return list(filter(None, text.translate(_IGNORED).lower().split(" ")))


# ---- shared ----------------------------------------------------------------------------------


class _Revisions:
    """Revision uid → a dense id, for a boolean lookup table of the allowed revisions; and each
    row's path, interned (a path repeats in every revision)."""

    def __init__(self) -> None:
        self.ids: dict[str, int] = {}
        self.uids: list[str] = []
        self._paths: dict[str, str] = {}

    def id(self, uid: str) -> int:
        found = self.ids.get(uid)
        if found is None:
            found = self.ids[uid] = len(self.uids)
            self.uids.append(uid)
        return found

    def path(self, path: str) -> str:
        return self._paths.setdefault(path, path)

    def allowed(self, documents: Iterable[str]) -> np.ndarray | None:
        """A boolean per revision id; None when none of ``documents`` is known here."""
        ids = [i for i in map(self.ids.get, documents) if i is not None]
        if not ids:
            return None
        table = np.zeros(len(self.uids), dtype=bool)
        table[ids] = True
        return table


class _Rows:
    """The provisions an index holds, one row each: its revision (an id) and its path."""

    def __init__(self, revisions: _Revisions, rev: array, paths: list[str]) -> None:
        self.revisions = revisions
        self.rev = np.frombuffer(rev, dtype=np.int32).copy()
        self.paths = paths

    @property
    def nbytes(self) -> int:
        return self.rev.nbytes + 8 * len(self.paths)

    def top(self, rows: np.ndarray, scores: np.ndarray, k: int) -> list[tuple[str, str, float]]:
        """The ``k`` best of ``rows`` (``scores`` aligned), ties broken by the provision key as
        Kuzu orders them (``ORDER BY score DESC, key``): (revision uid, path, score)."""
        if rows.size == 0:
            return []
        if rows.size > k:
            cut = np.partition(scores, rows.size - k)[rows.size - k]
            keep = scores >= cut  # every row tied with the k-th stays, so the key decides
            rows, scores = rows[keep], scores[keep]
        uids, rev, paths = self.revisions.uids, self.rev, self.paths
        found = [(-float(score), provision_key(uids[rev[row]], paths[row]), int(row))
                 for row, score in zip(rows.tolist(), scores.tolist(), strict=True)]
        found.sort()
        return [(uids[rev[row]], paths[row], -negated) for negated, _, row in found[:k]]


# ---- full text -------------------------------------------------------------------------------


@dataclass
class _TablePostings:
    """One provision table's BM25 postings: per stem id, its rows, and what weighs them over the
    whole table or a part of it when a query is asked (``TextIndex.search``, ``_score_over``):
    each posting's term frequency and each row's indexed length."""

    indptr: np.ndarray  # int64, stems + 1
    rows: np.ndarray  # int32, global row ids
    tf: np.ndarray  # int32 per posting: the stem's count in its row
    lengths: np.ndarray  # int32 per row of the table (global row - first): its indexed tokens
    first: int  # the table's first global row
    #: the whole table's ``(N, avgdl)``: its rows with a token, and their mean length (Kuzu's index's own)
    statistics: tuple[int, float] = field(init=False)

    def __post_init__(self) -> None:
        self.statistics = _statistics(self.lengths)


def _statistics(lengths: np.ndarray) -> tuple[int, float]:
    """``(N, avgdl)`` of rows of these indexed ``lengths``: those with a token, and their mean length."""
    n_docs = int(np.count_nonzero(lengths))
    return n_docs, float(lengths.sum(dtype=np.int64)) / n_docs if n_docs else 1.0


class TextIndex:
    """BM25 over every provision table, as Kuzu's FTS indexes score it (module docstring)."""

    def __init__(self, rows: _Rows, stems: dict[str, int], tables: list[_TablePostings],
                 stem_of: dict[str, str], stemmer: str, graph: KuzuGraph) -> None:
        self.rows = rows
        self.stems = stems
        self.tables = tables
        self._stem_of = stem_of  # raw token → stem, for query words
        self._stemmer = stemmer
        #: each row's text hash (``text_hash``, 16 bytes; 16 zero bytes where none), for the next build's
        #: ``build(earlier=...)``; None in an index read from a file written without them
        self.hashes: np.ndarray | None = None
        self._graph = graph
        self._statistics: OrderedDict[bytes, tuple[np.ndarray, list[tuple[int, float]]]] = OrderedDict()
        self._lock = threading.Lock()

    @property
    def nbytes(self) -> int:
        arrays = sum(t.indptr.nbytes + t.rows.nbytes + t.tf.nbytes + t.lengths.nbytes
                     for t in self.tables)
        return arrays + self.rows.nbytes

    def _counted(self, revisions: np.ndarray) -> tuple[np.ndarray, list[tuple[int, float]]]:
        """The rows of ``revisions`` (a boolean per revision id) and each table's ``(N, avgdl)``
        over them; the last few asked kept (an asker's set is asked again on every query)."""
        key = revisions.tobytes()
        with self._lock:
            found = self._statistics.get(key)
            if found is not None:
                self._statistics.move_to_end(key)
                return found
        rows = revisions[self.rows.rev]
        statistics = [_statistics(table.lengths[rows[table.first : table.first + table.lengths.size]])
                      for table in self.tables]
        found = (rows, statistics)
        with self._lock:
            self._statistics[key] = found
            while len(self._statistics) > _STATISTICS_KEPT:
                self._statistics.popitem(last=False)
        return found

    def query_stems(self, query: str) -> list[int]:
        """The stem ids of ``query``'s words that some provision holds (distinct)."""
        words = fts_tokens(query)
        unknown = sorted({w for w in words if w not in self._stem_of})
        if unknown:
            self._stem_of.update(_stem(self._graph, unknown, self._stemmer))
        ids = {self.stems.get(self._stem_of[w]) for w in words}
        return sorted(i for i in ids if i is not None)

    def search(self, query: str, k: int, allowed: np.ndarray,
               readable: np.ndarray | None = None) -> list[tuple[str, str, float]]:
        """The ``k`` best rows of the ``allowed`` revisions (a boolean per revision id) for
        ``query``. ``readable`` (a boolean per revision id): the revisions the asker may read,
        over whose rows BM25's statistics are taken — ``N``, each query stem's ``df`` and
        ``avgdl`` per table — so that no score, and no order, depends on a row the asker may not
        read (audit OO-3); the allowed rows count whether listed there or not. None (or every
        revision): the whole table's, Kuzu's index's own."""
        stems = self.query_stems(query)
        if not stems:
            return []
        mask = allowed[self.rows.rev]
        counted: np.ndarray | None = None
        statistics = [table.statistics for table in self.tables]
        if readable is not None and not readable.all():
            counted, statistics = self._counted(readable | allowed)
        scores = np.zeros(mask.size, dtype=np.float64)
        for table, over in zip(self.tables, statistics, strict=True):
            _score_over(table, stems, mask, counted, over, scores)
        hits = np.flatnonzero(scores)  # every weight is positive: a scored row matched
        return self.rows.top(hits, scores[hits], k)

    @classmethod
    def build(cls, graph: KuzuGraph, revisions: _Revisions, earlier: TextIndex | None = None) -> TextIndex | None:
        """Read every provision text and index it; None when the graph's FTS indexes are not
        the ones this reproduces (another stemmer per table, custom stop words): the caller
        keeps Kuzu's own search then.

        With ``earlier`` (an earlier build's index, read back from its file: ``_search_file``), a
        row whose text's hash (``text_hash``) one of its rows had takes that row's stems and
        counts, and only the other rows' texts are read and tokenized; each table's statistics are
        taken again over every row, so each search answers as from a build from nothing
        (tests/engine/store/test_search_file.py) — a 10-document delta at 100k provisions had
        read and tokenized all 100,000 texts again (issue 26)."""
        stemmer = _fts_stemmer(graph)
        if stemmer is None:
            return None
        if earlier is not None and (earlier._stemmer != stemmer or earlier.hashes is None):
            earlier = None
        by_hash = earlier._rows_by_hash() if earlier is not None else {}
        paths: list[str] = []
        rev = array("i")
        hashes: list[bytes] = []
        vocabulary: defaultdict[str, int] = defaultdict(lambda: len(vocabulary))  # raw token → id
        token_id = vocabulary.__getitem__
        # per table: (first row, rows, token ids and lengths of the rows read, those rows, and the rows
        # that take an earlier row's terms, with those earlier rows)
        per_table: list[tuple[int, int, array, array, array, array, array]] = []
        for table in FTS_INDEXES:
            first = len(paths)
            tokens, lengths, read = array("i"), array("i"), array("i")
            taken, taken_from = array("i"), array("i")
            unread: dict[tuple[str, str], int] = {}  # (revision, path) → row, of rows whose text is read
            texts = earlier is None  # from nothing: each text read with its row
            statement = f"MATCH (p:{table}) RETURN p.rev, p.path, p.text_hash" + (", p.text" if texts else "")
            for uid, path, digest, *text in graph.iter_rows(statement):
                row = len(paths)
                rev.append(revisions.id(uid))
                paths.append(revisions.path(path))
                hashed = bytes.fromhex(digest) if digest and len(digest) == 32 else bytes(16)  # 16 zeros: none
                hashes.append(hashed)
                earlier_row = by_hash.get(hashed)
                if earlier_row is not None:
                    taken.append(row - first)
                    taken_from.append(earlier_row)
                elif texts:
                    before = len(tokens)
                    tokens.extend(map(token_id, fts_tokens(text[0] or "")))
                    lengths.append(len(tokens) - before)
                    read.append(row - first)
                else:
                    unread[(uid, path)] = row - first
            if unread:  # only the revisions holding a text no earlier row had
                revs = sorted({uid for uid, _ in unread})
                found = {(uid, path): text or "" for uid, path, text in graph.iter_rows(
                    f"MATCH (p:{table}) WHERE p.rev IN $revs RETURN p.rev, p.path, p.text", {"revs": revs})}
                for key, row in unread.items():
                    before = len(tokens)
                    tokens.extend(map(token_id, fts_tokens(found.get(key, ""))))
                    lengths.append(len(tokens) - before)
                    read.append(row)
            per_table.append((first, len(paths) - first, tokens, lengths, read, taken, taken_from))
        raw = list(vocabulary)
        # the raw tokens of the texts read here, each stemmed (by the earlier index's stem where it had one)
        known = earlier._stem_of if earlier is not None else {}
        kept = [t for t in raw if t not in STOP_WORDS]
        stem_of = {t: known[t] for t in kept if t in known}
        unknown = [t for t in kept if t not in stem_of]
        if unknown:
            stem_of.update(_stem(graph, unknown, stemmer))
        stems: dict[str, int] = dict(earlier.stems) if earlier is not None else {}
        raw_stem = np.array(
            [-1 if t in STOP_WORDS else stems.setdefault(stem_of[t], len(stems)) for t in raw],
            dtype=np.int64,
        )
        terms = earlier._row_terms() if earlier is not None else None
        triples = []
        for first, count, tokens, lengths, read, taken, taken_from in per_table:
            term, row, tf = _read_terms(tokens, lengths, read, raw_stem)
            if terms is not None and len(taken):
                old_term, old_row, old_tf = _gathered(*terms, np.frombuffer(taken_from, dtype=np.int32),
                                                      np.frombuffer(taken, dtype=np.int32))
                term, row, tf = (np.concatenate(pair) for pair in ((term, old_term), (row, old_row), (tf, old_tf)))
            triples.append((first, count, term, row, tf))
        if earlier is not None:  # only the stems some row holds now: none of a text no row holds any more (erased)
            used = _used_stems([term for _, _, term, _, _ in triples], len(stems))
            renumbered = np.full(len(stems), -1, dtype=np.int64)
            renumbered[used] = np.arange(used.size, dtype=np.int64)
            by_id = list(stems)
            stems = {by_id[old]: new for new, old in enumerate(used.tolist())}
            triples = [(first, count, renumbered[term], row, tf) for first, count, term, row, tf in triples]
        tables = [_postings(first, count, term, row, tf, len(stems)) for first, count, term, row, tf in triples]
        index = cls(_Rows(revisions, rev, paths), stems, tables, stem_of, stemmer, graph)
        index.hashes = np.array(hashes, dtype="S16")
        return index

    @classmethod
    def merged(cls, graph: KuzuGraph, revisions: _Revisions, base: TextIndex, written: Collection[str],
               ) -> TextIndex | None:
        """The index of ``graph`` from ``base``, the index of the build ``graph`` was copied from:
        the rows of every revision the graph still holds and this build did not write (``written``)
        are ``base``'s, with their postings, in ``base``'s order; only the written revisions' texts
        are read and tokenized, their rows after those in each table. Each table's statistics are
        taken again over every row, so each search answers as from a build from nothing
        (tests/engine/store/test_search_file.py). None when ``base`` cannot serve (another stemmer,
        no text hashes, rows other than the graph's): the caller builds the index.

        What ``build(earlier=...)`` still paid in a delta, each once per row of the whole graph, is
        gone: the scan of every row's revision, path and hash in Kuzu, a dict of every text hash,
        and two sorts of every posting (a 10-document delta of a million provisions: 17 s). The
        postings kept are in (stem, row) order already and the rows read come after them, so each
        posting read is placed among them, not sorted (``_merged_postings``)."""
        stemmer = _fts_stemmer(graph)
        if stemmer is None or base._stemmer != stemmer or base.hashes is None or len(base.tables) != len(FTS_INDEXES):
            return None
        held = {uid for (uid,) in graph.iter_rows("MATCH (r:Revision) RETURN r.uid")}
        written = set(written)
        old_uids = base.rows.revisions.uids
        new_rev = np.full(len(old_uids), -1, dtype=np.int64)
        for old, uid in enumerate(old_uids):
            if uid in held and uid not in written:
                new_rev[old] = revisions.id(uid)
        reading = sorted(held & written)
        old_rev = np.asarray(base.rows.rev, dtype=np.int64)
        old_paths, old_hashes = base.rows.paths, np.ascontiguousarray(base.hashes)
        paths: list[str] = []
        rev_parts: list[np.ndarray] = []
        hash_parts: list[np.ndarray] = []
        vocabulary: defaultdict[str, int] = defaultdict(lambda: len(vocabulary))
        token_id = vocabulary.__getitem__
        per_table = []
        for table, postings in zip(FTS_INDEXES, base.tables, strict=True):
            first, count = postings.first, postings.lengths.size
            kept = np.flatnonzero(new_rev[old_rev[first:first + count]] >= 0)  # rows within the old table
            read = graph.rows(f"MATCH (p:{table}) WHERE p.rev IN $revs RETURN p.rev, p.path, p.text_hash, p.text",
                              {"revs": reading}) if reading else []
            rev_parts += [new_rev[old_rev[first + kept]], np.array([revisions.id(r[0]) for r in read], dtype=np.int64)]
            paths += [old_paths[first + row] for row in kept.tolist()]
            paths += [revisions.path(r[1]) for r in read]
            hash_parts += [old_hashes[first + kept], np.array(
                [bytes.fromhex(r[2]) if r[2] and len(r[2]) == 32 else bytes(16) for r in read], dtype="S16")]
            tokens, lengths = array("i"), array("i")
            for row in read:
                before = len(tokens)
                tokens.extend(map(token_id, fts_tokens(row[3] or "")))
                lengths.append(len(tokens) - before)
            # the kept postings, in (stem, row) order as held; their rows renumbered to their places among the
            # kept (the order kept), and left out where their row is not kept
            stem = np.repeat(np.arange(postings.indptr.size - 1, dtype=np.int64), np.diff(postings.indptr))
            at, tf = postings.rows - np.int32(first), postings.tf
            if kept.size < count:
                place = np.full(count, -1, dtype=np.int32)
                place[kept] = np.arange(kept.size, dtype=np.int32)
                at = place[at]
                keep = at >= 0
                stem, at, tf = stem[keep], at[keep], tf[keep]
            per_table.append((kept.size, kept.size + len(read), stem, at, tf, tokens, lengths))
        if provision_count(graph) != len(paths):
            return None  # the graph is not the base's copy with the written revisions: built from nothing
        raw = list(vocabulary)
        known = base._stem_of
        kept_tokens = [t for t in raw if t not in STOP_WORDS]
        stem_of = {t: known[t] for t in kept_tokens if t in known}
        unknown = [t for t in kept_tokens if t not in stem_of]
        if unknown:
            stem_of.update(_stem(graph, unknown, stemmer))
        stems = dict(base.stems)
        raw_stem = np.array([-1 if t in STOP_WORDS else stems.setdefault(stem_of[t], len(stems)) for t in raw],
                            dtype=np.int64)
        triples, first = [], 0
        for old_count, count, stem, row, tf, tokens, lengths in per_table:
            new_term, new_row, new_tf = _read_terms(tokens, lengths, array("i", range(old_count, count)), raw_stem)
            triples.append((first, count, *_merged_postings((stem, row, tf), (new_term, new_row, new_tf), len(stems))))
            first += count
        # only the stems some row holds now: none of a text no row holds any more (erased)
        used = _used_stems([term for _, _, term, _, _ in triples], len(stems))
        if used.size < len(stems):  # renumbered in their order, so each table's (stem, row) order holds
            renumbered = np.full(len(stems), -1, dtype=np.int64)
            renumbered[used] = np.arange(used.size, dtype=np.int64)
            triples = [(first, count, renumbered[term], row, tf) for first, count, term, row, tf in triples]
        by_id = list(stems)
        stems = {by_id[old]: new for new, old in enumerate(used.tolist())}
        tables = [_tabled(first, count, term, row, tf, len(stems)) for first, count, term, row, tf in triples]
        rev = array("i", np.concatenate(rev_parts).astype(np.int32).tobytes()) if rev_parts else array("i")
        index = cls(_Rows(revisions, rev, paths), stems, tables, stem_of, stemmer, graph)
        index.hashes = np.concatenate(hash_parts) if hash_parts else np.zeros(0, dtype="S16")
        return index

    def _rows_by_hash(self) -> dict[bytes, int]:
        """Each text's hash → a row holding it (its first). Read as the 16 bytes each is: numpy gives
        an ``S16`` item back without its trailing zero bytes (one hash in 256 ends in one: audit of
        the million's delta, 139,350 rows read again)."""
        found: dict[bytes, int] = {}
        if self.hashes is None:
            return found
        raw, empty = np.ascontiguousarray(self.hashes).tobytes(), bytes(16)
        for row in range(len(self.hashes)):
            digest = raw[16 * row:16 * row + 16]
            if digest != empty:
                found.setdefault(digest, row)
        return found

    def _row_terms(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Every row's postings, by global row: (where each row's start, their stem ids, their term
        frequencies), the postings of all tables sorted by row."""
        rows, stems, tfs = [], [], []
        for table in self.tables:
            rows.append(np.asarray(table.rows, dtype=np.int64))
            stems.append(np.repeat(np.arange(table.indptr.size - 1, dtype=np.int64), np.diff(table.indptr)))
            tfs.append(np.asarray(table.tf, dtype=np.int64))
        row, stem, tf = (np.concatenate(parts) if parts else np.zeros(0, dtype=np.int64) for parts in (rows, stems, tfs))
        order = np.argsort(row, kind="stable")
        starts = np.zeros(len(self.rows.paths) + 1, dtype=np.int64)
        np.cumsum(np.bincount(row, minlength=len(self.rows.paths)), out=starts[1:])
        return starts, stem[order], tf[order]


def _used_stems(terms: Sequence[np.ndarray], n_stems: int) -> np.ndarray:
    """The stem ids some posting of ``terms`` holds, ascending: counted, not sorted (a million
    provisions' postings are 16.5 million; ``np.unique`` sorted them all on every delta)."""
    held = np.zeros(n_stems, dtype=bool)
    for term in terms:
        held[term] = True
    return np.flatnonzero(held)


def _score_over(table: _TablePostings, stems: Sequence[int], mask: np.ndarray, counted: np.ndarray | None,
                statistics: tuple[int, float], scores: np.ndarray) -> None:
    """Add to ``scores`` each query stem's BM25 weight of ``table``'s rows in ``mask``, with the
    statistics of its rows in ``counted`` alone (``TextIndex.search``; None: every row, the whole
    table's): ``N`` those with a token and ``avgdl`` their mean length (``statistics``), ``df``
    those holding the stem; Kuzu's formula."""
    n_docs, avgdl = statistics
    if n_docs == 0:
        return
    lengths, first = table.lengths, table.first
    for stem in stems:
        lo, hi = table.indptr[stem], table.indptr[stem + 1]
        if lo == hi:
            continue
        rows = table.rows[lo:hi]
        keep = mask[rows]
        if not keep.any():
            continue
        df = float(hi - lo if counted is None else np.count_nonzero(counted[rows]))
        idf = np.log10((n_docs - df + 0.5) / (df + 0.5) + 1.0)
        kept = rows[keep]
        tf = table.tf[lo:hi][keep].astype(np.float64)
        length = lengths[kept - first].astype(np.float64)
        scores[kept] += idf * (tf * (BM25_K1 + 1.0)
                               / (tf + BM25_K1 * (1.0 - BM25_B + BM25_B * (length / avgdl))))


def _read_terms(tokens: array, lengths: array, read: array, raw_stem: np.ndarray,
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The (stem, row within the table, term frequency) of each stem of the rows ``read`` (their
    tokens one after another, ``lengths`` each), stop words left out."""
    token_ids = np.frombuffer(tokens, dtype=np.int32)
    lens = np.frombuffer(lengths, dtype=np.int32)
    doc = np.repeat(np.frombuffer(read, dtype=np.int32).astype(np.int64), lens)
    stem = raw_stem[token_ids] if token_ids.size else np.zeros(0, dtype=np.int64)
    kept = stem >= 0
    stem, doc = stem[kept], doc[kept]
    width = int(doc.max()) + 1 if doc.size else 1
    pairs, tf = np.unique(stem * width + doc, return_counts=True)
    return pairs // width, pairs % width, tf


def _gathered(starts: np.ndarray, stems: np.ndarray, tfs: np.ndarray, earlier: np.ndarray, rows: np.ndarray,
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The postings of the ``earlier`` global rows (``TextIndex._row_terms``) as (stem, row, tf) of the
    ``rows`` within the new table that take them."""
    earlier = earlier.astype(np.int64)
    begin, counts = starts[earlier], starts[earlier + 1] - starts[earlier]
    total = int(counts.sum())
    at = np.repeat(begin - np.cumsum(counts) + counts, counts) + np.arange(total, dtype=np.int64)
    return stems[at], np.repeat(rows.astype(np.int64), counts), tfs[at]


def _postings(first: int, count: int, term: np.ndarray, row: np.ndarray, tf: np.ndarray,
              n_stems: int) -> _TablePostings:
    """One table's BM25 postings from each (stem, row within the table, term frequency), each pair once."""
    order = np.argsort(term * max(count, 1) + row, kind="stable")
    return _tabled(first, count, term[order], row[order], tf[order], n_stems)


def _merged_postings(kept: tuple[np.ndarray, np.ndarray, np.ndarray], read: tuple[np.ndarray, np.ndarray, np.ndarray],
                     n_stems: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The (stem, row, tf) postings of ``kept`` and ``read``, each in (stem, row) order and every row of
    ``read`` after every row of ``kept``, as one run in (stem, row) order: each read posting inserted after
    its stem's kept ones (``np.insert`` keeps the order of postings inserted at one place), not sorted — a
    million provisions' postings are 16.5 million, and a delta reads a few thousand. Placing every posting
    by its computed place instead had taken twice as long."""
    k_term, k_row, k_tf = kept
    n_term, n_row, n_tf = read
    if n_term.size == 0:
        return k_term, k_row, k_tf
    ends = np.cumsum(np.bincount(k_term, minlength=n_stems))  # where each stem's kept postings end
    at = ends[n_term]
    return np.insert(k_term, at, n_term), np.insert(k_row, at, n_row), np.insert(k_tf, at, n_tf)


def _tabled(first: int, count: int, term: np.ndarray, row: np.ndarray, tf: np.ndarray,
            n_stems: int) -> _TablePostings:
    """One table's BM25 postings from each (stem, row within the table, term frequency), each pair once,
    in (stem, row) order."""
    lengths = np.bincount(row, weights=tf, minlength=count).astype(np.int32)
    indptr = np.zeros(n_stems + 1, dtype=np.int64)
    np.cumsum(np.bincount(term, minlength=n_stems), out=indptr[1:])
    return _TablePostings(indptr, (row + first).astype(np.int32), tf.astype(np.int32), lengths, first)


def _fts_stemmer(graph: KuzuGraph) -> str | None:
    """The stemmer every provision table's FTS index was created with, if all use Kuzu's
    default stop words and one stemmer; Kuzu's default stemmer when the graph holds none of
    them (a small graph: ``_build.FTS_MIN_PROVISIONS``); None otherwise."""
    indexes = [row for row in graph.rows("CALL SHOW_INDEXES() RETURN *") if FTS_INDEXES.get(row[0]) == row[1]]
    if not indexes:
        return KUZU_DEFAULT_STEMMER
    found: dict[str, str] = {}
    for table, _, *rest in indexes:
        options = dict(_OPTION.findall(str(rest[-1]) if rest else ""))
        if options.get("stopWords", "default") != "default" or "ignore_pattern" in options:
            return None
        found[table] = options.get("stemmer", "english").lower()
    stemmers = set(found.values())
    if set(found) != set(FTS_INDEXES) or len(stemmers) != 1:
        return None
    stemmer = stemmers.pop()
    return stemmer if re.fullmatch(r"[a-z]+", stemmer) else None


def _stem(graph: KuzuGraph, words: Sequence[str], stemmer: str) -> dict[str, str]:
    """Each word's stem by Kuzu's own ``STEM`` (the function its FTS index stems with)."""
    if stemmer == "none":
        return {w: w for w in words}
    found: dict[str, str] = {}
    for start in range(0, len(words), 50_000):
        chunk = list(words[start : start + 50_000])
        found.update(
            (w, s if s is not None else w) for w, s in graph.rows(
                f"UNWIND $words AS w RETURN w, STEM(w, '{stemmer}')", {"words": chunk}
            )
        )
    return found


# ---- vectors ---------------------------------------------------------------------------------

_BLOCK = 1024  # rows gathered at a time


class VectorIndex:
    """Every embedded provision's vector: distinct vectors once, L2-normalised, float32."""

    def __init__(self, rows: _Rows, vectors: np.ndarray, vector_of: np.ndarray) -> None:
        self.rows = rows
        self.vectors = vectors  # (distinct texts, dim) float32, unit length (or zero)
        self.vector_of = vector_of  # int32 per row: its vector

    @property
    def nbytes(self) -> int:
        return self.vectors.nbytes + self.vector_of.nbytes + self.rows.nbytes

    def search(self, vector: Sequence[float], k: int, allowed: np.ndarray) -> list[tuple[str, str, float]]:
        rows = np.flatnonzero(allowed[self.rows.rev])
        if rows.size == 0:
            return []
        query = np.asarray(vector, dtype=np.float32)
        norm = float(np.linalg.norm(query))
        if norm > 0:
            query = query / norm
        return self.rows.top(rows, self._similarities(self.vector_of[rows], query), k)

    def _similarities(self, which: np.ndarray, query: np.ndarray) -> np.ndarray:
        """``vectors[which] @ query``. Many rows: one pass over every vector. Few: gathered a
        block at a time into one small buffer (a gather of thousands of rows at once spends
        longer on fresh pages than on the product). ``einsum`` keeps it on this thread (a BLAS
        pool spinning up costs more than the product on shared cores)."""
        vectors = self.vectors
        if which.size * 4 >= vectors.shape[0]:
            return np.einsum("ij,j->i", vectors, query)[which]
        out = np.empty(which.size, dtype=np.float32)
        block = np.empty((min(_BLOCK, which.size), vectors.shape[1]), dtype=np.float32)
        for start in range(0, which.size, _BLOCK):
            part = which[start : start + _BLOCK]
            gathered = block[: part.size]
            np.take(vectors, part, axis=0, out=gathered)
            np.einsum("ij,j->i", gathered, query, out=out[start : start + part.size])
        return out

    @classmethod
    def build(cls, graph: KuzuGraph, dim: int, revisions: _Revisions) -> VectorIndex:
        count = int(graph.scalar(f"MATCH (e:{EMBEDDING_TABLE}) RETURN count(e)") or 0)
        vectors = np.zeros((count, dim), dtype=np.float32)
        position: dict[str, int] = {}
        for n, (text_hash, vec) in enumerate(
            graph.iter_rows(f"MATCH (e:{EMBEDDING_TABLE}) RETURN e.hash, e.vec")
        ):
            if n >= count:  # cannot happen in a read-only graph; never write past the end
                break
            position[text_hash] = n
            vectors[n] = vec
        norms = np.linalg.norm(vectors, axis=1, keepdims=True)
        np.divide(vectors, norms, out=vectors, where=norms > 0)
        paths: list[str] = []
        rev = array("i")
        vector_of = array("i")
        for uid, path, text_hash in graph.iter_rows(
            f"MATCH (p)-[:EMBEDDED_AS]->(e:{EMBEDDING_TABLE}) RETURN p.rev, p.path, e.hash"
        ):
            found = position.get(text_hash)
            if found is None:
                continue
            rev.append(revisions.id(uid))
            paths.append(revisions.path(path))
            vector_of.append(found)
        return cls(_Rows(revisions, rev, paths), vectors, np.frombuffer(vector_of, dtype=np.int32).copy())


# ---- per open graph --------------------------------------------------------------------------


class MemorySearch:
    """The in-memory indexes of one open graph, each built on its first restricted query.

    ``builds`` records (index, seconds, bytes) of each build, for whoever measures it.
    """

    def __init__(self, graph: KuzuGraph) -> None:
        self.graph = graph
        self._revisions = _Revisions()
        self._lock = threading.Lock()
        self._text: TextIndex | None = None
        self._text_built = False
        self._vectors: VectorIndex | None = None
        self._vector_dim: int | None = None
        self._kuzu_fts: bool | None = None
        self._readable: OrderedDict[int, tuple[Collection[str], np.ndarray]] = OrderedDict()
        self.builds: list[tuple[str, float, int]] = []

    @classmethod
    def restored(cls, graph: KuzuGraph, revisions: _Revisions, text: TextIndex | None,
                 vectors: VectorIndex | None, dim: int | None) -> MemorySearch:
        """The indexes read back from the build's file (``_search_file``) instead of built:
        the same arrays, so the same answers; an index the file lacks is built on first use."""
        memory = cls(graph)
        memory._revisions = revisions
        memory._text, memory._text_built = text, True
        memory._vectors, memory._vector_dim = vectors, dim
        return memory

    def text_index(self, earlier: TextIndex | None = None) -> TextIndex | None:
        """The text index, built on first use (taking ``earlier``'s terms where a text is as it was:
        ``TextIndex.build``)."""
        with self._lock:
            if not self._text_built:
                started = time.perf_counter()
                self._text = TextIndex.build(self.graph, self._revisions, earlier)
                self._text_built = True
                if self._text is not None:
                    self.builds.append(("text", time.perf_counter() - started, self._text.nbytes))
            return self._text

    def take_text_index(self, index: TextIndex) -> None:
        """Hold ``index`` (built over this graph with these revisions' ids: ``TextIndex.merged``) as
        the text index, unless one is built already."""
        with self._lock:
            if not self._text_built:
                self._text, self._text_built = index, True

    def vector_index(self, dim: int) -> VectorIndex:
        with self._lock:
            if self._vectors is None or self._vector_dim != dim:
                started = time.perf_counter()
                self._vectors = VectorIndex.build(self.graph, dim, self._revisions)
                self._vector_dim = dim
                self.builds.append(("vector", time.perf_counter() - started, self._vectors.nbytes))
            return self._vectors

    def allowed(self, documents: Collection[str]) -> np.ndarray | None:
        return self._revisions.allowed(documents)

    def readable(self, documents: Collection[str]) -> np.ndarray:
        """``allowed`` for the revisions an asker may read (all False when none is known here),
        the last few collections asked kept by identity (the snapshot gives one per asker's
        groups: ``Snapshot.readable_revisions``), each held so its identity is not reused."""
        with self._lock:
            found = self._readable.get(id(documents))
            if found is not None and found[0] is documents and found[1].size == len(self._revisions.uids):
                return found[1]
        mask = self._revisions.allowed(documents)
        if mask is None:
            mask = np.zeros(len(self._revisions.uids), dtype=bool)
        with self._lock:
            self._readable[id(documents)] = (documents, mask)
            while len(self._readable) > _STATISTICS_KEPT:
                self._readable.popitem(last=False)
        return mask

    def everything(self) -> np.ndarray:
        """Every revision allowed: an unrestricted search of a graph without Kuzu's indexes."""
        return np.ones(len(self._revisions.uids), dtype=bool)

    def kuzu_text_indexes(self) -> bool:
        """Whether the graph holds Kuzu's full-text indexes (one too small holds none)."""
        with self._lock:
            if self._kuzu_fts is None:
                self._kuzu_fts = has_text_indexes(self.graph)
            return self._kuzu_fts


def has_text_indexes(graph: KuzuGraph) -> bool:
    """Whether ``graph`` holds a provision table's full-text index (``_build``)."""
    return any(FTS_INDEXES.get(table) == index for table, index in graph.index_names())
