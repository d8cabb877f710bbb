"""Option and preset tables of the domino games, one package per game."""
