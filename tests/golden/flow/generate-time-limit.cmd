flow generate --any --size 500x500 --count 3 --time-limit 0.05
