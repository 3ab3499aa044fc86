"""Board geometry shared by the VLMBias topics: chess, xiangqi, sudoku and go boards, with row and
column variants (`game_boards` draws them empty; `chess_pieces` sets pieces on the chess and xiangqi
boards)."""
