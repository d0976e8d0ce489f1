# a 46-byte question declaring 4096x4096 with one line is refused at once (it took 1.8 s and 2.4 GB to build; issue 35 item 2)
flow solve - --format adc
