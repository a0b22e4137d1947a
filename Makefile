# Everyday commands. `make run` and `make test` work on a fresh machine: they make
# the virtual environment (.venv) and install the dependencies from pyproject.toml.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# The site is at http://127.0.0.1:$(PORT)/ (honcho passes PORT to the Procfile).
PORT ?= 8000

.DEFAULT_GOAL := help
.PHONY: help venv migrate messages makemessages redis browser run test test-fast lint format bench bench-instructions bench-load bench-soak bench-play bench-deadlines bench-daily bench-ratings bench-api bench-robots clean

help:
	@echo "make run     start the site at http://127.0.0.1:$(PORT)/ (SQLite unless DATABASE_URL is set)"
	@echo "make test    format check, lint, type check, then the test suite"
	@echo "make test-fast   the same without the live, browser and slow tests (pyproject.toml's markers)"
	@echo "make bench   benchmark the rules engine (make bench-instructions: the same, counted by valgrind)"
	@echo "make bench-load   live tables over websockets against Daphne, Redis and PostgreSQL (docs/benchmarks.md)"
	@echo "make bench-soak   1,000 live tables for 30 minutes, a line a minute: round trip, memory, lost (docs/benchmarks.md)"
	@echo "make bench-play   the CPU of one play in the services and in PostgreSQL, without sockets (docs/benchmarks.md)"
	@echo "make bench-deadlines   how late the table plays when a turn's clock runs out (the clock process, docs/benchmarks.md)"
	@echo "make bench-api   the history API among a million stored matches (PostgreSQL, docs/benchmarks.md)"
	@echo "make bench-daily   the daily challenge's ranking over a day of 1,000,000 attempts (PostgreSQL, docs/benchmarks.md)"
	@echo "make bench-ratings   the leaderboard's pages and a rating update with 100,000 players (docs/benchmarks.md)"
	@echo "make bench-robots   the robots' levels against each other, duplicate deals per variant (docs/benchmarks.md)"
	@echo "                    ROBOTS_ARGS='--beside 300': tables against an expert robot beside 300 live tables"
	@echo "make lint | format | migrate | messages | makemessages | venv | clean"

# Re-install only when pyproject.toml changes.
$(VENV)/.installed: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $@

venv: $(VENV)/.installed

migrate: venv
	$(BIN)/python manage.py migrate --no-input

# Compiled catalogues (.mo) are not kept in git: built here from the .po files.
messages: venv
	$(BIN)/python manage.py compilemessages --ignore '.*' --ignore staticfiles

# Refresh the English catalogue after changing French text, then fill its msgstr.
makemessages: venv
	$(BIN)/python manage.py makemessages --locale en --no-obsolete --ignore staticfiles

# A Redis for the channel layer and the cache: started locally if none answers.
redis: venv
	scripts/redis-up

# Debian's Chromium for the end-to-end tests (installed if missing and we are root).
browser:
	scripts/chromium-up

# The Procfile's commands (daphne, the celery worker and beat) come from the virtual
# environment; beat keeps its schedule's state in .run/.
run: venv migrate messages redis
	mkdir -p .run
	PATH="$(CURDIR)/$(BIN):$$PATH" PORT=$(PORT) $(BIN)/honcho start

test: venv messages redis browser
	$(BIN)/ruff format --check .
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/pytest

# Everything but the tests marked live (they start Daphne, the clock, Celery), browser
# (Chromium) and slow: tests/conftest.py marks them. `make test` runs them all.
test-fast: venv messages redis
	$(BIN)/ruff format --check .
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/pytest -m "not live and not browser and not slow"

lint: venv
	$(BIN)/ruff format --check .
	$(BIN)/ruff check .
	$(BIN)/mypy

format: venv
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# Options: make bench ENGINE_ARGS='--seconds 1 --slices 3'
bench: venv
	$(BIN)/python -m bench.engine $(ENGINE_ARGS)

# The engine against the dominoes package in instructions per round (needs valgrind).
# Options: make bench-instructions INSTRUCTIONS_ARGS='100 300' (the two numbers of rounds)
bench-instructions: venv
	BENCH_PYTHON=$(BIN)/python bash bench/instructions.sh $(INSTRUCTIONS_ARGS)

# Many live tables at once against Daphne, Redis and PostgreSQL (both must be up): by
# default 1, 100, 200, 300 and 1,000 tables moving every 2–4 s, the move round trip beside
# the echo floor, timeouts, errors, lost messages and CPU per part, one line per level.
# Options: make bench-load LOAD_ARGS='--tables 1,100 --seconds 10 --busy 0.5' (--busy: that much
# CPU burnt by another process all along, as other work sharing the machine)
bench-load: venv
	$(BIN)/python -m bench.load $(LOAD_ARGS)

# One level of live tables played for a long time, as bench-load plays them, a line a
# minute: the move's p50/p99, Daphne's and PostgreSQL's memory, lost messages, resyncs.
# Default 1,000 tables for 30 minutes; a quick look: make bench-soak SOAK_ARGS='--tables 300 --minutes 3'
bench-soak: venv
	$(BIN)/python -m bench.soak $(SOAK_ARGS)

# The CPU of a play, services.play called directly on 300 tables in PostgreSQL, and
# what the game's UPDATE carries. Options: make bench-play PLAY_ARGS='--moves 1000 --profile'
bench-play: venv
	$(BIN)/python -m bench.play $(PLAY_ARGS)

# Turn clocks: many tables where nobody plays, against Daphne, the clock, a Celery worker and beat
# (PostgreSQL and Redis must be up). Options: make bench-deadlines DEADLINES_ARGS='--tables 50'
bench-deadlines: venv
	$(BIN)/python -m bench.deadlines $(DEADLINES_ARGS)

# The history API among a million matches generated in bulk (PostgreSQL must be up; the
# data is kept between runs). Options: make bench-api API_ARGS='--requests 500 --fresh'
bench-api: venv
	$(BIN)/python -m bench.api $(API_ARGS)

# The day's page queries (top 50, own rank) over 1,000,000 attempts on PostgreSQL.
# Options: make bench-daily DAILY_ARGS='--attempts 100000 --database-url postgres://...'
bench-daily: venv
	$(BIN)/python -m bench.daily $(DAILY_ARGS)
# The leaderboard's pages and one rating update, on 100,000 players and 1,000,000 rated
# matches generated in PostgreSQL. Options: make bench-ratings RATINGS_ARGS='--repeat 50'
bench-ratings: venv
	$(BIN)/python -m bench.ratings $(RATINGS_ARGS)

# The robots' strength: each level against the others on duplicate deals, on two processes
# (about 30 minutes for the double-six games, hours more with the other sets; --quick: a few
# minutes each). Options: make bench-robots ROBOTS_ARGS='--quick'
# With --beside N: the robots at live tables instead, tables of a player against an expert
# robot, thinking in the robots' worker, beside N live tables of players (bench.robot_load):
# make bench-robots ROBOTS_ARGS='--beside 300 --robot-tables 0,5,10,20,40'
bench-robots: venv
	$(BIN)/python -m bench.robots $(ROBOTS_ARGS)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis staticfiles *.egg-info
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
	find locale -name '*.mo' -delete
