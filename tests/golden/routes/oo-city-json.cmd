routes solve --method both --json tests/golden/routes/oo-city.txt
