taxis ideal --random --c 6 --dups 2 --seed 1 --index 5
