flow solve --count 2 'https://puzz.link/p?numlin/7/7/4h2j1i5h4q3h3h52s1'
