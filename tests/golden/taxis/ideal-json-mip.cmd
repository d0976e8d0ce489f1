taxis ideal --random --c 6 --dups 3 --seed 1 --index 0 --json --method mip
