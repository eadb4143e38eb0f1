"""The general crossword engine: configs, board, move generation, games, computer players."""
