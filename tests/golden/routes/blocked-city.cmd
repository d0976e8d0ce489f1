routes solve tests/golden/routes/blocked-city.txt
