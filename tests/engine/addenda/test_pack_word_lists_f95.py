"""Four word lists of the addenda reader were Python regular expressions beside the pack (issue 21: a policy owner
adds a language's word in YAML, tested by ``rules test``, without Python); they are the pack's now: the phrase ending a
change verb that brings the new text (``as_follows``), the adjective placing a new paragraph in the chapter named
(``new_adjectives``), a table cell's revision mark (``revision_marks``) and a provision named by its noun and number
(``provision_nouns``, ``provision_articles``). Each test reads the same words under the stock pack and under an owner's
pack that lacks the word, or adds one: the engine reads the pack's list, not a list of its own."""

from __future__ import annotations

from pathlib import Path

from inforce.engine.addenda.actions import unchanged_clauses, vocabulary
from inforce.engine.addenda.context import _figure_anew
from inforce.rules import RuleSet

from addenda_reading import addenda_rules, applied, owner_pack, read_project, start_project
from corpus_writer import write_doc


def _vocabularies(rules: RuleSet) -> list:
    return [vocabulary(rule) for pack in rules.packs for rule in pack.pack.rules if rule.kind == "supersession"]


CAHIER = ("CCTP\n\n1 MAÇONNERIE\n\n1.1 Les murs seront en agglos de 15 cm.\n\n1.2 Les enduits auront 2 cm.\n\n"
          "2 MENUISERIES\n\n2.1 Les portes seront en bois rouge.\n")
COMME_SUIT = "      - regex: 'comme\\s+(?:il\\s+)?suit|ainsi\\s+qu[''’]il\\s+suit'\n"


def test_a_verb_ending_in_the_packs_as_follows_phrase_gives_the_article_anew_and_without_it_in_part(tmp_path):
    root = start_project(tmp_path / "p", "as-follows")
    write_doc(root, "SPEC-CCTP", "2027-05-03", CAHIER, title="Cahier des Clauses Techniques Particulières (CCTP), Lot 01 "
              "Maçonnerie, Dispensaire de Kpalimé")
    write_doc(root, "ADD-01", "2027-06-07", "ADDITIF N° 1\n\nI - CAHIER DES CLAUSES TECHNIQUES PARTICULIÈRES (CCTP)\n\n"
              "1) L'article 1.1 du CCTP est modifié comme suit : « 1.1 Les murs seront en agglos de 20 cm. »\n\n"
              "2) L'article 2.1 du CCTP est modifié ainsi qu'il suit : « 2.1 Les portes seront en aluminium laqué. »\n\n"
              "3) À l'article 1.2 du CCTP, au lieu de lire « 2 cm », lire « 3 cm ».\n", kind="addendum", title="Additif")
    given_anew = {("SPEC-CCTP#1.1", "full", True), ("SPEC-CCTP#2.1", "full", True), ("SPEC-CCTP#1.2", "partial", True)}
    assert applied(read_project(root, addenda_rules())) == given_anew
    # an owner's pack without the French phrases: the articles are changed in part, no more
    assert applied(read_project(root, owner_pack(tmp_path, COMME_SUIT, ""))) == {
        ("SPEC-CCTP#1.1", "partial", True), ("SPEC-CCTP#2.1", "partial", True), ("SPEC-CCTP#1.2", "partial", True)}


ANEXO = ("ANEXO TÉCNICO\n\n1 ALCANCE\n\n1.1 Frentes de trabajo de 60 m como máximo.\n\n5 CERCOS\n\n"
         "5.1 Cerco de malla galvanizada de 2 m.\n\n5.2 Postes de hormigón cada 3 m.\n")
NEW_ADJECTIVES = "      - regex: 'new|nuev[oa]|nouve(?:au|l|lle)|nov[oa]|neue[nrs]?|uusi|ny(?:tt|e|a)?|nieuwe?|now[yae]'\n"


def _new_in_chapter(tmp_path: Path, rules: RuleSet) -> list[str]:
    root = tmp_path / "p"
    if not root.exists():
        start_project(root, "new-adjectives")
        write_doc(root, "SPEC-ANEXO", "2027-03-01", ANEXO, title="Anexo Técnico - Cercos, Licitación PR-12")
        write_doc(root, "ADD-01", "2027-04-01", "ADENDA No. 2\n\n1. Adicionar al numeral 5 del Anexo Técnico un nuevo "
                  'numeral 5.3, así: "5.3 Portón de dos hojas de 4 m."\n', kind="addendum", title="Adenda No. 2")
    return [p.evidence.why for p in read_project(root, rules).proposed if p.target.format() == "SPEC-ANEXO#5"]


def test_the_packs_new_adjective_places_the_new_numeral_as_one_named_alone(tmp_path):
    # "un nuevo numeral 5.3" in chapter 5: the new numeral, read as "Add new Clause 5.3" is
    assert ["a new clause after 5.2" in why for why in _new_in_chapter(tmp_path, addenda_rules())] == [True]
    # an owner's pack whose adjective is English alone: the chapter's paragraph read without a word saying it is new
    without = _new_in_chapter(tmp_path, owner_pack(tmp_path, NEW_ADJECTIVES, "      - regex: 'new'\n"))
    assert len(without) == 1 and "a new clause after" not in without[0] and "in chapter 5" in without[0]


REVISION_MARKS = "      - regex: 'revisi\\.?|revisi[óo]n\\.?|revis[ãa]o\\.?'\n"


def test_a_revision_mark_is_the_packs_word_and_a_word_added_in_yaml_is_read(tmp_path):
    stock = _vocabularies(addenda_rules())
    assert not _figure_anew("Revisión 0", "Revisión 1", stock)  # a sheet's issue, no value given anew
    assert _figure_anew("Revize 0", "Revize 1", stock)  # a Czech mark the stock pack does not list: a figure anew
    czech = _vocabularies(owner_pack(tmp_path, REVISION_MARKS, REVISION_MARKS + "      - regex: 'revize'\n"))
    assert not _figure_anew("Revize 0", "Revize 1", czech)
    # and without the Spanish word, "Revisión 0 | Revisión 1" is a figure given anew
    spanish_out = _vocabularies(owner_pack(tmp_path, REVISION_MARKS, "      - regex: 'revisi\\.?|revis[ãa]o\\.?'\n"))
    assert _figure_anew("Revisión 0", "Revisión 1", spanish_out)


PROVISION_NOUNS = "      - regex: 'numerales|numeral|incisos?|art[íi]culos?|cl[áa]usulas?'\n"


def test_a_clause_unchanged_speaks_for_the_provision_named_by_the_packs_noun(tmp_path):
    read = "El numeral 2.1 no se modifica. Se elimina el numeral 2.2."
    stock = _vocabularies(addenda_rules())
    assert unchanged_clauses(read, stock) == [(0, 29)]
    # an owner's pack whose nouns leave out the Spanish ones: no provision opens the clause, none is its own
    assert unchanged_clauses(read, _vocabularies(owner_pack(tmp_path, PROVISION_NOUNS, ""))) == []
    # and a noun added in YAML is read (a Slovak point, "bod", with the pack's Spanish words around it)
    bod = "El bod 2.1 no se modifica. Se elimina el bod 2.2."
    assert unchanged_clauses(bod, stock) == []
    owner = owner_pack(tmp_path, PROVISION_NOUNS, PROVISION_NOUNS + "      - regex: 'bod'\n")
    assert unchanged_clauses(bod, _vocabularies(owner)) == [(0, 25)]
