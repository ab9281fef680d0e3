# Kookaburra. `make run` serves the demo club; `make test` runs the whole suite.
# Both install what they need first: a virtual environment from requirements.lock (pinned, hashed).

SHELL := /bin/bash
PYTHON ?= $(shell pyenv which python3.13 2>/dev/null || command -v python3.13)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell sha1sum requirements.lock | cut -c1-12)
PYTEST_WORKERS ?= 2

.PHONY: install run test test-fast lint lock bench clean browser gettext messages compile-messages check-deploy fuzz-api

$(STAMP): requirements.lock
	@test -n "$(PYTHON)" || { echo "Python 3.13 is needed (pyenv install 3.13, or set PYTHON=...)"; exit 1; }
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --disable-pip-version-check -q --require-hashes -r requirements.lock
	@rm -f $(VENV)/.installed-*; touch $@

install: $(STAMP)

# Debian's chromium for the Playwright browser tests (never `playwright install`).
browser:
	@bash scripts/ensure-chromium

# GNU gettext for `make messages` and the catalogue-extraction test (never needed to serve).
gettext:
	@bash scripts/ensure-gettext

# The translation catalogues: update every language's django.po from the source, then compile.
messages: install gettext
	$(BIN)/python manage.py messages

# Compile the catalogues (.po → .mo, with polib; the .mo files are not committed).
compile-messages: install
	$(BIN)/python manage.py messages --compile -v 0

run: install compile-messages
	$(BIN)/python scripts/run.py

test: install browser gettext
	$(BIN)/python -m pytest -n $(PYTEST_WORKERS) -p no:cacheprovider

# Everything but the browser tests, in one process: the quick loop while developing.
test-fast: install
	$(BIN)/python -m pytest -m "not browser" -x -q

# Schemathesis over the whole API schema with many examples per operation, valid and invalid
# (`make test` runs a few valid ones).
FUZZ_EXAMPLES ?= 60
fuzz-api: install
	KOOKABURRA_FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) KOOKABURRA_FUZZ_NEGATIVE=1 $(BIN)/python -m pytest tests/api/test_schemathesis.py -p no:cacheprovider -q

# Style, the import contracts (pyproject.toml [tool.importlinter]) and no missing migration.
lint: install
	$(BIN)/ruff check .
	$(BIN)/lint-imports --no-logo
	$(BIN)/python manage.py makemigrations --check --dry-run

check-deploy: install
	DJANGO_SETTINGS_MODULE=kookaburra.settings.production DJANGO_SECRET_KEY=$$(head -c 48 /dev/urandom | base64) \
	  DJANGO_ALLOWED_HOSTS=example.org EMAIL_HOST=smtp.example.org $(BIN)/python manage.py check --deploy --fail-level WARNING

bench: install
	for script in bench/*.py; do $(BIN)/python $$script || exit 1; done

# Re-pin every dependency after editing pyproject.toml.
lock: install
	$(BIN)/python -m pip install -q uv==0.13.8
	$(BIN)/uv pip compile pyproject.toml --extra dev --generate-hashes --python-version 3.13 -o requirements.lock

clean:
	rm -rf $(VENV) var .pytest_cache
