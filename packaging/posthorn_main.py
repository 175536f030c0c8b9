"""The frozen app's entry script (PyInstaller runs a file, and ui/app.py imports relatively)."""

import sys

from ui.app import main

if __name__ == "__main__":
    sys.exit(main())
