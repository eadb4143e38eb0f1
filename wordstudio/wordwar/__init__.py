"""Word War: fill private grids from a shared card deck (seed 002)."""
