taxis play --graph tests/golden/taxis/files/latin1.board --json
