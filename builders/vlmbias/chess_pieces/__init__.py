"""VLMBias topic `chess_pieces`: chess and xiangqi starting positions with one piece removed or replaced."""
