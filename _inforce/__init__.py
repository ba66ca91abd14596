"""inforce: which clause is in force for this case, on this date.

The distribution is split into four layers, imported as ``inforce.ontology``,
``inforce.rules``, ``inforce.engine`` and ``inforce.adapters``; dependencies point down.
"""

__version__ = "0.1.0"
PARSER_VERSION = "15"  # 2: PDF text from pdfium ranged text (line breaks kept), PDF and CSV tables;
#                       3: every item of an addendum a provision (engine/addenda/items.py);
#                       4: Word's hidden text left out and its symbols read, XLSX numbers as shown,
#                          Akoma Ntoso application profiles and a number's space before its text;
#                       5: one opening rule for access written as text (adapters/ingest/opening.py),
#                          a Word table nested in a cell read with its cells parted by tabs;
#                       6: the opening rule decides by the groups the project uses; Word page
#                          headers' text boxes and insertions, Akoma Ntoso prefaces judged
#                       7: a restriction is any opening line naming a group in use with only
#                          restriction words (no key needed); group names in one normal form
#                       8: a restriction is any run naming a group in use beside a restricting word,
#                          whatever other words; a document's declared groups agree (audit 23o A3)
#                       9: in a document declaring no access, a line of the marking places (opening,
#                          last lines, Word headers and footers) naming a group in use is an error,
#                          whatever its words; `public: true` declares a document public (audit 23p A4)
#                      10: that rule by place, not by a count of words (a padded marking, a closing
#                          sentence); a register row's `public` column (issue 23)
#                      11: clauses standing alone (5.1.3 with no 5.1.1; D9.1) read as provisions
#                      12: so too after clauses opened with no parent whose numbers jump (special
#                          conditions numbered by the general clauses: 1.1, 8.1, 13.1, 16.3)
#                      13: a clause whose text starts in lower case (6.2 f'c = 25 MPa) opens at a
#                          paragraph's start when it is the next number (issue 23, audit 65 C F3)
#                      14: the marking rule's fixes of audits 92-102 (inflected and abbreviated group
#                          names, a cell judged alone, a row parted at every column rule, a Word body's
#                          text boxes, tracked insertions and hidden text in its marking places) judge
#                          every stored document again: one ingested before them is read afresh
#                      15: a PDF's annotations on its marking places' pages and its title, subject and
#                          keywords properties, and a Word file's footnotes, endnotes, comments,
#                          SmartArt, ruby text, field instructions and table alt text in its marking
#                          places and its core and custom properties, judged by the marking rule
#                          (audit 104 A F1-F3): a file ingested public with a marking there is read afresh;
#                          a Word ruby's base text read as the run's text (it was left out)

__all__ = ["PARSER_VERSION", "__version__"]
