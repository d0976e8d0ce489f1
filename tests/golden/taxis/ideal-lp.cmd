taxis ideal --graph tests/golden/taxis/files/path5.board --c 2 --dups 1 --seed 3 --lp -
