"""A player's comfort settings: typed changes are checked, stored rows always load."""

from __future__ import annotations

import json

import pytest

from bot.comfort import SettingError, UserSettings


def test_everything_is_off_by_default() -> None:
    s = UserSettings()
    assert (s.auto_win, s.no_calls, s.auto_tsumogiri, s.hand_style, s.assist) == (False, False, False, "edit", None)
    assert s.switches_on() == ()


def test_typed_changes() -> None:
    s = UserSettings().changed("Auto-Win", "ON").changed("no calls", "yes").changed("hand_style", "new")
    assert s.auto_win and s.no_calls and not s.auto_tsumogiri and s.hand_style == "new"
    assert s.switches_on() == ("auto_win", "no_calls")
    assert s.changed("auto_win", "off").switches_on() == ("no_calls",)


def test_assist_follows_the_table_unless_set() -> None:
    s = UserSettings()
    assert s.assist_on(True) and not s.assist_on(False)
    off = s.changed("assist", "off")
    assert not off.assist_on(True)
    assert off.changed("assist", "table").assist_on(True)
    assert s.changed("assist", "on").assist_on(False)


@pytest.mark.parametrize(("name", "value", "code"), [
    ("auto_win", "maybe", "bad_value"),
    ("hand_style", "pigeon", "bad_value"),
    ("assist", "2", "bad_value"),
    ("auto_riichi", "on", "unknown_setting"),
])
def test_bad_input_is_refused_with_a_code(name: str, value: str, code: str) -> None:
    with pytest.raises(SettingError) as err:
        UserSettings().changed(name, value)
    assert err.value.code == code


def test_json_round_trip_and_lenient_rows() -> None:
    s = UserSettings(auto_win=True, auto_tsumogiri=True, hand_style="new", assist=False)
    assert UserSettings.from_json(json.loads(json.dumps(s.to_json()))) == s
    assert UserSettings.from_json(None) == UserSettings()
    odd = {"auto_win": "yes", "no_calls": True, "hand_style": "huge", "assist": 3, "colour": "red"}
    assert UserSettings.from_json(odd) == UserSettings(no_calls=True)
