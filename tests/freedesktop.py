"""Checking a desktop entry and a shared-MIME-info file against their specifications.

So that the packaging tests check the menu entry and the file types on any machine, not
only where desktop-file-utils and shared-mime-info are installed (where CI also runs
``desktop-file-validate`` and ``update-mime-database`` on them).  The rules are those of
the Desktop Entry Specification 1.5 (recognised keys and their value types, escapes,
lists, the Exec key's quoting and field codes), the Desktop Menu Specification's
registered categories, and the Shared MIME-info Database specification 0.21 (elements,
attributes, magic matches).  Each checker returns a list of problems; empty means valid.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

# --- desktop entries ----------------------------------------------------------------------------
BOOLEAN, STRING, LOCALESTRING, ICONSTRING = "boolean", "string", "localestring", "iconstring"
STRINGS, LOCALESTRINGS = "string(s)", "localestring(s)"
KEYS = {
    "Type": STRING, "Version": STRING, "Name": LOCALESTRING, "GenericName": LOCALESTRING,
    "NoDisplay": BOOLEAN, "Comment": LOCALESTRING, "Icon": ICONSTRING, "Hidden": BOOLEAN,
    "OnlyShowIn": STRINGS, "NotShowIn": STRINGS, "DBusActivatable": BOOLEAN,
    "TryExec": STRING, "Exec": STRING, "Path": STRING, "Terminal": BOOLEAN,
    "Actions": STRINGS, "MimeType": STRINGS, "Categories": STRINGS, "Implements": STRINGS,
    "Keywords": LOCALESTRINGS, "StartupNotify": BOOLEAN, "StartupWMClass": STRING,
    "URL": STRING, "PrefersNonDefaultGPU": BOOLEAN, "SingleMainWindow": BOOLEAN,
}
LOCALISED = {LOCALESTRING, LOCALESTRINGS, ICONSTRING}
VERSIONS = {"1.0", "1.1", "1.2", "1.3", "1.4", "1.5"}
MAIN_CATEGORIES = {"AudioVideo", "Audio", "Video", "Development", "Education", "Game",
                   "Graphics", "Network", "Office", "Science", "Settings", "System", "Utility"}
#: The Desktop Menu Specification's additional categories; those related to one main
#: category must appear with it.
GAME_CATEGORIES = {"ActionGame", "AdventureGame", "ArcadeGame", "BoardGame", "BlocksGame",
                   "CardGame", "KidsGame", "LogicGame", "RolePlaying", "Shooter",
                   "Simulation", "SportsGame", "StrategyGame"}
_OTHER_CATEGORIES = """
    Building Debugger IDE GUIDesigner Profiling RevisionControl Translation Calendar
    ContactManagement Database Dictionary Chart Email Finance FlowChart PDA
    ProjectManagement Presentation Spreadsheet WordProcessor 2DGraphics VectorGraphics
    RasterGraphics 3DGraphics Scanning OCR Photography Publishing Viewer TextTools
    DesktopSettings HardwareSettings Printing PackageManager Dialup InstantMessaging Chat
    IRCClient Feed FileTransfer HamRadio News P2P RemoteAccess Telephony TelephonyTools
    VideoConference WebBrowser WebDevelopment Midi Mixer Sequencer Tuner TV
    AudioVideoEditing Player Recorder DiscBurning Art Construction Music Languages
    ArtificialIntelligence Astronomy Biology Chemistry ComputerScience DataVisualization
    Economy Electricity Geography Geology Geoscience History Humanities ImageProcessing
    Literature Maps Math NumericalAnalysis MedicalSoftware Physics Robotics Spirituality
    Sports ParallelComputing Amusement Archiving Compression Electronics Emulator
    Engineering FileTools FileManager TerminalEmulator Filesystem Monitor Security
    Accessibility Calculator Clock TextEditor Documentation Adult Core KDE GNOME XFCE DDE
    GTK Qt Motif Java ConsoleOnly"""
ADDITIONAL_CATEGORIES = GAME_CATEGORIES | set(_OTHER_CATEGORIES.split())
FIELD_CODES = set("fFuUdDnNickvm%")
#: Characters that make an Exec argument need double quotes (spec, "The Exec key").
RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")
_KEY = re.compile(r"^([A-Za-z0-9-]+)(?:\[([A-Za-z_@.]+)\])?$")
_MEDIA_TYPE = re.compile(r"^[a-z0-9][a-z0-9!#$&.+^_-]*/[A-Za-z0-9][A-Za-z0-9!#$&.+^_-]*$")


def desktop_entry_problems(text: str) -> list[str]:
    """Problems of a desktop entry file's text (empty when it meets the specification)."""
    problems: list[str] = []
    groups: dict[str, dict[str, str]] = {}
    group: dict[str, str] | None = None
    for number, line in enumerate(text.split("\n"), 1):
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith("["):
            name = line[1:-1] if line.endswith("]") else None
            if not name or any(c in name for c in "[]") or any(ord(c) < 32 for c in name):
                problems.append(f"line {number}: bad group header {line!r}")
                continue
            if name in groups:
                problems.append(f"line {number}: group [{name}] appears twice")
            if not groups and name != "Desktop Entry":
                problems.append(f"line {number}: the first group must be [Desktop Entry]")
            group = groups.setdefault(name, {})
            continue
        if group is None:
            problems.append(f"line {number}: a key before any group")
            continue
        if "=" not in line:
            problems.append(f"line {number}: neither a comment, a group nor key=value")
            continue
        key, value = (part.strip() for part in line.split("=", 1))
        if not _KEY.match(key):
            problems.append(f"line {number}: bad key {key!r}")
        elif key in group:
            problems.append(f"line {number}: key {key} appears twice")
        group[key] = value
    entry = groups.get("Desktop Entry")
    if entry is None:
        return problems + ["no [Desktop Entry] group"]
    return problems + _entry_problems(entry)


