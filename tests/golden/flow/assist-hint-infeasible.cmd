flow hint --json data/flow/numberlink_8x8.txt
