country hint --json tests/golden/country/files/split.pzprv3
