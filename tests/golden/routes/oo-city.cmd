routes solve tests/golden/routes/oo-city.txt
