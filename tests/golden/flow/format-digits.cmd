flow solve --style text tests/golden/flow/files/digits_5x5.txt
