"""`posthorn --seed N` makes the window's new games reproducible; without it a new game has no
seed at all, its autosave holds none, and its dice come from the system's randomness."""

from companion.core import autosave


def test_a_new_game_without_a_seed_keeps_none(window):
    assert window.new_game("couriers", {"sides": ["Blue", "Grey"]})
    session = window.table.session
    assert session.seed is None and session.bag.seed is None
    assert autosave.read(window.table.autosaver.path).seed is None
    assert '"seed"' not in window.table.autosaver.path.read_text(encoding="utf-8")


def test_seed_for_new_games_seeds_each_new_game(window):
    window.seed_for_new_games = 77
    assert window.new_game("couriers", {"sides": ["Blue", "Grey"]})
    assert window.table.session.seed == 77
    assert autosave.read(window.table.autosaver.path).seed == 77


def test_the_command_line_option_reaches_the_window(monkeypatch):
    import ui.app
    import ui.main_window

    seen = []
    monkeypatch.setattr(ui.app, "_screenshot", lambda app, win, args: seen.append(win.seed_for_new_games) or 0)
    assert ui.app.main(["--seed", "12", "--screenshot", "/dev/null"]) == 0
    assert seen == [12]
    assert ui.main_window.MainWindow.seed_for_new_games is None  # set on the window, not the class
