country convert --to url 'https://puzz.link/p?country_play/5/5/amda0uf02h12h/'
