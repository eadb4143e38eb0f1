#!/usr/bin/env bash
# Build WordStudio as a one-folder desktop application: dist/WordStudio/.
#
#   packaging/build.sh            # compiled move generator when a C compiler is present
#   WORDSTUDIO_NO_COMPILE=1 packaging/build.sh    # pure-Python move generator
#   packaging/build.sh --dist DIR # put WordStudio/ under DIR instead of dist/
#
# Needs the build tools: python3 -m pip install -e '.[package]' (PyInstaller, Cython).
# The bundle is made from a clean staging copy of the working tree (build/bundle-src), so
# compiled files, caches and test output in the checkout never leak into it, and the
# checkout's own compiled module is left alone.  Prints the build time and bundle size.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PYTHON="${PYTHON:-python3}"
DIST="$ROOT/dist"
while [ $# -gt 0 ]; do
  case "$1" in
    --dist) DIST="$(mkdir -p "$2" && cd "$2" && pwd)"; shift 2 ;;
    -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "build.sh: unknown option $1 (try --help)" >&2; exit 2 ;;
  esac
done
WORK="$ROOT/build/pyinstaller"
STAGE="$ROOT/build/bundle-src"
started=$(date +%s)

say() { printf 'build.sh: %s\n' "$*"; }

if ! "$PYTHON" -c "import PyInstaller" 2>/dev/null; then
  echo "build.sh: PyInstaller is not installed; run: $PYTHON -m pip install -e '.[package]'" >&2
  exit 1
fi

say "staging the sources in $STAGE"
rm -rf "$STAGE"
mkdir -p "$STAGE"
"$PYTHON" - "$ROOT" "$STAGE" <<'EOF'
import shutil
import sys
from pathlib import Path

root, stage = Path(sys.argv[1]), Path(sys.argv[2])
skip = shutil.ignore_patterns("__pycache__", "*.pyc", "*.so", "*.pyd", "*.c", "*.html")
for folder in ("wordstudio", "boards", "lexicons", "resources"):
    shutil.copytree(root / folder, stage / folder, ignore=skip)
for name in ("setup.py", "pyproject.toml", "README.md"):
    shutil.copy2(root / name, stage / name)
EOF

mkdir -p "$WORK"
if [ -n "${WORDSTUDIO_NO_COMPILE:-}" ]; then
  say "WORDSTUDIO_NO_COMPILE is set: bundling the pure-Python move generator"
else
  say "compiling the move generator (Cython)"
  (cd "$STAGE" && "$PYTHON" setup.py -q build_ext --inplace >"$WORK/compile.log" 2>&1) || true
  compiled="$(find "$STAGE/wordstudio" \( -name '_core.*.so' -o -name '_lines.*.so' -o -name '_search.*.so' -o -name '_exact.*.so' -o -name '_gaddag_native.*.so' -o -name '*.pyd' \) -printf '%P ' )"
  if [ -n "$compiled" ]; then
    say "compiled: $compiled"
  else
    say "no compiled move generator (no C compiler or Cython?): bundling the pure-Python one"
    sed 's/^/  /' "$WORK/compile.log" | tail -5 || true
  fi
fi

say "running PyInstaller (this takes a few minutes)"
WORDSTUDIO_SOURCE="$STAGE" "$PYTHON" -m PyInstaller --noconfirm --clean --log-level WARN \
  --distpath "$DIST" --workpath "$WORK" "$ROOT/packaging/wordstudio.spec"

BUNDLE="$DIST/WordStudio"
if [ ! -x "$BUNDLE/wordstudio" ]; then
  echo "build.sh: PyInstaller finished but $BUNDLE/wordstudio is missing" >&2
  exit 1
fi
elapsed=$(( $(date +%s) - started ))
size=$(du -sh "$BUNDLE" | cut -f1)
say "built $BUNDLE ($size) in $((elapsed / 60)) min $((elapsed % 60)) s"
say "try it: $BUNDLE/wordstudio --version; install it: packaging/install.sh"
