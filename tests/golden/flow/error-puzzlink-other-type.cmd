flow solve 'https://puzz.link/p?country/5/5/amda0uf02h12h'
