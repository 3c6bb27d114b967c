#!/usr/bin/env bash
# Build the standalone game two ways and check each plays exactly like the source (docs/packaging.md):
#   1. the one-folder bundle (make package): exactly the data git tracks and the desktop entry, no test-only
#      library inside, --smoke-test passes, a headless
#      run from the bundle folder (--map maps/crypt.tmx) writes the source's event log byte for byte, and a
#      bad --map is the usual one-line error;
#   2. `pip install .` into a fresh venv: `python -m game` from a folder outside the checkout does the same,
#      and the installed `ethernalis` command starts.
# Run by .ci/run (and `make check-package`); needs .venv (make package installs the `package` extra).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
PY=$ROOT/.venv/bin/python
SEED=20261130
TURNS=150
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

fail() { echo "check_package: $*" >&2; exit 1; }

# The one clear line a bad map gives: exit status $1, a message containing $2, no traceback.
expect_error() {
    local status=$1 text=$2; shift 2
    local got=0
    "$@" >"$WORK/out" 2>"$WORK/err" || got=$?
    [ "$got" -eq "$status" ] || fail "$* exited $got, not $status: $(cat "$WORK/err")"
    [ "$(wc -l <"$WORK/err")" -eq 1 ] || fail "$* printed more than one line: $(cat "$WORK/err")"
    grep -q "$text" "$WORK/err" || fail "$* did not say '$text': $(cat "$WORK/err")"
    ! grep -q Traceback "$WORK/err" || fail "$* printed a traceback"
}

echo "== source: event logs of seed $SEED, $TURNS turns"
for map in default crypt; do
    "$PY" main.py --headless --map "maps/$map.tmx" --seed $SEED --turns $TURNS --events "$WORK/source-$map.jsonl" >/dev/null
done

echo "== bundle: build"
start=$(date +%s)
make --no-print-directory package
echo "bundle built in $(( $(date +%s) - start )) s; $(du -sh dist/ethernalis | cut -f1) in dist/ethernalis"
BUNDLE=$ROOT/dist/ethernalis
EXE=$BUNDLE/ethernalis
[ -x "$EXE" ] || fail "no executable at $EXE"

echo "== bundle: no test-only library inside"
found=$( (cd "$BUNDLE" && find . -iname '*numpy*' -o -iname '*matplotlib*' -o -iname '*pytest*' -o -iname '*hypothesis*';
          "$ROOT/.venv/bin/pyi-archive_viewer" --brief --recursive "$EXE") \
        | grep -Ei "(^|[^a-z])(numpy|matplotlib|_?pytest|hypothesis)([^a-z]|$)" || true)
[ -z "$found" ] || fail "test-only libraries in the bundle: $found"
[ -f "$BUNDLE/maps/crypt.tmx" ] && [ -d "$BUNDLE/assets/data" ] || fail "maps/ or assets/ missing beside the executable"
[ -f "$BUNDLE/share/applications/ethernalis.desktop" ] && [ -f "$BUNDLE/share/icons/hicolor/256x256/apps/ethernalis.png" ] \
    || fail "the desktop entry or its icon is missing from the bundle's share/"
shipped=$( (cd "$BUNDLE" && find assets maps -type f) | sort)
[ "$shipped" = "$("$PY" tools/shipped_data.py)" ] || fail "the bundle's data is not exactly what git tracks"

echo "== bundle: --smoke-test"
"$EXE" --smoke-test --screenshot "$WORK/bundle.png" || fail "the bundle's --smoke-test failed"
[ -s "$WORK/bundle.png" ] || fail "the bundle's smoke test wrote no screenshot"

echo "== bundle: headless runs equal the source's"
for map in default crypt; do
    (cd "$BUNDLE" && "$EXE" --headless --map "maps/$map.tmx" --seed $SEED --turns $TURNS \
        --events "$WORK/bundle-$map.jsonl" >/dev/null)
    cmp "$WORK/source-$map.jsonl" "$WORK/bundle-$map.jsonl" || fail "the bundle's event log on $map differs"
done
(cd "$WORK" && "$EXE" --headless --seed $SEED --turns $TURNS --events "$WORK/bundle-anywhere.jsonl" >/dev/null)
cmp "$WORK/source-default.jsonl" "$WORK/bundle-anywhere.jsonl" || fail "the bundle run from elsewhere differs"

echo "== bundle: a bad --map is one clear line"
(cd "$BUNDLE" && expect_error 2 "map not found: maps/nowhere.tmx" "$EXE" --headless --map maps/nowhere.tmx)
expect_error 1 "bad_dice.tmx: object 7 (Spikes): damage 'lots' is not dice" \
    "$EXE" --headless --map "$ROOT/tests/data/maps_bad/bad_dice.tmx"

echo "== pip install . into a fresh venv"
start=$(date +%s)
rm -rf build/lib  # setuptools builds in the checkout and would ship files deleted since the last build
"$PY" -m venv "$WORK/venv"
"$WORK/venv/bin/python" -m pip install --quiet --disable-pip-version-check "$ROOT" 2>&1 | grep -v "is ignored" || true
echo "installed in $(( $(date +%s) - start )) s"
installed=$(cd "$WORK" && "$WORK/venv/bin/python" -c "from game.paths import ROOT; print(ROOT)")
case $installed in
    "$WORK"/venv/*/site-packages/game/share) ;;
    *) fail "the installed game reads its data from $installed, not its own package" ;;
esac
(cd "$WORK" && "$WORK/venv/bin/python" -m game --headless --seed $SEED --turns $TURNS \
    --events "$WORK/installed-default.jsonl" >/dev/null)
cmp "$WORK/source-default.jsonl" "$WORK/installed-default.jsonl" || fail "the installed game's event log differs"
(cd "$WORK" && "$WORK/venv/bin/ethernalis" --smoke-test) || fail "the installed ethernalis command's --smoke-test failed"
[ -f "$WORK/venv/share/applications/ethernalis.desktop" ] && [ -f "$WORK/venv/share/icons/hicolor/256x256/apps/ethernalis.png" ] \
    || fail "pip install . did not install the desktop entry and icon under share/"
(cd "$WORK" && expect_error 2 "map not found: nowhere.tmx" "$WORK/venv/bin/ethernalis" --headless --map nowhere.tmx)

echo "check_package: the bundle and the installed game play like the source"
