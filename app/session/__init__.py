"""A game in motion: the session, its states, turn gates and the events they emit."""
