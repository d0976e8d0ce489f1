country solve 'https://puzz.link/list.html'
