"""`bench/bots.py --seed`: one seed's deals, or several seeds' deals pooled into one figure."""

import pytest

from bench import bots as bench


def test_several_seeds_pool_their_deals(capsys):
    bench.main(["--game", "pitch", "--deals", "2", "--a", "club", "--b", "club", "--seed", "3,4"])
    out = capsys.readouterr().out
    assert "club vs club, 4 deal pairs" in out
    assert "seed 3,4" in out


def test_one_seed_is_the_default_deals(capsys):
    bench.main(["--game", "pitch", "--deals", "1", "--a", "club", "--b", "club"])
    assert "1 deal pairs, budget 32000, seed 1" in capsys.readouterr().out


def test_a_seed_list_is_read_in_order():
    assert bench._seeds("7") == (7,)
    assert bench._seeds("1,5,6") == (1, 5, 6)


@pytest.mark.parametrize("text", ["x", "1,,2", "1,1", ""])
def test_a_seed_list_that_is_not_one_is_refused(text, capsys):
    with pytest.raises(SystemExit):
        bench.main(["--game", "pitch", "--deals", "1", "--seed", text])
    assert "--seed" in capsys.readouterr().err
