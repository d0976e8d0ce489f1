taxis play --graph tests/golden/taxis/files/path5.setting --graph-format gml
