taxis play --graph tests/golden/taxis/files/bom.board --c 2 --dups 1 --quiet
