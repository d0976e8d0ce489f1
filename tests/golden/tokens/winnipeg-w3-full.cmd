tokens upgrade --from 1822CA:W1 --tokens 0:CNoR,0:GTP,1:CPR,2:21 --to 1822CA:W3 --rules full --json
