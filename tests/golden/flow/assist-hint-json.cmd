flow hint --json --paths simple data/flow/numberlink_8x8.txt
