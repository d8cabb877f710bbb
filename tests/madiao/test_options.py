"""Every V-option of spec §6 is an option with a basis; the presets resolve; rules text lists them."""

from yezi.games.madiao.game import MaDiao


def test_every_v_option_is_present_with_sources():
    table = MaDiao.option_table()
    ids = {v for spec in table.options.values() for v in spec.variant_ids}
    assert ids == {f"V{i}" for i in range(1, 25)}
    for spec in table.options.values():
        assert spec.variant_ids and spec.description
        for c in spec.choices:
            assert c.source and ("[F]" in c.source or "[" in c.source), (spec.name, c.value)


def test_presets():
    table = MaDiao.option_table()
    assert table.default_preset == "feng-1620"
    assert {"feng-1620", "feng-strict", "qing"} <= set(table.presets)
    assert table.resolve("feng-strict")["guard_rules"] == "prohibit"
    assert table.resolve("qing")["diao_model"] == "B"
    text = MaDiao.from_preset().describe_rules()
    for i in range(1, 25):
        assert f"V{i}" in text


def test_default_options_are_the_spec_suggestions():
    r = MaDiao.option_table().resolve()
    expect = {"red_set": "wp10", "first_lead": "toujia", "must_capture": False, "must_follow": False,
              "guard_rules": "liability", "diao_model": "A", "jiakui_suit": "same-suit", "tu_pairing": "dealt",
              "nested_items": "highest", "seven_tricks": "literal", "he_timing": "preplay",
              "mian_dou": "automatic", "pool_unit": "stake", "d2_window": "next-trick", "d3": False,
              "stake_mode": "banker-picks", "qing_extensions": False, "direction": "ccw", "face_card": "public"}
    for k, v in expect.items():
        assert r[k] == v, k
