# the published proofs replay on the boards they name (needs the shared data beside the checkout)
# needs ../shared/data/flood/open_b28c6/b28c6_10_boards.txt
flood check ../shared/data/flood/open_b28c6/b28c6_10_boards.txt data/flood/proven/b28c6.tsv
