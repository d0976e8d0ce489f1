routes solve tests/golden/routes/bad-tile.txt
