flow solve --json --method mip tests/golden/flow/files/touch_5x4.txt
