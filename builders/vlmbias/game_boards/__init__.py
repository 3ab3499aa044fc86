"""VLMBias topic `game_boards`: chess, xiangqi, sudoku and go boards, one row or column added or removed."""
