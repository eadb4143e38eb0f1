#!/usr/bin/env bash
# Remove what packaging/install.sh installed for the current user - and nothing else.
#
#   packaging/uninstall.sh
#
# Uses the same locations as install.sh (WORDSTUDIO_PREFIX, XDG_DATA_HOME, XDG_BIN_HOME)
# and follows the manifest it wrote (<application folder>/install-manifest.txt): removes
# the listed files, the command link and the application folder, refreshes the desktop
# and MIME databases (or removes them when the installation created them and nothing
# else uses them), and removes the folders the installation created once they are
# empty.  Your games, settings and word-list cache (~/.local/share/WordStudio,
# ~/.config/WordStudio, ~/.cache/WordStudio) are kept.  Running it again does nothing.
set -euo pipefail

case "${1:-}" in
  -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  "") ;;
  *) echo "uninstall.sh: unknown argument $1 (try --help)" >&2; exit 2 ;;
esac

DATA="${XDG_DATA_HOME:-$HOME/.local/share}"
APP_DIR="${WORDSTUDIO_PREFIX:-$HOME/.local/opt}/wordstudio"
APPS="$DATA/applications"
MIME="$DATA/mime"
HICOLOR="$DATA/icons/hicolor"
MANIFEST="$APP_DIR/install-manifest.txt"

say() { printf 'uninstall.sh: %s\n' "$*"; }
die() { printf 'uninstall.sh: %s\n' "$*" >&2; exit 1; }

if [ ! -f "$MANIFEST" ]; then
  [ -e "$APP_DIR" ] && die "$APP_DIR has no install-manifest.txt: it was not installed by install.sh, so it is left alone"
  say "WordStudio is not installed in $APP_DIR (nothing to do)"
  exit 0
fi
if [ ! -x "$APP_DIR/wordstudio" ] || [ ! -d "$APP_DIR/_internal" ]; then
  die "$APP_DIR does not look like a WordStudio installation; nothing removed"
fi

# --- read the manifest (absolute paths only) -------------------------------------------------
link="" files=() caches=() dirs=()
while IFS=$'\t' read -r kind path; do
  case "$kind" in ""|"#"*) continue ;; esac
  case "$path" in /*) ;; *) die "bad manifest line: $kind $path" ;; esac
  case "$kind" in
    app) [ "$path" = "$APP_DIR" ] || die "the manifest is for $path, not $APP_DIR" ;;
    link) link="$path" ;;
    file) files+=("$path") ;;
    newcache) caches+=("$path") ;;
    dir) dirs+=("$path") ;;
    *) die "bad manifest line: $kind $path" ;;
  esac
done <"$MANIFEST"
created_cache() {  # was this database file made by the installation?
  local each
  for each in "${caches[@]}"; do [ "$each" = "$1" ] && return 0; done
  return 1
}

# --- files, link, application folder ---------------------------------------------------------
for path in "${files[@]}"; do
  rm -f "$path"
done
if [ -n "$link" ] && [ -L "$link" ] && [ "$(readlink "$link")" = "$APP_DIR/wordstudio" ]; then
  rm -f "$link"
fi
rm -rf "$APP_DIR"
say "removed $APP_DIR, its command and menu entry, icons and file types"

# --- the desktop's databases -----------------------------------------------------------------
if [ -d "$MIME" ]; then
  if compgen -G "$MIME/packages/*.xml" >/dev/null; then
    if command -v update-mime-database >/dev/null 2>&1; then update-mime-database "$MIME" >/dev/null; fi
  elif created_cache "$MIME/mime.cache"; then
    # The installation made this database and no other program's types are in it.
    find "$MIME" -mindepth 1 -maxdepth 1 ! -name packages -exec rm -rf {} +
  elif command -v update-mime-database >/dev/null 2>&1; then
    update-mime-database "$MIME" >/dev/null
  fi
  # A refreshed database keeps the (now empty) folders of the media types it dropped.
  find "$MIME" -mindepth 1 -maxdepth 1 -type d ! -name packages -empty -delete
fi
if [ -d "$APPS" ]; then
  if created_cache "$APPS/mimeinfo.cache"; then
    rm -f "$APPS/mimeinfo.cache"
  elif command -v update-desktop-database >/dev/null 2>&1; then
    update-desktop-database "$APPS" >/dev/null 2>&1 || say "update-desktop-database failed (ignored)"
  fi
fi
if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -f "$HICOLOR/icon-theme.cache" ]; then
  gtk-update-icon-cache -q -t -f "$HICOLOR" || true
fi

# --- folders the installation created, innermost first, when empty ---------------------------
for (( i=${#dirs[@]}-1; i>=0; i-- )); do
  rmdir "${dirs[i]}" 2>/dev/null || true
done
say "done (your games and settings are kept)"
