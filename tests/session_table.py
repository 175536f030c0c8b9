"""A table for a screen built outside the window, for the tests: the session's state, and every
input submitted straight to it (the window's ``ui.table.Table`` adds autosave and the log)."""


class SessionTable:
    """What a screen asks of its table: the state, and a submit."""

    def __init__(self, session):
        self.session = session

    @property
    def state(self):
        return self.session.state

    def submit(self, inp):
        return self.session.submit(inp)
