"""WordStudio's Qt interface: the only package that imports PySide6."""
