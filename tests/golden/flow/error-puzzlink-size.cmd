flow solve 'https://puzz.link/p?numlin/2000/2000/1j2h3m1h2j3'
