routes show data/routes/1867-late.txt
