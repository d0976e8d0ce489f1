flow solve --style text tests/golden/flow/files/intgrid_5x4.txt
