"""``inforce rules fmt``, ``inforce rules new`` and the schema ``inforce init`` writes, on the
command line: exit codes (1 for ``--check`` when a layout would change, 2 for a pack that does
not check), what is written and what is left alone."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.rules.loader import STOCK_ROOT
from inforce.rules.schema import SCHEMA_DIR

runner = CliRunner()

UNORDERED = """\
# my pack
title: Follow-up
schema_version: 1
rules:
  - kind: eligibility
    id: FUP-E001   # the first rule
    slug: by-market
    description: A handbook applies when it lists the order's market.
    source: Handbooks §2
    facets: {market: membership}
"""


def invoke(*args: str, code: int = 0):
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exit_code == code, result.output
    return result


def test_the_stock_packs_are_in_the_canonical_layout():
    """The gate a pack's pull request runs: ``rules fmt --check`` exits 0 on the stock packs."""
    result = invoke("rules", "fmt", "--check", STOCK_ROOT)
    assert "0 packs would be reformatted" in result.stderr


def test_check_exits_1_and_writes_nothing_then_fmt_writes_the_layout(tmp_path):
    pack = tmp_path / "followup.yaml"
    pack.write_text(UNORDERED)
    result = invoke("rules", "fmt", "--check", "--diff", pack, code=1)
    assert pack.read_text() == UNORDERED
    assert "would reformat" in result.stderr and "+schema_version: 1" in result.stdout
    invoke("rules", "fmt", pack)
    laid = pack.read_text()
    assert laid.startswith("# my pack\nschema_version: 1\ntitle: Follow-up\n")
    assert "  - id: FUP-E001  # the first rule\n    slug: by-market\n    kind: eligibility\n" in laid
    invoke("rules", "fmt", "--check", pack)  # fmt of fmt = fmt
    data = json.loads(invoke("rules", "fmt", "--check", pack, "--format", "json").stdout)
    assert data == {"packs": [{"file": data["packs"][0]["file"], "changed": False, "written": False, "diff": ""}],
                    "changed": 0, "check": True}


def test_a_pack_that_does_not_check_exits_2_with_its_problems_and_is_left_alone(tmp_path):
    pack = tmp_path / "bad.yaml"
    bad = UNORDERED.replace("membership", "membershp")
    pack.write_text(bad)
    result = invoke("rules", "fmt", pack, code=2)
    assert "bad.yaml:10" in result.stderr and "nothing written" in result.stderr
    assert pack.read_text() == bad


def test_rules_new_writes_a_pack_headed_by_the_schema_and_the_schema_beside_it(tmp_path):
    pack = tmp_path / "rules" / "subjects.yaml"
    pack.parent.mkdir()
    result = invoke("rules", "new", pack, "--kind", "subject", "--prefix", "FUP", "--title", "Our subjects")
    assert f"created {pack}" in result.stderr
    text = pack.read_text()
    assert text.startswith("# yaml-language-server: $schema=rule-pack.schema.json\n")
    assert 'title: "Our subjects"' in text and "id: FUP-V001" in text
    assert (pack.parent / "rule-pack.schema.json").read_text() == (SCHEMA_DIR / "rule-pack.schema.json").read_text()
    invoke("rules", "check", pack)
    invoke("rules", "fmt", "--check", pack)
    invoke("rules", "new", pack, code=2)  # never over a file
    assert pack.read_text() == text
    invoke("rules", "new", tmp_path / "x.yaml", "--kind", "grade", code=2)
    made = json.loads(invoke("rules", "new", tmp_path / "c.yaml", "--kind", "calculation", "-f", "json").stdout)
    assert made == {"pack": str(tmp_path / "c.yaml"), "created": [str(tmp_path / "c.yaml"),
                                                                 str(tmp_path / "rule-pack.schema.json")]}


def test_init_puts_the_schema_new_packs_name_in_rules(tmp_path):
    project = tmp_path / "p"
    result = invoke("init", project)
    schema = project / "rules" / "rule-pack.schema.json"
    assert f"created {schema}" in result.stderr
    assert schema.read_text() == (SCHEMA_DIR / "rule-pack.schema.json").read_text()
    invoke("rules", "new", project / "rules" / "eligibility.yaml")
    assert sorted(p.name for p in (project / "rules").iterdir()) == ["eligibility.yaml", "rule-pack.schema.json"]
    assert "rules new rules/eligibility.yaml" in (project / "inforce.yaml").read_text()


def test_init_leaves_a_schema_file_already_in_rules_as_it_is(tmp_path):
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "rule-pack.schema.json").write_text("mine\n")
    result = invoke("init", tmp_path)
    assert (tmp_path / "rules" / "rule-pack.schema.json").read_text() == "mine\n"
    assert "rule-pack.schema.json" not in result.stderr  # only what init wrote is listed


def test_fmt_of_every_stock_pack_on_a_copy_changes_no_byte(tmp_path):
    copies = []
    for path in sorted(STOCK_ROOT.rglob("*.yaml")):
        if not path.name.endswith(".test.yaml"):
            copy = tmp_path / path.relative_to(STOCK_ROOT)
            copy.parent.mkdir(parents=True, exist_ok=True)
            copy.write_bytes(path.read_bytes())
            copies.append((path, copy))
    invoke("rules", "fmt", tmp_path)
    assert all(copy.read_bytes() == path.read_bytes() for path, copy in copies)
    assert not [p for p in tmp_path.rglob("*") if p.is_file() and p.suffix != ".yaml"]
    assert Path(tmp_path).is_dir()


