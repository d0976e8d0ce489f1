tokens show 1846:298 --layout square
