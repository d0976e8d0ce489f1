flow solve --quiet data/flow/numberlink_8x8.txt
