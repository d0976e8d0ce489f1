routes solve --rules no-block tests/golden/routes/blocked-city.txt
