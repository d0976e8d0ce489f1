flow solve tests/golden/flow/files/ring_6x6.txt tests/golden/flow/files/chords_3x3.txt
