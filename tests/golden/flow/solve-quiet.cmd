flow solve --quiet --paths simple data/flow/numberlink_8x8.txt
