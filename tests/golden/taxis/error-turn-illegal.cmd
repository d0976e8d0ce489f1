taxis turn --seed 3 Munchen Lodz
