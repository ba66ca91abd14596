"""inforce.yaml: parsed into a Manifest, every problem at its line, unknown stock packs warned."""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.adapters.ingest import load_manifest, load_manifest_with_warnings, stock_pack_names
from inforce.ontology import InputError, InputErrors


def manifest_errors(root: Path, text: str) -> list[InputError]:
    (root / "inforce.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(InputErrors) as caught:
        load_manifest(root)
    return list(caught.value.exceptions)  # type: ignore[arg-type]


def test_a_valid_manifest(tmp_path: Path):
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "quantities.yaml").write_text("rules: []\n", encoding="utf-8")
    (tmp_path / "inforce.yaml").write_text(
        "project: riverside-library\n"
        "facets: [market, product]\n"
        "rules:\n"
        "  - stock: no-such/pack-here\n"
        '    params: {source: "Agreement Article 1.2", levels: [1, 2]}\n'
        "  - path: rules/quantities.yaml\n",
        encoding="utf-8",
    )
    manifest, warnings = load_manifest_with_warnings(tmp_path)
    assert manifest.project == "riverside-library" and manifest.facets == ("market", "product")
    stock, local = manifest.rules
    assert (stock.stock, stock.params, stock.line) == (
        "no-such/pack-here",
        {"source": "Agreement Article 1.2", "levels": [1, 2]},
        4,
    )
    assert (local.path, local.params, local.line) == ("rules/quantities.yaml", {}, 6)
    # An unknown stock pack is a warning, not an error.
    (warning,) = warnings
    assert (warning.file, warning.line, warning.field) == ("inforce.yaml", 4, "rules[0].stock")
    assert "no-such/pack-here" in warning.message


def test_shipped_stock_packs_are_not_warned_about(tmp_path: Path):
    names = stock_pack_names()
    if not names:
        pytest.skip("no stock packs shipped yet")
    name = sorted(names)[0]
    (tmp_path / "inforce.yaml").write_text(
        f"project: p\nrules:\n  - stock: {name}\n", encoding="utf-8"
    )
    manifest, warnings = load_manifest_with_warnings(tmp_path)
    assert manifest.rules[0].stock == name and warnings == []


def test_missing_project_and_unknown_keys(tmp_path: Path):
    errors = manifest_errors(tmp_path, "facets: [market]\nrule: []\n")
    assert [(e.line, e.field) for e in errors] == [(1, "project"), (2, "rule")]
    assert "missing required field" in errors[0].message and "unknown key" in errors[1].message


def test_malformed_yaml(tmp_path: Path):
    (error,) = manifest_errors(tmp_path, "project: p\nfacets: [market\nrules: []\n")
    assert error.file == "inforce.yaml" and error.line == 3 and "YAML" in error.message


def test_wrong_types(tmp_path: Path):
    errors = manifest_errors(tmp_path, "project: [a, b]\nfacets: {market: 1}\nrules: stock\n")
    assert [(e.line, e.field) for e in errors] == [(1, "project"), (2, "facets"), (3, "rules")]


def test_rules_entries(tmp_path: Path):
    errors = manifest_errors(
        tmp_path,
        "project: p\n"
        "rules:\n"
        "  - stock: precedence/aia-style\n"
        "    path: rules/x.yaml\n"
        "  - params: {a: 1}\n"
        "  - path: rules/missing.yaml\n"
        "  - stock: precedence/aia-style\n"
        "    params: [1]\n"
        "    version: 2\n"
        "  - path: ../outside.yaml\n",
    )
    assert [(e.line, e.field) for e in errors] == [
        (3, "rules[0]"),
        (5, "rules[1]"),
        (6, "rules[2].path"),
        (8, "rules[3].params"),
        (9, "rules[3].version"),
        (10, "rules[4].path"),
    ]
    assert "exactly one of" in errors[0].message and "not both" in errors[0].message
    assert "rules/missing.yaml" in errors[2].message and "outside" in errors[5].message


def test_a_unit_spelling_inforce_reads_already_is_not_given_another_meaning(tmp_path: Path):
    """Audit 60 F02: ``units: {psi: meter}`` was taken, and "not less than 5,000 psi" then
    supported a claim of 5 km. A spelling the unit table reads (pint's name, or an alias in
    any case) keeps its meaning; each is an error at its own line."""
    errors = manifest_errors(tmp_path, "project: p\nunits:\n  psi: meter\n  SY: yard ** 2\n"
                                       "  Psi: meter\n  mm: inch\n")
    assert [(e.field, e.line) for e in errors] == [("units.psi", 3), ("units.Psi", 5), ("units.mm", 6)]
    assert "already reads" in errors[0].message and errors[0].file == "inforce.yaml"


def test_a_unit_spelling_of_the_projects_own_or_the_same_unit_again_is_kept(tmp_path: Path):
    (tmp_path / "inforce.yaml").write_text("project: p\nunits:\n  SY: yard ** 2\n  KSF: klbf / ft ** 2\n"
                                           "  PSI: psi\n", encoding="utf-8")
    assert load_manifest(tmp_path).units == {"SY": "yard ** 2", "KSF": "klbf / ft ** 2", "PSI": "psi"}


def test_no_manifest(tmp_path: Path):
    with pytest.raises(InputErrors) as caught:
        load_manifest(tmp_path)
    (error,) = caught.value.exceptions
    assert error.file == "inforce.yaml" and "inforce init" in (error.hint or "")


@pytest.mark.parametrize("name, code", [("safe\\u202etxt.exe", "U+202E"), ("plan\\u200bA", "U+200B"),
                                        ("two\\u00a0words", "U+00A0")])
def test_a_project_name_that_reads_otherwise_than_it_is_is_refused_at_its_line(tmp_path: Path, name: str, code: str):
    """Audit 51: a right-to-left override or an invisible character in ``project:`` would list
    the project under a name that shows otherwise (the service's /v1/projects, every report's
    header); it is refused as a group or facet name is, at the manifest's line and field."""
    (error,) = manifest_errors(tmp_path, f'facets: []\nproject: "{name}"\n')
    assert (error.line, error.field) == (2, "project") and code in error.message


def test_a_project_name_with_plain_spaces_and_letters_of_any_script_is_kept(tmp_path: Path):
    (tmp_path / "inforce.yaml").write_text('project: "Bibliothèque Rive Sud 図書館"\n', encoding="utf-8")
    assert load_manifest(tmp_path).project == "Bibliothèque Rive Sud 図書館"


@pytest.mark.parametrize("name", ["reports/../q3", "../../pwned", 'x"><b>/../y', "a\\b", ".", ".."])
def test_a_project_name_no_route_can_carry_is_refused_at_its_line(tmp_path: Path, name: str):
    """Audit 71 A F4: ``project: "reports/../q3"`` was ingested, served and listed (/v1/projects,
    the pages' index), and then every /v1/projects/NAME route and page link was a bare 404;
    only sweep-all refused it. The manifest's reader refuses it, at its line, for every command
    that reads the manifest (``manifest.project_name``): ``inforce ingest`` and ``serve`` alike."""
    from typer.testing import CliRunner

    from inforce.adapters.cli import app

    escaped = name.replace("\\", "\\\\").replace('"', '\\"')
    (error,) = manifest_errors(tmp_path, f'facets: []\nproject: "{escaped}"\n')
    assert (error.line, error.field) == (2, "project") and "cannot name the project" in error.message
    (tmp_path / "documents").mkdir()
    refused = CliRunner().invoke(app, ["ingest", str(tmp_path)])
    assert refused.exit_code == 2 and "inforce.yaml:2:10: project:" in refused.output, refused.output
