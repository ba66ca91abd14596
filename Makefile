# Two commands: `make demo` runs the main job on a bundled example, `make test` runs the tests
# (`make test-fast` all but the slow ones).
# Each creates .venv when it is missing. torch is pinned first: on these machines 2.13.0 is
# the CPU build already on disk, and an unpinned torch would pull gigabytes of CUDA.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
TORCH  := torch==2.13.0
EXAMPLE ?= examples/riverside-library

.PHONY: demo test test-fast lint bench wheel-check clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.ml: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q $(TORCH)
	$(BIN)/pip install -q -e '.[ml]'
	touch $@

# ray: its tests (tests/cli/*_ray.py) run in `make test` (about 15 s and 240 MB to install)
$(VENV)/.dev: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q $(TORCH)
	$(BIN)/pip install -q -e '.[ml,dev,serve,ray]'
	touch $@

# The main job: sweep the construction example for conflicts as of 1 May 2026 and write the
# HTML report (out/riverside-sweep.html, one self-contained page) with the summary on standard
# error. Before it, the steps the sweep rests on: load the graph, resolve the replaced clause as
# of the date (Addendum 2 replaced it), decide the specification-against-drawing conflict under
# the project's pack and under FAR 52.236-21, and check two answers: one citing the addendum
# (an answer) and one citing the replaced clause (a refusal, exit 1, expected here). The sweep
# under precedence/none writes an RFI draft per escalation to out/rfi/. --fail-on none: the
# demo shows findings, it does not gate on them (a pipeline would keep the default, escalate).
demo: $(VENV)/.ml
	$(BIN)/inforce ingest $(EXAMPLE)
	$(BIN)/inforce stats $(EXAMPLE)
	$(BIN)/inforce asof $(EXAMPLE) 'SPEC-033000#2.1.A' --valid-at 2026-05-01
	$(BIN)/inforce precedence $(EXAMPLE) 'SPEC-033000#2.1.A' 'DWG-S-101#callout-3' --valid-at 2026-05-01
	$(BIN)/inforce precedence $(EXAMPLE) 'SPEC-033000#2.1.A' 'DWG-S-101#callout-3' --valid-at 2026-05-01 --pack precedence/far-52-236-21
	$(BIN)/inforce check $(EXAMPLE) --answer $(EXAMPLE)/answers/s4-addendum.json
	$(BIN)/inforce check $(EXAMPLE) --answer $(EXAMPLE)/answers/s4-original-clause.json; test $$? -eq 1
	@mkdir -p out
	$(BIN)/inforce sweep $(EXAMPLE) --valid-at 2026-05-01 --pack precedence/none --rfi-dir out/rfi --fail-on none -o out/riverside-sweep-none.json
	$(BIN)/inforce sweep $(EXAMPLE) --valid-at 2026-05-01 --format html -o out/riverside-sweep.html --fail-on none
	@echo "report: out/riverside-sweep.html"

# Every test, spread over every core and one worker more (pytest-xdist). --dist loadfile keeps a test file on one
# worker, so a fixture a file builds once (an ingested example, a generated project) is built
# once, not once per worker (tests/conftest.py also keeps the files of tests/models/ together, so
# one worker imports torch). test-fast is the inner loop: the same minus the tests marked slow.
# Bytecode is written even where the environment sets PYTHONDONTWRITEBYTECODE: each worker,
# and each `inforce` the tests start, would otherwise compile the package and pytest rewrite
# every test file again on every run.
# One worker more than the cores: the suite waits a good part of its time (processes it starts,
# Ray's services, fsync), and a third worker fills it — on this 2-core machine, 8:05 with 3
# workers against 8:46 with 2, both quiet, 4 December.
TEST_WORKERS ?= $(shell echo $$(( $$(nproc 2>/dev/null || echo 1) + 1 )))
PYTEST := env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -m pytest -q -n $(TEST_WORKERS) --dist loadfile

test: $(VENV)/.dev
	$(PYTEST)

test-fast: $(VENV)/.dev
	$(PYTEST) -m "not slow"

lint: $(VENV)/.dev
	$(BIN)/ruff check .

