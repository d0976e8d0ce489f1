flood hint data/flood/example.txt 5 1 --shorter-than 14 --json
