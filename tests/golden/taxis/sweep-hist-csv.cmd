taxis experiment sweep --c 6 --dups 2 --games 300 --hist --csv
