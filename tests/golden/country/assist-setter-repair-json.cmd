country setter --json tests/golden/country/files/two-6x5.txt
