routes solve tests/golden/routes/bad-tokens.txt
