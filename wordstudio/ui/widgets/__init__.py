"""Small widgets shared by every page."""
