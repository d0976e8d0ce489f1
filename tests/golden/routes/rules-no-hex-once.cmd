routes solve --rules no-hex-once tests/golden/routes/hex-once.txt
