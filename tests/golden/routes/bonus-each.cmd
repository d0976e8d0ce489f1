routes solve tests/golden/routes/bonus-each.txt
