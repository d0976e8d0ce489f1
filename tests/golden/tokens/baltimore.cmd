tokens upgrade --from 18Chesapeake:X3@2 --tokens '1:B&O,0:PRR'
