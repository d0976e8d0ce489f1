country solve --print pzprv3 --count 2 tests/golden/country/files/two-6x5.txt
