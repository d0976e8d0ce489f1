taxis play data/taxis/board-game.setting --seed 2024 --heuristic connected+tentacles --quiet
