routes solve --method mip tests/golden/routes/bonus-once.txt
