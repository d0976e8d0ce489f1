routes generate --game 1889 --seed 2 --company IR --trains 6,D --phase D --track 0.85
