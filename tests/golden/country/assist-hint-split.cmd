# issue 31 item 4: no rule or trial decides anything here; splitting on r7c1-r7c2 does (a state reached by following hints on a generated 10x10 with 30 % of rooms numbered, saved as pzprv3 progress)
country hint tests/golden/country/files/split.pzprv3
