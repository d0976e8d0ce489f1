flow check 'https://puzz.link/p?numlin/6/6/j4h14m2n2h133k' tests/golden/flow/puzzlink-answer.out