def _entry_problems(entry: dict[str, str]) -> list[str]:
    problems: list[str] = []
    for key, value in entry.items():
        match = _KEY.match(key)
        if match is None:
            continue
        name, locale = match.groups()
        kind = KEYS.get(name)
        if kind is None:
            if not name.startswith("X-"):
                problems.append(f"{key}: not a key of the specification (extensions start with X-)")
            continue
        if locale and kind not in LOCALISED:
            problems.append(f"{key}: {name} cannot be localised")
        problems.extend(f"{key}: {problem}" for problem in _value_problems(kind, value))
    for required in ("Type", "Name"):
        if required not in entry:
            problems.append(f"the required key {required} is missing")
    kind = entry.get("Type")
    if kind not in (None, "Application", "Link", "Directory"):
        problems.append(f"Type: unknown type {kind!r}")
    if kind == "Application" and "Exec" not in entry and entry.get("DBusActivatable") != "true":
        problems.append("an Application needs Exec")
    if kind == "Link" and "URL" not in entry:
        problems.append("a Link needs URL")
    if "Version" in entry and entry["Version"] not in VERSIONS:
        problems.append(f"Version: {entry['Version']!r} is not a version of the specification")
    if "Exec" in entry:
        problems.extend(f"Exec: {problem}" for problem in exec_problems(unescape(entry["Exec"])))
    for mime in split_list(entry.get("MimeType", "")):
        if not _MEDIA_TYPE.match(mime):
            problems.append(f"MimeType: {mime!r} is not a media type")
    if "Categories" in entry:
        problems.extend(f"Categories: {p}" for p in category_problems(split_list(entry["Categories"])))
    return problems


def _value_problems(kind: str, value: str) -> list[str]:
    problems = []
    if kind == BOOLEAN and value not in ("true", "false"):
        problems.append(f"{value!r} is not true or false")
    if kind in (STRING, STRINGS) and any(ord(c) < 32 or ord(c) > 126 for c in value):
        problems.append("a string must be printable ASCII")
    for escape in re.findall(r"\\(.)", value.replace("\\\\", "")):
        if escape not in "sntr;" or (escape == ";" and kind not in (STRINGS, LOCALESTRINGS)):
            problems.append(f"invalid escape \\{escape}")
    if kind in (STRINGS, LOCALESTRINGS) and value and not value.endswith(";"):
        problems.append("a list must end with ';'")
    if kind == ICONSTRING and "/" in value and not value.startswith("/"):
        problems.append("an icon is a name or an absolute path")
    return problems


