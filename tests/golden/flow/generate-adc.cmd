flow generate --format adc --size 6x6 --seed 2
