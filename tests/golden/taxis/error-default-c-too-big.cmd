taxis play --graph tests/golden/taxis/files/two-nodes.txt
