taxis ideal --graph thurn-taxis-extended --c 9 --dups 2 --seed 1 --count 3 --quiet
