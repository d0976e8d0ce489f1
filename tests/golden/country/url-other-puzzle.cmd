country solve 'https://puzz.link/p?slither/5/5/i5di6bi6ci7d'
