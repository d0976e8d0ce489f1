taxis play --graph tests/golden/taxis/files --graph-format ncol
