"""A CLI that starts fast (issue 20): a command's module, and the engine with it, is imported
only when that command runs. Checked in a fresh interpreter, by what lands in ``sys.modules``."""
from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
import typer
import typer.main
import typer.testing

from inforce.adapters.cli import app
from inforce.adapters.cli.app import COMMAND_MODULES

HEAVY = ("inforce.engine", "kuzu", "torch", "spacy", "camelot", "sentence_transformers",
         "transformers", "pint", "numpy", "pandas", "rich", "inforce.adapters.cli.verify_cmds")


def _modules_after(argv: list[str], prelude: str = "") -> tuple[int, str, set[str]]:
    """Run ``inforce ARGV`` in a fresh interpreter (after ``prelude``, Python run first); its
    exit code, output and imported modules."""
    script = prelude + (
        "import json, sys\n"
        "from inforce.adapters.cli import main\n"
        f"sys.argv = ['inforce', *{argv!r}]\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as done:\n"
        "    code = done.code or 0\n"
        "else:\n"
        "    code = 0\n"
        "sys.stdout.flush()\n"
        "sys.stderr.write('\\nMODULES ' + json.dumps([code, sorted(sys.modules)]))\n"
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    code, modules = json.loads(run.stderr.rsplit("MODULES ", 1)[1])
    return code, run.stdout, set(modules)


def _loaded(modules: set[str], name: str) -> bool:
    return any(m == name or m.startswith(name + ".") for m in modules)


def test_version_imports_no_engine_and_no_heavy_library() -> None:
    code, output, modules = _modules_after(["--version"])
    assert code == 0 and output.startswith("inforce ")
    loaded = [name for name in HEAVY if _loaded(modules, name)]
    assert not loaded, f"inforce --version imported {loaded}"


def test_a_command_loads_only_its_own_module() -> None:
    code, output, modules = _modules_after(["facts", "--help"])
    assert code == 0 and "Usage: inforce facts" in output
    assert _loaded(modules, "inforce.adapters.cli.quantity_cmds")
    others = [m for m in set(COMMAND_MODULES.values()) - {"quantity_cmds"}
              if _loaded(modules, f"inforce.adapters.cli.{m}")]
    assert not others, f"inforce facts --help imported {others}"


def test_the_lazy_table_names_exactly_what_each_module_registers() -> None:
    import importlib

    registered: dict[str, str] = {}
    for module_name in set(COMMAND_MODULES.values()):
        holder = typer.Typer()
        importlib.import_module(f"inforce.adapters.cli.{module_name}").register(holder)
        for name in typer.main.get_group(holder).commands:
            registered[name] = module_name
    assert registered == COMMAND_MODULES


def test_help_lists_every_command_in_order() -> None:
    group = typer.main.get_command(app)
    assert sorted(group.commands) == sorted(COMMAND_MODULES)  # type: ignore[attr-defined]
    result = typer.testing.CliRunner().invoke(app, ["--help"])
    assert result.exit_code == 0
    listed = [line.split()[0] for line in result.output.split("Commands:", 1)[1].splitlines() if line.strip()]
    assert listed == list(COMMAND_MODULES)


def test_an_unknown_command_is_still_a_usage_error_with_a_suggestion() -> None:
    result = typer.testing.CliRunner().invoke(app, ["chek"])
    assert result.exit_code == 2 and "No such command 'chek'. Did you mean 'check'?" in result.output, result.output


@pytest.mark.slow  # imports torch (~2 s) in the child after the pipeline
def test_the_quantity_pipeline_does_not_import_torch_and_torch_still_imports_after() -> None:
    """spaCy's thinc would import torch (2 s) for a pipeline of rules that uses none of it."""
    script = (
        "import importlib.util, sys\n"
        "from inforce.engine.quantities.extract import default_extractor\n"
        "found = default_extractor().extract('The slab is 150 mm thick.')\n"
        "assert found, 'no quantity found'\n"
        "print('torch' in sys.modules)\n"
        "if importlib.util.find_spec('torch') is not None:\n"
        "    import torch\n"
        "    print(torch.zeros(1).shape[0])\n"
        "else:\n"
        "    print(1)\n"
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.split() == ["False", "1"]


def test_the_quantity_pipeline_leaves_spacys_command_line_out_and_it_still_imports_after() -> None:
    """spaCy's package imports its command line (weasel, requests, jinja2, a YAML file read)
    only to offer ``spacy.info``: the pipeline's import leaves it out, and it is whole after."""
    script = (
        "import sys\n"
        "from inforce.engine.quantities.extract import default_extractor\n"
        "assert default_extractor().extract('The slab is 150 mm thick.').mentions\n"
        "print('spacy.cli' in sys.modules, 'weasel' in sys.modules)\n"
        "import spacy\n"
        "from spacy.cli import download\n"
        "from spacy.cli.info import info\n"
        "print(callable(download), spacy.info(silent=True)['spacy_version'] == spacy.__version__)\n"
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.split() == ["False", "False", "True", "True"]


def _imported_by(script: str) -> set[str]:
    """The modules a fresh interpreter holds after running ``script``."""
    run = subprocess.run([sys.executable, "-c", script + "\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    return set(json.loads(run.stdout.splitlines()[-1]))


def test_importing_the_front_leaves_the_rest_of_the_engine_unimported() -> None:
    """``inforce.engine`` exports lazily (PEP 562): the front alone does not pay for the
    sweep, resolve's candidates, the ingest or any model library."""
    modules = _imported_by("from inforce.engine import Project")
    unwanted = ("inforce.engine.sweep", "inforce.engine.candidates", "inforce.engine.ingest",
                "inforce.engine.packtests", "inforce.engine.verify", "torch", "spacy", "pint",
                "sentence_transformers", "transformers", "camelot")
    loaded = [name for name in unwanted if _loaded(modules, name)]
    assert not loaded, f"from inforce.engine import Project imported {loaded}"


def test_every_exported_engine_name_is_the_object_its_module_defines() -> None:
    import importlib

    import inforce.engine as engine

    assert set(engine._HOMES) == set(engine.__all__)
    for name, home in engine._HOMES.items():
        assert getattr(engine, name) is getattr(importlib.import_module(home, "inforce.engine"), name), name
    assert set(engine.__all__) <= set(dir(engine))
    try:
        engine.NoSuchName  # noqa: B018
    except AttributeError as missing:
        assert "NoSuchName" in str(missing)
    else:
        raise AssertionError("an unknown name read as an attribute of inforce.engine")


def test_facts_help_imports_no_model_library_nor_the_quantity_pipeline() -> None:
    code, output, modules = _modules_after(["facts", "--help"])
    assert code == 0 and "Usage: inforce facts" in output
    loaded = [name for name in ("torch", "spacy", "pint", "sentence_transformers", "transformers", "camelot",
                                "inforce.engine.sweep", "inforce.engine.candidates", "inforce.engine.ingest")
              if _loaded(modules, name)]
    assert not loaded, f"inforce facts --help imported {loaded}"


@pytest.mark.slow
def test_a_cold_check_reads_its_answer_without_the_document_readers(
    ingested_example: Callable[[str], Path],
) -> None:
    """``check`` reads one answer file: the adapters' ingest package exports lazily, so the
    document parsers and the engine's ingest stay unloaded, and no model library is loaded
    for a check without entailment."""
    root = ingested_example("followup-handbooks")
    code, output, modules = _modules_after(
        ["check", str(root), "--answer", str(root / "answers" / "s3-p2.json"), "--format", "json"])
    assert code == 0, output
    found = json.loads(output)
    # the bundled answer's verdict (tests/examples/test_example_answers.py): reading it cold
    # must change nothing
    assert (found["verdict"], found["reason"], [c["status"] for c in found["claims"]]) == ("answer", None, ["ok"])
    assert found["claims"][0]["citations"][0]["locator"] == "P2#4.1"
    assert _loaded(modules, "inforce.adapters.ingest.answers")
    # the claim has a number: its quantities are read and matched, with the grammar tables
    # written beside the build at ingest (engine/quantities/_lite.py), so spaCy stays unloaded
    assert found["claims"][0]["quantities"]["status"] == "ok" and found["claims"][0]["quantities"]["matched"]
    assert not _loaded(modules, "spacy")
    unwanted = ("inforce.adapters.ingest.documents", "inforce.adapters.ingest.reader",
                "inforce.adapters.ingest.manifest", "inforce.engine.ingest", "inforce.engine.sweep",
                "torch", "sentence_transformers", "transformers", "camelot", "spacy.cli", "weasel")
    loaded = [name for name in unwanted if _loaded(modules, name)]
    assert not loaded, f"a cold inforce check imported {loaded}"


#: Counts the rule packs a process reads (printed to standard error at exit).
_COUNT_PACK_READS = (
    "import atexit, sys\n"
    "import inforce.rules.loader as loader\n"
    "reads = []\n"
    "read_pack = loader.read_pack\n"
    "def counted(*args, **kwargs):\n"
    "    reads.append(args[0])\n"
    "    return read_pack(*args, **kwargs)\n"
    "loader.read_pack = counted\n"
    "atexit.register(lambda: sys.stderr.write('\\nPACK READS %d\\n' % len(reads)))\n"
)


def _pack_reads(argv: list[str]) -> tuple[int, str, int, str]:
    script = _COUNT_PACK_READS + (
        "from inforce.adapters.cli import main\n"
        f"sys.argv = ['inforce', *{argv!r}]\n"
        "main()\n"
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    return run.returncode, run.stdout, int(run.stderr.rsplit("PACK READS ", 1)[1].split()[0]), run.stderr


@pytest.mark.slow
def test_a_cold_facts_on_a_given_date_reads_no_rule_pack(ingested_example: Callable[[str], Path]) -> None:
    """The date is given and the case states nothing: no rule can name or contradict it, so
    the packs are not read (issue 20: reading them was a quarter of a cold ``facts``). Without
    the date the packs are read, to find an attribute that names it. A fact an addendum item states
    is no exception: which of its figures the item takes out, which the supersession pack's
    verbs say (tenth audit H3), is read as the build lands and kept with its fact tables
    (issue 26), so the strength, which Addendum 2 restates, reads no pack either."""
    root = ingested_example("riverside-library")
    cover = ["facts", str(root), "--subject", "concrete.cover", "--format", "json", "--valid-at", "2026-05-01"]
    code, output, reads, _ = _pack_reads(cover)
    assert code == 0 and json.loads(output)["facts"], output
    assert reads == 0
    facts = ["facts", str(root), "--subject", "concrete.compressive_strength", "--format", "json"]
    code, output, reads, _ = _pack_reads([*facts, "--valid-at", "2026-05-01"])
    assert code == 0 and any(f["locator"].startswith("ADD-02") for f in json.loads(output)["facts"]), output
    assert reads == 0
    code, _, reads, stderr = _pack_reads(facts)
    assert code == 2 and "--valid-at is required" in stderr, stderr
    assert reads > 0


def test_a_cli_process_collects_garbage_at_its_own_pace() -> None:
    """A short process whose objects mostly live until it exits: the collector's young
    generation is collected every ``GC_THRESHOLD`` allocations, not the interpreter's 700
    (issue 20: 15-20 % of a cold ``check`` or ``facts``), and cycles are still collected."""
    from inforce.adapters.cli.app import GC_THRESHOLD

    script = (
        "import gc, sys\n"
        "from inforce.adapters.cli import main\n"
        "sys.argv = ['inforce', '--version']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print(gc.isenabled(), gc.get_threshold()[0], gc.get_freeze_count() > 10000)\n"
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    # and once the command is done, what the process holds is frozen: the interpreter's last
    # full collection at exit does not walk it
    assert run.stdout.split()[-3:] == ["True", str(GC_THRESHOLD), "True"] and GC_THRESHOLD > 700
