flood check data/flood/example.txt no-such-solutions.txt
