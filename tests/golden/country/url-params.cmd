country solve --count 2 'https://puzz.link/p?country/5/5/amda0uf02h12h&type=play#top'
