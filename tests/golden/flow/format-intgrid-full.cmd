flow solve --style text --full --paths simple --count 2 tests/golden/flow/files/intgrid_5x5.txt
