country mistakes --all 'https://puzz.link/p?country/5/5/amda0uf02h12h' tests/golden/country/files/partial-wrong.txt
