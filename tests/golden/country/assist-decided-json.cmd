country decided --json --ascii tests/golden/country/files/two-6x5.txt
