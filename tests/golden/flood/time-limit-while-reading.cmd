# A time limit that runs out while the input is read is a limit reached, exit 3 (issue 37 item 5: parsing counts in --time-limit; before, the same line with exit 2, bad input)
flood solve --time-limit 0.000001 data/flood/ten.txt
