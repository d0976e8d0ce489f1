flood solve data/flood/example.txt --method lookahead
