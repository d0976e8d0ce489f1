routes solve tests/golden/routes/bad-tile-string.txt
