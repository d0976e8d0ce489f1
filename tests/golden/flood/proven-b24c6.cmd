# the published proofs replay on the boards they name (needs the shared data beside the checkout)
# needs ../shared/data/flood/sets/dataset_b24c6n1000.txt
flood check --quiet ../shared/data/flood/sets/dataset_b24c6n1000.txt data/flood/proven/b24c6.tsv
