flow solve --output tests/golden/taxis/files data/flow/bridges_5x5.txt
