flow solve --style pipes data/flow/bridges_5x5.txt data/flow/warps_6x5.txt data/flow/hex_5x5.txt
