routes solve tests/golden/routes/bad-directive.txt
