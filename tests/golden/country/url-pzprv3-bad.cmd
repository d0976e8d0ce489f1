country solve 'https://puzz.link/p?pzprv3/country/5/5/7/0%200/'
