flow solve --method sat --count 3 --json data/flow/bridges_5x5.txt data/flow/hex_5x5.txt
