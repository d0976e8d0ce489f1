# issue 37 item 5: the board a reader builds counts against --memory-limit (a 46-byte ADC file declaring 1024x1024 took 152 MB under a 50 MB limit before)
flow solve --memory-limit 50 --format adc -
