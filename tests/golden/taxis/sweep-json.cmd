taxis experiment sweep --c 5..6 --dups 1..2 --games 200 --json --threads 2
