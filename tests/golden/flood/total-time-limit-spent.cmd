# --total-time-limit bounds the whole batch (issue 16 item 16): 1 us is spent before the first board starts, so every board is reported unknown and the exit is 3 (deterministic; the timing itself is not tested)
flood solve --total-time-limit 0.000001 data/flood/ten.txt
