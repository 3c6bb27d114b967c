# `make play` and `make test` set up .venv from pyproject.toml on first use.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1
# The tests keep Python's compiled modules and pytest's rewritten test modules in __pycache__ (git-ignored) even
# where the environment says not to (PYTHONDONTWRITEBYTECODE): collecting make test-fast's tests took 10.4 s of
# CPU compiling them afresh, 2.8 s with them kept (docs/testing.md).
TESTENV := $(HEADLESS) PYTHONDONTWRITEBYTECODE=

.PHONY: play test test-fast check-maps art sound bench mutate clean

$(STAMP): pyproject.toml setup.py
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Ethernalis needs Python 3.11 or newer (found %s)" % sys.version.split()[0])'
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	$(PY) main.py

test: $(STAMP)
	$(TESTENV) $(PY) -m pytest -q

# The inner loop: every test but those marked slow (processes, Tiled, packaging, long bot runs, the rest of the
# sampled corpora), stopping at the first failure; still a test of every rule ID (tests/conftest.py checks it).
# docs/testing.md has its measured time.
test-fast: $(STAMP)
	$(TESTENV) $(PY) -m pytest -q -x -m "not slow"

.PHONY: package check-package

PACKAGER := $(VENV)/.installed-package

# The one-folder game in dist/ethernalis/ (docs/packaging.md); PyInstaller comes from the `package` extra.
$(PACKAGER): $(STAMP)
	$(PY) -m pip install --quiet -e '.[test,package]'
	touch $(PACKAGER)

package: $(PACKAGER)
	PYGAME_HIDE_SUPPORT_PROMPT=1 $(PY) -m PyInstaller --noconfirm --log-level WARN --distpath dist \
		--workpath build/pyinstaller ethernalis.spec

# Build the bundle and the wheel and check both play like the source (what .ci/run does).
check-package: $(PACKAGER)
	tools/check_package.sh

check-maps: $(STAMP)
	$(PY) tools/check_map.py maps/*.tmx maps/sites/*.tmx

art: $(STAMP)
	$(HEADLESS) $(PY) tools/make_art.py

sound: $(STAMP)
	$(PY) tools/make_sound.py

bench: $(STAMP)
	$(PY) tools/bench.py

# Mutation testing (docs/testing.md): mutmut 3 over game/rules, game/world/systems and game/world/verbs
# with the tests [tool.mutmut] selects, then the module-level numbers mutmut cannot reach. Not part of
# `make test`: about an hour on an idle two-core machine, hours on a shared one (docs/testing.md has the
# measured figures). MUTANTS narrows both parts, e.g. MUTANTS='game.rules*'.
MUTATE_STAMP := $(VENV)/.mutate-installed
MUTANTS ?=
$(MUTATE_STAMP): pyproject.toml $(STAMP)
	$(PY) -m pip install --quiet -e '.[test,mutate]'
	touch $(MUTATE_STAMP)

mutate: $(MUTATE_STAMP)
	$(HEADLESS) nice -n 5 $(VENV)/bin/mutmut run --max-children 2 $(MUTANTS)
	$(PY) tools/mutation_score.py
	$(HEADLESS) nice -n 5 $(PY) tools/mutate_constants.py --jobs 2 $(if $(MUTANTS),--names $(MUTANTS))

clean:
	rm -rf $(VENV) build dist *.egg-info mutants
