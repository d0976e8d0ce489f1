flood check data/flood/example.txt --moves 5235205130235134
