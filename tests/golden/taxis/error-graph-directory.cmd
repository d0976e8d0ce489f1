taxis play --graph tests/golden/taxis/files/dir.gml