# -- what a re-audit tried (issue 23, audit 23r R2-R4) ---------------------------------------------


def test_a_linked_pack_is_refused_never_replaced_by_a_copy(tmp_path):
    shared = tmp_path / "shared.yaml"
    shared.write_text(UNORDERED)
    (tmp_path / "sym.yaml").symlink_to(shared)
    (tmp_path / "hard.yaml").hardlink_to(shared)
    for name in ("sym.yaml", "hard.yaml"):
        result = invoke("rules", "fmt", tmp_path / name, code=2)
        assert "is a link" in result.stderr and "nothing written" in result.stderr
    assert (tmp_path / "sym.yaml").is_symlink() and shared.read_text() == UNORDERED
    assert shared.stat().st_nlink == 2  # the hard link still shares the file
    invoke("rules", "fmt", "--check", tmp_path / "sym.yaml", code=1)  # --check writes nothing: links are fine


_LIMITED_FMT = """
import resource, sys
from inforce.adapters.cli import app
limit = int(sys.argv[1])
resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))  # a full disk: a file past the limit is refused
app(["rules", "fmt", *sys.argv[2:]])
"""


def test_a_pack_that_cannot_be_written_names_itself_and_those_already_written(tmp_path):
    """A full disk after the first pack (here a file-size limit, in a process of its own) exited 70
    with an internal error: it now names the pack and those already laid out, exit 2."""
    import subprocess
    import sys

    first, big = tmp_path / "first.yaml", tmp_path / "second.yaml"
    first.write_text(UNORDERED)
    big.write_text("# " + "a long note of the owner's " * 80 + "\n" + UNORDERED)
    done = subprocess.run([sys.executable, "-c", _LIMITED_FMT, "1500", str(first), str(big)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    assert "second.yaml: could not be written" in done.stderr and "already laid out" in done.stderr
    # said once, as the limit it is (audit 81 B L1: the path twice, "--pack" for the argument, "File too large")
    assert done.stderr.count("second.yaml") == 1 and "--pack" not in done.stderr, done.stderr
    assert "too large for the file-size limit (ulimit -f)" in done.stderr, done.stderr
    assert "internal error" not in done.stderr
    assert first.read_text() != UNORDERED and big.read_text().endswith(UNORDERED)  # the first written whole, the other as it was


def test_rules_new_writes_no_pack_when_its_schema_copy_cannot_be_written(tmp_path):
    (tmp_path / "rule-pack.schema.json").mkdir()
    result = invoke("rules", "new", tmp_path / "p.yaml", code=2)
    assert "rule-pack.schema.json" in result.stderr and ".partial" not in result.stderr
    assert not (tmp_path / "p.yaml").exists()


def test_rules_new_refuses_a_title_that_is_not_text(tmp_path):
    import subprocess
    import sys

    cli = Path(sys.executable).parent / "inforce"  # the console script: argv's bytes as a terminal gives them
    title = b"Fees \xff".decode("utf-8", "surrogateescape")
    done = subprocess.run([str(cli), "rules", "new", str(tmp_path / "p.yaml"), "--title", title],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "title" in done.stderr and not (tmp_path / "p.yaml").exists(), done.stderr


def test_rules_new_refuses_a_title_that_is_not_one_line_of_visible_text(tmp_path):
    """Audit 74 A L3: ``--title`` took an escape sequence or a line break into the pack's title
    (quoted right, read back as written), where a review's ``--by`` and ``--note`` refuse them:
    a title is one line a policy owner reads. Refused naming it, nothing written."""
    for title, said in (("\x1b[31mred", "U+001B"), ("Fees\nrules: []", "line break"), ("a\u202eb", "U+202E")):
        result = runner.invoke(app, ["rules", "new", str(tmp_path / "p.yaml"), "--title", title])
        assert result.exit_code == 2 and said in result.output and "title" in result.output, result.output
        assert not (tmp_path / "p.yaml").exists()
    assert runner.invoke(app, ["rules", "new", str(tmp_path / "p.yaml"), "--title", "Fees\tand charges"]).exit_code == 0


def test_a_pack_saved_with_a_byte_order_mark_is_read_by_fmt_as_by_check(tmp_path):
    """A pack a Windows editor saved with a UTF-8 byte order mark checked clean while ``rules fmt``
    and ``fmt --check`` (the CI gate) refused it, exit 2, "'\\ufeff' between values" (audit 71 B
    F8): fmt reads it as check does, and keeps the mark where it stands."""
    invoke("rules", "new", tmp_path / "p.yaml")
    laid = tmp_path / "laid.yaml"
    laid.write_bytes(b"\xef\xbb\xbf" + (tmp_path / "p.yaml").read_bytes())
    invoke("rules", "check", laid)
    invoke("rules", "fmt", "--check", laid)  # already in the layout: nothing to change
    pack = tmp_path / "followup.yaml"
    pack.write_bytes(b"\xef\xbb\xbf" + UNORDERED.encode())
    invoke("rules", "check", pack)
    invoke("rules", "fmt", "--check", pack, code=1)
    invoke("rules", "fmt", pack)
    assert pack.read_bytes().startswith(b"\xef\xbb\xbf# my pack\nschema_version: 1\ntitle: Follow-up\n")
    invoke("rules", "fmt", "--check", pack)
