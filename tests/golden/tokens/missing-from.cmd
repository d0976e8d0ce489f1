tokens upgrade --tokens 0:LPS
