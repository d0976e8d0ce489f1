taxis ideal --random --c 6 --dups 2 --seed 1 --index 10 --count 5 --json --threads 2
