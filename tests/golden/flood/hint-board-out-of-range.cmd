flood hint --board 2 data/flood/example.txt
