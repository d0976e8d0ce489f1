routes solve data/routes/1830-late.txt
