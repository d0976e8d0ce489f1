taxis ideal tests/golden/taxis/files/path5.setting --graph tests/golden/taxis/files/path5.board --count 2
