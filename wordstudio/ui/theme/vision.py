"""How colours look to people with the common colour-vision deficiencies, and how far
apart two colours are: the checks behind the colour-blind-safe premium palette.

No Qt here (plain numbers), so the palette can be checked by a test or a tool.

* :func:`simulate` - a colour as seen with protanopia, deuteranopia or tritanopia, by
  the matrices of Machado, Oliveira and Fernandes ("A Physiologically-based Model for
  Simulation of Color Vision Deficiency", IEEE TVCG 2009, severity 1.0), applied to
  linear RGB.
* :func:`delta_e` - the CIEDE2000 colour difference (about 2: just noticeable; 10 and
  more: clearly different colours).
* :func:`contrast` - the WCAG contrast ratio of two colours (4.5 and more: text reads).
"""

from __future__ import annotations

import math

Rgb = tuple[float, float, float]
Lab = tuple[float, float, float]

#: Machado et al. 2009, severity 1.0, for linear RGB.
DEFICIENCIES: dict[str, tuple[Rgb, Rgb, Rgb]] = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
#: Normal vision and every simulated deficiency.
VISIONS = ("normal", *DEFICIENCIES)


def parse(colour: str) -> Rgb:
    """``#rrggbb`` as sRGB values 0..1."""
    text = colour.lstrip("#")
    if len(text) != 6:
        raise ValueError(f"not a #rrggbb colour: {colour!r}")
    return (int(text[0:2], 16) / 255, int(text[2:4], 16) / 255, int(text[4:6], 16) / 255)


def to_hex(rgb: Rgb) -> str:
    return "#" + "".join(f"{round(min(1.0, max(0.0, c)) * 255):02x}" for c in rgb)


def linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def encoded(c: float) -> float:
    c = min(1.0, max(0.0, c))
    return 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def simulate(colour: str, vision: str) -> str:
    """``colour`` as a person with ``vision`` (one of :data:`VISIONS`) sees it."""
    if vision == "normal":
        return colour
    matrix = DEFICIENCIES[vision]
    rgb = [linear(c) for c in parse(colour)]
    seen = tuple(encoded(sum(row[k] * rgb[k] for k in range(3))) for row in matrix)
    return to_hex(seen)  # type: ignore[arg-type]


def relative_luminance(colour: str) -> float:
    r, g, b = (linear(c) for c in parse(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(first: str, second: str) -> float:
    """WCAG 2 contrast ratio, 1 to 21."""
    a, b = sorted((relative_luminance(first), relative_luminance(second)), reverse=True)
    return (a + 0.05) / (b + 0.05)


# --- CIELAB and CIEDE2000 ------------------------------------------------------------------
_WHITE = (0.95047, 1.0, 1.08883)  # D65


def to_lab(colour: str) -> Lab:
    r, g, b = (linear(c) for c in parse(colour))
    xyz = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b,
           0.2126729 * r + 0.7151522 * g + 0.0721750 * b,
           0.0193339 * r + 0.1191920 * g + 0.9503041 * b)

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = (f(v / w) for v, w in zip(xyz, _WHITE, strict=True))
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def delta_e(first: str, second: str) -> float:
    """The CIEDE2000 difference between two ``#rrggbb`` colours."""
    return delta_e_lab(to_lab(first), to_lab(second))


def delta_e_lab(first: Lab, second: Lab) -> float:
    """CIEDE2000 between two CIELAB colours (Sharma, Wu and Dalal's formulation)."""
    l1, a1, b1 = first
    l2, a2, b2 = second
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    c_mean = (c1 + c2) / 2
    g = 0.5 * (1 - math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360
    h2p = math.degrees(math.atan2(b2, a2p)) % 360
    dl = l2 - l1
    dc = c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    elif h2p - h1p > 180:
        dh = h2p - h1p - 360
    else:
        dh = h2p - h1p + 360
    big_dh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_mean = (l1 + l2) / 2
    cp_mean = (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_mean = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        h_mean = (h1p + h2p + 360) / 2
    else:
        h_mean = (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30)) + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6)) - 0.20 * math.cos(math.radians(4 * h_mean - 63)))
    d_theta = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_mean ** 7 / (cp_mean ** 7 + 25 ** 7))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c = 1 + 0.045 * cp_mean
    s_h = 1 + 0.015 * cp_mean * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt((dl / s_l) ** 2 + (dc / s_c) ** 2 + (big_dh / s_h) ** 2
                     + r_t * (dc / s_c) * (big_dh / s_h))


def worst_difference(first: str, second: str) -> tuple[float, str]:
    """The smallest CIEDE2000 difference between two colours over every vision, and the
    vision it is seen with."""
    return min((delta_e(simulate(first, v), simulate(second, v)), v) for v in VISIONS)
