flow convert --to pzprv3 'https://puzz.link/p?numlin/6/6/j4h14m2n2h133k'
