"""The physical sets: decks and tiles with their names in 繁體, 简体 and English."""
