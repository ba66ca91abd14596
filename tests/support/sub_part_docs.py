"""A concrete section lettering its paragraphs and a CCTP numbering its alinéas, with an addendum of one
item over them: what the sub-part tests (audits 57 and 59) read an item's place against."""

from __future__ import annotations

from addenda_reading import read_project, start_project
from corpus_writer import write_doc

CONCRETE = ("SECTION 03 30 00 - CAST-IN-PLACE CONCRETE\n\nPART 2 PRODUCTS\n\n2.1 MIXTURES\n\n"
            "A. Compressive strength: 4,000 psi.\n\nB. Water-cementitious ratio: 0.45.\n\nC. Slump: 4 inches.\n\n"
            "2.2 ADMIXTURES\n\nA. Air entraining: ASTM C260.\n\nB. Water reducing: ASTM C494.\n\n"
            "C. Accelerating: calcium chloride.\n\nPART 3 EXECUTION\n\n3.1 CURING\n\n(a) Keep moist seven days.\n\n"
            "(b) Cover with sheets.\n")
#: a CCTP whose articles number their alinéas (2.1.1, 2.1.2, ...): "alinéa m" of "article 2.1" is 2.1.m
CCTP = ("CAHIER DES CLAUSES TECHNIQUES PARTICULIÈRES - LOT 02 GROS OEUVRE\n\n2 BÉTONS\n\n2.1 COMPOSITION\n\n"
        "2.1.1 Le béton sera de classe C25/30.\n\n2.1.2 Le rapport eau/ciment sera au plus 0,55.\n\n"
        "2.1.3 L'affaissement sera de 10 cm.\n\n2.2 CURE\n\n2.2.1 Le béton sera maintenu humide sept jours.\n")
CCTP_TITLE = "Cahier des Clauses Techniques Particulières (CCTP), Lot 02 Gros Oeuvre, Groupe scolaire des Tilleuls"
#: the addendum's heading names the tender the CCTP is of (a document named by its initials only there)
HEAD = "ADDENDUM NO. 1 - GROUPE SCOLAIRE DES TILLEULS - LOT 02 GROS OEUVRE\n\n"


def read_sub_part_item(root, rules, line: str):
    start_project(root, "audit-57-sub-parts")
    write_doc(root, "SPEC-033000", "2027-01-04", CONCRETE, title="Section 03 30 00 Cast-in-Place Concrete")
    write_doc(root, "SPEC-CCTP", "2027-01-04", CCTP, title=CCTP_TITLE)
    write_doc(root, "ADD-01", "2027-02-01", f"{HEAD}1. {line}\n", title="Addendum No. 1")
    return read_project(root, rules)
