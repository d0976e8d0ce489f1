routes solve --trains 6,6 --phase 5 data/routes/1889-late.txt
