# a legal sparse board of a million cells in 40 bytes (the public flowfree_huge is 1002x1002): read at once, 0.05 s, and proven unsolvable by parity (its fuzz target took 11.5 s; issue 35 item 2)
flow solve -
