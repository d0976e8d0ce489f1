flood check data/flood/example.txt --moves 5235x
