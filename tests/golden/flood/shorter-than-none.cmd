flood solve data/flood/example.txt --shorter-than 16 --beam-width 1
