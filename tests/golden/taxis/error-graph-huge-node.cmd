taxis play --graph tests/golden/taxis/files/huge-node.txt
