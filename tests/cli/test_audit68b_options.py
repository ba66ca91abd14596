"""Issue 23, audit 68 B (lows): option values read as something they do not say.

L1: ``eligible --exclusions`` with a padded id (`` SOP-114``), an empty one (``SOP-114,,SOP-121``)
or one given twice was read as the ids around it, exit 0. L2: ``--groups ""``, ``" "``,
``"qa, "`` and ``"a,,b"`` were read as no group, or as the groups around the empty one (audit
67 L2). Both lists are read by one parser (``parse_names``). L3: a ``--known-at`` offset out of
range was refused in Python's words (``offset must be a timedelta strictly between
-timedelta(hours=24) ...``). Each is refused at its option, exit 2; each control is read."""

from __future__ import annotations

import pytest

from tests.support.in_process import inforce

DAY = "2026-01-01"


def _refused(*args: object) -> str:
    done = inforce(*args)
    assert done.returncode == 2, done.stdout + done.stderr
    return done.stderr


@pytest.mark.parametrize(
    ("value", "says"),
    [(" SOP-114", "document id ' SOP-114' has spaces around it"), ("SOP-114,,SOP-121", "an empty document id"),
     ("SOP-114,SOP-114", "SOP-114 given twice"), ("SOP-114, SOP-121", "' SOP-121' has spaces around it"),
     ("", "an empty document id")],
)
def test_eligible_refuses_a_padded_empty_or_repeated_excluded_id(ingested_example, value: str, says: str):
    project = ingested_example("sop-retention")  # read only
    said = _refused("eligible", project, "--valid-at", DAY, "--exclusions", value)
    assert "--exclusions" in said and says in said, said


def test_eligible_reads_a_list_of_excluded_ids_written_plainly(ingested_example):
    project = ingested_example("sop-retention")  # read only
    done = inforce("eligible", project, "--valid-at", DAY, "--exclusions", "SOP-114,SOP-121")
    assert done.returncode in (0, 1), done.stdout + done.stderr


@pytest.mark.parametrize(
    ("value", "says"),
    [("", "an empty group name"), (" ", "an empty group name"), ("qa, ", "an empty group name"),
     ("a,,b", "an empty group name"), ("qa, owners", "' owners' has spaces around it"), ("qa,qa", "qa given twice")],
)
@pytest.mark.parametrize("command", [["lag", "--now", "2026-01-01T00:00:00Z"], ["sweep", "--valid-at", DAY],
                                     ["asof", "SOP-114#3", "--valid-at", DAY]])
def test_every_command_refuses_an_empty_padded_or_repeated_group(ingested_example, command, value: str, says: str):
    project = ingested_example("sop-retention")  # read only
    said = _refused(command[0], project, *command[1:], "--groups", value)
    assert "--groups" in said and says in said, said


def test_a_list_of_groups_written_plainly_is_read(ingested_example):
    project = ingested_example("sop-retention")  # read only
    done = inforce("asof", project, "SOP-114#3", "--valid-at", DAY, "--groups", "qa,owners")
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_known_at_offset_out_of_range_is_said_in_the_products_words(ingested_example):
    project = ingested_example("sop-retention")  # read only
    said = _refused("eligible", project, "--valid-at", DAY, "--known-at", "2026-01-01T00:00:00+25:00")
    assert "--known-at" in said and "the UTC offset +25:00 is out of range (from -23:59 to +23:59)" in said, said
    assert "timedelta" not in said, said
    done = inforce("eligible", project, "--valid-at", DAY, "--known-at", "2026-01-01T00:00:00+05:30")
    assert done.returncode in (0, 1), done.stdout + done.stderr


@pytest.mark.parametrize(("value", "says"), [("9" * 5000, "'99999"), ("\u00b2", "'\u00b2'"), ("-3", "'-3'")])
def test_eligible_refuses_digits_no_number_is_read_from(ingested_example, value: str, says: str):
    """Audit 72 B F1: 5,000 digits and a superscript were internal errors (exit 70); each is
    refused at ``--exclusions``, the 5,000 digits echoed cut."""
    project = ingested_example("sop-retention")  # read only
    said = _refused("eligible", project, "--valid-at", DAY, "--exclusions", value)
    assert "--exclusions" in said and "not a number, all or document ids" in said and says in said, said
    assert len(said) < 1000, said
