flow decided --json tests/golden/flow/files/several_5x5.txt
