flow unique --json --paths simple data/flow/numberlink_8x8.txt
