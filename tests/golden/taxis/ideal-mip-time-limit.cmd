taxis ideal --method mip --c 6 --dups 1 --index 3 --time-limit 0.001
