"""Issue 26: a cold ``facts`` spent 1.5 s of its 2 s at 100k provisions compiling every part of the
addenda pack's rules — change verbs, no-change phrases, reasons, word lists — to read what an
amending item takes out, which needs the change verbs alone. Each part is compiled when first read."""

from __future__ import annotations

from inforce.engine.addenda.actions import vocabulary
from inforce.engine.addenda.slots import removed_spans
from inforce.rules import load_pack


def _fresh_rules():
    # a pack loaded anew: its rule objects are new, so no vocabulary of them is held yet
    return load_pack("supersession/csi-addenda", lint=False).pack.of_kind("supersession")


def test_what_an_item_takes_out_is_read_by_the_change_verbs_alone():
    vocabularies = [vocabulary(rule) for rule in _fresh_rules()]
    text = 'Paragraph 2.2.A: delete "4,000 psi" and substitute "5,000 psi".'
    spans = removed_spans(text, vocabularies)
    assert [text[a:b] for a, b in spans] == ['"4,000 psi"']  # the old words, in their quotes
    for vocab in vocabularies:
        assert "phrases" in vocab.__dict__
        assert not {"no_change", "reasons", "words"} & set(vocab.__dict__), vocab.rule


def test_the_verbs_without_no_change_share_the_compiled_verbs_and_say_nothing_unchanged():
    vocab = vocabulary(_fresh_rules()[0])
    bare = vocab.without_no_change
    assert bare.phrases is vocab.phrases and bare.no_change == ()
    assert vocab.no_change  # the rule's own are still read where asked
    assert bare.words == vocab.words and bare.rule == vocab.rule
