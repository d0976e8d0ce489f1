flow solve 'https://puzz.link/p?pzprv3/numlin/2/3/1%20x%201%20/.%20.%20.%20/'
