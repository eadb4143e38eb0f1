#!/usr/bin/env bash
# Install the WordStudio application for the current user (no root needed).
#
#   packaging/install.sh [BUNDLE]     BUNDLE defaults to dist/WordStudio (packaging/build.sh)
#
# What goes where (XDG_DATA_HOME defaults to ~/.local/share):
#   ${WORDSTUDIO_PREFIX:-~/.local/opt}/wordstudio/    the application folder (a copy of BUNDLE)
#   ${XDG_BIN_HOME:-~/.local/bin}/wordstudio          the command (a link into that folder)
#   $XDG_DATA_HOME/applications/wordstudio.desktop    menu entry, double-click, file types
#   $XDG_DATA_HOME/icons/hicolor/*/apps/wordstudio.*  the icon (16-512 px PNG and SVG)
#   $XDG_DATA_HOME/mime/packages/wordstudio.xml       .crossword .gcg .wfw .wordwar .cfg files
# then refreshes the desktop and MIME databases when their tools are present.  Everything
# installed (and every folder created) is listed in <application folder>/install-manifest.txt,
# which packaging/uninstall.sh follows to remove exactly that.  Running it again replaces
# the installed copy.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$HERE")"
BUNDLE="${1:-$ROOT/dist/WordStudio}"
case "${BUNDLE}" in -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
[ $# -le 1 ] || { echo "install.sh: too many arguments (try --help)" >&2; exit 2; }

DATA="${XDG_DATA_HOME:-$HOME/.local/share}"
BIN_DIR="${XDG_BIN_HOME:-$HOME/.local/bin}"
APP_DIR="${WORDSTUDIO_PREFIX:-$HOME/.local/opt}/wordstudio"
APPS="$DATA/applications"
HICOLOR="$DATA/icons/hicolor"
MIME="$DATA/mime"
MANIFEST="$APP_DIR/install-manifest.txt"
LAUNCHER="$BIN_DIR/wordstudio"
DESKTOP="$APPS/wordstudio.desktop"

say() { printf 'install.sh: %s\n' "$*"; }
die() { printf 'install.sh: %s\n' "$*" >&2; exit 1; }

# --- check what is to be installed ---------------------------------------------------------
BUNDLE="$(cd "$BUNDLE" 2>/dev/null && pwd)" || die "no bundle at ${1:-dist/WordStudio}; build it first: packaging/build.sh"
if [ ! -x "$BUNDLE/wordstudio" ] || [ ! -d "$BUNDLE/_internal" ]; then
  die "$BUNDLE is not a WordStudio bundle (no wordstudio program and _internal/ folder)"
fi
ICONS="$BUNDLE/_internal/resources/icons/app"
[ -f "$ICONS/wordstudio.svg" ] || die "the bundle has no application icon ($ICONS/wordstudio.svg)"
for needed in "$HERE/wordstudio.desktop" "$HERE/mime/wordstudio.xml"; do
  [ -f "$needed" ] || die "missing $needed (run this script from a WordStudio checkout)"
done
if ! version="$("$BUNDLE/wordstudio" --version 2>&1)"; then
  die "the bundle does not start ($version). On a bare Debian/Ubuntu install the system
libraries README.md lists under \"Install as a desktop app\"."
fi
if [ -e "$LAUNCHER" ] || [ -L "$LAUNCHER" ]; then
  current="$(readlink "$LAUNCHER" 2>/dev/null || true)"
  [ "$current" = "$APP_DIR/wordstudio" ] \
    || die "$LAUNCHER already exists and is not from this installer (a 'pip install --user'?).
Remove it, or install the command elsewhere with XDG_BIN_HOME=/some/bin $0"
fi
if [ "$BUNDLE" = "$APP_DIR" ]; then
  die "$BUNDLE is the installed copy itself; install from the built bundle (dist/WordStudio)"
fi
case "$APP_DIR" in
  *[\"\`\$%\\]*|*$'\n'*) die "cannot install into $APP_DIR: a desktop entry cannot name a path with \", \`, \$, % or \\ in it (set WORDSTUDIO_PREFIX)" ;;
esac

# --- folders: remember the ones this installation creates ---------------------------------
created=()
if [ -f "$MANIFEST" ]; then  # a re-install: folders the first installation made stay "ours"
  while IFS=$'\t' read -r kind path; do
    [ "$kind" = "dir" ] && created+=("$path")
  done <"$MANIFEST"
fi
make_dir() {  # mkdir -p that records each folder it creates, outermost first
  local dir="$1" missing=()
  while [ ! -d "$dir" ]; do missing=("$dir" "${missing[@]}"); dir="$(dirname "$dir")"; done
  local each
  for each in "${missing[@]}"; do mkdir "$each"; created+=("$each"); done
}
remember_caches=()
[ -f "$APPS/mimeinfo.cache" ] || remember_caches+=("$APPS/mimeinfo.cache")
[ -f "$MIME/mime.cache" ] || remember_caches+=("$MIME/mime.cache")
if [ -f "$MANIFEST" ]; then  # caches the first installation created stay "ours" too
  while IFS=$'\t' read -r kind path; do
    if [ "$kind" = "newcache" ]; then remember_caches+=("$path"); fi
  done <"$MANIFEST"
fi

installed=()
install_file() {  # install_file SOURCE TARGET: copy with mode 644, and list it
  make_dir "$(dirname "$2")"
  install -m 644 "$1" "$2"
  installed+=("$2")
}

# --- the application folder: copied beside, then swapped in --------------------------------
make_dir "$(dirname "$APP_DIR")"
say "copying $BUNDLE to $APP_DIR"
rm -rf "$APP_DIR.new"
cp -a "$BUNDLE" "$APP_DIR.new"
rm -rf "$APP_DIR"
mv "$APP_DIR.new" "$APP_DIR"

# --- the command -----------------------------------------------------------------------------
make_dir "$BIN_DIR"
ln -sfn "$APP_DIR/wordstudio" "$LAUNCHER"

# --- menu entry and file associations ---------------------------------------------------------
make_dir "$APPS"
desktop_text=""
while IFS= read -r line || [ -n "$line" ]; do
  case "$line" in
    Exec=*) line="Exec=\"$APP_DIR/wordstudio\" %f" ;;  # quoted: the path may hold spaces
    *) line="${line//@EXEC@/$APP_DIR/wordstudio}" ;;
  esac
  desktop_text+="$line"$'\n'
