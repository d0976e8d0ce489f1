flood check data/flood/example.txt --moves 52352051302351
