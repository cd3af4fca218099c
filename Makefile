# Tableside: the two commands a newcomer needs are `make demo` and `make test`.
# Both create the virtual environment on first use.

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?= 8080
# On a Pi, apt's picamera2 must be visible inside the venv (FACTS); elsewhere keep it isolated.
VENV_FLAGS ?= $(if $(wildcard /usr/lib/python3/dist-packages/picamera2),--system-site-packages,)

.PHONY: demo test lint bench system-deps clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV_FLAGS) $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[test]"
	touch $(STAMP)

## Run the whole system on the simulated table (mock GPIO, page on localhost; URL printed).
demo: $(STAMP)
	$(BIN)/tableside demo --port $(PORT)

## Run every test (needs the Debian packages in `make system-deps`; .ci/run installs them).
test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	OPENBLAS_NUM_THREADS=1 $(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

## The performance benchmark (speed and accuracy targets live here, not in the tests).
bench: $(STAMP)
	$(BIN)/tableside bench

## Debian packages the tests and the demo use: chromium (browser tests), card artwork.
system-deps:
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
		chromium gnome-cards-data librsvg2-bin fonts-dejavu-core

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache *.egg-info
