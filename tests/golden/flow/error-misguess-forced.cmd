flow solve --format flow_solver tests/golden/flow/files/misguess.txt
