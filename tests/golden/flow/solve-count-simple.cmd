flow solve --json --count 3 --paths simple tests/golden/flow/files/touch_5x4.txt
