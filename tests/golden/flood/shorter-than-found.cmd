flood solve data/flood/example.txt --shorter-than 17 --beam-width 1
