routes solve data/routes/1889-late.txt