done <"$HERE/wordstudio.desktop"
printf '%s' "$desktop_text" >"$DESKTOP.tmp"
chmod 644 "$DESKTOP.tmp"
mv "$DESKTOP.tmp" "$DESKTOP"
installed+=("$DESKTOP")

# --- icons and file types ------------------------------------------------------------------
for png in "$ICONS"/wordstudio-*.png; do
  size="${png##*/wordstudio-}"; size="${size%.png}"
  install_file "$png" "$HICOLOR/${size}x${size}/apps/wordstudio.png"
done
install_file "$ICONS/wordstudio.svg" "$HICOLOR/scalable/apps/wordstudio.svg"
install_file "$HERE/mime/wordstudio.xml" "$MIME/packages/wordstudio.xml"

# --- the desktop's databases ---------------------------------------------------------------
if command -v update-mime-database >/dev/null 2>&1; then
  update-mime-database "$MIME" >/dev/null
else
  say "update-mime-database not found: file types apply once the desktop refreshes its MIME database"
fi
if command -v update-desktop-database >/dev/null 2>&1; then
  update-desktop-database "$APPS" >/dev/null 2>&1 || say "update-desktop-database failed (ignored)"
fi
if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -f "$HICOLOR/icon-theme.cache" ]; then
  gtk-update-icon-cache -q -t -f "$HICOLOR" || true  # only refresh a cache that exists
fi

# --- the manifest ----------------------------------------------------------------------------
{
  printf '# WordStudio installation (%s) - read by packaging/uninstall.sh\n' "$version"
  printf 'app\t%s\n' "$APP_DIR"
  printf 'link\t%s\n' "$LAUNCHER"
  for path in "${installed[@]}"; do printf 'file\t%s\n' "$path"; done
  for path in "${remember_caches[@]}"; do printf 'newcache\t%s\n' "$path"; done
  for path in "${created[@]}"; do printf 'dir\t%s\n' "$path"; done
} | awk '!seen[$0]++' >"$MANIFEST"

say "installed $version"
say "  program:    $APP_DIR"
say "  command:    $LAUNCHER"
say "  menu entry: $DESKTOP (Games > WordStudio)"
case ":$PATH:" in
  *":$BIN_DIR:"*) ;;
  *) say "note: $BIN_DIR is not on your PATH; add it to start WordStudio by typing 'wordstudio'" ;;
esac
say "remove it with: $HERE/uninstall.sh"
