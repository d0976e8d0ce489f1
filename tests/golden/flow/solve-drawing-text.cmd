flow solve data/flow/bridges_5x5.txt
