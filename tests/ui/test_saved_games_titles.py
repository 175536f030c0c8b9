"""A long saved-games list on the start page: every title wraps whole in its cell (#14, no "…"
on a name a player needs), also when the other columns grow to their contents after the title's
column was measured (at these widths the title column narrowed past a wrap with no refit)."""

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication

SAMPLES = sorted((Path(__file__).resolve().parents[2] / "rules").glob("*/samples/*.json"))


def title_cells_cut(games) -> list[str]:
    """Each title whose wrapped lines need more height than its row has, at the title column's
    width less the cell's margins (what the row is given in ui/widgets/saved_games.py)."""
    tree = games.list
    metrics = QFontMetrics(tree.font())
    width = tree.header().sectionSize(1) - 8
    cut = []
    for i in range(tree.topLevelItemCount()):
        item = tree.topLevelItem(i)
        need = metrics.boundingRect(QRect(0, 0, width, 10_000), Qt.TextFlag.TextWordWrap, item.text(1)).height()
        if need > tree.visualItemRect(item).height():
            cut.append(f"row {i}: {item.text(1)!r} needs {need} px, has {tree.visualItemRect(item).height()}")
    return cut


@pytest.mark.parametrize(("width", "size"), [(1280, "normal"), (1280, "larger"), (1292, "larger"), (1355, "larger")])
def test_every_title_of_a_long_list_wraps_whole(data_dir, qtbot, width, size):
    from ui.main_window import MainWindow

    folder = data_dir / "autosave"
    folder.mkdir(parents=True, exist_ok=True)
    for n in range(3 * len(SAMPLES)):  # every game's names widen the other columns; the list scrolls
        shutil.copy(SAMPLES[n % len(SAMPLES)], folder / f"game-{n:02}.json")
    window = MainWindow(interactive=False)  # the list made as the app starts, after its first frame
    qtbot.addWidget(window)
    window.set_text_size(size, remember=False)
    window.resize(width, 720)
    window.show()
    for _ in range(5):
        QApplication.processEvents()
    games = window.start.saved_games
    assert games.list.topLevelItemCount() == 3 * len(SAMPLES)
    assert not title_cells_cut(games), "\n".join(title_cells_cut(games))
    window.set_text_size("normal", remember=False)
