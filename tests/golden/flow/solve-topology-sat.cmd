flow solve --json --method sat --paths simple tests/golden/flow/files/ring_6x6.txt
