flow check data/flow/seed_5x5.txt tests/golden/flow/files/readme-answer.txt
