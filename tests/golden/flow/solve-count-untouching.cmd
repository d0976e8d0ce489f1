flow solve --json --count 3 tests/golden/flow/files/touch_5x4.txt
