flow solve tests/golden/flow/files/misguess.txt
