flow generate --any --format adc --size 6x6 --seed 2
