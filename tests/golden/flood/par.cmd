flood par data/flood/ids.txt
