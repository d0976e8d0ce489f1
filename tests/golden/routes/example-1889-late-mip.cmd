routes solve --method mip data/routes/1889-late.txt
