"""Reusable widgets of the play screen."""
