"""The colour-vision simulator and colour differences behind the premium palette."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordstudio.ui.theme.vision import (
    DEFICIENCIES,
    VISIONS,
    contrast,
    delta_e,
    delta_e_lab,
    simulate,
    to_hex,
    worst_difference,
)

# Sharma, Wu and Dalal (2005), the CIEDE2000 test data: Lab pairs and their difference.
SHARMA = [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, -1.0, 2.0), (50.0, 0.0, 0.0), 2.3669),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((50.0, 2.5, 0.0), (56.0, -27.0, -3.0), 31.9030),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
]
colours = st.tuples(*[st.integers(0, 255)] * 3).map(lambda c: to_hex(tuple(v / 255 for v in c)))


@pytest.mark.parametrize("first, second, expected", SHARMA)
def test_ciede2000_matches_the_published_test_data(first, second, expected):
    assert delta_e_lab(first, second) == pytest.approx(expected, abs=1e-4)
    assert delta_e_lab(second, first) == pytest.approx(expected, abs=1e-4)


def test_red_and_green_merge_for_protanopes_and_deuteranopes_not_tritanopes():
    red, green = "#d62728", "#2ca02c"
    normal = delta_e(red, green)
    assert normal > 60
    # Protanopes still see red as darker; deuteranopes hardly tell them apart at all.
    assert delta_e(simulate(red, "protanopia"), simulate(green, "protanopia")) < normal / 2
    assert delta_e(simulate(red, "deuteranopia"), simulate(green, "deuteranopia")) < 8
    assert delta_e(simulate(red, "tritanopia"), simulate(green, "tritanopia")) > normal * 0.8


def test_blue_and_yellow_stay_apart_for_red_green_deficiencies_and_merge_for_tritanopes():
    blue, yellow = "#1f77b4", "#bcbd22"
    for vision in ("protanopia", "deuteranopia"):
        assert delta_e(simulate(blue, vision), simulate(yellow, vision)) > 40
    assert worst_difference(blue, yellow)[1] == "tritanopia"


@given(colours)
def test_greys_are_seen_the_same_by_everyone(colour):
    grey = "#" + colour[1:3] * 3
    for vision in DEFICIENCIES:
        assert delta_e(simulate(grey, vision), grey) < 1.5


@given(colours, colours)
def test_differences_are_symmetric_and_zero_only_for_the_same_colour(first, second):
    assert delta_e(first, second) == pytest.approx(delta_e(second, first), abs=1e-9)
    assert (delta_e(first, second) < 1e-9) == (first == second) or delta_e(first, second) < 0.5
    assert 1.0 <= contrast(first, second) <= 21.0
    assert worst_difference(first, second)[1] in VISIONS
