"""The real embedding backend: all-MiniLM-L6-v2 from its PyPI package, offline, on the CPU."""

from __future__ import annotations

import datetime as dt
import math

import pytest

from lazy_modules import lazy_importorskip

lazy_importorskip("sentence_transformers")

from inforce.engine.embedding import embed_project  # noqa: E402
from inforce.engine.store import GraphStore  # noqa: E402
from inforce.ontology import (  # noqa: E402
    CharSpan,
    Document,
    EffectiveInterval,
    Locator,
    Manifest,
    Section,
    SourceRef,
)

pytestmark = pytest.mark.ml


@pytest.fixture(scope="module")
def embedder():
    from inforce.adapters.models.minilm import MiniLMEmbedder

    return MiniLMEmbedder()


def _cosine(a, b) -> float:
    return sum(x * y for x, y in zip(a, b, strict=True)) / math.sqrt(sum(x * x for x in a) * sum(y * y for y in b))


@pytest.mark.slow  # loads the model with sentence-transformers and torch
def test_vectors_have_384_dimensions_and_meaning(embedder):
    strength, paraphrase, unrelated = embedder.embed([
        "Concrete compressive strength at 28 days shall be not less than 4,000 psi.",
        "The 28-day strength of the concrete must reach at least 4000 psi.",
        "Batch records are retained for seven years after the expiry date.",
    ])
    assert embedder.dim == len(strength) == 384
    assert _cosine(strength, paraphrase) > _cosine(strength, unrelated) + 0.3


def _document(doc: str, texts: list[str]) -> Document:
    provisions, offset = [], 0
    for n, text in enumerate(texts, 1):
        provisions.append(Section(path=str(n), number=str(n), span=CharSpan(start=offset, end=offset + len(text)), text=text))
        offset += len(text) + 1
    return Document(
        id=doc, kind="sop", revision="A", effective=EffectiveInterval(from_=dt.date(2026, 1, 1)),
        recorded="2026-01-01", source=SourceRef(file=f"documents/{doc}.md"),
        text_layer="\n".join(texts), provisions=tuple(provisions),
    )


@pytest.mark.slow
def test_embed_a_store_and_find_the_provision_by_meaning(tmp_path, embedder):
    documents = [
        _document("SOP-114", ["Batch manufacturing records shall be kept for seven years.",
                              "Deviations are reported to the quality unit within one business day."]),
        _document("SPEC-033000", ["Concrete shall reach 4,000 psi compressive strength at 28 days.",
                                  "Formwork may be removed once the slab supports its own weight."]),
        _document("POL-7", ["Refunds for refurbished devices are issued within 14 days of return."]),
    ]
    with GraphStore.open(tmp_path, read_only=False) as store:
        with store.begin_ingest(Manifest(project="ml"), "b") as tx:
            for document in documents:
                tx.add(document)
            tx.commit()
        report = embed_project(store, embedder, batch_size=16)
        assert report.applied and report.embedded == 5 and report.dim == 384
        [query] = embedder.embed(["How long do we keep production batch documentation?"])
        assert store.search_vector(query, k=3)[0][0] == Locator.parse("SOP-114@A#1")
        [query] = embedder.embed(["when can the forms come off"])
        assert store.search_vector(query, k=1, documents=["SPEC-033000@A"])[0][0] == Locator.parse("SPEC-033000@A#2")
