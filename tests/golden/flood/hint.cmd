flood hint data/flood/example.txt 5 2 3