def unescape(value: str) -> str:
    """A string value with the specification's escapes (\\s \\n \\t \\r \\\\) replaced."""
    table = {"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}
    return re.sub(r"\\(.)", lambda m: table.get(m.group(1), m.group(0)), value)


def split_list(value: str) -> list[str]:
    """The items of a ``;``-separated list value (an escaped ``\\;`` stays in its item)."""
    items = re.split(r"(?<!\\);", value)
    return [item.replace("\\;", ";") for item in items if item]


def exec_problems(command: str) -> list[str]:
    """Problems of an (unescaped) Exec value: quoting, escapes and field codes."""
    problems: list[str] = []
    arguments: list[tuple[str, bool]] = []
    current, quoted, in_quotes, at = "", False, False, 0
    while at < len(command):
        char = command[at]
        if in_quotes:
            if char == "\\" and at + 1 < len(command) and command[at + 1] in '"`$\\':
                current += command[at + 1]
                at += 1
            elif char == "\\":
                problems.append(f"a backslash in quotes must escape one of \" ` $ \\ at {at}")
            elif char == '"':
                in_quotes = False
                if command[at + 1:at + 2] not in ("", " "):
                    problems.append("a quoted argument must be quoted whole")
            elif char in "`$":
                problems.append(f"{char!r} inside quotes must be escaped with a backslash")
            else:
                current += char
        elif char == '"':
            if current:
                problems.append("a quoted argument must be quoted whole")
            in_quotes, quoted = True, True
        elif char == " ":
            if current or quoted:
                arguments.append((current, quoted))
            current, quoted = "", False
        else:
            if char in RESERVED:
                problems.append(f"{char!r} outside quotes: the argument must be quoted")
            current += char
        at += 1
    if in_quotes:
        problems.append("unterminated quotes")
    if current or quoted:
        arguments.append((current, quoted))
    if not arguments:
        return problems + ["no program"]
    files = 0
    for argument, was_quoted in arguments:
        codes = re.findall(r"%(.)", argument.replace("%%", ""))
        for code in codes:
            if code not in FIELD_CODES:
                problems.append(f"unknown field code %{code}")
            elif was_quoted:
                problems.append(f"field code %{code} inside quotes")
            elif code in "fFuU":
                files += 1
                if argument != f"%{code}":
                    problems.append(f"%{code} must stand alone as an argument")
    if files > 1:
        problems.append("at most one of %f %F %u %U")
    if re.search(r"%.", arguments[0][0].replace("%%", "")):
        problems.append("the program itself holds a field code")
    return problems


def category_problems(categories: list[str]) -> list[str]:
    problems = [f"{c!r} is not a registered category" for c in categories
                if c not in MAIN_CATEGORIES | ADDITIONAL_CATEGORIES and not c.startswith("X-")]
    if not MAIN_CATEGORIES & set(categories):
        problems.append("no main category")
    if GAME_CATEGORIES & set(categories) and "Game" not in categories:
        problems.append("a game category needs Game")
    return problems


# --- shared MIME info -------------------------------------------------------------------------
MIME_NS = "http://www.freedesktop.org/standards/shared-mime-info"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
#: Each element of a <mime-type> and the attributes it must / may have.
MIME_TYPE_CHILDREN: dict[str, tuple[set[str], set[str]]] = {
    "comment": (set(), {XML_LANG}), "acronym": (set(), {XML_LANG}),
    "expanded-acronym": (set(), {XML_LANG}), "icon": ({"name"}, set()),
    "generic-icon": ({"name"}, set()), "glob": ({"pattern"}, {"weight", "case-sensitive"}),
    "glob-deleteall": (set(), set()), "magic-deleteall": (set(), set()),
    "magic": (set(), {"priority"}), "treemagic": (set(), {"priority"}),
    "root-XML": ({"namespaceURI", "localName"}, set()), "alias": ({"type"}, set()),
    "sub-class-of": ({"type"}, set()),
}
MATCH_TYPES = {"string", "host16", "host32", "big16", "big32", "little16", "little32", "byte"}


def mime_info_problems(xml_text: str) -> list[str]:
    """Problems of a shared-MIME-info package file (empty when it meets the specification)."""
    try:
        root = ET.fromstring(xml_text)
    except ET.ParseError as exc:
        return [f"not well-formed XML: {exc}"]
    if root.tag != f"{{{MIME_NS}}}mime-info":
        return [f"the root element is {root.tag}, not mime-info in {MIME_NS}"]
    problems: list[str] = []
    seen: set[str] = set()
    for kind in root:
        if kind.tag != f"{{{MIME_NS}}}mime-type":
            problems.append(f"{kind.tag}: only mime-type elements belong in mime-info")
            continue
        name = kind.get("type", "")
        where = f"mime-type {name or '?'}"
        if not _MEDIA_TYPE.match(name):
            problems.append(f"{where}: type is not a media type")
        if name in seen:
            problems.append(f"{where}: defined twice")
        seen.add(name)
        problems.extend(f"{where}: {p}" for p in _mime_type_problems(kind))
    return problems


def _mime_type_problems(kind: ET.Element) -> list[str]:
    problems: list[str] = []
    comments = 0
    for child in kind:
        tag = child.tag.replace(f"{{{MIME_NS}}}", "")
        if tag not in MIME_TYPE_CHILDREN or not child.tag.startswith(f"{{{MIME_NS}}}"):
            problems.append(f"unknown element {child.tag}")
            continue
        required, optional = MIME_TYPE_CHILDREN[tag]
        for attribute in required - set(child.attrib):
            problems.append(f"{tag} needs the attribute {attribute}")
        for attribute in set(child.attrib) - required - optional:
            problems.append(f"{tag} has an unknown attribute {attribute}")
        if tag == "comment" and XML_LANG not in child.attrib:
            comments += 1
            if not (child.text or "").strip():
                problems.append("an empty comment")
        if tag in ("alias", "sub-class-of") and not _MEDIA_TYPE.match(child.get("type", "")):
            problems.append(f"{tag}: {child.get('type')!r} is not a media type")
        if tag == "glob":
            if not child.get("pattern"):
                problems.append("an empty glob pattern")
            problems.extend(_number_problems(child, "weight", 0, 100))
            if child.get("case-sensitive", "false") not in ("true", "false"):
                problems.append("glob case-sensitive must be true or false")
        if tag == "magic":
            problems.extend(_number_problems(child, "priority", 0, 100))
            matches = list(child)
            if not matches:
                problems.append("a magic element without matches")
            for match in matches:
                problems.extend(_match_problems(match))
    if comments != 1:
        problems.append(f"{comments} comments without xml:lang (one is needed)")
    return problems


def _number_problems(element: ET.Element, attribute: str, low: int, high: int) -> list[str]:
    value = element.get(attribute)
    if value is None:
        return []
    if not value.isdigit() or not low <= int(value) <= high:
        return [f"{attribute} {value!r} is not a whole number from {low} to {high}"]
    return []


def _match_problems(match: ET.Element) -> list[str]:
    if match.tag != f"{{{MIME_NS}}}match":
        return [f"{match.tag}: only match elements belong in magic"]
    problems: list[str] = []
    kind, value, offset = match.get("type"), match.get("value"), match.get("offset", "")
    if kind not in MATCH_TYPES:
        problems.append(f"match type {kind!r} is not one of {sorted(MATCH_TYPES)}")
    if not value:
        problems.append("a match without a value")
    found = re.fullmatch(r"(\d+)(?::(\d+))?", offset)
    if found is None:
        problems.append(f"match offset {offset!r} is not N or N:M")
    elif found.group(2) is not None and int(found.group(2)) < int(found.group(1)):
        problems.append(f"match offset {offset!r} ends before it starts")
    mask = match.get("mask")
    if mask is not None and not re.fullmatch(r"0x[0-9A-Fa-f]+", mask):
        problems.append(f"match mask {mask!r} is not 0x followed by hex digits")
    for attribute in set(match.attrib) - {"type", "value", "offset", "mask"}:
        problems.append(f"match has an unknown attribute {attribute}")
    for nested in match:
        problems.extend(_match_problems(nested))
    return problems
