"""Locator: ``DOC-ID[@REV][#path]`` parses and formats back to itself, and rejects what is not one."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from inforce.ontology import Locator, LocatorError

_ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
doc_ids = st.builds(
    lambda head, tail: head + tail,
    st.sampled_from(_ALNUM),
    st.text(alphabet=_ALNUM + "-_.", max_size=20),
).filter(lambda text: not text.endswith("."))
revisions = st.builds(
    lambda head, tail: head + tail,
    st.sampled_from(_ALNUM),
    st.text(alphabet=_ALNUM + "-_.", max_size=6),
)
segments = st.builds(
    lambda head, tail: head + tail,
    st.sampled_from(_ALNUM),
    st.text(alphabet=_ALNUM + "-_", max_size=8),
)
paths = st.lists(segments, min_size=1, max_size=6).map(".".join)


@settings(max_examples=300)
@given(doc=doc_ids, rev=st.none() | revisions, path=st.none() | paths)
@pytest.mark.slow
def test_a_locator_round_trips_through_its_text(doc: str, rev: str | None, path: str | None):
    locator = Locator(doc=doc, rev=rev, path=path)
    text = str(locator)
    assert Locator.parse(text) == locator
    assert Locator.parse(text).format() == text
    # Pydantic builds one from the string too (how JSON input arrives).
    assert Locator.model_validate(text) == locator
    assert locator.model_dump() == text
    assert locator.segments == (tuple(path.split(".")) if path else ())


@settings(max_examples=200)
@given(doc=doc_ids, path=paths, junk=st.sampled_from([" ", "#", "@", "..", "/", "é"]))
def test_junk_inside_a_path_does_not_parse(doc: str, path: str, junk: str):
    with pytest.raises(LocatorError):
        Locator.parse(f"{doc}#{path}{junk}x" if junk != ".." else f"{doc}#{path}..x")


@pytest.mark.parametrize(
    "text", ["", "#2.1", "SPEC@#2.1", "SPEC#", "SPEC#.2", "SPEC#2.", "-SPEC#1", "SPEC 1#2"]
)
def test_malformed_locators_are_rejected_with_a_hint(text: str):
    with pytest.raises(LocatorError) as caught:
        Locator.parse(text)
    assert caught.value.hint and "DOC-ID" in caught.value.hint


def test_a_trailing_line_break_is_no_part_of_an_id_or_a_locator() -> None:
    """Audit 75 A F3: the patterns ended in ``$``, which Python's ``re`` also matches before a final
    line break, so ``erase P $'SPEC-1\\n'`` answered "no document SPEC-1⏎" (a 404 over HTTP) and a
    revision label "1\\n" was looked for, where "../1" is refused as no label."""
    import pydantic

    from inforce.ontology.scalars import is_document_id

    assert is_document_id("SPEC-1") and not is_document_id("SPEC-1\n")
    for parts in ({"doc": "SPEC-1\n"}, {"doc": "SPEC-1", "rev": "1\n"}, {"doc": "SPEC-1", "path": "2.1\n"}):
        with pytest.raises(pydantic.ValidationError):
            Locator(**parts)
    assert str(Locator(doc="SPEC-1", rev="1", path="2.1")) == "SPEC-1@1#2.1"