# Every benchmark, each writing its own section of bench/RESULTS.md (bench/results/NAME.md,
# assembled by bench/write_results.py with the command, date and machine). Sized for a 2-core
# machine; the large projects are cached under /tmp/inforce-bench between runs (a first run
# on a fresh machine writes and ingests them, a few minutes more). PostgreSQL is started by
# ../shared/peers/start-postgres.sh; a benchmark that cannot start it says so in its section.
bench: $(VENV)/.dev
	$(BIN)/python -c "import psycopg" 2>/dev/null || $(BIN)/pip install -q -e '.[ml,dev,bench]'
	$(BIN)/python bench/write_results.py --name ingest --title "Ingest: specification projects" -- \
	  $(BIN)/python bench/ingest_bench.py --sizes 1000 5000
	$(BIN)/python bench/write_results.py --name ingest-small --title "Ingest: short handbooks" -- \
	  $(BIN)/python bench/ingest_bench.py --small-docs 20000
	$(BIN)/python bench/write_results.py --name docx --title "Ingest: Word specifications with a register, beside the same in Markdown (issue 13)" -- \
	  $(BIN)/python bench/docx_bench.py --files 1000
	$(BIN)/python bench/write_results.py --name store --title "Store alone (documents built in memory)" -- \
	  $(BIN)/python bench/store_bench.py --docs 1000 --provisions 50
	$(BIN)/python bench/write_results.py --name embed --title "Embeddings (a separate step, never part of ingest)" -- \
	  $(BIN)/python bench/embed_bench.py --passages 1000 --store
	$(BIN)/python bench/write_results.py --name asof --title "As-of through Project, with PostgreSQL and the in-memory floor" -- \
	  $(BIN)/python bench/asof_bench.py --docs 20000
	$(BIN)/python bench/write_results.py --name eligibility --title "Eligibility through Project.eligible, with PostgreSQL and a Python scan" -- \
	  $(BIN)/python bench/eligibility_bench.py --docs 20000 --runs 200
	$(BIN)/python bench/write_results.py --name cli-eligible --title "CLI: inforce eligible against inforce stats" -- \
	  $(BIN)/python bench/cli_eligible_bench.py --docs 20000 --runs 7
	$(BIN)/python bench/write_results.py --name quantities --title "Quantity extraction against 465 hand-labelled mentions: inforce and quantulum3" -- \
	  $(BIN)/python bench/quantity_eval.py
	$(BIN)/python bench/write_results.py --name financebench --title "FinanceBench: answers as claims against their evidence; extraction beside quantulum3" -- \
	  $(BIN)/python bench/financebench_quantities.py
	$(BIN)/python bench/write_results.py --name graph-check --title "Checking the graph file on open (100k provisions)" -- \
	  $(BIN)/python bench/graph_check.py --docs 1110 --runs 7
	$(BIN)/python bench/write_results.py --name facts --title "Facts by subject over ~100k provisions, with PostgreSQL and the in-memory floor" -- \
	  $(BIN)/python bench/facts_bench.py --docs 1110 --runs 200 --runs-all 20
	$(BIN)/python bench/write_results.py --name pdf --title "PDFs: ingest with tables, pages per second" -- \
	  $(BIN)/python bench/pdf_bench.py --runs 3
	$(BIN)/python bench/write_results.py --name retrieval --title "Retrieval: nDCG@10, recall@10, MRR by mode" -- \
	  $(BIN)/python bench/retrieval_eval.py
	$(BIN)/python bench/write_results.py --name financebench-check --title "FinanceBench through check: gold answers cited to their evidence, and one number changed by 10% (issue 10)" -- \
	  $(BIN)/python bench/financebench_check.py
	$(BIN)/python bench/write_results.py --name verify --title "check and resolve over 100k provisions, beside a post-filtering baseline" -- \
	  $(BIN)/python bench/verify_bench.py
	$(BIN)/python bench/write_results.py --name sweep --title "Sweep: planted conflicts found, time linear in provisions (10k / 50k / 200k)" -- \
	  $(BIN)/python bench/sweep_bench.py --sizes 10000 50000 200000 --workers 1 2 --embed --embed-max 10000
	$(BIN)/python bench/write_results.py --name addenda --title "Addenda wording: derivation precision and recall on 117 items modelled on real addenda, tuning and held-out sets apart (issue 12)" -- \
	  $(BIN)/python bench/addenda_eval.py
	$(BIN)/python bench/write_results.py --name impact --title "rules impact: 20,000 handbooks, 1,000 cases, a period 14 -> 10 days" -- \
	  $(BIN)/python bench/impact_bench.py --docs 20000 --cases 1000 --runs 3
	$(BIN)/python bench/write_results.py --name startup --title "A CLI that starts fast: cold commands and as-of with text at 100k provisions, now and before issue 20" -- \
	  $(BIN)/python bench/startup_bench.py --provisions 100000 --runs 5
	$(BIN)/python bench/write_results.py --name scale-million --title "One project of a million provisions on one machine (issue 26)" -- \
	  $(BIN)/python bench/scale_bench.py --sizes 100000 1000000 --step-timeout 900

# Build the wheel, install it into a clean venv and import from outside the repository.
wheel-check: $(VENV)/.dev
	rm -rf build dist /tmp/inforce-wheel-venv
	$(BIN)/pip wheel -q --no-deps -w dist .
	$(PYTHON) -m venv --system-site-packages /tmp/inforce-wheel-venv
	/tmp/inforce-wheel-venv/bin/pip install -q --no-deps dist/inforce-*.whl
	cd /tmp && PYTHONPATH=$(CURDIR)/$(VENV)/lib/python3.11/site-packages /tmp/inforce-wheel-venv/bin/python -c "import inforce, inforce.ontology, inforce.engine, inforce.adapters.cli, inforce.adapters.ingest; from inforce.rules import stock_pack_names, check_target; assert inforce.__file__.startswith('/tmp/inforce-wheel-venv/'), inforce.__file__; names = stock_pack_names(); assert 'precedence/aia-style' in names, names; assert check_target(None) == [], 'stock packs do not load from the wheel'; import sys; from inforce.engine.ingest.reader import default_reader; reader = default_reader(); assert sys.modules[type(reader).__module__].__file__.startswith('/tmp/inforce-wheel-venv/'), 'the inforce.readers entry point does not reach the wheel'; print('wheel imports ok:', len(names), 'stock packs; reader', type(reader).__name__)"

clean:
	rm -rf $(VENV) build dist *.egg-info out
