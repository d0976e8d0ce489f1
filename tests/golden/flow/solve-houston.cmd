flow solve data/flow/houston_6x6.txt
