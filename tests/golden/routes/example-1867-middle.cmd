routes solve data/routes/1867-middle.txt
